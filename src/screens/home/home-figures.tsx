import { Suspense, lazy, memo, useDeferredValue, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { HomeFigures as Figures, HomeStoreFigures } from '../../contract/home-figures';
import type { Measure } from '../../contract/measures';
import type { Provider } from '../../contract/providers';
import { csvHref, tableCsv } from '../../lib/csv';
import { MOBILE_MONEY_NAMES } from '../../lib/mobile-money';
import { useLiveLogic } from '../common/live-logic';
import { LoadFailure } from '../common/load-failure';
import { formatter } from '../analytics/format';

const LineChart = lazy(() => import('../analytics/charts').then((m) => ({ default: m.LineChart })));

const PORTFOLIO: Measure[] = ['par30', 'par1', 'collectionRate', 'grossReceivable', 'activeLoans', 'loansStarted'];

// Plain elements styled by home.css, as Chakra's cards, tables and links drew them (docs/decisions/049).

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="card figure">
      <dt className="figure-label">{label}</dt>
      <dd className="figure-value" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A table of figures: it scrolls sideways inside its frame, which the keyboard can reach and a screen reader names. */
function FigureTable({ label, caption, children }: { label: string; caption?: ReactNode; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="table">
        {caption && <caption>{caption}</caption>}
        {children}
      </table>
    </div>
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
  if (!data) return <div className="skeleton home-figures-skeleton" role="status" aria-busy="true" aria-label={t('analytics:loading')} />;
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
    <div className="home-stack">
      {data.portfolio && (
        <section className="home-section" aria-label={t('analytics:home.portfolio')}>
          <h2 className="home-heading">{t('analytics:home.portfolio')}</h2>
          <dl className="figures figures-6">
            {PORTFOLIO.map((m) => (
              <Figure key={m} label={t(`analytics:measure.${m}`)} value={format(m, data.portfolio!.today[m])} testId={`home-${m}`} />
            ))}
          </dl>
          {data.portfolio.trend.length > 1 && (
            <Suspense fallback={<div className="skeleton home-chart-skeleton" />}>
              <LineChart
                title={t('analytics:home.trend')}
                labels={data.portfolio.trend.map((p) => p.day)}
                format={(v) => format('par30', v)}
                series={[{ name: t('analytics:measure.par30'), color: '#dc2626', values: data.portfolio.trend.map((p) => p.par30) }]}
              />
            </Suspense>
          )}
          <Link href="~/bi" className="link link-start">
            {t('analytics:home.openAnalytics')}
          </Link>
        </section>
      )}
      {data.stores && <StoresFigures stores={data.stores} />}
      {data.collector && <CollectorFigures collector={data.collector} />}
      {data.finance && (
        <section className="home-section" aria-label={t('analytics:home.suspense')}>
          <h2 className="home-heading">{t('analytics:home.suspense')}</h2>
          <dl className="figures figures-4">
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
          </dl>
          <Link href="~/dashboard/suspense-transactions" className="link link-start">
            {t('analytics:home.openSuspense')}
          </Link>
        </section>
      )}
      {data.reconciliation && <ReconciliationFigures reconciliation={data.reconciliation} />}
      {data.agent && (
        <section className="home-section" aria-label={t('analytics:home.mine')}>
          <h2 className="home-heading">{t('analytics:home.mine')}</h2>
          <dl className="figures figures-4">
            <Figure label={t('analytics:home.salesThisWeek')} value={String(data.agent.salesThisWeek)} testId="home-sales" />
            <Figure label={t('analytics:home.depositsThisWeek')} value={money(data.agent.depositsThisWeek)} />
            <Figure label={t('analytics:home.customersInArrears')} value={String(data.agent.customersInArrears)} testId="home-arrears" />
            <Figure label={t('analytics:home.arrearsBalance')} value={money(data.agent.arrearsBalance)} />
            <Figure label={t('analytics:home.myStock')} value={String(data.agent.inStock)} testId="home-stock" />
          </dl>
        </section>
      )}
      {data.approvals && (
        <section className="home-section" aria-label={t('analytics:home.approvals')}>
          <h2 className="home-heading">{t('analytics:home.approvals')}</h2>
          <FigureTable label={t('analytics:home.approvals')}>
            <thead>
              <tr>
                <th scope="col">{t('analytics:home.queue')}</th>
                <th scope="col" className="end">
                  {t('analytics:home.waiting')}
                </th>
                <th scope="col">{t('analytics:home.oldest')}</th>
              </tr>
            </thead>
            <tbody>
              {data.approvals.queues.map((q) => (
                <tr key={q.queue}>
                  <th scope="row">{t(`analytics:home.queueName.${q.queue}`, { defaultValue: q.queue })}</th>
                  <td className="end">{q.waiting}</td>
                  <td>{q.oldestSubmittedAt ? new Date(q.oldestSubmittedAt).toLocaleString(i18n.language) : t('analytics:home.none')}</td>
                </tr>
              ))}
            </tbody>
          </FigureTable>
        </section>
      )}
    </div>
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
    <section className="home-section" aria-label={title}>
      <h2 className="home-heading">
        {title}
        {stores.scope.label ? ` (${stores.scope.label})` : ''}
      </h2>
      <dl className="figures figures-4">
        <Figure label={t('analytics:home.salesWeek')} value={String(stores.totals.salesThisWeek)} testId="home-stores-sales" />
        <Figure label={t('analytics:home.loansLate')} value={String(stores.totals.loansLate)} testId="home-stores-late" />
        <Figure label={t('analytics:measure.par30')} value={format('par30', stores.totals.par30)} testId="home-stores-par30" />
        <Figure label={t('analytics:home.inStock')} value={String(stores.totals.inStock)} testId="home-stores-stock" />
      </dl>
      {stores.rows.length === 0 ? (
        <p className="home-muted">{t('analytics:home.noStores')}</p>
      ) : (
        <>
          <FigureTable
            label={t('analytics:home.storesTable')}
            caption={
              <>
                {stores.asOf ? t('analytics:home.storesAsOf', { day: stores.asOf }) : t('analytics:home.noSnapshot')}
                {stores.storeCount > stores.rows.length
                  ? ` ${t('analytics:home.worstStores', { shown: stores.rows.length, count: stores.storeCount })}`
                  : ''}
              </>
            }
          >
            <thead>
              <tr>
                <th scope="col">{t('analytics:home.store')}</th>
                {columns.map(([key, label]) => (
                  <th key={key} scope="col" className="end">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stores.rows.map((r) => (
                <tr key={r.storeId}>
                  <th scope="row">
                    <Link href={`~/bi/view?report=agent_analysis&store=${r.storeId}`} className="link">
                      {r.name}
                    </Link>
                  </th>
                  {columns.map(([key, , show]) => (
                    <td key={key} className="end">
                      {show(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </FigureTable>
          <a href={csvHref(csv)} download="my-stores.csv" className="link link-start">
            {t('analytics:exportCsv')}
          </a>
        </>
      )}
    </section>
  );
}

function CollectorFigures({ collector }: { collector: NonNullable<Figures['collector']> }) {
  const { t, i18n } = useTranslation('analytics');
  const format = formatter(i18n.language);
  const money = (v: number) => format('grossReceivable', v);
  const total = collector.categories.reduce((sum, c) => sum + c.loans, 0);
  return (
    <section className="home-section" aria-label={t('analytics:home.myList')}>
      <h2 className="home-heading">{t('analytics:home.myList')}</h2>
      <dl className="figures figures-3">
        <Figure label={t('analytics:home.myListLoans')} value={String(total)} testId="home-list-total" />
        <Figure
          label={t('analytics:home.promisesDueToday')}
          value={`${collector.promisesDueToday} · ${money(collector.promisedToday)}`}
          testId="home-promises-today"
        />
        <Figure label={t('analytics:home.brokenPromises')} value={String(collector.brokenPromises)} testId="home-promises-broken" />
      </dl>
      {total === 0 ? (
        <p className="home-muted">{t('analytics:home.emptyList')}</p>
      ) : (
        <FigureTable label={t('analytics:home.myListByCategory')} caption={t('analytics:home.myListByCategory')}>
          <thead>
            <tr>
              <th scope="col">{t('analytics:home.category')}</th>
              <th scope="col" className="end">
                {t('analytics:home.loans')}
              </th>
              <th scope="col" className="end">
                {t('analytics:home.amountDue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {collector.categories.map((c) => (
              <tr key={c.category}>
                <th scope="row">
                  <Link href={`~/dashboard/defaulters_list?category=${c.category}`} className="link">
                    {t(`analytics:home.categoryName.${c.category}`)}
                  </Link>
                </th>
                <td className="end">{c.loans}</td>
                <td className="end">{money(c.amountDue)}</td>
              </tr>
            ))}
          </tbody>
        </FigureTable>
      )}
      <Link href="~/dashboard/collection-worklist" className="link link-start">
        {t('analytics:home.openWorklist')}
      </Link>
    </section>
  );
}

/** The mobile-money networks' brand names: the same in every language. */
const PROVIDER_NAMES: Record<Provider, string> = MOBILE_MONEY_NAMES;

/** Finance: per provider, the days of the window that no signed-off reconciliation run covers (decision 029). */
function ReconciliationFigures({ reconciliation }: { reconciliation: NonNullable<Figures['reconciliation']> }) {
  const { t } = useTranslation('analytics');
  const total = reconciliation.providers.reduce((sum, p) => sum + p.unreconciledDays, 0);
  const awaiting = reconciliation.providers.reduce((sum, p) => sum + p.awaitingSignOff, 0);
  const days = (count: number) => t('analytics:home.days', { count });
  return (
    <section className="home-section" aria-label={t('analytics:home.reconciliation')}>
      <h2 className="home-heading">{t('analytics:home.reconciliation')}</h2>
      <dl className="figures figures-4">
        <Figure label={t('analytics:home.unreconciledDays')} value={days(total)} testId="home-unreconciled-days" />
        <Figure label={t('analytics:home.awaitingSignOff')} value={days(awaiting)} testId="home-awaiting-sign-off" />
      </dl>
      <FigureTable
        label={t('analytics:home.unreconciledTable')}
        caption={t('analytics:home.unreconciledWindow', { from: reconciliation.from, to: reconciliation.to })}
      >
        <thead>
          <tr>
            <th scope="col">{t('analytics:home.provider')}</th>
            <th scope="col" className="end">
              {t('analytics:home.unreconciledDays')}
            </th>
            <th scope="col" className="end">
              {t('analytics:home.awaitingSignOff')}
            </th>
            <th scope="col">{t('analytics:home.lastReconciled')}</th>
          </tr>
        </thead>
        <tbody>
          {reconciliation.providers.map((p) => (
            <tr key={p.provider}>
              <th scope="row">{PROVIDER_NAMES[p.provider]}</th>
              <td className="end">{p.unreconciledDays}</td>
              <td className="end">{p.awaitingSignOff}</td>
              <td>{p.lastReconciledDay ?? t('analytics:home.never')}</td>
            </tr>
          ))}
        </tbody>
      </FigureTable>
      <Link href="~/dashboard/reconciliation" className="link link-start">
        {t('analytics:home.openReconciliation')}
      </Link>
    </section>
  );
}
