import type { Queryable } from '../../db/port';
import type { Caller, Deps } from '../../deps';
import {
  AGEING_CATEGORIES,
  DEFAULTER_CATEGORY_NAMES,
  DIMENSIONS,
  HOME_STORE_ROWS,
  REPORTS,
  UNRECONCILED_WINDOW_DAYS,
  periodDays,
  type Analysis,
  type AnalysisPeriod,
  type BiAuth,
  type Dimension,
  type HomeFigures,
  type AgeingCategory,
  type Measure,
  type MeasureRow,
  type MigrationMonth,
  type ReportName,
} from '../../../src/contract/analytics';
import { allows } from '../../../src/contract/roles';
import { PROVIDERS } from '../../../src/contract/reconciliation';
import { addDays, daysBetween, eatDay, eatDayStart } from '../calendar';
import { defaulterCategories } from '../../../src/lib/defaulter-category';
import { MIGRATION_MONTHS } from './refresh';
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
  /** Ageing migration month to month (analytics_migration). */
  migration?: boolean;
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
  /** When the ageing run that wrote the period tables ran (null before the first). */
  run: string | null;
}

/**
 * The window of a period: it ends on the day of the last ageing run that wrote the period tables (decision 029), so
 * the period tables, the trend and the snapshot days agree.
 */
async function windowOf(db: Queryable, today: string, period: AnalysisPeriod): Promise<Window> {
  const [last] = await db.query<{ day: string | null; at: Date | string | null }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, refreshed_at AS at FROM analytics_refreshes WHERE part = 'periods' AND day <= $1",
    [today],
  );
  const asOf = last?.day ?? today;
  const days = periodDays[period];
  return { asOf, from: addDays(asOf, -(days - 1)), days, run: last?.at ? new Date(last.at).toISOString() : null };
}

/**
 * Answers read from the rollups, kept until the next ageing run rewrites them (decision 029): the key holds that
 * run's time, so a new run (on any copy of the server) makes every kept answer stale. The answer is kept as it is
 * being computed, so callers asking at once share one computation; a failure is not kept. At most ANSWERS_KEPT per
 * database, the least recently used dropped first; each caller gets its own copy.
 */
const ANSWERS_KEPT = 500;
const answers = new WeakMap<object, Map<string, Promise<unknown>>>();
async function remembered<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  let kept = answers.get(db);
  if (!kept) answers.set(db, (kept = new Map()));
  let answer = kept.get(key) as Promise<T> | undefined;
  if (answer) kept.delete(key);
  else {
    answer = compute();
    answer.catch(() => kept.delete(key));
  }
  kept.set(key, answer);
  if (kept.size > ANSWERS_KEPT) kept.delete(kept.keys().next().value!);
  return structuredClone(await answer);
}

/**
 * Which detail a call needs (decision 029): the agent's rows when it is about agents, a store's when it is about
 * stores (a shop owner's, or one store), else the rollups by region and store type, whose `s` is the row itself.
 */
type Grain = 'agent' | 'store' | 'region';
function grainOf(scope: Scope, f: Filters): Grain {
  if (scope.agentId !== undefined || f.agent !== undefined) return 'agent';
  if (scope.shopOwnerId !== undefined || f.store !== undefined) return 'store';
  return 'region';
}
const detailed = (table: string) => `${table} a JOIN stores s ON s.id = a.store_id`;
const byRegion = (table: string) => `${table} a CROSS JOIN LATERAL (SELECT a.region_id, a.store_type) s`;

