/**
 * Whether a statement may change a table: anything that does not start with SELECT or WITH, and a read that names
 * INSERT, UPDATE, DELETE or MERGE (a data-modifying WITH). A false "yes" (FOR UPDATE, a word in a string literal)
 * only empties a cache once too often. The answer is kept per statement text: the portal's SQL is a bounded set.
 *
 * A planner's estimate (`EXPLAIN` of a read, without ANALYZE, which would run it) writes nothing: counted as a write,
 * every list's estimated total asked again (once a minute, page.ts `keptEstimate`) emptied the embedded database's
 * kept sessions, scopes and totals, and the next call of every user read them again.
 */
const WRITES = /\b(INSERT|UPDATE|DELETE|MERGE)\b/i;
const READ = /^\s*(SELECT|WITH)\b/i;
/** `EXPLAIN` and its options in parentheses (none of them ANALYZE), then the statement it plans. */
const PLAN_ONLY = /^\s*EXPLAIN\s*(\((?![^)]*\bANALY[SZ]E\b)[^)]*\))?\s*/i;
const known = new Map<string, boolean>();

export function mayWrite(sql: string): boolean {
  let writes = known.get(sql);
  if (writes === undefined) {
    const planned = sql.replace(PLAN_ONLY, '');
    writes = !READ.test(planned) || WRITES.test(planned);
    if (known.size < 5_000) known.set(sql, writes);
  }
  return writes;
}

/**
 * Whether an adapter runs the statement as a prepared one (postgres.ts, pglite.ts): one with parameters, or a read.
 * Anything else without parameters (DDL, SET, a script of several statements) goes as it is.
 */
export const prepares = (sql: string, params: unknown[]) => params.length > 0 || READ.test(sql);
