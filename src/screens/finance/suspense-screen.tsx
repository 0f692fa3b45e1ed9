import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Field, Heading, Input, RadioGroup, Skeleton, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { correctWrongAccount, type SuspenseItem, type WrongAccountAnswer } from '../../contract/finance';
import type { ListFilter } from '../../machines/resource-list.machine';
import { useLiveLogic } from '../common/live-logic';
import { useResourceList, type ResourceList } from '../common/use-resource-list';
import { DataTable, type Column } from '../common/data-table';
import { FormDialog } from '../common/form-dialog';
import { LoadFailure } from '../common/load-failure';
import { fieldErrors } from '../common/field-errors';
import { useFormat } from './format';
import { useLoad } from './use-load';

function Summary() {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const summary = useLoad<{ total: number; total_amount: number }>(useLiveLogic('financeLoad').suspenseSummary, null);
  if (summary.failure) return <LoadFailure failure={summary.failure} onRetry={summary.retry} />;
  if (!summary.data) return <Skeleton height="6" maxW="md" />;
  return (
    <Text fontWeight="semibold" role="status">
      {t('finance:suspense.total', { count: summary.data.total, amount: fmt.money(summary.data.total_amount) })}
    </Text>
  );
}

/** The loans a payment may belong to, and a look-up by loan number or phone. */
function Candidates({
  receipt,
  search,
  chosen,
  onChoose,
}: {
  receipt: string;
  search: string;
  chosen: string;
  onChoose: (loan: string) => void;
}) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const answer = useLoad<WrongAccountAnswer>(useLiveLogic('financeLoad').wrongAccount, {
    transaction_id: receipt,
    ...(search ? { search } : {}),
  });
  if (answer.failure) return <LoadFailure failure={answer.failure} onRetry={answer.retry} />;
  if (!answer.data) return <Skeleton height="16" />;
  if (answer.data.candidates.length === 0) return <Text color="fg.muted">{t('finance:suspense.noCandidates')}</Text>;
  return (
    <RadioGroup.Root value={chosen} onValueChange={(d) => onChoose(d.value ?? '')} aria-label={t('finance:suspense.candidates')}>
      <Stack gap="2">
        {answer.data.candidates.map((c) => (
          <RadioGroup.Item key={c.loan_id} value={c.loan_number} alignItems="start">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>
              <Text as="span" fontWeight="semibold">
                {c.loan_number}
              </Text>{' '}
              · {c.customer.name} ({c.customer.msisdn}) · {t('finance:suspense.balance', { amount: fmt.money(c.loan_balance) })},{' '}
              {t('finance:suspense.due', { amount: fmt.money(c.amount_due) })} <Badge>{t(`finance:suspense.why.${c.why}`)}</Badge>{' '}
              {c.is_locked && <Badge colorPalette="red">{t('finance:suspense.locked')}</Badge>}
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}

function FixDialog({ source, item }: { source: ResourceList<SuspenseItem>; item: SuspenseItem | null }) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const look = (event: FormEvent) => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLElement).closest('[role=dialog]')?.querySelector<HTMLInputElement>('input[name=look]');
    setSearch(input?.value.trim() ?? '');
  };
  const submit = (form: FormData) => {
    const parsed = correctWrongAccount.safeParse({ transaction_id: item?.transaction_id, loan_number: chosen, reason: form.get('reason') });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) source.list.send({ type: 'form.submitted', values: parsed.data });
  };
  return (
    <FormDialog
      title={item ? t('finance:suspense.fixTitle', { receipt: item.transaction_id }) : ''}
      submitLabel={t('finance:suspense.send')}
      open={source.formOpen && item !== null}
      saving={source.saving}
      failure={source.saveFailure}
      onCancel={() => {
        setErrors({});
        setChosen('');
        setSearch('');
        source.list.send({ type: 'form.cancelled' });
      }}
      onSubmit={submit}
    >
      {item && (
        <>
          <Text>
            {t('finance:suspense.payment', {
              amount: fmt.money(item.amount),
              phone: item.payment_phone ?? '—',
              account: item.account_keyed_in ?? '',
            })}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }}>
            <Field.Root flex="1">
              <Field.Label>{t('finance:suspense.lookFor')}</Field.Label>
              <Input name="look" maxLength={64} onKeyDown={(e) => e.key === 'Enter' && look(e)} />
            </Field.Root>
            <Button variant="outline" onClick={look}>
              {t('finance:suspense.look')}
            </Button>
          </Stack>
          <Box>
            <Text fontWeight="semibold" mb="2">
              {t('finance:suspense.candidates')}
            </Text>
            <Candidates key={search} receipt={item.transaction_id} search={search} chosen={chosen} onChoose={setChosen} />
            {errors.loan_number && (
              <Text role="alert" color="fg.error" mt="2">
                {t('finance:suspense.chooseLoan')}
              </Text>
            )}
          </Box>
          <Field.Root invalid={!!errors.reason} required>
            <Field.Label>{t('finance:suspense.reason')}</Field.Label>
            <Textarea name="reason" maxLength={500} />
            <Field.HelperText>{t('finance:suspense.reasonHelp')}</Field.HelperText>
            <Field.ErrorText>{t('finance:suspense.reasonHelp')}</Field.ErrorText>
          </Field.Root>
        </>
      )}
    </FormDialog>
  );
}

