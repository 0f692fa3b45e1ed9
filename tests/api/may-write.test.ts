import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/port';
import { mayWrite } from '../../server/db/writes';
import { pgliteDb } from '../../server/db/pglite';

/**
 * Which statements move the embedded database's change feed (server/db/writes.ts): a write empties the kept sessions,
 * scopes and totals, so a read taken for a write costs every user's next call its statements again.
 */
describe('mayWrite', () => {
  it.each([
    ['SELECT 1', false],
    ['  with page AS (SELECT 1) SELECT * FROM page', false],
    ["EXPLAIN (FORMAT JSON) SELECT 1 FROM loans l WHERE l.status = 'active'", false],
    ['explain select * from loans', false],
    ['EXPLAIN (COSTS OFF, FORMAT JSON) WITH x AS (SELECT 1) SELECT * FROM x', false],
  ])('a read: %s', (sql, writes) => {
    expect(mayWrite(sql)).toBe(writes);
  });

  it.each([
    'INSERT INTO audit_log (action) VALUES ($1)',
    'UPDATE loans SET status = $1',
    'WITH moved AS (DELETE FROM sessions RETURNING id) SELECT count(*) FROM moved',
    'SELECT id FROM loans WHERE id = $1 FOR UPDATE',
    'CREATE INDEX x ON loans (id)',
    // ANALYZE runs the statement it plans.
    'EXPLAIN ANALYZE UPDATE loans SET status = $1',
    'EXPLAIN (ANALYZE, FORMAT JSON) SELECT 1',
    'EXPLAIN (FORMAT JSON, ANALYSE) SELECT 1',
    'EXPLAIN ANALYZE SELECT 1',
    // The old spelling of an option is taken for a write: a yes too many only empties the caches once more.
    'EXPLAIN VERBOSE SELECT 1',
    'EXPLAIN (FORMAT JSON) DELETE FROM sessions',
    'EXPLAIN (FORMAT JSON) INSERT INTO audit_log (action) VALUES (1)',
  ])('may write: %s', (sql) => {
    expect(mayWrite(sql)).toBe(true);
  });
});

describe("the embedded database's change feed", () => {
  let db: Db;
  beforeAll(async () => {
    db = pgliteDb(await PGlite.create());
    await db.query('CREATE TABLE kept (id int PRIMARY KEY, n int)');
  });
  afterAll(() => db.close());

  it('stays where it was for a planner estimate, and moves on for a write', async () => {
    const before = db.changes.version;
    const [plan] = await db.query<{ 'QUERY PLAN': unknown }>('EXPLAIN (FORMAT JSON) SELECT 1 FROM kept WHERE n > 0');
    expect(plan!['QUERY PLAN']).toBeDefined();
    expect(db.changes.version).toBe(before);
    await db.query('EXPLAIN (ANALYZE, FORMAT JSON) INSERT INTO kept VALUES (1, 1)');
    const afterAnalyze = db.changes.version;
    expect(afterAnalyze).toBeGreaterThan(before);
    expect(await db.query('SELECT id FROM kept')).toEqual([{ id: 1 }]);
    await db.query('UPDATE kept SET n = 2');
    expect(db.changes.version).toBeGreaterThan(afterAnalyze);
  });
});
