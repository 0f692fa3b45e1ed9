import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, HStack, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { REQUEST_KINDS, REQUEST_STATUSES, type RequestAuditItem } from '../../contract/requests';
import { useResourceList } from '../common/use-resource-list';
import { useLiveLogic } from '../common/live-logic';
import { DataTable } from '../common/data-table';
import { requestSummary } from '../common/request-summary';
import { LoadFailure } from '../common/load-failure';

type Filter = Record<string, string | number>;

function AuditTable({ filter }: { filter: Filter }) {
  const { t, i18n } = useTranslation(['translation', 'audit', 'customers', 'approvals']);
  const list = useResourceList<RequestAuditItem>(useLiveLogic('resourceLists').requestAudit, { limit: 50, filter });
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
  return (
    <DataTable
      source={list}
      caption={t('audit:title')}
      columns={[
        { key: 'id', header: '#', cell: (r) => r.id },
        { key: 'kind', header: t('audit:kind'), cell: (r) => t(`audit:kinds.${r.kind}`) },
        {
          key: 'status',
          header: t('audit:result'),
          cell: (r) => (
            <Badge colorPalette={r.status === 'approved' ? 'green' : r.status === 'denied' ? 'red' : 'gray'}>
              {t(`audit:statuses.${r.status}`)}
            </Badge>
          ),
        },
        { key: 'maker', header: t('audit:maker'), cell: (r) => r.maker.name },
        { key: 'checker', header: t('audit:checker'), cell: (r) => r.checker?.name ?? '—' },
        { key: 'submitted', header: t('audit:submitted'), cell: (r) => when(r.submitted_at) },
        { key: 'decided', header: t('audit:decided'), cell: (r) => when(r.decided_at) },
        { key: 'summary', header: t('approvals.details'), cell: (r) => requestSummary(t, r, i18n.resolvedLanguage ?? 'en') },
        { key: 'comment', header: t('approvals.comment'), cell: (r) => r.comment ?? '—' },
      ]}
    />
  );
}

/** Exports the current search as CSV: one run of the load machine per click. */
function CsvExport({ filter, onDone }: { filter: Filter; onDone: () => void }) {
  const { t, i18n } = useTranslation(['translation', 'audit', 'customers']);
  // The file's header, kinds and results in the language of the screen (its times are EAT whatever the language).
  const run = useActorRef(useLiveLogic('requestAuditExport'), { input: { params: { ...filter, lang: i18n.resolvedLanguage ?? 'en' } } });
  const result = useSelector(run, (s) => s.context.data as { rows: number; truncated: boolean } | null);
  const failure = useSelector(run, (s) => s.context.failure);
  if (failure) return <LoadFailure failure={failure} onRetry={() => run.send({ type: 'load.retry' })} />;
  if (!result)
    return (
      <Text fontSize="sm" role="status">
        {t('audit:exporting')}
      </Text>
    );
  return (
    <Alert.Root status="success" role="alert" size="sm">
      <Alert.Indicator />
      <Alert.Title>{t(result.truncated ? 'audit:exportedTruncated' : 'audit:exported', { count: result.rows })}</Alert.Title>
      <Button size="xs" ms="auto" variant="ghost" onClick={onDone}>
        {t('common.close')}
      </Button>
    </Alert.Root>
  );
}

/** The audit trail of requests (VIEW_SECURITY): search by kind, maker, checker, dates and result; export as CSV. */
export default function RequestAuditScreen() {
  const { t } = useTranslation(['translation', 'audit', 'customers']);
  const [filter, setFilter] = useState<Filter>({});
  const [exportRun, setExportRun] = useState(0);
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Filter = {};
    for (const key of ['kind', 'result', 'from', 'to', 'maker_id', 'checker_id']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    setFilter(next);
  };
  const select = (name: string, label: string, options: readonly string[], prefix: string) => (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field name={name} aria-label={label} defaultValue="">
        <option value="">{t('audit:any', { what: label })}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${prefix}.${o}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('audit:title')}
      </Heading>
      <form onSubmit={search}>
        <HStack gap="2" wrap="wrap" align="end">
          {select('kind', t('audit:kind'), REQUEST_KINDS, 'audit:kinds')}
          {select('result', t('audit:result'), REQUEST_STATUSES, 'audit:statuses')}
          <Input name="from" type="date" size="sm" width="auto" aria-label={t('audit:from')} />
          <Input name="to" type="date" size="sm" width="auto" aria-label={t('audit:to')} />
          <Button type="submit" size="sm" colorPalette="blue">
            {t('customers:customers.search')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setExportRun((n) => n + 1)}>
            {t('audit:exportCsv')}
          </Button>
        </HStack>
      </form>
      {exportRun > 0 && <CsvExport key={exportRun} filter={filter} onDone={() => setExportRun(0)} />}
      <AuditTable key={JSON.stringify(filter)} filter={filter} />
    </Stack>
  );
}
