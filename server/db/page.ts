import type { Db, Queryable } from './port';

/**
 * A list page and its total in one round trip (issue 16, decision 041). Each statement costs the server a socket write,
 * a read and a parse of its answer, more than a list's own work once PostgreSQL has planned it. So a list selects its
 * total as a column of every row of its page (`totalColumn`), which PostgreSQL computes once per statement (an
 * uncorrelated subquery), and reads it back with `totalOf`.
 */
export interface PageTotal {
  /** A SELECT of one value: the number of rows the list holds. */
  total: string;
  /** The statement's parameters, which the total's SQL uses too. */
  params: unknown[];
  /** The total already known exactly (`countedTotal`): the page's statement then counts nothing. */
  known?: number | null;
  /** Keeps the total the page's statement counted (`countedTotal`). */
  keep?: (total: number) => void;
}

/** The select-list column that carries the total on each row of a page, or a placeholder when it is known. */
export const totalColumn = (page: Pick<PageTotal, 'total' | 'known'>) =>
  page.known === null || page.known === undefined ? `(${page.total}) AS total` : 'NULL::int AS total';

/**
 * The total the page's rows carry. An empty page (past the end, of no rows, or a limit of 0) has no row to carry it:
 * only then is it counted alone.
 */
export async function totalOf(db: Queryable, rows: ReadonlyArray<{ total?: unknown }>, page: PageTotal): Promise<number> {
  const known = page.known !== null && page.known !== undefined;
  return totalIn(
    rows[0] ?? (known ? undefined : (await db.query<{ total: unknown }>(`SELECT ${totalColumn(page)}`, page.params))[0]),
    page,
  );
}

/** The total a page's row carries (`totalColumn`), or the one already known; a counted one is kept (`countedTotal`). */
export function totalIn(row: { total?: unknown } | undefined, page: PageTotal): number {
  if (page.known !== null && page.known !== undefined) return page.known;
  const total = Number(row?.total ?? 0);
  page.keep?.(total);
  return total;
}

/** How many exact totals a Db keeps (the oldest goes first). */
const EXACT_TOTALS_KEPT = 500;
const exactTotals = new WeakMap<object, Map<string, { version: number; total: number }>>();

/**
 * An exact total kept while nothing has been written (decision 071). Where the Db's change feed moves on with every
 * write to any table (`everyWrite`: the embedded PGlite, whose only writer is this process), a count read at one
 * version is still the count at it: a list's next page, or the same page asked again, reads it from memory instead
 * of counting its rows again. Any write through the Db, by anyone, makes every kept total stale. A total is kept only
 * when the version did not move while it was counted. On PostgreSQL (other processes write) nothing is kept.
 *
 * `total` is the count's SQL and `params` its parameters: together they are the key.
 */
export function countedTotal(db: Queryable, page: PageTotal): PageTotal {
  const feed = (db as Partial<Db>).changes;
  if (!feed?.everyWrite || !feed.live) return page;
  const version = feed.version;
  const key = `${page.total}\u0000${JSON.stringify(page.params)}`;
  let kept = exactTotals.get(db);
  if (!kept) exactTotals.set(db, (kept = new Map()));
  const hit = kept.get(key);
  if (hit && hit.version === version) return { ...page, known: hit.total };
  const totals = kept;
  return {
    ...page,
    known: null,
    keep: (total) => {
      if (feed.version !== version || !feed.live) return;
      totals.delete(key);
      totals.set(key, { version, total });
      if (totals.size > EXACT_TOTALS_KEPT) totals.delete(totals.keys().next().value!);
    },
  };
}

/**
 * A page's bounds written into its statement: whole numbers the request schema has checked, never text. As literals
 * they let PostgreSQL plan the statement once per connection (decision 031); as parameters, `LIMIT $n` makes its
 * generic plan expect a tenth of the table, so every call is planned again.
 */
export const pageBounds = (limit: number, skip: number) => `LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(skip)}`;

/** How long a planner's estimate is kept before it is asked again (ms). */
export const ESTIMATE_KEPT_MS = 60_000;
/** How many estimates a Db keeps (the oldest goes first). */
const ESTIMATES_KEPT = 500;
const estimates = new WeakMap<object, Map<string, { value: unknown; at: number }>>();

/**
 * A planner's estimate kept per Db for ESTIMATE_KEPT_MS: it only moves when ANALYZE or autovacuum runs, so asking for
 * it on every page was a round trip for a figure that is an estimate anyway. Read again once the minute is over or
 * the clock went back.
 */
