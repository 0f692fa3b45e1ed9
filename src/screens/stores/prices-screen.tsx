import { useState } from 'react';
import { Badge, Button, Dialog, HStack, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { phonePriceProposal, type PhonePrice, type PricedModel } from '../../contract/phone-prices';
import type { ListFilter } from '../../machines/resource-list.machine';
import { formatTzs } from '../../lib/money';
import { useRoles } from '../common/session-context';
import { DataTable } from '../common/data-table';
import {
  ActionForm,
  SearchedListPage,
  ExportButton,
  StoreFailure,
  TextField,
  localErrors,
  numberOf,
  useLoaded,
  useStoreAction,
  useStoreList,
} from './parts';
import { LoadingSpinner } from '../common/loading-spinner';

/** The inputs of a price, in the order of the proposal form. */
const INPUTS = [
  'rrp',
  'wholesale_price',
  'credit_multiplier',
  'deposit',
  'daily_payment',
  'installments',
  'twelve_months_payment',
] as const;

/**
 * Phone prices (VIEW_INVENTORY): the price in effect of every model, its history, and (ADD_STORE) a proposal of a
 * new price that takes effect only when a second person approves it in the business inbox (decision 019).
 */
export default function PricesScreen() {
  const { t } = useTranslation('stores');
  return (
    <SearchedListPage title={t('stores:prices.title')} intro={t('stores:prices.intro')} list={(filter) => <PriceTable filter={filter} />} />
  );
}

function PriceTable({ filter }: { filter: ListFilter }) {
  const { t, i18n } = useTranslation('stores');
  const roles = useRoles();
  const prices = useStoreList<PricedModel>('phonePrices', filter);
  const propose = useStoreAction('proposePrice');
  const [chosen, setChosen] = useState<PricedModel | null>(null);
  const [history, setHistory] = useState<PricedModel | null>(null);
  const lang = i18n.resolvedLanguage ?? 'en';
  const tzs = (n: number) => formatTzs(n, lang);
  const day = (at: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(at));
  const header = [
    t('stores:prices.model'),
    'SKU',
    t('stores:field.rrp'),
    t('stores:field.wholesale_price'),
    t('stores:prices.margin'),
    t('stores:field.deposit'),
    t('stores:field.daily_payment'),
    t('stores:prices.weekly'),
    t('stores:prices.monthly'),
    t('stores:field.installments'),
    t('stores:prices.total'),
    t('stores:prices.since'),
  ];
  const cells = (m: PricedModel) => [
    m.name,
    m.sku,
    m.price.rrp,
    m.price.wholesale_price,
    m.price.margin,
    m.price.deposit,
    m.price.daily_payment,
    m.price.weekly_payment,
    m.price.monthly_payment,
    m.price.installments,
    m.price.total_repayable,
    m.price.effective_from.slice(0, 10),
  ];
  return (
    <Stack gap="3">
      <ExportButton list="phonePrices" filter={filter} filename="phone-prices.csv" header={header} cells={cells} />
      <DataTable
        source={prices}
        caption={t('stores:prices.title')}
        columns={[
          {
            key: 'model',
            header: t('stores:prices.model'),
            cell: (m) => (
              <Stack gap="0">
                <Text fontWeight="medium">{m.name}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {m.sku}
                </Text>
              </Stack>
            ),
          },
          { key: 'rrp', header: t('stores:field.rrp'), cell: (m) => tzs(m.price.rrp) },
          { key: 'deposit', header: t('stores:field.deposit'), cell: (m) => tzs(m.price.deposit) },
          { key: 'daily', header: t('stores:field.daily_payment'), cell: (m) => tzs(m.price.daily_payment) },
          { key: 'total', header: t('stores:prices.total'), cell: (m) => tzs(m.price.total_repayable) },
          {
            key: 'since',
            header: t('stores:prices.since'),
            cell: (m) => (
              <Stack gap="1">
                <Text>{day(m.price.effective_from)}</Text>
                {m.pending_update && <Badge colorPalette="orange">{t('stores:prices.pending')}</Badge>}
              </Stack>
            ),
          },
          {
            key: 'actions',
            header: t('stores:actions'),
            cell: (m) => (
              <HStack gap="2" flexWrap="wrap">
                <Button size="xs" variant="outline" onClick={() => setHistory(m)}>
                  {t('stores:prices.history')}
                </Button>
                {roles.includes('ADD_STORE') && (
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={m.pending_update}
                    onClick={() => {
                      setChosen(m);
                      propose.open();
                    }}
                  >
                    {t('stores:prices.propose')}
                  </Button>
                )}
              </HStack>
            ),
          },
        ]}
      />
      {chosen && (
        <ActionForm
          action={propose}
          title={`${t('stores:prices.propose')}: ${chosen.name}`}
          review={{
            title: t('stores:prices.reviewTitle'),
            body: t('stores:prices.reviewBody', { name: chosen.name }),
            confirmLabel: t('stores:prices.send'),
          }}
          onDone={() => prices.list.send({ type: 'list.refresh' })}
          result={() => <Text role="status">{t('stores:prices.submitted')}</Text>}
          values={(form) => {
            const parsed = phonePriceProposal.safeParse({
              phone_model_id: chosen.phone_model_id,
              ...Object.fromEntries(INPUTS.map((f) => [f, numberOf(form, f)])),
            });
            return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
          }}
        >
          {(errors) => (
            <Stack gap="3" key={chosen.phone_model_id}>
              {INPUTS.map((f) => (
                <TextField
                  key={f}
                  name={f}
                  label={t(`stores:field.${f}`)}
                  inputMode={f === 'credit_multiplier' ? 'decimal' : 'numeric'}
                  defaultValue={String(chosen.price[f])}
                  error={errors[f]}
                />
              ))}
            </Stack>
          )}
        </ActionForm>
      )}
      {history && <PriceHistory model={history} onClose={() => setHistory(null)} />}
    </Stack>
  );
}

function PriceHistory({ model, onClose }: { model: PricedModel; onClose: () => void }) {
  const { t, i18n } = useTranslation('stores');
  const rows = useLoaded<PhonePrice[]>('priceHistory', model.phone_model_id);
  const lang = i18n.resolvedLanguage ?? 'en';
  const day = (at: string | null) =>
    at ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(at)) : t('stores:prices.now');
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{`${t('stores:prices.history')}: ${model.name}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {rows.failure && <StoreFailure failure={rows.failure} />}
              {!rows.failure && !rows.data && <LoadingSpinner label={t('stores:prices.loading')} />}
              {rows.data && (
                <Table.ScrollArea>
                  <Table.Root size="sm">
                    <Table.Caption>{t('stores:prices.history')}</Table.Caption>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('stores:prices.period')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('stores:field.rrp')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('stores:field.deposit')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('stores:field.daily_payment')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {rows.data.map((p) => (
                        <Table.Row key={p.id}>
                          <Table.Cell>{`${day(p.effective_from)} – ${day(p.effective_to)}`}</Table.Cell>
                          <Table.Cell>{formatTzs(p.rrp, lang)}</Table.Cell>
                          <Table.Cell>{formatTzs(p.deposit, lang)}</Table.Cell>
                          <Table.Cell>{formatTzs(p.daily_payment, lang)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{t('common.close')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
