import { Suspense, lazy, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  EmptyState,
  Heading,
  HStack,
  Link as ChakraLink,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { loadMachine } from '../../machines/load.machine';
import {
  ANALYSIS_PERIODS,
  MEASURES,
  REPORTS,
  reportName,
  type Analysis,
  type BiAuth,
  type Dimension,
  type Measure,
  type MeasureRow,
  type ReportName,
} from '../../contract/analytics';
import { tableCsv, csvHref } from '../../lib/csv';
import { LoadFailure } from '../common/load-failure';
import { drillHref, formatter } from './format';
import { TableFrame } from './table-frame';
import { Migration } from './migration';

const Charts = {
  Bar: lazy(() => import('./charts').then((m) => ({ default: m.BarChart }))),
  Line: lazy(() => import('./charts').then((m) => ({ default: m.LineChart }))),
};

type LoadLogic = typeof loadMachine;
export interface BiLogic {
  auth: LoadLogic;
  analysis: LoadLogic;
}

const FILTERS = ['region', 'store', 'agent', 'phone_model', 'lock_type'] as const;
type FilterName = (typeof FILTERS)[number];
const FILTER_OPTIONS: Record<FilterName, keyof BiAuth['filters']> = {
  region: 'regions',
  store: 'stores',
  agent: 'agents',
  phone_model: 'phoneModels',
  lock_type: 'lockTypes',
};

/** /bi (the analyses the caller may see) and /bi/view?report=... (one analysis), outside the dashboard layout. */
export default function BiScreen({ view, logic }: { view: boolean; logic: BiLogic }) {
  const { t } = useTranslation('analytics');
  const auth = useActorRef(logic.auth, { input: {} });
  const data = useSelector(auth, (s) => s.context.data as BiAuth | null);
  const failure = useSelector(auth, (s) => s.context.failure);
  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="5">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Link href={view ? '/bi' : '/dashboard'} asChild>
            <ChakraLink>{view ? t('analytics:backToList') : t('analytics:backToDashboard')}</ChakraLink>
          </Link>
          {data?.asOf && <Text color="fg.muted">{t('analytics:asOf', { day: data.asOf })}</Text>}
        </HStack>
        {failure ? (
          <>
            <Heading as="h1" size="xl">
              {t('analytics:title')}
            </Heading>
            <LoadFailure failure={failure} onRetry={() => auth.send({ type: 'load.retry' })} />
          </>
        ) : !data ? (
          <Stack gap="3" role="status" aria-busy="true" aria-label={t('analytics:loading')}>
            <Skeleton height="9" width="50%" />
            <Skeleton height="24" />
          </Stack>
        ) : view ? (
          <AnalysisView auth={data} logic={logic.analysis} />
        ) : (
          <ReportList auth={data} />
        )}
      </Stack>
    </Container>
  );
}

function ScopeLine({ scope }: { scope: BiAuth['scope'] }) {
  const { t } = useTranslation('analytics');
  return <Text color="fg.muted">{t(`analytics:scope.${scope.kind}`, { label: scope.label ?? '' })}</Text>;
}

