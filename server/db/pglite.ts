import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable } from './port';

const parsers = { [types.INT8]: (value: string) => Number(value) };

function wrap(pg: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pg.query<T>(sql, params)).rows;
    },
  };
}

/** The embedded database: a data directory on disk, or memory when dataDir is undefined. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir, { parsers });
  return pgliteDb(pg);
}

export function pgliteDb(pg: PGlite): Db {
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
