import { Suspense, lazy, memo, useDeferredValue, type ReactNode } from 'react';
import { Card, Heading, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { HomeFigures as Figures, HomeStoreFigures, Measure } from '../../contract/analytics';
import type { Provider } from '../../contract/reconciliation';
import { csvHref, tableCsv } from '../../lib/csv';
import { useLiveLogic } from '../common/live-logic';
import { LoadFailure } from '../common/load-failure';
import { formatter } from '../analytics/format';

const LineChart = lazy(() => import('../analytics/charts').then((m) => ({ default: m.LineChart })));

const PORTFOLIO: Measure[] = ['par30', 'par1', 'collectionRate', 'grossReceivable', 'activeLoans', 'loansStarted'];

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card.Root size="sm" p="3" gap="1">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="xl" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Card.Root>
  );
}

/** The home page's figures by role (issue 15): the portfolio, the agent's own, the approval queues, a shop owner's or
 * region lead's stores, a collector's list, finance's suspense and unreconciled days. What comes after them on the
 * page (`after`, the shortcuts) is drawn once they are there or have failed, so their arrival pushes nothing down
 * (a layout shift Lighthouse counted on the agent's dashboard, docs/decisions/038). */
export function HomeFigures({ after }: { after?: ReactNode }) {
  const { t } = useTranslation('analytics');
  const actor = useActorRef(useLiveLogic('homeFigures'), { input: {} });
  // The figures are drawn in a render React may pause between components (a deferred value), not in the one the
  // actor's update starts, which runs to its end: drawn at once, they were one of the dashboard's longest tasks on a
  // low-end phone (Lighthouse's total blocking time, issue 16). Until then the skeleton stays.
  const data = useDeferredValue(useSelector(actor, (s) => s.context.data as Figures | null));
  const failure = useSelector(actor, (s) => s.context.failure);
  if (failure) {
    return (
      <>
        <LoadFailure failure={failure} onRetry={() => actor.send({ type: 'load.retry' })} />
        {after}
      </>
    );
  }
  if (!data) return <Skeleton height="24" aria-busy="true" aria-label={t('analytics:loading')} />;
  return (
    <>
      <FiguresByRole data={data} />
      {after}
    </>
  );
}

