import type { Queryable } from '../../db/port';
import { periodDays, type AnalysisPeriod, type Dimension, type Measure } from '../../../src/contract/analytics';
import { addDays } from '../calendar';
import { Where, scopeConditions, type Scope } from './scope';

/**
 * What every read of the rollups shares (decision 029): the caller's filters and the report's spec, the conditions
 * they make on a snapshot table `a` joined to its store `s`, the window a period reads, the grain of table a call
 * needs, and the answers kept until the next ageing run.
 */

export interface Filters {
  period: AnalysisPeriod;
  region?: number;
  store?: number;
  agent?: number;
  phone_model?: number;
  lock_type?: string;
}

export interface ReportSpec {
  dimensions: Dimension[];
  headline: Measure;
  trend: boolean;
  vintage: boolean;
  /** Dealer shops only (the "unbranded" shops, not the business's own main shops). */
  dealerShops?: boolean;
  /** Ageing migration month to month (analytics_migration). */
  migration?: boolean;
}

export const n = (v: unknown) => Number(v ?? 0);
export const ratio = (num: number, den: number) => (den > 0 ? num / den : null);

export function conditions(scope: Scope, f: Filters, spec: ReportSpec | null, params: unknown[]): Where {
  const where = scopeConditions(new Where(params), scope);
  if (f.region !== undefined) where.add((p) => `s.region_id = ${p}`, f.region);
  if (f.store !== undefined) where.add((p) => `a.store_id = ${p}`, f.store);
  if (f.agent !== undefined) where.add((p) => `a.agent_id = ${p}`, f.agent);
  if (f.phone_model !== undefined) where.add((p) => `a.phone_model_id = ${p}`, f.phone_model);
  if (f.lock_type !== undefined) where.add((p) => `a.lock_type = ${p}`, f.lock_type);
  if (spec?.dealerShops) where.raw("s.store_type = 'dealer_shop'");
  return where;
}

export interface Window {
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
export async function windowOf(db: Queryable, today: string, period: AnalysisPeriod): Promise<Window> {
  const [last] = await db.query<{ day: string | null; at: Date | string | null }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, refreshed_at AS at FROM analytics_refreshes WHERE part = 'periods' AND day <= $1",
    [today],
  );
  const asOf = last?.day ?? today;
  const days = periodDays[period];
  return { asOf, from: addDays(asOf, -(days - 1)), days, run: last?.at ? new Date(last.at).toISOString() : null };
}

/**
 * Which detail a call needs (decision 029): the agent's rows when it is about agents, a store's when it is about
 * stores (a shop owner's, or one store), else the rollups by region and store type, whose `s` is the row itself.
 */
export type Grain = 'agent' | 'store' | 'region';
export function grainOf(scope: Scope, f: Filters): Grain {
  if (scope.agentId !== undefined || f.agent !== undefined) return 'agent';
  if (scope.shopOwnerId !== undefined || f.store !== undefined) return 'store';
  return 'region';
}
export const detailed = (table: string) => `${table} a JOIN stores s ON s.id = a.store_id`;
export const byRegion = (table: string) => `${table} a CROSS JOIN LATERAL (SELECT a.region_id, a.store_type) s`;
