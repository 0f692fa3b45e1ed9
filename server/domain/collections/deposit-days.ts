import type { FirstDepositStatus } from '../../../src/contract/collections';
import type { Queryable } from '../../db/port';
import { addDays, eatDayStart } from '../calendar';

/**
 * The first deposits of a period counted from `first_deposit_days` (migration 030, decision 039): a row per EAT start
 * day, provider and status, kept by triggers in the same transaction as every wizard write, so a sum over it is the
 * exact count of the wizards, from at most a few hundred rows instead of the period's wizards. It has no store or
 * agent: a caller limited to some stores or an agent, or a filter by them, counts that narrow range by its index.
 *
 * The period and the filters are written into the statements as literals: they are days the request schema has
 * checked (YYYY-MM-DD) and the contract's own enums, never free text. A statement without parameters is planned
 * once per connection (decision 031), and the default period's text is the same all day.
 */

export interface DayFilter {
  provider?: string | undefined;
  statuses?: readonly FirstDepositStatus[] | undefined;
}

/** `column` within the EAT days `from` to `to` (inclusive), as a condition with the instants written in. */
export const periodSql = (column: string, from: string, to: string) =>
  `${column} >= '${eatDayStart(from).toISOString()}'::timestamptz AND ${column} < '${eatDayStart(addDays(to, 1)).toISOString()}'::timestamptz`;

const daysSql = (from: string, to: string) => `day BETWEEN '${from}'::date AND '${to}'::date`;

/** The wizards started from `from` to `to` with the provider and one of the statuses given, as a scalar subquery. */
export function wizardsOfDaysSql(from: string, to: string, filter: DayFilter = {}): string {
  const where = [daysSql(from, to)];
  if (filter.provider !== undefined) where.push(`provider = '${filter.provider}'`);
  if (filter.statuses !== undefined) where.push(`status IN (${filter.statuses.map((s) => `'${s}'`).join(', ')})`);
  return `(SELECT coalesce(sum(wizards), 0)::int FROM first_deposit_days WHERE ${where.join(' AND ')})`;
}

export async function wizardsOfDays(db: Queryable, from: string, to: string, filter: DayFilter = {}): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT ${wizardsOfDaysSql(from, to, filter)} AS n`);
  return Number(row?.n ?? 0);
}

/**
 * What tells one state of a period's wizards from a later one: the sum of the day rows' `changes`, which every write
 * to a wizard of those days adds to. An answer kept under it (customer conversion) is the answer until it moves.
 */
export async function changesOfDays(db: Queryable, from: string, to: string): Promise<string> {
  const [row] = await db.query<{ n: string }>(
    `SELECT coalesce(sum(changes), 0)::text AS n FROM first_deposit_days WHERE ${daysSql(from, to)}`,
  );
  return String(row?.n ?? '0');
}
