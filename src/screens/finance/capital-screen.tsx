import { useState, type ReactElement } from 'react';
import { Alert, Button, Field, Heading, HStack, Input, Link as ChakraLink, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { capitalChange, type ChartOfAccounts, type LedgerAccount } from '../../contract/finance';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { useResourceList, type ResourceList } from '../common/use-resource-list';
import { DataTable, type Column } from '../common/data-table';
import { FormDialog } from '../common/form-dialog';
import { fieldErrors } from '../common/field-errors';
import { describeFinanceFailure, useFormat } from './format';
import { useLoad } from './use-load';

type Row = LedgerAccount & { id: number };
type Direction = 'inject' | 'deduct';

function CapitalDialog({ source, direction }: { source: ResourceList<Row>; direction: Direction }) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const accounts = source.items.filter((a) => a.capital);
  const field = (name: string, label: string, input: ReactElement) => (
    <Field.Root key={name} invalid={!!errors[name]} required>
      <Field.Label>{label}</Field.Label>
      {input}
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );
  const submit = (form: FormData) => {
    const amount = String(form.get('amount') ?? '').replace(/[\s,]/g, '');
    const parsed = capitalChange.safeParse({
      account: form.get('account'),
      amount: amount === '' ? undefined : Number(amount),
      reference: form.get('reference'),
      reason: form.get('reason'),
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) source.list.send({ type: 'form.submitted', values: { ...parsed.data, direction } });
  };
  return (
    <FormDialog
      title={t(direction === 'inject' ? 'finance:capital.inject' : 'finance:capital.deduct')}
      submitLabel={t('finance:suspense.send')}
      open={source.formOpen}
      saving={source.saving}
      failure={null}
      onCancel={() => {
        setErrors({});
        source.list.send({ type: 'form.cancelled' });
      }}
      onSubmit={submit}
    >
      {source.saveFailure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{describeFinanceFailure(t, source.saveFailure)}</Alert.Title>
        </Alert.Root>
      )}
      {field(
        'account',
        t('finance:capital.account'),
        <NativeSelect.Root>
          <NativeSelect.Field name="account" defaultValue="">
            <option value="" disabled>
              {t('finance:capital.chooseAccount')}
            </option>
            {accounts.map((a) => (
              <option key={a.code} value={a.code}>
                {a.account_number} {a.name} ({t('finance:capital.available')}: {fmt.money(a.available_amount)})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>,
      )}
      {field('amount', t('finance:capital.amount'), <Input name="amount" inputMode="numeric" />)}
      {field('reference', t('finance:capital.reference'), <Input name="reference" maxLength={64} />)}
      {field('reason', t('finance:capital.reason'), <Textarea name="reason" maxLength={500} />)}
    </FormDialog>
  );
}

/** Capital accounting (/dashboard/capital-accounting): the chart of accounts, capital injections and deductions. */
export default function CapitalScreen() {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const roles = useRoles();
  const source = useResourceList<Row>(useLiveLogic('financeLists').accounts, { limit: 200 });
  const chart = useLoad<ChartOfAccounts>(useLiveLogic('financeLoad').accounts, null);
  const [direction, setDirection] = useState<Direction>('inject');
  const open = (d: Direction) => {
    setDirection(d);
    source.list.send({ type: 'form.opened' });
  };
  const nullable = (n: number | null) => (n === null ? '—' : fmt.money(n));
  const columns: Column<Row>[] = [
    { key: 'number', header: t('finance:capital.number'), cell: (r) => r.account_number ?? '—' },
    { key: 'name', header: t('finance:capital.name'), cell: (r) => r.name },
    { key: 'category', header: t('finance:capital.category'), cell: (r) => t(`finance:capital.categories.${r.category}`) },
    { key: 'balance', header: t('finance:capital.balance'), cell: (r) => fmt.money(r.balance) },
    { key: 'available', header: t('finance:capital.available'), cell: (r) => fmt.money(r.available_amount) },
    { key: 'minMax', header: t('finance:capital.minMax'), cell: (r) => `${nullable(r.min_balance)} / ${nullable(r.max_balance)}` },
    {
      key: 'negative',
      header: t('finance:capital.negative'),
      cell: (r) => t(r.negative_allowed ? 'finance:capital.yes' : 'finance:capital.no'),
    },
    {
      key: 'limits',
      header: t('finance:capital.limits'),
      cell: (r) => [r.daily_withdrawal_limit, r.weekly_withdrawal_limit, r.monthly_withdrawal_limit].map(nullable).join(' / '),
    },
    { key: 'global', header: t('finance:capital.global'), cell: (r) => r.global_name ?? '—' },
    { key: 'ob', header: t('finance:capital.ob'), cell: (r) => r.ob_number ?? '—' },
  ];
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('finance:capital.title')}
      </Heading>
      <Text color="fg.muted">{t('finance:capital.help')}</Text>
      <HStack wrap="wrap">
        {roles.includes('ADD_CAPITAL_INJECTION') && (
          <Button colorPalette="blue" disabled={!source.canOpenForm} onClick={() => open('inject')}>
            {t('finance:capital.inject')}
          </Button>
        )}
        {(roles.includes('DEDUCT_CAPITAL_INJECTION') || roles.includes('DEDUCT_CAPITAL')) && (
          <Button variant="outline" disabled={!source.canOpenForm} onClick={() => open('deduct')}>
            {t('finance:capital.deduct')}
          </Button>
        )}
        {chart.data?.external_link && (
          <ChakraLink href={chart.data.external_link} target="_blank" rel="noreferrer" color="blue.fg">
            {t('finance:capital.external')}
          </ChakraLink>
        )}
      </HStack>
      <Heading as="h2" size="md">
        {t('finance:capital.chart')}
      </Heading>
      <DataTable source={source} caption={t('finance:capital.chart')} columns={columns} />
      <CapitalDialog source={source} direction={direction} />
    </Stack>
  );
}
