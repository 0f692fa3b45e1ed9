import type { Queryable } from '../../db/port';
import type { Dimension, MeasureRow } from '../../../src/contract/analytics';
import type { Scope } from './scope';
import { conditions, detailed, grainOf, n, ratio, type Filters, type ReportSpec, type Window } from './read-rollups';

/** The measures per group from the period tables (decision 029): totals, breakdowns and stock turn. */

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

/** Every measure per group (`key` an SQL expression, or 'total'), over the window and the conditions. */
export async function measureRows(
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

export const emptyRow = (key: string, label: string): MeasureRow => ({
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

export async function breakdown(db: Queryable, dim: Dimension, w: Window, scope: Scope, f: Filters, spec: ReportSpec) {
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
