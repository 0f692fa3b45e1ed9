import { useState } from 'react';
import { Box, Button, EmptyState, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { collectionsMadeRequest, type CollectionsDue, type CollectionsMade, type CollectionsMadeRequest } from '../../contract/collections';
import { useLiveLogic } from '../common/live-logic';
import { ExportRun, PeriodForm, ReportPending, SaveCsv, useFormats, usePeriodRequest } from './common';

/**
 * Collections (/dashboard/collections, decisions 020 and 028): first the collections due (the installments falling
 * due today and this week, by store and agent), then the collections made in a period, the completed repayments on
 * loans while they were assigned to a collector, by day and collector, with totals; CSV and PDF of what is shown.
 * A collector sees their own; a manager every collector in their scope.
 */
export default function CollectionsScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const { request, run, errors, submit } = usePeriodRequest<CollectionsMadeRequest>(collectionsMadeRequest, () => ({}));
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('collections:due.screenTitle')}
      </Heading>
      <Due />
      <Heading as="h2" size="md">
        {t('collections:made.title')}
      </Heading>
      <Text color="fg.muted">{t('collections:made.help')}</Text>
      <PeriodForm from={request.from} to={request.to} errors={errors} onSubmit={submit} />
      <Made key={run} request={request} />
    </Stack>
  );
}