export async function keptEstimate<T>(db: object, key: string, read: () => Promise<T>, now: number): Promise<T> {
  let kept = estimates.get(db);
  if (!kept) estimates.set(db, (kept = new Map()));
  const hit = kept.get(key);
  if (hit && now - hit.at < ESTIMATE_KEPT_MS && now >= hit.at) return hit.value as T;
  const value = await read();
  kept.delete(key);
  kept.set(key, { value, at: now });
  if (kept.size > ESTIMATES_KEPT) kept.delete(kept.keys().next().value!);
  return value;
}

/**
 * `estimatedRows` (server/domain/shared.ts) kept per Db for a minute (keptEstimate). Whether the count is exact
 * (below `from` rows) is decided again each minute.
 */
export function keptEstimatedRows(
  db: Queryable,
  table: string,
  from: number,
  read: (db: Queryable, table: string, from: number) => Promise<number | null>,
  now = performance.now(),
): Promise<number | null> {
  return keptEstimate(db, `rows\u0000${table}\u0000${from}`, () => read(db, table, from), now);
}

/**
 * A list's total kept in list_totals (migrations 032, 034, 045, 050, 051): the sum of the named lists' counts, which
 * triggers move in the same transaction as the rows they count, so it is exact and reads a row a list. 0 when none is
 * kept. The names are the server's own constants, never a caller's text.
 */
export const keptTotal = (...lists: string[]) =>
  `SELECT coalesce(sum(t.total), 0)::int FROM list_totals t WHERE t.list IN (${lists.map((list) => `'${list.replaceAll("'", "''")}'`).join(', ')})`;

/**
 * A LEFT JOIN of the one row of `table` that a page's row names by key (`on`), looked up for each of the page's rows: a
 * LATERAL read of at most one row, which the planner keeps as a nested loop over the page. A plain join of a small
 * table (the demo's) it may make a hash or merge join instead, and then sort the page's rows again (decision 092).
 */
export const joinByKey = (table: string, alias: string, on: string) =>
  `LEFT JOIN LATERAL (SELECT ${alias}.* FROM ${table} ${alias} WHERE ${on} LIMIT 1) ${alias} ON true`;

/** The statement of a page read by `pageInOrder`. */
export interface OrderedPage {
  /** CTEs the statement reads (the page, as a rule), without WITH. */
  with?: string;
  /**
   * The list's total as one value (an uncorrelated subquery, computed once), or null when the caller knows it. It
   * reads no CTE of `with`: with the statement's parameters, its text is the key under which an exact total is kept
   * while nothing is written (`countedTotal`, decision 071).
   */
  total: string | null;
  /** What the answer shows of each row. */
  columns: string;
  /** The page's rows, first, and what they join. */
  from: string;
  /** The page's order: its own columns, in the order the page was cut in. */
  order: string;
}

/**
 * A page's rows with the list's total on each, in one round trip, and in the page's own order (decision 092). The
 * page is the statement's outer relation: joined by nested loops, its rows keep the order its index walk gave them, and
 * an ORDER BY of the page's own columns costs PostgreSQL nothing. The total's row as the outer relation, left-joined to
 * the page so that an empty page still carried it, made PostgreSQL sort the joined rows again (a sixth of a defaulters
 * page's statement on the embedded database). An empty page has no row to carry the total: it is then read in that
 * older shape, the total's one row left-joined to the empty page, with the same parameters.
 *
 * Where the Db's change feed hears of every write (the embedded PGlite), an exact total counted once is kept until
 * anything is written, and the page's statement then counts nothing (`countedTotal`, decision 071).
 */
export async function pageInOrder<T extends { total?: unknown }>(
  db: Queryable,
  sql: OrderedPage,
  params: unknown[],
): Promise<{ rows: T[]; total: number | null }> {
  const counted = sql.total === null ? null : countedTotal(db, { total: sql.total, params });
  const known = counted?.known ?? null;
  const head = sql.with ? `WITH ${sql.with} ` : '';
  const rows = await db.query<T>(
    `${head}SELECT ${counted === null || known !== null ? 'NULL::int' : sql.total} AS total, ${sql.columns} FROM ${sql.from} ORDER BY ${sql.order}`,
    params,
  );
  if (counted === null) return { rows, total: null };
  if (known !== null) return { rows, total: known };
  if (rows[0] !== undefined) return { rows, total: totalIn(rows[0], counted) };
  const [alone] = await db.query<{ total: unknown }>(
    `${head}SELECT t.total, x.* FROM (SELECT ${sql.total} AS total) t LEFT JOIN LATERAL (SELECT ${sql.columns} FROM ${sql.from}) x ON true`,
    params,
  );
  return { rows: [], total: totalIn(alone, counted) };
}
