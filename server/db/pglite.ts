import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable } from './port';
import { mayWrite } from './writes';

const parsers = { [types.INT8]: (value: string) => Number(value) };

function wrap(pg: Pick<PGlite, 'query'>, wrote: () => void): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return (await pg.query<T>(sql, params)).rows;
      } finally {
        if (mayWrite(sql)) wrote();
      }
    },
  };
}

/** The embedded database: a data directory on disk, or memory when dataDir is undefined. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir, { parsers });
  return pgliteDb(pg);
}

export function pgliteDb(pg: PGlite): Db {
  // The data directory is this process's alone: every change to it is made through this Db, so the feed is always live.
  const changes = { version: 0, live: true };
  const wrote = () => void changes.version++;
  const db: Db = {
    kind: 'pglite',
    changes,
    ...wrap(pg, wrote),
    async transaction(fn) {
      try {
        return await pg.transaction((tx) => fn({ ...wrap(tx, wrote), outer: db }));
      } finally {
        wrote();
      }
    },
    exec: async (sql) => {
      try {
        await pg.exec(sql);
      } finally {
        wrote();
      }
    },
    close: () => pg.close(),
  };
  return db;
}
