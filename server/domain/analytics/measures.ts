import type { Queryable } from '../../db/port';
import type { Caller, Deps } from '../../deps';
import {
  DIMENSIONS,
  REPORTS,
  periodDays,
  type Analysis,
  type AnalysisPeriod,
  type BiAuth,
  type Dimension,
  type HomeFigures,
  type Measure,
  type MeasureRow,
  type ReportName,
} from '../../../src/contract/analytics';
import { allows } from '../../../src/contract/roles';
import { addDays, eatDay, eatDayStart } from '../calendar';
import { ANALYTICS_ACCESS, Where, requireAnalytics, scopeConditions, scopeOf, type Scope } from './scope';

/**
 * The measures of decision 017, read from the snapshot tables (migration 015) that the ageing run refreshes: an
 * analysis sums pre-aggregated rows per day and (store, agent, phone model, lock type), never the loans.
 */

export interface Filters {
  period: AnalysisPeriod;
  region?: number;
  store?: number;
  agent?: number;
  phone_model?: number;
  lock_type?: string;
}

interface ReportSpec {
  dimensions: Dimension[];
  headline: Measure;
  trend: boolean;
  vintage: boolean;
  /** Dealer shops only (the "unbranded" shops, not the business's own main shops). */
  dealerShops?: boolean;
}

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

const KEY: Record<Dimension, string> = {
  region: 's.region_id::text',
  store: 'a.store_id::text',
  shop_owner: 'coalesce(s.shop_owner_id, 0)::text',
  agent: 'a.agent_id::text',
  phone_model: 'a.phone_model_id::text',
  lock_type: 'a.lock_type',
};

const LABELS: Record<Exclude<Dimension, 'lock_type'>, string> = {
  region: 'SELECT id::text AS key, name AS label FROM regions WHERE id::text = ANY($1::text[])',
  store: 'SELECT id::text AS key, name AS label FROM stores WHERE id::text = ANY($1::text[])',
  shop_owner: 'SELECT id::text AS key, full_name AS label FROM shop_owners WHERE id::text = ANY($1::text[])',
  agent: 'SELECT id::text AS key, full_name AS label FROM agents WHERE id::text = ANY($1::text[])',
  phone_model: 'SELECT id::text AS key, name AS label FROM phone_models WHERE id::text = ANY($1::text[])',
};

const n = (v: unknown) => Number(v ?? 0);
const ratio = (num: number, den: number) => (den > 0 ? num / den : null);

function conditions(scope: Scope, f: Filters, spec: ReportSpec | null, params: unknown[]): Where {
  const where = scopeConditions(new Where(params), scope);
  if (f.region !== undefined) where.add((p) => `s.region_id = ${p}`, f.region);
  if (f.store !== undefined) where.add((p) => `a.store_id = ${p}`, f.store);
  if (f.agent !== undefined) where.add((p) => `a.agent_id = ${p}`, f.agent);
  if (f.phone_model !== undefined) where.add((p) => `a.phone_model_id = ${p}`, f.phone_model);
  if (f.lock_type !== undefined) where.add((p) => `a.lock_type = ${p}`, f.lock_type);
  if (spec?.dealerShops) where.raw("s.store_type = 'dealer_shop'");
  return where;
}

interface Window {
  asOf: string;
  from: string;
  days: number;
}

async function windowOf(db: Queryable, today: string, period: AnalysisPeriod): Promise<Window> {
  const [last] = await db.query<{ day: string | null }>(
    "SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM analytics_daily WHERE day <= $1",
    [today],
  );
  const asOf = last?.day ?? today;
  const days = periodDays[period];
  return { asOf, from: addDays(asOf, -(days - 1)), days };
}

