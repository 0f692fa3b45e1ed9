import type { Queryable } from '../db/port';
import { countedTotal, keptEstimate, type PageTotal } from '../db/page';
import { HttpError } from '../errors';

/** The small helpers every domain module uses, kept once here. */

/** A row as the database answers it: the SQL names the columns, so the domain reads them by name. */
export type Row = Record<string, any>;

/** Where a domain function runs its statements: the Db itself or an open transaction. */
export type Tx = Queryable;

/** A timestamp column as ISO 8601 (PGlite and pg answer Date or text), null and undefined as null. */
/** The default of AppConfig.estimateTotalsFromRows. */
export const ESTIMATE_TOTALS_FROM_ROWS = 20_000;

/**
 * A whole table's row count as the planner keeps it (ANALYZE and autovacuum refresh it), or null when that is below
 * `from` rows or unknown (never analyzed): then an exact count is cheap enough, or the only one there is.
 */
export async function estimatedRows(db: Queryable, table: string, from = ESTIMATE_TOTALS_FROM_ROWS): Promise<number | null> {
  const [row] = await db.query<{ n: number }>('SELECT reltuples::bigint AS n FROM pg_class WHERE oid = $1::regclass', [table]);
  const n = Number(row?.n ?? -1);
  return n >= 0 && n >= from ? n : null;
}

/**
 * How a list's total is known: the planner's estimate when it expects `from` rows or more (issue 16: counting a large
 * share of a large table reads it whole), else exactly: `count`, whose column (`totalColumn`) counts in the page's own
 * statement unless the total is already kept (decision 071). Which it is comes back with it, for the answer to say so
 * (`total_estimated`).
 */
export type ListTotal = { estimated: true; total: number } | { estimated: false; count: PageTotal };

/**
 * The total of a list over `fromWhere` (a query's FROM ... WHERE ...). The planner is asked (`EXPLAIN`) once a minute
 * per statement and parameters, not on every call: its estimate changes only when ANALYZE runs, and an answer that says
 * "about" may be a minute behind it. An exact total is counted in the page's statement, and kept only while nothing
 * at all has been written where the database's change feed hears of every write (PGlite, decision 071).
 */
export async function listTotal(
  db: Queryable,
  fromWhere: string,
  params: unknown[],
  now: Date,
  from = ESTIMATE_TOTALS_FROM_ROWS,
): Promise<ListTotal> {
  const key = `total\u0000${from}\u0000${fromWhere}\u0000${JSON.stringify(params)}`;
  const known = await keptEstimate(
    db,
    key,
    async () => {
      const [explained] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params);
      const json = explained?.['QUERY PLAN'];
      const plan = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: { 'Plan Rows': number } }>;
      return { expected: Math.round(Number(plan[0]?.Plan['Plan Rows'] ?? 0)) };
    },
    now.getTime(),
  );
  if (known.expected >= from) return { estimated: true, total: known.expected };
  return { estimated: false, count: countedTotal(db, { total: `SELECT count(*)::int ${fromWhere}`, params }) };
}

/**
 * A timestamp column as its text in UTC, 'YYYY-MM-DD HH:MM:SS[.ffffff]' whatever the session's time zone, which
 * `isoOfUtc` makes the ISO 8601 text `iso` gives: a list's rows then carry no Date for the driver to parse and the
 * server to format again (decision 040). PostgreSQL's own `to_char(…, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` wrote that
 * text itself, at a tenth of a defaulters page's statement on the embedded database (decision 091).
 */
export const utcSql = (column: string) => `(${column} AT TIME ZONE 'UTC')::text`;

/**
 * A `utcSql` column's text as ISO 8601 to the millisecond, as `toISOString` writes it: the fraction cut (not rounded)
 * to three digits, as `to_char`'s MS and a Date both do. Null stays null.
 */
export function isoOfUtc(text: unknown): string | null {
  if (text === null || text === undefined) return null;
  const utc = String(text);
  const fraction = utc.length > 20 ? utc.slice(20, 23).padEnd(3, '0') : '000';
  return `${utc.slice(0, 10)}T${utc.slice(11, 19)}.${fraction}Z`;
}

/**
 * A date column (or date arithmetic) as its day, 'YYYY-MM-DD': the date's own text, which both Db adapters have
 * PostgreSQL write in ISO (they pin DateStyle). `to_char(day, 'YYYY-MM-DD')` first turns the date into a timestamp with
 * a time zone and then formats that: on the demo data the defaulters' page statement took 7% longer with its four days
 * written that way, the loan extensions' queue 9.5% longer (decision 079). Only for a `date`: a timestamp's text is
 * not a day.
 */
export const isoDay = (date: string) => `(${date})::text`;

export const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** What a refusal may say beyond its reason: tries left, the fields at fault, when to try again. */
export type RefusalExtra = Pick<HttpError['extra'], 'left' | 'fields' | 'retryAfterSeconds'>;

/** A refusal on purpose: the status, a reason code the client translates, and a message for the log and the API. */
export const refuse = (status: 403 | 404 | 409 | 429, reason: string, message: string, extra: RefusalExtra = {}) =>
  new HttpError(status, message, { reason, ...extra });

/** The one answer for a customer that no MSISDN or ID finds, whichever area looks. */
export const customerNotFound = () => refuse(404, 'not_found', 'Customer record not found');

/**
 * A unique index refused the row (SQLSTATE 23505): two requests passed the same check before either committed.
 * The later one gets the check's own refusal, not a 500.
 */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
