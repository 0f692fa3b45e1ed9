import { useState } from 'react';
import { Badge, Box, Button, Field, HStack, Heading, List, NativeSelect, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  IMEI_EXCEPTION_KINDS,
  INVENTORY_STATUSES,
  inventoryStatusRequest,
  movesFrom,
  addInventoryBatchRequest,
  addInventoryItemRequest,
  sendTransferRequest,
  stockCountRequest,
  type ImeiException,
  type InventoryBatchResult,
  type InventoryItem,
  type StockCount,
  type Transfer,
} from '../../contract/stores';
import type { ListFilter } from '../../machines/resource-list.machine';
import { DataTable } from '../common/data-table';
import { FormDialog } from '../common/form-dialog';
import {
  ActionForm,
  ExportButton,
  SelectField,
  StoreFailure,
  TextField,
  localErrors,
  numberOf,
  useLoaded,
  useStoreAction,
  useStoreList,
} from './parts';
import { StoreFilterForm, StorePicker } from './store-picker';

type Option = { value: number; label: string };
const linesOf = (form: FormData, name: string) => String(form.get(name) ?? '').split(/\r?\n/);

/**
 * Inventory (VIEW_INVENTORY): one row per handset by IMEI with model, store and status; add one or a pasted batch
 * (a result per line); transfers between stores (sent, in transit, received); a stock count of a shelf. Every store
 * is chosen with the store picker (decision 035), so a business's stores past any first page can be found.
 */