const FiguresByRole = memo(function FiguresByRole({ data }: { data: Figures }) {
  const { t, i18n } = useTranslation('analytics');
  const format = formatter(i18n.language);
  const money = (v: number) => format('grossReceivable', v);
  return (
    <Stack gap="6">
      {data.portfolio && (
        <Stack as="section" gap="3" aria-label={t('analytics:home.portfolio')}>
          <Heading as="h2" size="md">
            {t('analytics:home.portfolio')}
          </Heading>
          <SimpleGrid as="dl" columns={{ base: 2, md: 3, xl: 6 }} gap="3">
            {PORTFOLIO.map((m) => (
              <Figure key={m} label={t(`analytics:measure.${m}`)} value={format(m, data.portfolio!.today[m])} testId={`home-${m}`} />
            ))}
          </SimpleGrid>
          {data.portfolio.trend.length > 1 && (
            <Suspense fallback={<Skeleton height="40" />}>
              <LineChart
                title={t('analytics:home.trend')}
                labels={data.portfolio.trend.map((p) => p.day)}
                format={(v) => format('par30', v)}
                series={[{ name: t('analytics:measure.par30'), color: '#dc2626', values: data.portfolio.trend.map((p) => p.par30) }]}
              />
            </Suspense>
          )}
          <Link href="~/bi" asChild>
            <ChakraLink alignSelf="start">{t('analytics:home.openAnalytics')}</ChakraLink>
          </Link>
        </Stack>
      )}
      {data.stores && <StoresFigures stores={data.stores} />}
      {data.collector && <CollectorFigures collector={data.collector} />}
      {data.finance && (
        <Stack as="section" gap="3" aria-label={t('analytics:home.suspense')}>
          <Heading as="h2" size="md">
            {t('analytics:home.suspense')}
          </Heading>
          <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
            <Figure label={t('analytics:home.suspenseCount')} value={String(data.finance.suspenseCount)} testId="home-suspense-count" />
            <Figure label={t('analytics:home.suspenseAmount')} value={money(data.finance.suspenseAmount)} testId="home-suspense-amount" />
            <Figure
              label={t('analytics:home.oldestSuspense')}
              value={
                data.finance.oldestSuspenseDays === null
                  ? t('analytics:home.none')
                  : t('analytics:home.days', { count: data.finance.oldestSuspenseDays })
              }
              testId="home-suspense-oldest"
            />
            <Figure label={t('analytics:home.suspenseOver7Days')} value={money(data.finance.suspenseOver7Days)} />
          </SimpleGrid>
          <Link href="~/dashboard/suspense-transactions" asChild>
            <ChakraLink alignSelf="start">{t('analytics:home.openSuspense')}</ChakraLink>
          </Link>
        </Stack>
      )}
      {data.reconciliation && <ReconciliationFigures reconciliation={data.reconciliation} />}
      {data.agent && (
        <Stack as="section" gap="3" aria-label={t('analytics:home.mine')}>
          <Heading as="h2" size="md">
            {t('analytics:home.mine')}
          </Heading>
          <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
            <Figure label={t('analytics:home.salesThisWeek')} value={String(data.agent.salesThisWeek)} testId="home-sales" />
            <Figure label={t('analytics:home.depositsThisWeek')} value={money(data.agent.depositsThisWeek)} />
            <Figure label={t('analytics:home.customersInArrears')} value={String(data.agent.customersInArrears)} testId="home-arrears" />
            <Figure label={t('analytics:home.arrearsBalance')} value={money(data.agent.arrearsBalance)} />
            <Figure label={t('analytics:home.myStock')} value={String(data.agent.inStock)} testId="home-stock" />
          </SimpleGrid>
        </Stack>
      )}
      {data.approvals && (
        <Stack as="section" gap="3" aria-label={t('analytics:home.approvals')}>
          <Heading as="h2" size="md">
            {t('analytics:home.approvals')}
          </Heading>
          <Table.ScrollArea tabIndex={0} aria-label={t('analytics:home.approvals')} borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('analytics:home.queue')}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col" textAlign="end">
                    {t('analytics:home.waiting')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{t('analytics:home.oldest')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.approvals.queues.map((q) => (
                  <Table.Row key={q.queue}>
                    <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                      {t(`analytics:home.queueName.${q.queue}`, { defaultValue: q.queue })}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{q.waiting}</Table.Cell>
                    <Table.Cell>
                      {q.oldestSubmittedAt ? new Date(q.oldestSubmittedAt).toLocaleString(i18n.language) : t('analytics:home.none')}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      )}
    </Stack>
  );
});

function StoresFigures({ stores }: { stores: NonNullable<Figures['stores']> }) {
  const { t, i18n } = useTranslation('analytics');
  const format = formatter(i18n.language);
  const money = (v: number) => format('grossReceivable', v);
  const title = stores.scope.kind === 'region' ? t('analytics:home.myRegion') : t('analytics:home.myStores');
  const columns: Array<[keyof HomeStoreFigures, string, (v: HomeStoreFigures) => string]> = [
    ['salesThisWeek', t('analytics:home.salesWeek'), (v) => String(v.salesThisWeek)],
    ['depositsThisWeek', t('analytics:home.depositsThisWeek'), (v) => money(v.depositsThisWeek)],
    ['activeLoans', t('analytics:measure.activeLoans'), (v) => String(v.activeLoans)],
    ['loansLate', t('analytics:home.loansLate'), (v) => String(v.loansLate)],
    ['par30', t('analytics:measure.par30'), (v) => format('par30', v.par30)],
    ['par30Balance', t('analytics:home.par30Balance'), (v) => money(v.par30Balance)],
    ['inStock', t('analytics:home.inStock'), (v) => String(v.inStock)],
  ];
  const csv = tableCsv([
    [t('analytics:home.store'), ...columns.map(([, label]) => label)],
    ...stores.rows.map((r) => [r.name, ...columns.map(([key]) => r[key])]),
  ]);
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
        {stores.scope.label ? ` (${stores.scope.label})` : ''}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
        <Figure label={t('analytics:home.salesWeek')} value={String(stores.totals.salesThisWeek)} testId="home-stores-sales" />
        <Figure label={t('analytics:home.loansLate')} value={String(stores.totals.loansLate)} testId="home-stores-late" />
        <Figure label={t('analytics:measure.par30')} value={format('par30', stores.totals.par30)} testId="home-stores-par30" />
        <Figure label={t('analytics:home.inStock')} value={String(stores.totals.inStock)} testId="home-stores-stock" />
      </SimpleGrid>
      {stores.rows.length === 0 ? (
        <Text color="fg.muted">{t('analytics:home.noStores')}</Text>
      ) : (
        <>
          <Table.ScrollArea tabIndex={0} aria-label={t('analytics:home.storesTable')} borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Caption>
                {stores.asOf ? t('analytics:home.storesAsOf', { day: stores.asOf }) : t('analytics:home.noSnapshot')}
                {stores.storeCount > stores.rows.length
                  ? ` ${t('analytics:home.worstStores', { shown: stores.rows.length, count: stores.storeCount })}`
                  : ''}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('analytics:home.store')}</Table.ColumnHeader>
                  {columns.map(([key, label]) => (
                    <Table.ColumnHeader key={key} scope="col" textAlign="end">
                      {label}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {stores.rows.map((r) => (
                  <Table.Row key={r.storeId}>
                    <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                      <Link href={`~/bi/view?report=agent_analysis&store=${r.storeId}`} asChild>
                        <ChakraLink>{r.name}</ChakraLink>
                      </Link>
                    </Table.Cell>
                    {columns.map(([key, , show]) => (
                      <Table.Cell key={key} textAlign="end">
                        {show(r)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <ChakraLink href={csvHref(csv)} download="my-stores.csv" alignSelf="start">
            {t('analytics:exportCsv')}
          </ChakraLink>
        </>
      )}
    </Stack>
  );
}

function CollectorFigures({ collector }: { collector: NonNullable<Figures['collector']> }) {
  const { t, i18n } = useTranslation('analytics');
  const format = formatter(i18n.language);
  const money = (v: number) => format('grossReceivable', v);
  const total = collector.categories.reduce((sum, c) => sum + c.loans, 0);
  return (
    <Stack as="section" gap="3" aria-label={t('analytics:home.myList')}>
      <Heading as="h2" size="md">
        {t('analytics:home.myList')}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 2, md: 3 }} gap="3">
        <Figure label={t('analytics:home.myListLoans')} value={String(total)} testId="home-list-total" />
        <Figure
          label={t('analytics:home.promisesDueToday')}
          value={`${collector.promisesDueToday} · ${money(collector.promisedToday)}`}
          testId="home-promises-today"
        />
        <Figure label={t('analytics:home.brokenPromises')} value={String(collector.brokenPromises)} testId="home-promises-broken" />
      </SimpleGrid>
      {total === 0 ? (
        <Text color="fg.muted">{t('analytics:home.emptyList')}</Text>
      ) : (
        <Table.ScrollArea tabIndex={0} aria-label={t('analytics:home.myListByCategory')} borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Caption>{t('analytics:home.myListByCategory')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('analytics:home.category')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  {t('analytics:home.loans')}
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  {t('analytics:home.amountDue')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {collector.categories.map((c) => (
                <Table.Row key={c.category}>
                  <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                    <Link href={`~/dashboard/defaulters_list?category=${c.category}`} asChild>
                      <ChakraLink>{t(`analytics:home.categoryName.${c.category}`)}</ChakraLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{c.loans}</Table.Cell>
                  <Table.Cell textAlign="end">{money(c.amountDue)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Link href="~/dashboard/collection-worklist" asChild>
        <ChakraLink alignSelf="start">{t('analytics:home.openWorklist')}</ChakraLink>
      </Link>
    </Stack>
  );
}

/** The mobile-money networks' brand names: the same in every language. */
const PROVIDER_NAMES: Record<Provider, string> = {
  mpesa: 'M-Pesa',
  tigo_pesa: 'Mixx by Yas (Tigo Pesa)',
  airtel_money: 'Airtel Money',
  halopesa: 'HaloPesa',
};

/** Finance: per provider, the days of the window that no signed-off reconciliation run covers (decision 029). */
function ReconciliationFigures({ reconciliation }: { reconciliation: NonNullable<Figures['reconciliation']> }) {
  const { t } = useTranslation('analytics');
  const total = reconciliation.providers.reduce((sum, p) => sum + p.unreconciledDays, 0);
  const awaiting = reconciliation.providers.reduce((sum, p) => sum + p.awaitingSignOff, 0);
  const days = (count: number) => t('analytics:home.days', { count });
  return (
    <Stack as="section" gap="3" aria-label={t('analytics:home.reconciliation')}>
      <Heading as="h2" size="md">
        {t('analytics:home.reconciliation')}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
        <Figure label={t('analytics:home.unreconciledDays')} value={days(total)} testId="home-unreconciled-days" />
        <Figure label={t('analytics:home.awaitingSignOff')} value={days(awaiting)} testId="home-awaiting-sign-off" />
      </SimpleGrid>
      <Table.ScrollArea tabIndex={0} aria-label={t('analytics:home.unreconciledTable')} borderWidth="1px" rounded="md">
        <Table.Root size="sm">
          <Table.Caption>{t('analytics:home.unreconciledWindow', { from: reconciliation.from, to: reconciliation.to })}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{t('analytics:home.provider')}</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                {t('analytics:home.unreconciledDays')}
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" textAlign="end">
                {t('analytics:home.awaitingSignOff')}
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col">{t('analytics:home.lastReconciled')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {reconciliation.providers.map((p) => (
              <Table.Row key={p.provider}>
                <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                  {PROVIDER_NAMES[p.provider]}
                </Table.Cell>
                <Table.Cell textAlign="end">{p.unreconciledDays}</Table.Cell>
                <Table.Cell textAlign="end">{p.awaitingSignOff}</Table.Cell>
                <Table.Cell>{p.lastReconciledDay ?? t('analytics:home.never')}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Link href="~/dashboard/reconciliation" asChild>
        <ChakraLink alignSelf="start">{t('analytics:home.openReconciliation')}</ChakraLink>
      </Link>
    </Stack>
  );
}