function Made({ request }: { request: CollectionsMadeRequest }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const load = useActorRef(useLiveLogic('collectionLoad')('collected'), { input: { params: request } });
  const report = useSelector(load, (s) => s.context.data as CollectionsMade | null);
  const failure = useSelector(load, (s) => s.context.failure);
  const [saved, setSaved] = useState<{ n: number; format: 'csv' | 'pdf' }>({ n: 0, format: 'csv' });
  if (failure || !report) return <ReportPending failure={failure} onRetry={() => load.send({ type: 'load.retry' })} />;
  const header = [
    t('collections:made.day'),
    t('collections:col.collector'),
    t('collections:made.payments'),
    t('collections:made.loans'),
    t('collections:made.amount'),
  ];
  const showing = t('collections:reasons.showing', { from: f.day(report.from), to: f.day(report.to) });
  return (
    <Stack gap="3">
      <Text fontWeight="medium">{showing}</Text>
      {report.rows.length === 0 ? (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Title>{t('collections:made.empty')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <HStack gap="3" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setSaved((s) => ({ n: s.n + 1, format: 'csv' }))}>
              {t('collections:export.button')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setSaved((s) => ({ n: s.n + 1, format: 'pdf' }))}>
              {t('collections:export.pdf')}
            </Button>
            {saved.n > 0 && (
              <SaveCsv
                key={saved.n}
                params={{
                  format: saved.format,
                  filename: `collections-${report.from}-${report.to}.${saved.format}`,
                  title: t('collections:made.title'),
                  lines: [showing],
                  numeric: [2, 3, 4],
                  header,
                  rows: report.rows.map((r) => [r.day, r.collector.name, r.payments, r.loans, r.amount]),
                }}
              />
            )}
          </HStack>
          <Box overflowX="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('collections:made.title')}>
            <Table.Root size="sm">
              <Table.Caption srOnly>{t('collections:made.title')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  {header.map((h) => (
                    <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.rows.map((r) => (
                  <Table.Row key={`${r.day}|${r.collector.id}`}>
                    <Table.Cell whiteSpace="nowrap">{f.day(r.day)}</Table.Cell>
                    <Table.Cell>{r.collector.name}</Table.Cell>
                    <Table.Cell>{r.payments}</Table.Cell>
                    <Table.Cell>{r.loans}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{f.money(r.amount)}</Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row fontWeight="semibold">
                  <Table.Cell colSpan={2}>{t('collections:reasons.total')}</Table.Cell>
                  <Table.Cell>{report.totals.payments}</Table.Cell>
                  <Table.Cell />
                  <Table.Cell whiteSpace="nowrap">{f.money(report.totals.amount)}</Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </Box>
        </>
      )}
    </Stack>
  );
}

/** Rows of collections due a page: head office has one per store and agent, thousands at a million customers. */
const DUE_PAGE = 50;

/** What falls due today and this week (today and the 6 days after), by store and agent, with totals and a CSV. */
function Due() {
  const [skip, setSkip] = useState(0);
  return <DuePage key={skip} skip={skip} onPage={setSkip} />;
}

function DuePage({ skip, onPage }: { skip: number; onPage: (skip: number) => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const load = useActorRef(useLiveLogic('collectionLoad')('due'), { input: { params: { limit: DUE_PAGE, skip } } });
  const report = useSelector(load, (s) => s.context.data as CollectionsDue | null);
  const failure = useSelector(load, (s) => s.context.failure);
  const [exporting, setExporting] = useState(0);
  if (failure || !report) return <ReportPending failure={failure} onRetry={() => load.send({ type: 'load.retry' })} lines={2} />;
  const header = [
    t('collections:col.store'),
    t('collections:col.agent'),
    t('collections:due.todayLoans'),
    t('collections:due.todayAmount'),
    t('collections:due.weekLoans'),
    t('collections:due.weekAmount'),
  ];
  const showing = t('collections:due.showing', { today: f.day(report.today), end: f.day(report.week_end) });
  const exportParams = {
    filter: {},
    filename: `collections-due-${report.today}.csv`,
    header,
    cells: (r: CollectionsDue['rows'][number]) => [
      r.store.name,
      r.agent?.name ?? '',
      r.today.loans,
      r.today.amount,
      r.week.loans,
      r.week.amount,
    ],
  };
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('collections:due.help')}</Text>
      <Text fontWeight="medium">{showing}</Text>
      {report.checked_at && <Text color="fg.muted">{t('collections:due.checkedAt', { time: f.time(report.checked_at) })}</Text>}
      {report.total === 0 ? (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Title>{t('collections:due.empty')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <HStack gap="3" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setExporting((n) => n + 1)}>
              {t('collections:export.button')}
            </Button>
            {exporting > 0 && <ExportRun key={exporting} kind="dueExport" params={exportParams} onDone={() => setExporting(0)} />}
          </HStack>
          <Box overflowX="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('collections:due.title')}>
            <Table.Root size="sm">
              <Table.Caption srOnly>{t('collections:due.title')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  {header.map((h) => (
                    <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.rows.map((r) => (
                  <Table.Row key={`${r.store.id}|${r.agent?.id ?? ''}`}>
                    <Table.Cell>{r.store.name}</Table.Cell>
                    <Table.Cell>{r.agent?.name ?? '—'}</Table.Cell>
                    <Table.Cell>{r.today.loans}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{f.money(r.today.amount)}</Table.Cell>
                    <Table.Cell>{r.week.loans}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{f.money(r.week.amount)}</Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row fontWeight="semibold">
                  <Table.Cell colSpan={2}>{t('collections:reasons.total')}</Table.Cell>
                  <Table.Cell>{report.totals.today.loans}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{f.money(report.totals.today.amount)}</Table.Cell>
                  <Table.Cell>{report.totals.week.loans}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{f.money(report.totals.week.amount)}</Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </Box>
          {report.total > report.limit && (
            <HStack gap="3" justify="space-between" wrap="wrap">
              <Text fontSize="sm" aria-live="polite">
                {t('common.range', {
                  first: report.skip + 1,
                  last: report.skip + report.rows.length,
                  total: report.total,
                })}
              </Text>
              <HStack gap="2">
                <Button size="sm" variant="outline" disabled={skip === 0} onClick={() => onPage(Math.max(0, skip - DUE_PAGE))}>
                  {t('common.previous')}
                </Button>
                <Button size="sm" variant="outline" disabled={skip + DUE_PAGE >= report.total} onClick={() => onPage(skip + DUE_PAGE)}>
                  {t('common.next')}
                </Button>
              </HStack>
            </HStack>
          )}
        </>
      )}
    </Stack>
  );
}