/** Every measure per group (`key` an SQL expression, or 'total'), over the window and the conditions. */
async function measureRows(
  db: Queryable,
  key: string,
  w: Window,
  scope: Scope,
  f: Filters,
  spec: ReportSpec | null,
): Promise<MeasureRow[]> {
  const period = `${w.days}d`;
  const where = conditions(scope, f, spec, [period]);
  // The agent's rows only when the call is about agents: without them a tenth of the rows (decision 029).
  const table = grainOf(scope, f) === 'agent' || key.includes('a.agent_id') ? 'analytics_period' : 'analytics_period_store';
  const rows = await db.query(
    `SELECT ${key} AS key, sum(active_loans) AS active_loans, sum(gross_receivable) AS gross, sum(par1) AS par1, sum(par7) AS par7,
            sum(par30) AS par30, sum(par90) AS par90, sum(loans_late) AS loans_late, sum(locked_arrears) AS locked_arrears,
            sum(locked_stolen) AS locked_stolen, sum(locked_lost) AS locked_lost, sum(due_amount) AS due,
            sum(collected_amount) AS collected, sum(loans_started) AS started, sum(deposits_taken) AS deposits,
            sum(written_off) AS written_off, sum(gross_days) AS gross_days, sum(fpd_eligible) AS fpd_eligible, sum(fpd) AS fpd,
            sum(own_eligible) AS own_eligible, sum(owned) AS owned
       FROM ${detailed(table)} WHERE a.period = $1 AND ${where.sql} GROUP BY 1`,
    where.params,
  );
  const stock = await stockRows(db, key, period, scope, f, spec);
  const keys = new Set([...rows.map((d) => String(d.key)), ...stock.keys()]);
  const dailyByKey = new Map(rows.map((d) => [String(d.key), d]));
  return [...keys].map((k) => {
    const d = dailyByKey.get(k) ?? {};
    const gross = n(d.gross);
    const st = stock.get(k);
    const averageStock = st ? st.stockDays / w.days : 0;
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
      firstPaymentDefault: ratio(n(d.fpd), n(d.fpd_eligible)),
      ownershipRate: ratio(n(d.owned), n(d.own_eligible)),
      lockedArrears: n(d.locked_arrears),
      lockedStolen: n(d.locked_stolen),
      lockedLost: n(d.locked_lost),
      handsetsSold: st?.sold ?? 0,
      averageStock,
      stockTurn: st ? ratio(st.sold, averageStock) : null,
    };
  });
}

/**
 * Stock turn's parts per group (decision 017, "Stock turn"): handsets sold in the window and handset-days in stock,
 * per store and phone model as the ageing run wrote them for the period (analytics_period_stock, decision 029). Stock
 * belongs to a store and a model, not to an agent or a lock type: no figures there (an empty map).
 */
async function stockRows(
  db: Queryable,
  key: string,
  period: string,
  scope: Scope,
  f: Filters,
  spec: ReportSpec | null,
): Promise<Map<string, { sold: number; stockDays: number }>> {
  if (/a\.(agent_id|lock_type)/.test(key) || scope.agentId !== undefined || f.agent !== undefined || f.lock_type !== undefined) {
    return new Map();
  }
  const where = conditions(scope, f, spec, [period]);
  const rows = await db.query(
    `SELECT ${key} AS key, sum(handsets_sold) AS sold, sum(stock_days) AS stock_days
       FROM ${detailed('analytics_period_stock')} WHERE a.period = $1 AND ${where.sql} GROUP BY 1`,
    where.params,
  );
  return new Map(rows.map((r) => [String(r.key), { sold: n(r.sold), stockDays: n(r.stock_days) }]));
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
  handsetsSold: 0,
  averageStock: 0,
  stockTurn: null,
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
  const from = grainOf(scope, f) === 'region' ? byRegion('analytics_trend_region') : detailed('analytics_daily');
  const rows = await db.query(
    `SELECT to_char(a.day, 'YYYY-MM-DD') AS day, sum(gross_receivable) AS gross, sum(par1) AS par1, sum(par30) AS par30,
            sum(par90) AS par90, sum(due_amount) AS due, sum(collected_amount) AS collected, sum(loans_started) AS started
       FROM ${from}
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
       FROM ${grainOf(scope, f) === 'region' ? byRegion('analytics_vintage_region') : detailed('analytics_vintage')}
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

/** The flows of each of the last months between the ageing categories, summed over the scope and filters. */
async function migration(db: Queryable, today: string, scope: Scope, f: Filters, spec: ReportSpec): Promise<MigrationMonth[]> {
  const where = conditions(scope, f, spec, []);
  const rows = await db.query(
    `SELECT to_char(a.month_end, 'YYYY-MM-DD') AS month_end, a.from_category, a.to_category, sum(a.loans) AS loans,
            sum(a.balance_from) AS balance_from, sum(a.balance_to) AS balance_to
       FROM ${grainOf(scope, f) === 'region' ? byRegion('analytics_migration_region') : detailed('analytics_migration')}
      WHERE ${where.sql} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    where.params,
  );
  const order = (c: unknown) => AGEING_CATEGORIES.indexOf(c as AgeingCategory);
  // Every one of the last MIGRATION_MONTHS months, with or without flows, oldest first.
  const months = new Map<string, MigrationMonth>();
  let end = addDays(`${today.slice(0, 8)}01`, -1);
  const ends: string[] = [];
  for (let i = 0; i < MIGRATION_MONTHS; i++) {
    ends.unshift(end);
    end = addDays(`${end.slice(0, 8)}01`, -1);
  }
  for (const e of ends) months.set(e, { monthEnd: e, previousMonthEnd: addDays(`${e.slice(0, 8)}01`, -1), flows: [] });
  for (const r of rows) {
    const month = months.get(String(r.month_end));
    if (!month) continue;
    month.flows.push({
      from: r.from_category as AgeingCategory,
      to: r.to_category as AgeingCategory,
      loans: n(r.loans),
      balanceFrom: n(r.balance_from),
      balanceTo: n(r.balance_to),
    });
  }
  for (const m of months.values()) m.flows.sort((a, b) => order(a.from) - order(b.from) || order(a.to) - order(b.to));
  return [...months.values()];
}