/** Every measure per group (`key` an SQL expression, or 'total'), over the window and the conditions. */
async function measureRows(
  db: Queryable,
  key: string,
  w: Window,
  scope: Scope,
  f: Filters,
  spec: ReportSpec | null,
): Promise<MeasureRow[]> {
  const where = conditions(scope, f, spec, [w.from, w.asOf]);
  const daily = await db.query(
    `SELECT ${key} AS key,
            sum(active_loans) FILTER (WHERE a.day = $2) AS active_loans,
            sum(gross_receivable) FILTER (WHERE a.day = $2) AS gross,
            sum(par1) FILTER (WHERE a.day = $2) AS par1, sum(par7) FILTER (WHERE a.day = $2) AS par7,
            sum(par30) FILTER (WHERE a.day = $2) AS par30, sum(par90) FILTER (WHERE a.day = $2) AS par90,
            sum(loans_late) FILTER (WHERE a.day = $2) AS loans_late,
            sum(locked_arrears) FILTER (WHERE a.day = $2) AS locked_arrears,
            sum(locked_stolen) FILTER (WHERE a.day = $2) AS locked_stolen,
            sum(locked_lost) FILTER (WHERE a.day = $2) AS locked_lost,
            sum(due_amount) AS due, sum(collected_amount) AS collected, sum(loans_started) AS started,
            sum(deposits_taken) AS deposits, sum(written_off) AS written_off, sum(gross_receivable) AS gross_days
       FROM analytics_daily a JOIN stores s ON s.id = a.store_id
      WHERE a.day BETWEEN $1 AND $2 AND ${where.sql}
      GROUP BY 1`,
    where.params,
  );
  const cw = conditions(scope, f, spec, []);
  const cohorts = await db.query(
    `SELECT ${key} AS key, sum(fpd_eligible) AS fpd_eligible, sum(fpd) AS fpd, sum(own_eligible) AS own_eligible, sum(owned) AS owned
       FROM analytics_cohorts a JOIN stores s ON s.id = a.store_id WHERE ${cw.sql} GROUP BY 1`,
    cw.params,
  );
  const byKey = new Map(cohorts.map((c) => [String(c.key), c]));
  const keys = new Set([...daily.map((d) => String(d.key)), ...byKey.keys()]);
  const dailyByKey = new Map(daily.map((d) => [String(d.key), d]));
  return [...keys].map((k) => {
    const d = dailyByKey.get(k) ?? {};
    const c = byKey.get(k) ?? {};
    const gross = n(d.gross);
    const averageGross = n(d.gross_days) / w.days;
    return {
      key: k,
      label: k,
      activeLoans: n(d.active_loans),
      grossReceivable: gross,
      par1: ratio(n(d.par1), gross),
      par7: ratio(n(d.par7), gross),
      par30: ratio(n(d.par30), gross),
      par90: ratio(n(d.par90), gross),
      par30Balance: n(d.par30),
      loansLate: n(d.loans_late),
      collectionRate: ratio(n(d.collected), n(d.due)),
      collected: n(d.collected),
      due: n(d.due),
      loansStarted: n(d.started),
      depositsTaken: n(d.deposits),
      writtenOff: n(d.written_off),
      writeOffRatio: ratio(n(d.written_off), averageGross),
      firstPaymentDefault: ratio(n(c.fpd), n(c.fpd_eligible)),
      ownershipRate: ratio(n(c.owned), n(c.own_eligible)),
      lockedArrears: n(d.locked_arrears),
      lockedStolen: n(d.locked_stolen),
      lockedLost: n(d.locked_lost),
    };
  });
}

const emptyRow = (key: string, label: string): MeasureRow => ({
  key,
  label,
  activeLoans: 0,
  grossReceivable: 0,
  par1: null,
  par7: null,
  par30: null,
  par90: null,
  par30Balance: 0,
  loansLate: 0,
  collectionRate: null,
  collected: 0,
  due: 0,
  loansStarted: 0,
  depositsTaken: 0,
  writtenOff: 0,
  writeOffRatio: null,
  firstPaymentDefault: null,
  ownershipRate: null,
  lockedArrears: 0,
  lockedStolen: 0,
  lockedLost: 0,
});

/** At most this many rows per breakdown: the worst first by the report's headline measure. */
export const BREAKDOWN_ROWS = 50;

