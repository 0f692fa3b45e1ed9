import { Suspense, lazy } from 'react';
import { Card, Heading, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { HomeFigures as Figures, Measure } from '../../contract/analytics';
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

/** The home page's figures by role (issue 15): the portfolio, the agent's own, the approval queues. */
export function HomeFigures() {
  const { t, i18n } = useTranslation('analytics');
  const actor = useActorRef(useLiveLogic('homeFigures'), { input: {} });
  const data = useSelector(actor, (s) => s.context.data as Figures | null);
  const failure = useSelector(actor, (s) => s.context.failure);
  const format = formatter(i18n.language);
  const money = (v: number) => format('grossReceivable', v);
  if (failure) return <LoadFailure failure={failure} onRetry={() => actor.send({ type: 'load.retry' })} />;
  if (!data) return <Skeleton height="24" aria-busy="true" aria-label={t('analytics:loading')} />;
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
}
