import type { Queryable } from '../../db/port';
import type { Caller, Deps } from '../../deps';
import { DEFAULTER_CATEGORY_NAMES, HOME_STORE_ROWS, UNRECONCILED_WINDOW_DAYS, type HomeFigures } from '../../../src/contract/analytics';
import { allows } from '../../../src/contract/roles';
import { PROVIDERS } from '../../../src/contract/reconciliation';
import { addDays, daysBetween, eatDay, eatDayStart } from '../calendar';
import { defaulterCategories } from '../../../src/lib/defaulter-category';
import { emptyRow, measureRows } from './read-periods';
import { shared } from '../kept-answers';
import { n, ratio, windowOf } from './read-rollups';
import { trend } from './read-trend';
import { isoDay } from '../shared';
import { ANALYTICS_ACCESS, Where, scopeOf, type Scope } from './scope';

/** The home page's figures: each part only for who may see it. */
export async function homeFigures(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller): Promise<HomeFigures> {
  const db = deps.db;
  const now = deps.clock.now();
  const today = eatDay(now);
  let portfolio: HomeFigures['portfolio'] = null;
  const scope = await scopeOf(db, caller);
  if (allows(ANALYTICS_ACCESS, caller.roles)) {
    const w = await windowOf(db, today, '30d');
    portfolio = await shared(db, JSON.stringify(['portfolio', w.run, today, scope]), async () => {
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
    // How many wait: the pending counts kept per kind (migration 034, decision 044); the oldest: one probe of the
    // pending index per kind. Not every pending request read on each visit to the home page.
    const rows = await db.query(
      `SELECT k.queue, coalesce(sum(t.total), 0) AS waiting, min(o.oldest) AS oldest
         FROM request_kinds k
         LEFT JOIN list_totals t ON t.list = 'requests:submitted:' || k.code
         LEFT JOIN LATERAL (SELECT min(r.submitted_at) AS oldest FROM requests r WHERE r.kind = k.code AND r.status = 'submitted') o ON true
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
 * reconciliation_runs (one row per uploaded statement; reconciliation_runs_period_idx), never the payments: the runs
 * that cover a day of the window, and each provider's last signed-off day, in one statement; the days are counted
 * here. Counted in SQL (each day of each provider against the runs), the statement was planned again on every call,
 * its parameters' dates deciding the plan: 1.6-2.6 ms a home page on the PGlite default, against 0.3 ms for the runs.
 */
async function reconciliationFigures(db: Queryable, today: string): Promise<NonNullable<HomeFigures['reconciliation']>> {
  const to = addDays(today, -1);
  const from = addDays(today, -UNRECONCILED_WINDOW_DAYS);
  const runs = await db.query<{ provider: string; status: string; period_from: string | null; period_to: string | null }>(
    `SELECT provider, status, ${isoDay('period_from')} AS period_from, ${isoDay('period_to')} AS period_to
       FROM reconciliation_runs WHERE period_to >= $1::date AND period_from <= $2::date AND status IN ('signed_off', 'open')
     UNION ALL
     SELECT provider, 'last', NULL, ${isoDay('max(period_to)')} FROM reconciliation_runs
      WHERE status = 'signed_off' AND period_from <= $2::date GROUP BY provider`,
    [from, to],
  );
  const covering = (provider: string, status: string, day: string) =>
    runs.some((r) => r.provider === provider && r.status === status && r.period_from! <= day && day <= r.period_to!);
  return {
    from,
    to,
    providers: PROVIDERS.map((provider) => {
      let unreconciledDays = 0;
      let awaitingSignOff = 0;
      for (let day = from; day <= to; day = addDays(day, 1)) {
        if (covering(provider, 'signed_off', day)) continue;
        unreconciledDays++;
        if (covering(provider, 'open', day)) awaitingSignOff++;
      }
      const lastReconciledDay = runs.find((r) => r.provider === provider && r.status === 'last')?.period_to ?? null;
      return { provider, unreconciledDays, awaitingSignOff, lastReconciledDay };
    }),
  };
}
