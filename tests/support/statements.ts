import type { TestApi } from './api';

/** The statements the app runs for `fn`, recorded on the Db it was given. */
export async function statementsOf(api: TestApi, fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const db = api.db as { query: (sql: string, params?: unknown[]) => Promise<unknown[]> };
  const query = db.query;
  db.query = (sql, params) => {
    seen.push(sql);
    return query.call(api.db, sql, params);
  };
  try {
    await fn();
  } finally {
    db.query = query;
  }
  return seen;
}
