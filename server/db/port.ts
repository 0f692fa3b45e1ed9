/**
 * The Db port: the only way server code reaches the database. Two adapters implement it,
 * PGlite (embedded, the default) and PostgreSQL (DATABASE_URL). int8/bigint columns come back
 * as JS numbers in both (TZS amounts and ids stay far below 2^53).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