function ReportList({ auth }: { auth: BiAuth }) {
  const { t } = useTranslation('analytics');
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">
        {t('analytics:title')}
      </Heading>
      <ScopeLine scope={auth.scope} />
      {auth.asOf === null && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('analytics:noSnapshot')}</Alert.Title>
        </Alert.Root>
      )}
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="3" aria-label={t('analytics:reportsLabel')}>
        {auth.reports.map((report) => (
          <li key={report}>
            <Link href={`/bi/view?report=${report}`} asChild>
              <ChakraLink display="block" h="full" _hover={{ textDecoration: 'none' }}>
                <Card.Root size="sm" h="full" _hover={{ borderColor: 'blue.solid' }}>
                  <Card.Body gap="1">
                    <Text fontWeight="semibold">{t(`analytics:report.${report}.title`)}</Text>
                    <Text color="fg.muted" fontSize="sm">
                      {t(`analytics:report.${report}.about`)}
                    </Text>
                  </Card.Body>
                </Card.Root>
              </ChakraLink>
            </Link>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function AnalysisView({ auth, logic }: { auth: BiAuth; logic: LoadLogic }) {
  const { t } = useTranslation('analytics');
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const parsed = reportName.safeParse(params.get('report'));
  if (!parsed.success || !auth.reports.includes(parsed.data)) {
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Title>{t('analytics:unknownReport')}</EmptyState.Title>
          <Link href="/bi" asChild>
            <Button variant="outline">{t('analytics:backToList')}</Button>
          </Link>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const report = parsed.data;
  const period = (ANALYSIS_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? params.get('period')! : '30d';
  const query: Record<string, string> = { period };
  for (const f of FILTERS) {
    const v = params.get(f);
    if (v && auth.filters[FILTER_OPTIONS[f]].some((o) => o.id === v)) query[f] = v;
  }
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams({ report, ...query });
    if (value) next.set(name, value);
    else next.delete(name);
    navigate(`/bi/view?${next}`);
  };
  const key = JSON.stringify({ report, query });
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t(`analytics:report.${report}.title`)}
        </Heading>
        <ScopeLine scope={auth.scope} />
      </Stack>
      <Filters auth={auth} query={query} onChange={setParam} />
      <AnalysisBody key={key} logic={logic} report={report} query={query} onOpen={navigate} />
    </Stack>
  );
}

function Filters({
  auth,
  query,
  onChange,
}: {
  auth: BiAuth;
  query: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation('analytics');
  return (
    <Wrap as="form" gap="3" aria-label={t('analytics:filters')} onSubmit={(e) => e.preventDefault()}>
      <Select label={t('analytics:filter.period')} value={query.period ?? '30d'} onChange={(v) => onChange('period', v)}>
        {ANALYSIS_PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(`analytics:period.${p}`)}
          </option>
        ))}
      </Select>
      {FILTERS.filter((f) => auth.filters[FILTER_OPTIONS[f]].length > 1 || query[f]).map((f) => (
        <Select key={f} label={t(`analytics:filter.${f}`)} value={query[f] ?? ''} onChange={(v) => onChange(f, v)}>
          <option value="">{t('analytics:filter.all')}</option>
          {auth.filters[FILTER_OPTIONS[f]].map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Select>
      ))}
    </Wrap>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  return (
    <Box as="label" display="flex" flexDirection="column" gap="1" fontSize="sm" minW="40">
      {label}
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}

function AnalysisBody({
  logic,
  report,
  query,
  onOpen,
}: {
  logic: LoadLogic;
  report: ReportName;
  query: Record<string, string>;
  onOpen: (href: string) => void;
}) {
  const { t } = useTranslation('analytics');
  const actor = useActorRef(logic, { input: { params: { report, query } } });
  const data = useSelector(actor, (s) => s.context.data as Analysis | null);
  const failure = useSelector(actor, (s) => s.context.failure);
  if (failure) return <LoadFailure failure={failure} onRetry={() => actor.send({ type: 'load.retry' })} />;
  if (!data) {
    return (
      <Stack gap="3" role="status" aria-busy="true" aria-label={t('analytics:loading')}>
        <Skeleton height="24" />
        <Skeleton height="64" />
      </Stack>
    );
  }
  return (
    <Stack gap="8">
      <Text color="fg.muted">{t('analytics:periodLine', { from: data.period.from, to: data.period.to })}</Text>
      <Kpis totals={data.totals} />
      {data.breakdowns.map((b) => (
        <Breakdown key={b.dimension} report={report} dimension={b.dimension} rows={b.rows} headline={data.headline} onOpen={onOpen} />
      ))}
      {data.trend.length > 0 && <Trend trend={data.trend} report={report} />}
      {data.vintage.length > 0 && <Vintage vintage={data.vintage} report={report} />}
      {data.migration.length > 0 && <Migration months={data.migration} report={report} />}
    </Stack>
  );
}

const KPI_MEASURES: Measure[] = [
  'par1',
  'par7',
  'par30',
  'par90',
  'collectionRate',
  'grossReceivable',
  'activeLoans',
  'loansStarted',
  'depositsTaken',
  'writeOffRatio',
  'firstPaymentDefault',
  'ownershipRate',
  'stockTurn',
];

function Kpis({ totals }: { totals: MeasureRow }) {
  const { t, i18n } = useTranslation('analytics');
  const format = formatter(i18n.language);
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        {t('analytics:kpis')}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
        {KPI_MEASURES.map((m) => (
          <Card.Root key={m} size="sm" p="3" gap="1">
            <Text as="dt" fontSize="sm" color="fg.muted">
              {t(`analytics:measure.${m}`)}
            </Text>
            <Text as="dd" fontSize="xl" fontWeight="semibold" data-testid={`kpi-${m}`}>
              {format(m, totals[m])}
            </Text>
          </Card.Root>
        ))}
        <Card.Root size="sm" p="3" gap="1">
          <Text as="dt" fontSize="sm" color="fg.muted">
            {t('analytics:lockedNow')}
          </Text>
          <Text as="dd" fontSize="md" fontWeight="semibold">
            {t('analytics:lockedWhy', { arrears: totals.lockedArrears, stolen: totals.lockedStolen, lost: totals.lockedLost })}
          </Text>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}

const TABLE_MEASURES: Measure[] = [
  'activeLoans',
  'grossReceivable',
  'par1',
  'par30',
  'par90',
  'collectionRate',
  'loansStarted',
  'firstPaymentDefault',
  'stockTurn',
];

function rowLabel(t: (k: string) => string, dimension: Dimension, row: MeasureRow) {
  if (row.key === '0' && dimension === 'agent') return t('analytics:noAgent');
  if (row.key === '0' && dimension === 'shop_owner') return t('analytics:ownShops');
  return row.label;
}

function Breakdown({
  report,
  dimension,
  rows,
  headline,
  onOpen,
}: {
  report: ReportName;
  dimension: Dimension;
  rows: MeasureRow[];
  headline: Measure;
  onOpen: (href: string) => void;
}) {
  const { t, i18n } = useTranslation('analytics');
  const [measure, setMeasure] = useState<Measure>(headline);
  const format = formatter(i18n.language);
  const sorted = useMemo(() => [...rows].sort((a, b) => (b[measure] ?? -1) - (a[measure] ?? -1)), [rows, measure]);
  const title = t('analytics:chartTitle', { measure: t(`analytics:measure.${measure}`), dimension: t(`analytics:dimension.${dimension}`) });
  const csv = tableCsv([
    [t(`analytics:dimension.${dimension}`), ...MEASURES.map((m) => t(`analytics:measure.${m}`))],
    ...sorted.map((r) => [rowLabel(t, dimension, r), ...MEASURES.map((m) => r[m])]),
  ]);
  const columns = [measure, ...TABLE_MEASURES.filter((m) => m !== measure)];
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <Select label={t('analytics:measureLabel')} value={measure} onChange={(v) => setMeasure(v as Measure)}>
          {MEASURES.map((m) => (
            <option key={m} value={m}>
              {t(`analytics:measure.${m}`)}
            </option>
          ))}
        </Select>
      </HStack>
      {sorted.length === 0 ? (
        <Text color="fg.muted">{t('analytics:empty')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
          <Suspense fallback={<Skeleton height="48" />}>
            <Charts.Bar
              title={title}
              format={(v) => format(measure, v)}
              onOpen={onOpen}
              data={sorted.map((r) => ({
                key: r.key,
                label: rowLabel(t, dimension, r),
                value: r[measure],
                href: drillHref(dimension, r, measure),
                name: `${rowLabel(t, dimension, r)}: ${format(measure, r[measure])}`,
              }))}
            />
          </Suspense>
          <Stack gap="2">
            <TableFrame label={t('analytics:tableOf', { title })} maxH="96">
              <Table.Root size="sm" stickyHeader>
                <Table.Caption>{title}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader scope="col">{t(`analytics:dimension.${dimension}`)}</Table.ColumnHeader>
                    {columns.map((m) => (
                      <Table.ColumnHeader key={m} scope="col" textAlign="end">
                        {t(`analytics:measure.${m}`)}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {sorted.map((r) => {
                    const href = drillHref(dimension, r, measure);
                    return (
                      <Table.Row key={r.key}>
                        <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                          {href ? (
                            <ChakraLink
                              href={href}
                              onClick={(e) => {
                                e.preventDefault();
                                onOpen(href);
                              }}
                            >
                              {rowLabel(t, dimension, r)}
                            </ChakraLink>
                          ) : (
                            rowLabel(t, dimension, r)
                          )}
                        </Table.Cell>
                        {columns.map((m) => (
                          <Table.Cell key={m} textAlign="end">
                            {format(m, r[m])}
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </TableFrame>
            <Button asChild size="sm" variant="outline" alignSelf="start">
              <a href={csvHref(csv)} download={`${report}-${dimension}.csv`}>
                {t('analytics:exportCsv')}
              </a>
            </Button>
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Trend({ trend, report }: { trend: Analysis['trend']; report: ReportName }) {
  const { t, i18n } = useTranslation('analytics');
  const format = formatter(i18n.language);
  const title = t('analytics:trendTitle');
  const csv = tableCsv([
    [
      t('analytics:day'),
      t('analytics:measure.grossReceivable'),
      t('analytics:measure.par1'),
      t('analytics:measure.par30'),
      t('analytics:measure.par90'),
      t('analytics:measure.collectionRate'),
      t('analytics:measure.loansStarted'),
    ],
    ...trend.map((p) => [p.day, p.grossReceivable, p.par1, p.par30, p.par90, p.collectionRate, p.loansStarted]),
  ]);
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Stack gap="1">
          <Suspense fallback={<Skeleton height="48" />}>
            <Charts.Line
              title={title}
              labels={trend.map((p) => p.day)}
              format={(v) => format('par30', v)}
              series={[
                { name: t('analytics:measure.par1'), color: '#d97706', values: trend.map((p) => p.par1) },
                { name: t('analytics:measure.par30'), color: '#dc2626', values: trend.map((p) => p.par30) },
                { name: t('analytics:measure.par90'), color: '#7c3aed', values: trend.map((p) => p.par90) },
              ]}
            />
          </Suspense>
          <HStack gap="3" fontSize="sm" aria-hidden="true">
            <Badge style={{ background: '#d97706', color: 'white' }}>{t('analytics:measure.par1')}</Badge>
            <Badge style={{ background: '#dc2626', color: 'white' }}>{t('analytics:measure.par30')}</Badge>
            <Badge style={{ background: '#7c3aed', color: 'white' }}>{t('analytics:measure.par90')}</Badge>
          </HStack>
        </Stack>
        <Stack gap="2">
          <TableFrame label={t('analytics:tableOf', { title })} maxH="80">
            <Table.Root size="sm" stickyHeader>
              <Table.Caption>{title}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('analytics:day')}</Table.ColumnHeader>
                  {(['par1', 'par30', 'par90', 'collectionRate', 'loansStarted'] as const).map((m) => (
                    <Table.ColumnHeader key={m} scope="col" textAlign="end">
                      {t(`analytics:measure.${m}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {[...trend].reverse().map((p) => (
                  <Table.Row key={p.day}>
                    <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                      {p.day}
                    </Table.Cell>
                    {(['par1', 'par30', 'par90', 'collectionRate', 'loansStarted'] as const).map((m) => (
                      <Table.Cell key={m} textAlign="end">
                        {format(m, p[m])}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableFrame>
          <Button asChild size="sm" variant="outline" alignSelf="start">
            <a href={csvHref(csv)} download={`${report}-trend.csv`}>
              {t('analytics:exportCsv')}
            </a>
          </Button>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

const COHORT_COLORS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2'];

function Vintage({ vintage, report }: { vintage: Analysis['vintage']; report: ReportName }) {
  const { t, i18n } = useTranslation('analytics');
  const format = formatter(i18n.language);
  const title = t('analytics:vintageTitle');
  const ages = Array.from({ length: Math.max(0, ...vintage.map((v) => v.points.length)) }, (_, i) => i + 1);
  const recent = vintage.slice(-6);
  const csv = tableCsv([
    [t('analytics:cohort'), t('analytics:loans'), ...ages.map((a) => t('analytics:ageMonths', { age: a }))],
    ...vintage.map((v) => [v.cohort, v.loans, ...ages.map((a) => v.points.find((p) => p.age === a)?.ratio ?? null)]),
  ]);
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text color="fg.muted">{t('analytics:vintageAbout')}</Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Stack gap="1">
          <Suspense fallback={<Skeleton height="48" />}>
            <Charts.Line
              title={title}
              labels={ages.map((a) => t('analytics:ageMonths', { age: a }))}
              format={(v) => format('collectionRate', v)}
              series={recent.map((v, i) => ({
                name: v.cohort,
                color: COHORT_COLORS[i % COHORT_COLORS.length]!,
                values: ages.map((a) => v.points.find((p) => p.age === a)?.ratio ?? null),
              }))}
            />
          </Suspense>
          <Wrap gap="2" fontSize="sm" aria-hidden="true">
            {recent.map((v, i) => (
              <Badge key={v.cohort} style={{ background: COHORT_COLORS[i % COHORT_COLORS.length], color: 'white' }}>
                {v.cohort}
              </Badge>
            ))}
          </Wrap>
        </Stack>
        <Stack gap="2">
          <TableFrame label={t('analytics:tableOf', { title })}>
            <Table.Root size="sm">
              <Table.Caption>{title}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('analytics:cohort')}</Table.ColumnHeader>
                  {ages.map((a) => (
                    <Table.ColumnHeader key={a} scope="col" textAlign="end">
                      {t('analytics:ageMonths', { age: a })}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {vintage.map((v) => (
                  <Table.Row key={v.cohort}>
                    <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                      {t('analytics:cohortLine', { cohort: v.cohort, loans: v.loans })}
                    </Table.Cell>
                    {ages.map((a) => (
                      <Table.Cell key={a} textAlign="end">
                        {format('collectionRate', v.points.find((p) => p.age === a)?.ratio ?? null)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableFrame>
          <Button asChild size="sm" variant="outline" alignSelf="start">
            <a href={csvHref(csv)} download={`${report}-vintage.csv`}>
              {t('analytics:exportCsv')}
            </a>
          </Button>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

export { REPORTS };
