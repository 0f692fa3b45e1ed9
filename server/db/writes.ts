/**
 * Whether a statement may change a table: anything that does not start with SELECT or WITH, and a read that names
 * INSERT, UPDATE, DELETE or MERGE (a data-modifying WITH). A false "yes" (FOR UPDATE, a word in a string literal)
 * only empties a cache once too often. The answer is kept per statement text: the portal's SQL is a bounded set.
 */
const WRITES = /\b(INSERT|UPDATE|DELETE|MERGE)\b/i;
const known = new Map<string, boolean>();

export function mayWrite(sql: string): boolean {
  let writes = known.get(sql);
  if (writes === undefined) {
    writes = !/^\s*(SELECT|WITH)\b/i.test(sql) || WRITES.test(sql);
    if (known.size < 5_000) known.set(sql, writes);
  }
  return writes;
}
