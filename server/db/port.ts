/**
 * The Db port: the only way server code reaches the database. Two adapters implement it,
 * PGlite (embedded, the default) and PostgreSQL (DATABASE_URL). int8/bigint columns come back
 * as JS numbers in both (TZS amounts and ids stay far below 2^53).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Inside a transaction, the Db it runs on: what a copy keeps per Db (server/domain/names.ts) may serve the
   * transaction's statements too, when it is as new as what their snapshot sees.
   */
  readonly outer?: Queryable;
}

/**
 * Tells a cache of rows read on every request (a session, its user and their roles: server/auth/session-cache.ts)
 * when what it holds may have changed. `version` moves on after every commit and every write statement made through
 * this Db, and (PostgreSQL) on every notice of migration 033's triggers, which any process changing a session, a
 * user or a group's roles sends. A kept row is good while the version is the one it was read under.
 */
export interface ChangeFeed {
  readonly version: number;
  /** False while other processes' changes cannot be seen (PostgreSQL: the LISTEN connection is down): keep nothing. */
  readonly live: boolean;
  /**
   * True when the version moves on with every write to any table (PGlite: this process is its only writer), so any
   * read kept at a version is still exact at it (page.ts's exact totals, decision 071). PostgreSQL's feed only hears
   * of sessions, users and roles.
   */
  readonly everyWrite?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  readonly changes: ChangeFeed;
  /** Runs fn in one transaction: commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