function SuspenseList({ filter }: { filter: ListFilter }) {
  const { t, i18n } = useTranslation('finance');
  const fmt = useFormat(i18n.resolvedLanguage);
  const source = useResourceList<SuspenseItem>(useLiveLogic('financeLists').suspense, { limit: 25, filter });
  const [item, setItem] = useState<SuspenseItem | null>(null);
  const columns: Column<SuspenseItem>[] = [
    { key: 'date', header: t('finance:tx.date'), cell: (r) => fmt.instant(r.date_processed) },
    { key: 'receipt', header: t('finance:tx.transactionId'), cell: (r) => <Text fontFamily="mono">{r.transaction_id}</Text> },
    { key: 'amount', header: t('finance:tx.amount'), cell: (r) => fmt.money(r.amount) },
    { key: 'phone', header: t('finance:tx.phone'), cell: (r) => r.payment_phone ?? '—' },
    { key: 'keyed', header: t('finance:tx.accountKeyedIn'), cell: (r) => r.account_keyed_in ?? '—' },
    { key: 'age', header: t('finance:suspense.age'), cell: (r) => t('finance:suspense.days', { count: r.age_days }) },
    {
      key: 'fix',
      header: '',
      cell: (r) =>
        r.pending_allocation ? (
          <Badge colorPalette="orange" whiteSpace="normal">
            {t('finance:suspense.pending', { loan: r.pending_allocation.loan_number, who: r.pending_allocation.requested_by })}
          </Badge>
        ) : (
          <Button
            size="xs"
            colorPalette="blue"
            disabled={!source.canOpenForm}
            onClick={() => {
              setItem(r);
              source.list.send({ type: 'form.opened' });
            }}
          >
            {t('finance:suspense.fix')}
            <VisuallyHidden> {r.transaction_id}</VisuallyHidden>
          </Button>
        ),
    },
  ];
  return (
    <>
      <DataTable source={source} caption={t('finance:suspense.title')} columns={columns} />
      <FixDialog key={item?.id ?? 0} source={source} item={item} />
    </>
  );
}

/** Suspense transactions (/dashboard/suspense-transactions, VIEW_SUSPENSE_TRANSACTIONS). */
export default function SuspenseScreen() {
  const { t } = useTranslation('finance');
  const [search, setSearch] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
  };
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('finance:suspense.title')}
      </Heading>
      <Text color="fg.muted">{t('finance:suspense.help')}</Text>
      <Summary />
      <form onSubmit={submit} role="search" aria-label={t('finance:suspense.title')}>
        <Stack gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'end' }} maxW="2xl">
          <Field.Root flex="1">
            <Field.Label>{t('finance:suspense.search')}</Field.Label>
            <Input name="search" type="search" maxLength={100} defaultValue={search} />
          </Field.Root>
          <Button type="submit" colorPalette="blue">
            {t('finance:suspense.find')}
          </Button>
        </Stack>
      </form>
      <SuspenseList key={search} filter={search ? { search } : {}} />
    </Stack>
  );
}
