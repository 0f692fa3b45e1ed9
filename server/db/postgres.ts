import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable } from './port';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

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

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      // A read without parameters is prepared too: PostgreSQL then plans it once per connection (a statement with no
      // parameters always runs its one plan), which matters for the list pages, whose planning cost more than their
      // work. Anything else without parameters (DDL, SET, a script) goes as it is.
      if (params.length === 0 && !/^\s*(SELECT|WITH)\b/i.test(sql)) return (await client.query(sql)).rows as T[];
      try {
        return (await client.query({ name: nameOf(sql), text: sql, values: params })).rows as T[];
      } catch (error) {
        if ((error as { code?: string }).code !== '0A000') throw error;
        return (await client.query(sql, params.length ? params : undefined)).rows as T[];
      }
    },
  };
}

/** PostgreSQL through a pool; `schema` (tests) puts every table of this Db in its own schema. */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  // No JIT: the portal's statements are short index lookups and pages, for which compiling (100 ms and more on a
  // large table's count) costs far more than it saves; reports read pre-aggregated tables.
  const options = ['-c jit=off', ...(schema ? [`-c search_path=${schema}`] : [])].join(' ');
  const pool = new pg.Pool({ connectionString: url, max: 10, options });
  // A connection the database ends (a restart, a killed session) is an error on that connection, not a crash of the
  // server: the pool drops it and opens another.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      // While checked out the pool does not listen for the connection's errors: a session ended under the
      // transaction fails the transaction (its work is rolled back by PostgreSQL), it must not crash the process.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch((rollback: Error) => (lost = rollback));
        throw error;
      } finally {
        client.off('error', onError);
        // A broken connection is closed, not handed to the next caller.
        client.release(lost);
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    async close() {
      if (schema) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await pool.end();
    },
  };
}