export default function InventoryScreen() {
  const { t } = useTranslation('stores');
  const models = useLoaded<Array<{ id: number; name: string; brand: string }>>('phoneModels');
  const modelOptions: Option[] = (models.data ?? []).map((m) => ({ value: m.id, label: m.name }));
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('stores:inventory.title')}
      </Heading>
      <Tabs.Root defaultValue="stock" lazyMount>
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="stock">{t('stores:inventory.stock')}</Tabs.Trigger>
          <Tabs.Trigger value="transfers">{t('stores:transfers.title')}</Tabs.Trigger>
          <Tabs.Trigger value="counts">{t('stores:counts.title')}</Tabs.Trigger>
          <Tabs.Trigger value="exceptions">{t('stores:exceptions.title')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="stock">
          <Stock models={modelOptions} />
        </Tabs.Content>
        <Tabs.Content value="transfers">
          <Transfers />
        </Tabs.Content>
        <Tabs.Content value="counts">
          <Counts />
        </Tabs.Content>
        <Tabs.Content value="exceptions">
          <Exceptions />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

function Stock({ models }: { models: Option[] }) {
  const { t } = useTranslation('stores');
  const [filter, setFilter] = useState<ListFilter>({});
  return (
    <Stack gap="3">
      <StoreFilterForm
        label={t('stores:inventory.title')}
        searchLabel={t('stores:inventory.search')}
        onFilter={setFilter}
        more={(form): ListFilter => {
          const status = String(form.get('status') ?? '');
          return status ? { status } : {};
        }}
      >
        <SelectField
          name="status"
          label={t('stores:field.status')}
          any={t('stores:all')}
          options={INVENTORY_STATUSES.map((s) => ({ value: s, label: t(`stores:status.${s}`) }))}
        />
      </StoreFilterForm>
      <StockTable key={JSON.stringify(filter)} filter={filter} models={models} />
    </Stack>
  );
}

function StockTable({ filter, models }: { filter: ListFilter; models: Option[] }) {
  const { t } = useTranslation('stores');
  const items = useStoreList<InventoryItem>('inventory', filter);
  const batch = useStoreAction('addBatch');
  const setStatus = useStoreAction('inventoryStatus');
  const [chosen, setChosen] = useState<InventoryItem | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Stack gap="3">
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" colorPalette="blue" disabled={!items.canOpenForm} onClick={() => items.list.send({ type: 'form.opened' })}>
          {t('stores:inventory.addOne')}
        </Button>
        <Button size="sm" variant="outline" onClick={batch.open}>
          {t('stores:inventory.addBatch')}
        </Button>
      </HStack>
      <ExportButton
        list="inventory"
        filter={filter}
        filename="inventory.csv"
        header={[
          t('stores:field.imei'),
          t('stores:field.phone_model_id'),
          t('stores:field.store_id'),
          t('stores:field.status'),
          t('stores:createdAt'),
        ]}
        cells={(i: InventoryItem) => [i.imei, i.model.name, i.store.name, t(`stores:status.${i.status}`), i.received_at.slice(0, 10)]}
      />
      <DataTable
        source={items}
        caption={t('stores:inventory.title')}
        columns={[
          {
            key: 'imei',
            header: 'IMEI',
            cell: (i) => (
              <Text as="span" fontFamily="mono" whiteSpace="nowrap">
                {i.imei}
              </Text>
            ),
          },
          { key: 'model', header: t('stores:field.phone_model_id'), cell: (i) => i.model.name },
          { key: 'store', header: t('stores:field.store_id'), cell: (i) => i.store.name },
          {
            key: 'status',
            header: t('stores:field.status'),
            cell: (i) => (
              <Stack gap="0">
                <Badge colorPalette={i.status === 'in_stock' ? 'green' : i.status === 'in_transit' ? 'orange' : 'gray'}>
                  {t(`stores:status.${i.status}`)}
                </Badge>
                {i.transfer && (
                  <Text fontSize="xs" color="fg.muted">
                    {t('stores:transfers.toStore', { store: i.transfer.to_store })}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'actions',
            header: t('stores:actions'),
            cell: (i) =>
              movesFrom(i.status).length > 0 && (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`${t('stores:inventory.changeStatus')} ${i.imei}`}
                  onClick={() => {
                    setChosen(i);
                    setStatus.open();
                  }}
                >
                  {t('stores:inventory.changeStatus')}
                </Button>
              ),
          },
        ]}
      />
      {chosen && (
        <ActionForm
          action={setStatus}
          title={`${t('stores:inventory.changeStatus')}: ${chosen.imei}`}
          review={{
            title: t('stores:inventory.statusReviewTitle'),
            body: t('stores:inventory.statusReviewBody', { imei: chosen.imei }),
            confirmLabel: t('stores:inventory.changeStatus'),
          }}
          onDone={() => items.list.send({ type: 'list.refresh' })}
          values={(form) => {
            const parsed = inventoryStatusRequest.safeParse({
              item_id: chosen.id,
              status: form.get('status') || undefined,
              reason: form.get('reason'),
            });
            return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
          }}
        >
          {(errs) => (
            <Stack gap="3" key={chosen.id}>
              <Text fontSize="sm">{t('stores:inventory.statusNow', { status: t(`stores:status.${chosen.status}`) })}</Text>
              <SelectField
                name="status"
                label={t('stores:inventory.newStatus')}
                any={t('stores:choose')}
                options={movesFrom(chosen.status).map((s) => ({ value: s, label: t(`stores:status.${s}`) }))}
                error={errs.status}
              />
              <TextField name="reason" label={t('stores:field.reason')} maxLength={500} error={errs.reason} />
            </Stack>
          )}
        </ActionForm>
      )}
      <FormDialog
        title={t('stores:inventory.addOne')}
        open={items.formOpen}
        saving={items.saving}
        failure={null}
        onCancel={() => {
          setErrors({});
          items.list.send({ type: 'form.cancelled' });
        }}
        onSubmit={(form) => {
          const parsed = addInventoryItemRequest.safeParse({
            store_id: numberOf(form, 'store_id'),
            phone_model_id: numberOf(form, 'phone_model_id'),
            imei: form.get('imei'),
          });
          setErrors(parsed.success ? {} : localErrors(t, parsed.error));
          if (parsed.success) items.list.send({ type: 'form.submitted', values: parsed.data });
        }}
      >
        {items.saveFailure && <StoreFailure failure={items.saveFailure} />}
        <StorePicker name="store_id" label={t('stores:field.store_id')} error={errors.store_id} />
        <SelectField
          name="phone_model_id"
          label={t('stores:field.phone_model_id')}
          any={t('stores:choose')}
          options={models}
          error={errors.phone_model_id}
        />
        <TextField name="imei" label="IMEI" inputMode="numeric" autoComplete="off" error={errors.imei} />
      </FormDialog>
      <ActionForm
        action={batch}
        title={t('stores:inventory.addBatch')}
        onDone={() => items.list.send({ type: 'list.refresh' })}
        values={(form) => {
          const parsed = addInventoryBatchRequest.safeParse({
            store_id: numberOf(form, 'store_id'),
            phone_model_id: numberOf(form, 'phone_model_id'),
            lines: linesOf(form, 'lines'),
          });
          return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
        }}
        result={(value) => <BatchResult result={value as InventoryBatchResult} />}
      >
        {(errs) => (
          <>
            <StorePicker name="store_id" label={t('stores:field.store_id')} error={errs.store_id} />
            <SelectField
              name="phone_model_id"
              label={t('stores:field.phone_model_id')}
              any={t('stores:choose')}
              options={models}
              error={errs.phone_model_id}
            />
            <Field.Root invalid={!!errs.lines}>
              <Field.Label>{t('stores:inventory.lines')}</Field.Label>
              <Textarea name="lines" rows={8} fontFamily="mono" />
              <Field.HelperText>{t('stores:inventory.linesHelp')}</Field.HelperText>
              {errs.lines && <Field.ErrorText>{errs.lines}</Field.ErrorText>}
            </Field.Root>
          </>
        )}
      </ActionForm>
    </Stack>
  );
}

function BatchResult({ result }: { result: InventoryBatchResult }) {
  const { t } = useTranslation('stores');
  return (
    <Stack gap="2">
      <Text role="status">{t('stores:inventory.added', { count: result.added })}</Text>
      <List.Root ps="4">
        {result.results.map((r) => (
          <List.Item key={r.line}>
            {t('stores:inventory.line', { line: r.line, imei: r.imei, outcome: t(`stores:outcome.${r.outcome}`) })}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

function Transfers() {
  const { t, i18n } = useTranslation('stores');
  const transfers = useStoreList<Transfer>('transfers');
  const send = useStoreAction('sendTransfer');
  const receive = useStoreAction('receiveTransfer');
  const [chosen, setChosen] = useState<Transfer | null>(null);
  const refresh = () => transfers.list.send({ type: 'list.refresh' });
  const when = (at: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return (
    <Stack gap="3">
      <HStack>
        <Button size="sm" colorPalette="blue" onClick={send.open}>
          {t('stores:transfers.send')}
        </Button>
      </HStack>
      <DataTable
        source={transfers}
        caption={t('stores:transfers.title')}
        columns={[
          { key: 'from', header: t('stores:transfers.from'), cell: (x) => x.from_store.name },
          { key: 'to', header: t('stores:transfers.to'), cell: (x) => x.to_store.name },
          { key: 'imeis', header: t('stores:transfers.handsets'), cell: (x) => x.imeis.length },
          { key: 'sent', header: t('stores:transfers.sentAt'), cell: (x) => `${when(x.sent_at)} · ${x.sent_by}` },
          {
            key: 'status',
            header: t('stores:field.status'),
            cell: (x) => <Badge colorPalette={x.status === 'received' ? 'green' : 'orange'}>{t(`stores:status.${x.status}`)}</Badge>,
          },
          {
            key: 'actions',
            header: t('stores:actions'),
            cell: (x) =>
              x.status === 'in_transit' ? (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => {
                    setChosen(x);
                    receive.open();
                  }}
                >
                  {t('stores:transfers.receive')}
                </Button>
              ) : (
                x.received_at && when(x.received_at)
              ),
          },
        ]}
      />
      <ActionForm
        action={send}
        title={t('stores:transfers.send')}
        review={{ title: t('stores:transfers.send'), body: t('stores:transfers.sendReview'), confirmLabel: t('stores:transfers.send') }}
        onDone={refresh}
        values={(form) => {
          const parsed = sendTransferRequest.safeParse({
            from_store_id: numberOf(form, 'from_store_id'),
            to_store_id: numberOf(form, 'to_store_id'),
            imeis: linesOf(form, 'imeis')
              .map((l) => l.trim())
              .filter(Boolean),
          });
          return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
        }}
      >
        {(errs) => (
          <>
            <StorePicker name="from_store_id" label={t('stores:transfers.from')} error={errs.from_store_id} />
            <StorePicker name="to_store_id" label={t('stores:transfers.to')} error={errs.to_store_id} />
            <Field.Root invalid={Object.keys(errs).some((k) => k.startsWith('imeis'))}>
              <Field.Label>{t('stores:transfers.imeis')}</Field.Label>
              <Textarea name="imeis" rows={5} fontFamily="mono" />
              <Field.HelperText>{t('stores:inventory.linesHelp')}</Field.HelperText>
              {Object.entries(errs)
                .filter(([k]) => k.startsWith('imeis'))
                .map(([k, v]) => (
                  <Field.ErrorText key={k}>{v}</Field.ErrorText>
                ))}
            </Field.Root>
          </>
        )}
      </ActionForm>
      {chosen && (
        <ActionForm
          action={receive}
          title={t('stores:transfers.receive')}
          submitLabel={t('stores:transfers.receive')}
          onDone={refresh}
          values={() => ({ body: { transfer_id: chosen.id } })}
        >
          {() => (
            <Stack gap="2">
              <Text>
                {t('stores:transfers.receiveBody', { count: chosen.imeis.length, from: chosen.from_store.name, to: chosen.to_store.name })}
              </Text>
              <List.Root ps="4" fontFamily="mono">
                {chosen.imeis.map((imei) => (
                  <List.Item key={imei}>{imei}</List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
        </ActionForm>
      )}
    </Stack>
  );
}

function Counts() {
  const { t, i18n } = useTranslation('stores');
  const counts = useStoreList<StockCount>('stockCounts');
  const count = useStoreAction('stockCount');
  const when = (at: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return (
    <Stack gap="3">
      <HStack>
        <Button size="sm" colorPalette="blue" onClick={count.open}>
          {t('stores:counts.start')}
        </Button>
      </HStack>
      <DataTable
        source={counts}
        caption={t('stores:counts.title')}
        columns={[
          { key: 'store', header: t('stores:field.store_id'), cell: (c) => c.store.name },
          { key: 'at', header: t('stores:counts.countedAt'), cell: (c) => `${when(c.counted_at)} · ${c.counted_by}` },
          { key: 'expected', header: t('stores:counts.expected'), cell: (c) => c.expected },
          { key: 'matched', header: t('stores:counts.matched'), cell: (c) => c.matched },
          { key: 'missing', header: t('stores:counts.missing'), cell: (c) => c.missing.map((m) => m.imei).join(', ') || '—' },
          { key: 'unexpected', header: t('stores:counts.unexpected'), cell: (c) => c.unexpected.map((u) => u.imei).join(', ') || '—' },
        ]}
      />
      <ActionForm
        action={count}
        title={t('stores:counts.start')}
        onDone={() => counts.list.send({ type: 'list.refresh' })}
        values={(form) => {
          const parsed = stockCountRequest.safeParse({ store_id: numberOf(form, 'store_id'), lines: linesOf(form, 'lines') });
          return parsed.success ? { body: parsed.data } : { errors: localErrors(t, parsed.error) };
        }}
        result={(value) => <CountResult count={value as StockCount} />}
      >
        {(errs) => (
          <>
            <StorePicker name="store_id" label={t('stores:field.store_id')} error={errs.store_id} />
            <Field.Root>
              <Field.Label>{t('stores:counts.shelf')}</Field.Label>
              <Textarea name="lines" rows={8} fontFamily="mono" />
              <Field.HelperText>{t('stores:counts.shelfHelp')}</Field.HelperText>
            </Field.Root>
          </>
        )}
      </ActionForm>
    </Stack>
  );
}

function CountResult({ count }: { count: StockCount }) {
  const { t } = useTranslation('stores');
  return (
    <Stack gap="3">
      <Text role="status">{t('stores:counts.summary', { matched: count.matched, expected: count.expected })}</Text>
      <Heading as="h3" size="sm">
        {t('stores:counts.missing')} ({count.missing.length})
      </Heading>
      <List.Root ps="4">
        {count.missing.map((m) => (
          <List.Item key={m.imei}>
            {m.imei} · {m.model}
          </List.Item>
        ))}
      </List.Root>
      <Heading as="h3" size="sm">
        {t('stores:counts.unexpected')} ({count.unexpected.length})
      </Heading>
      <List.Root ps="4">
        {count.unexpected.map((u) => (
          <List.Item key={u.imei}>
            {u.imei} · {u.known_as ?? t('stores:counts.unknown')}
          </List.Item>
        ))}
      </List.Root>
      {count.invalid.length > 0 && <Text>{t('stores:counts.invalid', { lines: count.invalid.join(', ') })}</Text>}
    </Stack>
  );
}

/** The IMEI exceptions (decision 019): where the stock and the lock records disagree, by kind, exported as CSV. */
function Exceptions() {
  const { t } = useTranslation('stores');
  const [filter, setFilter] = useState<ListFilter>({});
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t('stores:exceptions.intro')} {t('stores:exceptions.hourly')}
      </Text>
      <Box maxW={{ md: 'sm' }}>
        <Field.Root>
          <Field.Label>{t('stores:exceptions.kind')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={String(filter.kind ?? '')}
              onChange={(e) => setFilter(e.currentTarget.value ? { kind: e.currentTarget.value } : {})}
            >
              <option value="">{t('stores:all')}</option>
              {IMEI_EXCEPTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`stores:exceptions.kinds.${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Box>
      <ExceptionTable key={JSON.stringify(filter)} filter={filter} />
    </Stack>
  );
}

function ExceptionTable({ filter }: { filter: ListFilter }) {
  const { t } = useTranslation('stores');
  const rows = useStoreList<ImeiException>('imeiExceptions', filter);
  return (
    <Stack gap="3">
      <ExportButton
        list="imeiExceptions"
        filter={filter}
        filename="imei-exceptions.csv"
        header={[
          t('stores:exceptions.kind'),
          'IMEI',
          t('stores:field.phone_model_id'),
          t('stores:field.store_id'),
          t('stores:field.status'),
        ]}
        cells={(x: ImeiException) => [
          t(`stores:exceptions.kinds.${x.kind}`),
          x.imei,
          x.model,
          x.store.name,
          t(`stores:status.${x.item_status}`),
        ]}
      />
      <DataTable
        source={rows}
        caption={t('stores:exceptions.title')}
        columns={[
          { key: 'kind', header: t('stores:exceptions.kind'), cell: (x) => t(`stores:exceptions.kinds.${x.kind}`) },
          {
            key: 'imei',
            header: 'IMEI',
            cell: (x) => (
              <Text as="span" fontFamily="mono" whiteSpace="nowrap">
                {x.imei}
              </Text>
            ),
          },
          { key: 'model', header: t('stores:field.phone_model_id'), cell: (x) => x.model },
          { key: 'store', header: t('stores:field.store_id'), cell: (x) => x.store.name },
          { key: 'status', header: t('stores:field.status'), cell: (x) => t(`stores:status.${x.item_status}`) },
        ]}
      />
    </Stack>
  );
}
