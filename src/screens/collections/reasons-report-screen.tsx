import { useState } from 'react';
import { Box, Button, EmptyState, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { reasonsReportRequest, type ReasonsReport, type ReasonsReportRequest } from '../../contract/collections';
import { useLiveLogic } from '../common/live-logic';
import { CategoryBadge, PeriodForm, ReportPending, SaveCsv, useFormats, usePeriodRequest } from './common';

/**
 * The defaulters reasons report (/dashboard/defaulters_reasons_report): the defaulters called in a period, by the
 * reason their last call gave, ageing category and region, with counts and amounts due; CSV export of what is shown.
 * A link may name the region (`?region=<id>`).
 */
export default function ReasonsReportScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const [search] = useSearchParams();
  const region = search.get('region');
  const { request, run, errors, submit } = usePeriodRequest<ReasonsReportRequest>(
    reasonsReportRequest,
    () => (region && /^[1-9]\d{0,14}$/.test(region) ? { region_id: Number(region) } : {}),
    // The region a link chose stays with every period.
    (before) => (before.region_id ? { region_id: before.region_id } : {}),
  );
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('collections:reasons.title')}
      </Heading>
      <Text color="fg.muted">{t('collections:reasons.help')}</Text>
      <PeriodForm from={request.from} to={request.to} errors={errors} onSubmit={submit} />
      {request.region_id && <Text fontSize="sm">{t('collections:defaulters.linkFilter.region_id', { id: request.region_id })}</Text>}
      <Report key={run} request={request} />
    </Stack>
  );
}

function Report({ request }: { request: ReasonsReportRequest }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const load = useActorRef(useLiveLogic('collectionLoad')('reasons'), { input: { params: request } });
  const report = useSelector(load, (s) => s.context.data as ReasonsReport | null);
  const failure = useSelector(load, (s) => s.context.failure);
  const [saved, setSaved] = useState<{ n: number; format: 'csv' | 'pdf' }>({ n: 0, format: 'csv' });
  if (failure || !report) return <ReportPending failure={failure} onRetry={() => load.send({ type: 'load.retry' })} />;
  const header = [
    t('collections:reasons.reason'),
    t('collections:category.label'),
    t('collections:col.region'),
    t('collections:reasons.defaulters'),
    t('collections:col.amountDue'),
  ];
  const reason = (r: string) => (r === 'not_given' ? t('collections:notGiven') : t(`collections:reason.${r}`));
  return (
    <Stack gap="3">
      <Text fontWeight="medium">{t('collections:reasons.showing', { from: f.day(report.from), to: f.day(report.to) })}</Text>
      {report.rows.length === 0 ? (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Title>{t('collections:reasons.empty')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <HStack gap="3" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => setSaved((n) => ({ n: n.n + 1, format: 'csv' }))}>
              {t('collections:export.button')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setSaved((n) => ({ n: n.n + 1, format: 'pdf' }))}>
              {t('collections:export.pdf')}
            </Button>
            {saved.n > 0 && (
              <SaveCsv
                key={saved.n}
                params={{
                  format: saved.format,
                  filename: `defaulters-reasons-${report.from}-${report.to}.${saved.format}`,
                  title: t('collections:reasons.title'),
                  lines: [t('collections:reasons.showing', { from: f.day(report.from), to: f.day(report.to) })],
                  numeric: [3, 4],
                  header,
                  rows: report.rows.map((r) => [
                    reason(r.reason),
                    t(`collections:category.${r.category}`),
                    r.region.name,
                    r.defaulters,
                    r.amount_due,
                  ]),
                }}
              />
            )}
          </HStack>
          <Box overflowX="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('collections:reasons.title')}>
            <Table.Root size="sm">
              <Table.Caption srOnly>{t('collections:reasons.title')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  {header.map((h) => (
                    <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.rows.map((r) => (
                  <Table.Row key={`${r.reason}|${r.category}|${r.region.id}`}>
                    <Table.Cell>{reason(r.reason)}</Table.Cell>
                    <Table.Cell>
                      <CategoryBadge category={r.category} />
                    </Table.Cell>
                    <Table.Cell>{r.region.name}</Table.Cell>
                    <Table.Cell>{r.defaulters}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{f.money(r.amount_due)}</Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row fontWeight="semibold">
                  <Table.Cell colSpan={3}>{t('collections:reasons.total')}</Table.Cell>
                  <Table.Cell>{report.totals.defaulters}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{f.money(report.totals.amount_due)}</Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </Box>
        </>
      )}
    </Stack>
  );
}