export async function analysis(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, report: ReportName, filters: Filters): Promise<Analysis> {
  requireAnalytics(caller);
  const scope = await scopeOf(deps.db, caller);
  const spec = REPORT_SPECS[report];
  const today = eatDay(deps.clock.now());
  const w = await windowOf(deps.db, today, filters.period);
  const key = JSON.stringify(['analysis', w.run, today, report, scope, filters]);
  return remembered(deps.db, key, async () => {
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
export async function biAuth(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller): Promise<BiAuth> {
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
  return remembered(db, JSON.stringify(['auth', run, scope]), async () => ({
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

/** The home page's figures: each part only for who may see it. */
export async function homeFigures(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller): Promise<HomeFigures> {
  const db = deps.db;
  const now = deps.clock.now();
  const today = eatDay(now);
  let portfolio: HomeFigures['portfolio'] = null;
  const scope = await scopeOf(db, caller);
  if (allows(ANALYTICS_ACCESS, caller.roles)) {
    const w = await windowOf(db, today, '30d');
    portfolio = await remembered(db, JSON.stringify(['portfolio', w.run, today, scope]), async () => {
      const [total] = await measureRows(db, "'total'", w, scope, { period: '30d' }, null);
      return {
        today: { ...(total ?? emptyRow('total', 'total')), key: 'total', label: 'total' },
        trend: await trend(db, w, scope, { period: '30d' }, null),
      };
    });
  }
  let agent: HomeFigures['agent'] = null;
  const [me] = await db.query<{ id: number; store_id: number }>('SELECT id, store_id FROM agents WHERE admin_id = $1', [caller.adminId]);
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
      inStock: n(
        (await db.query("SELECT count(*) AS n FROM inventory_items WHERE store_id = $1 AND status = 'in_stock'", [me.store_id]))[0]?.n,
      ),
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
  const stores = scope.kind === 'shop_owner' || scope.kind === 'region' ? await storeFigures(db, today, scope) : null;
  const collector = (await isCollector(db, caller)) ? await collectorFigures(db, caller, today) : null;
  const finance = caller.roles.includes('VIEW_SUSPENSE_TRANSACTIONS') ? await financeFigures(db, today) : null;
  const reconciliation = caller.roles.includes('UPLOAD_RECONCILIATION_DOCUMENT') ? await reconciliationFigures(db, today) : null;
  return { portfolio, agent, approvals, stores, collector, finance, reconciliation };
}

/**
 * A shop owner's or region lead's stores: sales of the last 7 days and the arrears as of the last snapshot
 * (the 7-day period table by store, decision 029), stock in the shops now (inventory_items_store_idx). Only their stores.
 */
async function storeFigures(db: Queryable, today: string, scope: Scope): Promise<NonNullable<HomeFigures['stores']>> {
  const stores = new Where();
  if (scope.shopOwnerId !== undefined) stores.add((p) => `s.shop_owner_id = ${p}`, scope.shopOwnerId);
  if (scope.regionIds !== undefined) stores.add((p) => `s.region_id = ANY(${p}::bigint[])`, scope.regionIds);
  const rows = await db.query(
    `WITH st AS (SELECT s.id, s.name FROM stores s WHERE ${stores.sql}),
     d AS (SELECT a.store_id, sum(loans_started) AS sales, sum(deposits_taken) AS deposits, sum(active_loans) AS active,
                  sum(loans_late) AS late, sum(par30) AS par30, sum(gross_receivable) AS gross
             FROM analytics_period_store a WHERE a.period = '7d' AND a.store_id IN (SELECT id FROM st) GROUP BY a.store_id),
     i AS (SELECT store_id, count(*) AS stock FROM inventory_items
            WHERE status = 'in_stock' AND store_id IN (SELECT id FROM st) GROUP BY store_id)
     SELECT st.id::text AS store_id, st.name, d.sales, d.deposits, d.active, d.late, d.par30, d.gross, i.stock
       FROM st LEFT JOIN d ON d.store_id = st.id LEFT JOIN i ON i.store_id = st.id
      ORDER BY coalesce(d.par30, 0) DESC, st.name, st.id`,
    stores.params,
  );
  const figures = (r: Record<string, unknown>) => ({
    salesThisWeek: n(r.sales),
    depositsThisWeek: n(r.deposits),
    activeLoans: n(r.active),
    loansLate: n(r.late),
    par30Balance: n(r.par30),
    par30: ratio(n(r.par30), n(r.gross)),
    inStock: n(r.stock),
  });
  const sum = (k: string) => rows.reduce((t, r) => t + n(r[k]), 0);
  const totals = figures(Object.fromEntries(['sales', 'deposits', 'active', 'late', 'par30', 'gross', 'stock'].map((k) => [k, sum(k)])));
  const [snap] = await db.query<{ day: string | null }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_refreshes WHERE part = 'periods' AND day <= $1",
    [today],
  );
  return {
    scope: { kind: scope.kind, label: scope.label },
    asOf: snap?.day ?? null,
    totals,
    rows: rows.slice(0, HOME_STORE_ROWS).map((r) => ({ storeId: String(r.store_id), name: String(r.name), ...figures(r) })),
    storeCount: rows.length,
  };
}

/** A collector: holds the "my defaulters" role and either has loans assigned or no analytics view of the book. */
async function isCollector(db: Queryable, caller: Caller): Promise<boolean> {
  if (!caller.roles.includes('VIEW_MY_DEFAULTERS_LIST_REPORT')) return false;
  if (!allows(ANALYTICS_ACCESS, caller.roles)) return true;
  const [assigned] = await db.query('SELECT 1 FROM collection_cases WHERE collector_id = $1 LIMIT 1', [caller.adminId]);
  return Boolean(assigned);
}

const CATEGORY_SQL = `CASE ${defaulterCategories
  .map((c) => `WHEN l.days_defaulted >= ${c.minDays}${c.maxDays === null ? '' : ` AND l.days_defaulted <= ${c.maxDays}`} THEN '${c.name}'`)
  .join(' ')} END`;

/** The collector's list (collection_cases_collector_idx) by ageing category, promises due today and broken ones. */
async function collectorFigures(db: Queryable, caller: Caller, today: string): Promise<NonNullable<HomeFigures['collector']>> {
  const rows = await db.query<{ category: string; loans: number; due: number }>(
    `SELECT ${CATEGORY_SQL} AS category, count(*) AS loans, coalesce(sum(l.amount_due), 0) AS due
       FROM collection_cases k JOIN loans l ON l.id = k.loan_id
      WHERE k.collector_id = $1 AND l.status = 'active' AND l.days_defaulted > 0 GROUP BY 1`,
    [caller.adminId],
  );
  const byName = new Map(rows.map((r) => [String(r.category), r]));
  const [promises] = await db.query(
    `SELECT count(*) FILTER (WHERE p.promised_on = $2) AS today, coalesce(sum(p.amount) FILTER (WHERE p.promised_on = $2), 0) AS amount
       FROM collection_cases k JOIN payment_promises p ON p.loan_id = k.loan_id AND p.status = 'open'
      WHERE k.collector_id = $1`,
    [caller.adminId, today],
  );
  const [broken] = await db.query(
    `SELECT count(*) AS broken FROM collection_cases k JOIN loans l ON l.id = k.loan_id
      WHERE k.collector_id = $1 AND k.broken_promise_at IS NOT NULL AND l.status = 'active'`,
    [caller.adminId],
  );
  return {
    categories: DEFAULTER_CATEGORY_NAMES.map((category) => ({
      category,
      loans: n(byName.get(category)?.loans),
      amountDue: n(byName.get(category)?.due),
    })),
    promisesDueToday: n(promises?.today),
    promisedToday: n(promises?.amount),
    brokenPromises: n(broken?.broken),
  };
}

/** Money in suspense (the partial index transactions_suspended_idx holds only these payments). */
async function financeFigures(db: Queryable, today: string): Promise<NonNullable<HomeFigures['finance']>> {
  const over = eatDayStart(addDays(today, -7));
  const [row] = await db.query(
    `SELECT count(*) AS n, coalesce(sum(amount), 0) AS amount, min(date_processed) AS oldest,
            coalesce(sum(amount) FILTER (WHERE date_processed < $1), 0) AS over7
       FROM transactions WHERE status = 'suspended'`,
    [over],
  );
  const oldest = row?.oldest ? eatDay(new Date(row.oldest as string)) : null;
  return {
    suspenseCount: n(row?.n),
    suspenseAmount: n(row?.amount),
    oldestSuspenseDays: oldest ? Math.max(0, daysBetween(oldest, today)) : null,
    suspenseOver7Days: n(row?.over7),
  };
}

/**
 * Unreconciled days (decision 029): per provider, each EAT day of the window (the UNRECONCILED_WINDOW_DAYS up to
 * yesterday: today's statement cannot exist yet) that no signed-off reconciliation run of that provider covers
 * (period_from <= day <= period_to), and of those the days an uploaded run still awaits sign-off for. Read from
 * reconciliation_runs (one row per uploaded statement; reconciliation_runs_period_idx), never the payments.
 */
async function reconciliationFigures(db: Queryable, today: string): Promise<NonNullable<HomeFigures['reconciliation']>> {
  const to = addDays(today, -1);
  const from = addDays(today, -UNRECONCILED_WINDOW_DAYS);
  const rows = await db.query<{ provider: string; unreconciled: number; awaiting: number; last: string | null }>(
    `WITH r AS (SELECT provider, status, period_from, period_to FROM reconciliation_runs WHERE period_to >= $1::date AND period_from <= $2::date),
     d AS (SELECT p.provider, g::date AS day,
                  EXISTS (SELECT 1 FROM r WHERE r.provider = p.provider AND r.status = 'signed_off' AND g::date BETWEEN r.period_from AND r.period_to) AS signed,
                  EXISTS (SELECT 1 FROM r WHERE r.provider = p.provider AND r.status = 'open' AND g::date BETWEEN r.period_from AND r.period_to) AS uploaded
             FROM unnest($3::text[]) AS p(provider) CROSS JOIN generate_series($1::date, $2::date, interval '1 day') g)
     SELECT d.provider, count(*) FILTER (WHERE NOT d.signed) AS unreconciled, count(*) FILTER (WHERE NOT d.signed AND d.uploaded) AS awaiting,
            (SELECT to_char(max(x.period_to), 'YYYY-MM-DD') FROM reconciliation_runs x
              WHERE x.provider = d.provider AND x.status = 'signed_off' AND x.period_from <= $2::date) AS last
       FROM d GROUP BY d.provider`,
    [from, to, [...PROVIDERS]],
  );
  const byProvider = new Map(rows.map((r) => [r.provider, r]));
  return {
    from,
    to,
    providers: PROVIDERS.map((provider) => {
      const r = byProvider.get(provider);
      return {
        provider,
        unreconciledDays: n(r?.unreconciled ?? UNRECONCILED_WINDOW_DAYS),
        awaitingSignOff: n(r?.awaiting),
        lastReconciledDay: r?.last ?? null,
      };
    }),
  };
}

export { DIMENSIONS };
