import { useState, type FormEvent } from 'react';
import { Badge, Button, Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_STATUSES, transactionSearch, type Transaction } from '../../contract/finance';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useLiveLogic } from '../common/live-logic';
import { useRoles } from '../common/session-context';
import { useResourceList } from '../common/use-resource-list';
import { DataTable, type Column } from '../common/data-table';
import { fieldErrors } from '../common/field-errors';
import { useFormat } from './format';

const TEXT_FIELDS = ['transaction_id', 'master_transaction_id', 'reference_no', 'payment_phone', 'amount'] as const;

function Results({ filter, columns }: { filter: ListFilter; columns: Column<Transaction>[] }) {
  const { t } = useTranslation('finance');
  const list = useResourceList<Transaction>(useLiveLogic('financeLists').transactions, { limit: 25, filter });
  return <DataTable source={list} caption={t('finance:find.title')} columns={columns} />;
}

/** Find transaction (/dashboard/transactions/find, FIND_TRANSACTION): any of the spec's criteria, newest first. */
export default function FindTransactionScreen() {
  const { t, i18n } = useTranslation('finance');
  const roles = useRoles();
  const fmt = useFormat(i18n.resolvedLanguage);
  const [filter, setFilter] = useState<ListFilter | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values: Record<string, string> = {};
    for (const [key, value] of form.entries()) if (String(value).trim()) values[key] = String(value).trim();
    // Nothing filled in: one message for the whole form (the server names transaction_id for the same refusal).
    if (Object.keys(values).length === 0) {
      setErrors({ search: 'none' });
      return;
    }
    const parsed = transactionSearch.safeParse({ ...values, ...(values.amount ? { amount: Number(values.amount) } : {}) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFilter(values);
  };

  const field = (name: string, label: string, input: React.ReactElement) => (
    <Field.Root key={name} invalid={!!errors[name]}>
      <Field.Label>{label}</Field.Label>
      {input}
      <Field.ErrorText>{t('finance:find.invalid', { message: errors[name] })}</Field.ErrorText>
    </Field.Root>
  );
  const labels: Record<(typeof TEXT_FIELDS)[number], string> = {
    transaction_id: t('finance:tx.transactionId'),
    master_transaction_id: t('finance:tx.masterId'),
    reference_no: t('finance:tx.reference'),
    payment_phone: t('finance:tx.phone'),
    amount: t('finance:tx.amount'),
  };

  const columns: Column<Transaction>[] = [
    { key: 'date', header: t('finance:tx.date'), cell: (r) => fmt.instant(r.date_processed) },
    { key: 'id', header: t('finance:tx.transactionId'), cell: (r) => <Text fontFamily="mono">{r.transaction_id}</Text> },
    {
      key: 'status',
      header: t('finance:tx.status'),
      cell: (r) => (
        <Badge colorPalette={r.status === 'suspended' ? 'orange' : r.status === 'completed' ? 'green' : 'gray'}>
          {t(`finance:tx.statuses.${r.status}`)}
        </Badge>
      ),
    },
    { key: 'amount', header: t('finance:tx.amount'), cell: (r) => fmt.money(r.amount) },
    { key: 'phone', header: t('finance:tx.phone'), cell: (r) => r.payment_phone ?? '—' },
    { key: 'keyed', header: t('finance:tx.accountKeyedIn'), cell: (r) => r.account_keyed_in ?? '—' },
    { key: 'allocated', header: t('finance:tx.allocatedTo'), cell: (r) => r.allocated_to ?? '—' },
    {
      key: 'customer',
      header: t('finance:tx.customer'),
      cell: (r) =>
        r.customer && roles.includes('FIND_CUSTOMER') ? (
          <Link href={`/customers/view?msisdn=${r.customer.msisdn}`}>{r.customer_name ?? r.customer.name}</Link>
        ) : (
          (r.customer_name ?? '—')
        ),
    },
    { key: 'loan', header: t('finance:tx.loan'), cell: (r) => r.loan?.loan_number ?? '—' },
    { key: 'before', header: t('finance:tx.balanceBefore'), cell: (r) => fmt.money(r.balance_before) },
    { key: 'after', header: t('finance:tx.balanceAfter'), cell: (r) => fmt.money(r.balance_after) },
    { key: 'debit', header: t('finance:tx.debit'), cell: (r) => fmt.money(r.debit) },
    { key: 'credit', header: t('finance:tx.credit'), cell: (r) => fmt.money(r.credit) },
    { key: 'shortCode', header: t('finance:tx.shortCode'), cell: (r) => r.business_short_code ?? '—' },
    { key: 'master', header: t('finance:tx.masterId'), cell: (r) => r.master_transaction_id },
    { key: 'reference', header: t('finance:tx.reference'), cell: (r) => r.reference_no },
  ];

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('finance:find.title')}
      </Heading>
      <Text color="fg.muted">{t('finance:find.help')}</Text>
      <form onSubmit={submit} role="search" aria-label={t('finance:find.title')} noValidate>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {TEXT_FIELDS.map((name) =>
              field(
                name,
                labels[name],
                <Input name={name} inputMode={name === 'amount' || name === 'payment_phone' ? 'numeric' : undefined} />,
              ),
            )}
            {field(
              'status',
              t('finance:tx.status'),
              <NativeSelect.Root>
                <NativeSelect.Field name="status" defaultValue="">
                  <option value="">{t('finance:find.anyStatus')}</option>
                  {TRANSACTION_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(`finance:tx.statuses.${s}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>,
            )}
            {field('from', t('finance:find.from'), <Input name="from" type="date" />)}
            {field('to', t('finance:find.to'), <Input name="to" type="date" />)}
          </SimpleGrid>
          {errors.search && (
            <Text role="alert" color="fg.error">
              {t('finance:find.needOne')}
            </Text>
          )}
          <Stack direction="row">
            <Button type="submit" colorPalette="blue">
              {t('finance:find.search')}
            </Button>
            <Button type="reset" variant="outline" onClick={() => (setFilter(null), setErrors({}))}>
              {t('finance:find.clear')}
            </Button>
          </Stack>
        </Stack>
      </form>
      {filter ? (
        <Results key={JSON.stringify(filter)} filter={filter} columns={columns} />
      ) : (
        <Text color="fg.muted">{t('finance:find.start')}</Text>
      )}
    </Stack>
  );
}