async function breakdown(db: Queryable, dim: Dimension, w: Window, scope: Scope, f: Filters, spec: ReportSpec) {
  const rows = await measureRows(db, KEY[dim], w, scope, f, spec);
  if (dim !== 'lock_type') {
    const labels = await db.query<{ key: string; label: string }>(LABELS[dim], [rows.map((r) => r.key)]);
    const named = new Map(labels.map((l) => [l.key, l.label]));
    for (const r of rows) r.label = named.get(r.key) ?? r.label;
  }
  const value = (r: MeasureRow) => r[spec.headline] ?? -1;
  rows.sort((a, b) => value(b) - value(a) || b.grossReceivable - a.grossReceivable || a.label.localeCompare(b.label));
  return { dimension: dim, rows: rows.slice(0, BREAKDOWN_ROWS) };
}

async function trend(db: Queryable, w: Window, scope: Scope, f: Filters, spec: ReportSpec | null) {
  const where = conditions(scope, f, spec, [w.from, w.asOf]);
  const rows = await db.query(
    `SELECT to_char(a.day, 'YYYY-MM-DD') AS day, sum(gross_receivable) AS gross, sum(par1) AS par1, sum(par30) AS par30,
            sum(par90) AS par90, sum(due_amount) AS due, sum(collected_amount) AS collected, sum(loans_started) AS started
       FROM analytics_daily a JOIN stores s ON s.id = a.store_id
      WHERE a.day BETWEEN $1 AND $2 AND ${where.sql} GROUP BY a.day ORDER BY a.day`,
    where.params,
  );
  return rows.map((r) => ({
    day: String(r.day),
    grossReceivable: n(r.gross),
    par1: ratio(n(r.par1), n(r.gross)),
    par30: ratio(n(r.par30), n(r.gross)),
    par90: ratio(n(r.par90), n(r.gross)),
    collectionRate: ratio(n(r.collected), n(r.due)),
    loansStarted: n(r.started),
  }));
}

/** Vintage curves of the cohorts that started in the 12 months before the window's end. */
async function vintage(db: Queryable, w: Window, scope: Scope, f: Filters, spec: ReportSpec) {
  const where = conditions(scope, f, spec, [addDays(w.asOf, -365)]);
  const rows = await db.query(
    `SELECT to_char(a.cohort, 'YYYY-MM') AS cohort, a.age_months AS age, sum(loans) AS loans, sum(cum_due) AS due, sum(cum_paid) AS paid
       FROM analytics_vintage a JOIN stores s ON s.id = a.store_id
      WHERE a.cohort >= date_trunc('month', $1::date) AND ${where.sql}
      GROUP BY 1, 2 ORDER BY 1, 2`,
    where.params,
  );
  const curves = new Map<string, { cohort: string; loans: number; points: Array<{ age: number; ratio: number | null }> }>();
  for (const r of rows) {
    const cohort = String(r.cohort);
    const curve = curves.get(cohort) ?? { cohort, loans: 0, points: [] };
    if (Number(r.age) === 1) curve.loans = n(r.loans);
    curve.points.push({ age: Number(r.age), ratio: ratio(n(r.paid), n(r.due)) });
    curves.set(cohort, curve);
  }
  return [...curves.values()];
}

export async function analysis(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, report: ReportName, filters: Filters): Promise<Analysis> {
  requireAnalytics(caller);
  const scope = await scopeOf(deps.db, caller);
  const spec = REPORT_SPECS[report];
  const w = await windowOf(deps.db, eatDay(deps.clock.now()), filters.period);
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
  };
}

