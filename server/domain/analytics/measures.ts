import type { Caller, Deps } from '../../deps';
import { DIMENSIONS, REPORTS, type Analysis, type BiAuth, type ReportName } from '../../../src/contract/analytics';
import { eatDay } from '../calendar';
import { breakdown, emptyRow, measureRows } from './read-periods';
import { migration } from './read-migration';
import { keptJson } from '../kept-answers';
import type { JsonAnswer } from '../../json-answer';
import { windowOf, type Filters, type ReportSpec } from './read-rollups';
import { trend } from './read-trend';
import { vintage } from './read-vintage';
import { Where, requireAnalytics, scopeConditions, scopeOf, type Scope } from './scope';

export { BREAKDOWN_ROWS } from './read-periods';
export { homeFigures } from './home-figures';
export type { Filters } from './read-rollups';

/**
 * The measures of decision 017, read from the snapshot tables (migration 015) that the ageing run refreshes: an
 * analysis sums pre-aggregated rows per day and (store, agent, phone model, lock type), never the loans.
 *
 * The reads per rollup are beside this file: read-periods (totals, breakdowns, stock turn), read-trend,
 * read-vintage, read-migration, their shared parts in read-rollups; the home page in home-figures.
 */

const REPORT_SPECS: Record<ReportName, ReportSpec> = {
  bi_dashboard: { dimensions: [], headline: 'par30', trend: true, vintage: false },
  bi_analysis: { dimensions: ['region', 'phone_model', 'lock_type'], headline: 'par30', trend: true, vintage: true },
  shop_analysis: { dimensions: ['store'], headline: 'par30', trend: false, vintage: false },
  shop_owners_analysis: { dimensions: ['shop_owner'], headline: 'par30', trend: false, vintage: false },
  all_unbranded_analysis: { dimensions: ['store'], headline: 'par30', trend: true, vintage: false, dealerShops: true },
  agent_analysis: { dimensions: ['agent'], headline: 'par30', trend: false, vintage: false },
  bi_region: { dimensions: ['region'], headline: 'par30', trend: false, vintage: false },
  bi_store: { dimensions: ['store'], headline: 'par30', trend: false, vintage: false },
  bi_shop_owner: { dimensions: ['shop_owner'], headline: 'par30', trend: false, vintage: false },
  bi_agent: { dimensions: ['agent'], headline: 'par30', trend: false, vintage: false },
  bi_phone_model: { dimensions: ['phone_model'], headline: 'par30', trend: false, vintage: true },
  bi_lock_type: { dimensions: ['lock_type'], headline: 'lockedArrears', trend: false, vintage: false },
  ageing_migration: { dimensions: [], headline: 'par30', trend: false, vintage: false, migration: true },
};

/** The analyses worth opening in a scope (a shop owner by shop owner would be one bar). */
export function reportsFor(scope: Scope): ReportName[] {
  const pointless: Partial<Record<Scope['kind'], ReportName[]>> = {
    shop_owner: ['shop_owners_analysis', 'bi_shop_owner', 'bi_region'],
    region: ['bi_region'],
    agent: [
      'agent_analysis',
      'bi_agent',
      'shop_owners_analysis',
      'bi_shop_owner',
      'bi_region',
      'shop_analysis',
      'bi_store',
      'all_unbranded_analysis',
    ],
  };
  const hidden = pointless[scope.kind] ?? [];
  return REPORTS.filter((r) => !hidden.includes(r));
}

export async function analysis(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  report: ReportName,
  filters: Filters,
): Promise<JsonAnswer<Analysis>> {
  requireAnalytics(caller);
  const scope = await scopeOf(deps.db, caller);
  const spec = REPORT_SPECS[report];
  const today = eatDay(deps.clock.now());
  const w = await windowOf(deps.db, today, filters.period);
  const key = JSON.stringify(['analysis', w.run, today, report, scope, filters]);
  return keptJson(deps.db, key, async (): Promise<Analysis> => {
    const [total] = await measureRows(deps.db, "'total'", w, scope, filters, spec);
    const breakdowns = [];
    for (const dim of spec.dimensions) breakdowns.push(await breakdown(deps.db, dim, w, scope, filters, spec));
    return {
      report,
      asOf: w.asOf,
      period: { code: filters.period, from: w.from, to: w.asOf },
      scope: { kind: scope.kind, label: scope.label },
      totals: { ...(total ?? emptyRow('total', 'total')), key: 'total', label: 'total' },
      headline: spec.headline,
      breakdowns,
      trend: spec.trend ? await trend(deps.db, w, scope, filters, spec) : [],
      vintage: spec.vintage ? await vintage(deps.db, w, scope, filters, spec) : [],
      migration: spec.migration ? await migration(deps.db, today, scope, filters, spec) : [],
    };
  });
}

/** bi_auth: the scope, its analyses and the filter values inside it. */
export async function biAuth(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller): Promise<JsonAnswer<BiAuth>> {
  requireAnalytics(caller);
  const db = deps.db;
  const scope = await scopeOf(db, caller);
  const where = scopeConditions(new Where(), scope);
  const [last] = await db.query<{ day: string | null; at: Date | string | null }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, refreshed_at AS at FROM analytics_refreshes WHERE part = 'periods'",
  );
  const run = last?.at ? new Date(last.at).toISOString() : null;
  // The stores, agents, models and lock types that appear in the caller's rows of the 90-day period tables (which
  // hold every cohort's combination too); the agents from the table with the agent, the rest from the one without.
  const options = async (sql: string) =>
    (await db.query<{ id: string; label: string }>(sql, where.params)).map((o) => ({ id: String(o.id), label: String(o.label) }));
  const seen = (table: string, dims: string) =>
    `FROM (SELECT DISTINCT ${dims} FROM ${table} a JOIN stores s ON s.id = a.store_id
            WHERE a.period = '90d' AND ${where.sql}) a JOIN stores s ON s.id = a.store_id`;
  const combos = seen('analytics_period_store', 'a.store_id, a.phone_model_id, a.lock_type');
  return keptJson(db, JSON.stringify(['auth', run, scope]), async (): Promise<BiAuth> => ({
    scope: { kind: scope.kind, label: scope.label },
    reports: reportsFor(scope),
    filters: {
      regions: await options(`SELECT DISTINCT r.id::text AS id, r.name AS label ${combos} JOIN regions r ON r.id = s.region_id ORDER BY 2`),
      stores: await options(`SELECT DISTINCT s.id::text AS id, s.name AS label ${combos} ORDER BY 2`),
      agents:
        scope.kind === 'agent'
          ? []
          : await options(
              `SELECT DISTINCT g.id::text AS id, g.full_name AS label ${seen('analytics_period', 'a.store_id, a.agent_id')}
                 JOIN agents g ON g.id = a.agent_id ORDER BY 2 LIMIT 500`,
            ),
      phoneModels: await options(
        `SELECT DISTINCT m.id::text AS id, m.name AS label ${combos} JOIN phone_models m ON m.id = a.phone_model_id ORDER BY 2`,
      ),
      lockTypes: await options(`SELECT DISTINCT a.lock_type AS id, a.lock_type AS label ${combos} ORDER BY 1`),
    },
    asOf: last?.day ?? null,
  }));
}

export { DIMENSIONS };
