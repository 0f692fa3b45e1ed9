import type { Queryable } from '../../db/port';
import type { Deps } from '../../deps';
import { addDays, eatDay } from '../calendar';
import { rebuildCohorts, rollupVintage } from './refresh-cohorts';
import { refreshToday, rollupMissingTrend } from './refresh-daily';
import { rebuildMissingDays, rebuildMissingDaysInSql } from './refresh-history';
import { rebuildMigration, rollupMigration } from './refresh-migration';
import { rebuildPeriods } from './refresh-periods';
import { HISTORY_DAYS } from './snapshot-sql';

export { FPD_GRACE_DAYS, HISTORY_DAYS, MIGRATION_MONTHS, VINTAGE_MONTHS, WRITE_OFF_DAYS } from './snapshot-sql';
export { planHistory, rebuildDaysInSql, rebuildMissingDays, rebuildMissingDaysInSql } from './refresh-history';
export { rebuildMigration } from './refresh-migration';
export { rebuildPeriods } from './refresh-periods';

/**
 * The analytics snapshot tables (migration 015, decision 017), written by the ageing run right after it has aged
 * the loans (server/workers.ts):
 * - analytics_daily: today's row of the book, from the live loans (the same days_defaulted and loan_balance the
 *   defaulters list shows), rewritten on every run of the day, so the last run of a day is that day's snapshot;
 * - the days of the last HISTORY_DAYS with no row (a first start, or a server that was down) rebuilt from the loans'
 *   schedules and payments (late fees and extensions not known for a past day);
 * - analytics_cohorts and analytics_vintage, rebuilt once a day;
 * - the rollups of migration 026 (decision 029): the period tables (each analysis period's book, flows, cohort
 *   counts and stock turn, on every run) and the trend, vintage and migration without store and agent.
 * A dashboard then sums these pre-aggregated rows, never the loans.
 *
 * One file per step: refresh-daily (today and the trend), refresh-history (missing past days), refresh-periods,
 * refresh-cohorts (cohorts and vintage), refresh-migration; the shared SQL in snapshot-sql.
 */

export interface RefreshReport {
  day: string;
  cohorts: boolean;
}

/**
 * The ageing run's last step: the missing days of the last HISTORY_DAYS, then in one transaction (a dashboard never
 * reads half of it) today's snapshot and, once a day, the cohorts.
 */
export async function refreshAnalytics(deps: Pick<Deps, 'db'>, now: Date): Promise<RefreshReport> {
  // Missing history (a first start: months of days) is written outside the snapshot's transaction: on PGlite chunk
  // by chunk, each its own statement, so the portal's requests are served between the chunks instead of waiting for
  // the whole rebuild; on PostgreSQL set-based, a run of days at a time, while the pool's other connections serve.
  const today = eatDay(now);
  const [first, last] = [addDays(today, -HISTORY_DAYS), addDays(today, -1)];
  if (deps.db.kind === 'postgres') await rebuildMissingDaysInSql(deps.db, first, last);
  else await rebuildMissingDays(deps.db, first, last);
  return deps.db.transaction((tx) => refreshAnalyticsIn(tx, now));
}

/** Runs one step of the refresh; a caller that wants each step's time (the scale seed, bench:ageing) passes its own. */
export type StepTimer = <T>(step: string, work: () => Promise<T>) => Promise<T>;
const untimed: StepTimer = (_step, work) => work();

/**
 * refreshAnalytics inside a transaction already open (the demo seed's, which leaves the history to the first run).
 * `cohortsBuilt`: the caller has just rebuilt the cohorts and the migration as of today (the scale seed, on
 * connections of their own); the refresh rolls them up and records them as it would its own.
 */
export async function refreshAnalyticsIn(
  tx: Queryable,
  now: Date,
  options: { history?: boolean; cohortsBuilt?: boolean; timed?: StepTimer } = {},
): Promise<RefreshReport> {
  const timed = options.timed ?? untimed;
  const today = eatDay(now);
  if (options.history !== false) {
    await timed('missing days', () => rebuildMissingDays(tx, addDays(today, -HISTORY_DAYS), addDays(today, -1)));
  }
  await timed('today', () => refreshToday(tx, today));
  const [last] = await tx.query<{ day: string }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_refreshes WHERE part = 'cohorts'",
  );
  const cohorts = options.cohortsBuilt === true || last?.day !== today;
  if (cohorts && !options.cohortsBuilt) {
    await timed('cohorts and vintage', () => rebuildCohorts(tx, today));
    await timed('migration', () => rebuildMigration(tx, today));
  }
  // The region rollups with the cohorts, or the first time after migration 026.
  const [rolled] = await tx.query<{ ok: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM analytics_vintage_region) AND EXISTS (SELECT 1 FROM analytics_migration_region) AS ok',
  );
  if (cohorts || !rolled?.ok) {
    await timed('vintage and migration by region', async () => {
      await rollupVintage(tx);
      await rollupMigration(tx);
    });
  }
  await timed('missing trend days', () => rollupMissingTrend(tx, addDays(today, -HISTORY_DAYS), today));
  await timed('period tables', () => rebuildPeriods(tx, today, now));
  for (const part of cohorts ? ['daily', 'cohorts'] : ['daily']) {
    await tx.query(
      `INSERT INTO analytics_refreshes (part, day, refreshed_at) VALUES ($1, $2, $3)
       ON CONFLICT (part) DO UPDATE SET day = EXCLUDED.day, refreshed_at = EXCLUDED.refreshed_at`,
      [part, today, now],
    );
  }
  return { day: today, cohorts };
}