/** bi_auth: the scope, its analyses and the filter values inside it. */
export async function biAuth(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller): Promise<BiAuth> {
  requireAnalytics(caller);
  const db = deps.db;
  const scope = await scopeOf(db, caller);
  const where = scopeConditions(new Where(), scope);
  // The stores, agents, models and lock types that appear in the caller's snapshot rows.
  const options = async (sql: string) =>
    (await db.query<{ id: string; label: string }>(sql, where.params)).map((o) => ({ id: String(o.id), label: String(o.label) }));
  const seen = `FROM (SELECT DISTINCT a.store_id, a.agent_id, a.phone_model_id, a.lock_type FROM analytics_cohorts a JOIN stores s ON s.id = a.store_id WHERE ${where.sql}) a JOIN stores s ON s.id = a.store_id`;
  const [last] = await db.query<{ day: string | null }>("SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM analytics_daily");
  return {
    scope: { kind: scope.kind, label: scope.label },
    reports: reportsFor(scope),
    filters: {
      regions: await options(`SELECT DISTINCT r.id::text AS id, r.name AS label ${seen} JOIN regions r ON r.id = s.region_id ORDER BY 2`),
      stores: await options(`SELECT DISTINCT s.id::text AS id, s.name AS label ${seen} ORDER BY 2`),
      agents:
        scope.kind === 'agent'
          ? []
          : await options(
              `SELECT DISTINCT g.id::text AS id, g.full_name AS label ${seen} JOIN agents g ON g.id = a.agent_id ORDER BY 2 LIMIT 500`,
            ),
      phoneModels: await options(
        `SELECT DISTINCT m.id::text AS id, m.name AS label ${seen} JOIN phone_models m ON m.id = a.phone_model_id ORDER BY 2`,
      ),
      lockTypes: await options(`SELECT DISTINCT a.lock_type AS id, a.lock_type AS label ${seen} ORDER BY 1`),
    },
    asOf: last?.day ?? null,
  };
}

/** The home page's figures: each part only for who may see it. */
export async function homeFigures(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller): Promise<HomeFigures> {
  const db = deps.db;
  const now = deps.clock.now();
  const today = eatDay(now);
  let portfolio: HomeFigures['portfolio'] = null;
  if (allows(ANALYTICS_ACCESS, caller.roles)) {
    const scope = await scopeOf(db, caller);
    const w = await windowOf(db, today, '30d');
    const [total] = await measureRows(db, "'total'", w, scope, { period: '30d' }, null);
    portfolio = {
      today: { ...(total ?? emptyRow('total', 'total')), key: 'total', label: 'total' },
      trend: await trend(db, w, scope, { period: '30d' }, null),
    };
  }
  let agent: HomeFigures['agent'] = null;
  const [me] = await db.query<{ id: number }>('SELECT id FROM agents WHERE admin_id = $1', [caller.adminId]);
  if (me) {
    // Live from the loans (indexed by agent): one agent's loans are few.
    const [row] = await db.query(
      `SELECT count(*) FILTER (WHERE started_at >= $2) AS sales, coalesce(sum(deposit_paid) FILTER (WHERE started_at >= $2), 0) AS deposits,
              count(*) FILTER (WHERE status = 'active' AND days_defaulted > 0) AS late,
              coalesce(sum(amount_due) FILTER (WHERE status = 'active' AND days_defaulted > 0), 0) AS arrears
         FROM loans WHERE agent_id = $1`,
      [me.id, eatDayStart(addDays(today, -6))],
    );
    agent = {
      salesThisWeek: n(row?.sales),
      depositsThisWeek: n(row?.deposits),
      customersInArrears: n(row?.late),
      arrearsBalance: n(row?.arrears),
    };
  }
  let approvals: HomeFigures['approvals'] = null;
  if (caller.roles.includes('VIEW_APPROVALS')) {
    const rows = await db.query(
      `SELECT k.queue, count(r.id) AS waiting, min(r.submitted_at) AS oldest
         FROM request_kinds k LEFT JOIN requests r ON r.kind = k.code AND r.status = 'submitted'
        GROUP BY k.queue ORDER BY k.queue`,
    );
    approvals = {
      queues: rows.map((r) => ({
        queue: String(r.queue),
        waiting: n(r.waiting),
        oldestSubmittedAt: r.oldest ? new Date(r.oldest as string).toISOString() : null,
      })),
    };
  }
  return { portfolio, agent, approvals };
}

export { DIMENSIONS };
