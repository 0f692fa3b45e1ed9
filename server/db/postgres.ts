import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable } from './port';
import { mayWrite, prepares } from './writes';
import { rowMaker, rowsMade, type RowMaker } from './row-maker';
import { DEFAULT_POOL_SIZE } from '../config';
import { installFastReads } from './pg-data-rows';
import { fastTimestamptz } from './timestamptz';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, fastTimestamptz(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ)));
installFastReads();

/**
 * Every statement with parameters runs as a named prepared statement (its name from its text), so PostgreSQL parses
 * and plans it once per connection instead of on every call: the portal's SQL is a bounded set of texts (filters
 * add clauses, values are always parameters). A plan made stale by a schema change ("cached plan must not change
 * result type") is retried once unnamed.
 */
const names = new Map<string, string>();
const nameOf = (sql: string) => {
  let name = names.get(sql);
  if (name === undefined) {
    name = `p${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
    if (names.size < 5_000) names.set(sql, name);
  }
  return name;
};

function wrap(client: pg.Pool | pg.PoolClient, wrote: () => void): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return await run<T>(client, sql, params);
      } finally {
        if (mayWrite(sql)) wrote();
      }
    },
  };
}

async function run<T>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[]): Promise<T[]> {
  // A read without parameters is prepared too: PostgreSQL then plans it once per connection (a statement with no
  // parameters always runs its one plan), which matters for the list pages, whose planning cost more than their
  // work. Anything else without parameters (DDL, SET, a script) goes as it is.
  if (!prepares(sql, params)) return (await client.query(sql)).rows as T[];
  try {
    return named<T>(await client.query({ name: nameOf(sql), text: sql, values: params, rowMode: 'array' }));
  } catch (error) {
    if ((error as { code?: string }).code !== '0A000') throw error;
    return named<T>(await client.query({ text: sql, values: params.length ? params : undefined, rowMode: 'array' }));
  }
}

/**
 * A statement's rows, read as arrays and named by a maker compiled once per list of columns (decision 076), kept by
 * its statement's description, which pg-data-rows.ts reads once per statement (decision 096).
 */
function named<T>(result: pg.QueryArrayResult): T[] {
  let make = makers.get(result.fields);
  if (make === undefined) {
    make = rowMaker(result.fields.map((field) => field.name));
    if (Object.isFrozen(result.fields)) makers.set(result.fields, make);
  }
  return rowsMade<T>(make, result.rows);
}
const makers = new WeakMap<readonly pg.FieldDef[], RowMaker>();

/** The notices migration 033's triggers send when a session, a user or a group's roles change. */
export const AUTH_CHANGES_CHANNEL = 'portal_auth_changes';

/**
 * The change feed of a PostgreSQL Db: its version moves on after this process's commits and write statements, and on
 * every notice other processes' changes send (one LISTEN connection, opened the first time `live` is asked). While
 * that connection is not listening the feed is not live; it is opened again a second after it is lost.
 */
function changeFeed(url: string) {
  let version = 0;
  let live = false;
  let listener: pg.Client | null = null;
  let closed = false;
  const lost = (client: pg.Client) => {
    if (listener !== client) return;
    live = false;
    version++;
    listener = null;
    void client.end().catch(() => undefined);
    if (!closed) setTimeout(listen, 1_000).unref();
  };
  const listen = () => {
    if (listener || closed) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'portal-auth-changes' });
    listener = client;
    client.on('notification', () => void version++);
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client
      .connect()
      .then(() => client.query(`LISTEN ${AUTH_CHANGES_CHANNEL}`))
      .then(() => {
        if (listener !== client) return;
        version++;
        live = true;
      })
      .catch(() => lost(client));
  };
  return {
    feed: {
      get version() {
        return version;
      },
      get live() {
        if (!listener && !closed) listen();
        return live;
      },
    },
    wrote: () => void version++,
    async close() {
      closed = true;
      live = false;
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** PostgreSQL through a pool; `schema` (tests) puts every table of this Db in its own schema. */
export async function openPostgres(url: string, schema?: string, poolSize = DEFAULT_POOL_SIZE): Promise<Db> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  // No JIT: the portal's statements are short index lookups and pages, for which compiling (100 ms and more on a
  // large table's count) costs far more than it saves; reports read pre-aggregated tables.
  // A random page read costs the planner 1.1 sequential ones, not PostgreSQL's default 4 (a spinning disk's): the
  // portal's database is on SSD and its hot pages in memory. With 4, a page's lookups in a small table were planned
  // as a sequential scan per row (decision 047).
  // Dates are written in ISO ('YYYY-MM-DD') whatever the server, the database or the role sets: the lists read a date's
  // own text as its day (isoDay, decision 079).
  const options = ['-c jit=off', '-c random_page_cost=1.1', '-c DateStyle=ISO', ...(schema ? [`-c search_path=${schema}`] : [])].join(' ');
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options });
  // A connection the database ends (a restart, a killed session) is an error on that connection, not a crash of the
  // server: the pool drops it and opens another.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  const changes = changeFeed(url);
  const wrote = changes.wrote;
  const db: Db = {
    kind: 'postgres',
    changes: changes.feed,
    ...wrap(pool, wrote),
    async transaction(fn) {
      const client = await pool.connect();
      // While checked out the pool does not listen for the connection's errors: a session ended under the
      // transaction fails the transaction (its work is rolled back by PostgreSQL), it must not crash the process.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({ ...wrap(client, wrote), outer: db });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch((rollback: Error) => (lost = rollback));
        throw error;
      } finally {
        wrote();
        client.off('error', onError);
        // A broken connection is closed, not handed to the next caller.
        client.release(lost);
      }
    },
    exec: async (sql) => {
      try {
        await pool.query(sql);
      } finally {
        wrote();
      }
    },
    async close() {
      await changes.close();
      if (schema) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await pool.end();
    },
  };
  return db;
}
