import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteDb } from '../../server/db/pglite';
import type { Db } from '../../server/db/port';
import { vacuumEmbedded, VACUUM_EVERY_MS } from '../../server/db/vacuum';

/**
 * The embedded database runs no autovacuum, so the server does its work there (docs/decisions/066 and 069): at its
 * start, then once a day from the ageing run's tick. Its planner gets statistics, dead rows are reclaimed, and a count
 * along an index reads no table rows.
 */

let pg: PGlite;
let db: Db;
const start = new Date('2026-11-30T06:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);

beforeAll(async () => {
  pg = await PGlite.create();
  db = pgliteDb(pg);
  await db.exec('CREATE TABLE payments (id serial PRIMARY KEY, loan_id int NOT NULL, amount int NOT NULL)');
  await db.exec('INSERT INTO payments (loan_id, amount) SELECT g % 300, 1000 FROM generate_series(1, 2000) g');
});
afterAll(() => pg.close());

/** The rows the planner believes the table holds: -1 while it has never been analysed. */
const plannerRows = async () =>
  (await db.query<{ rows: number }>("SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'payments'"))[0]!.rows;

describe('the embedded database, tended as autovacuum would', () => {
  it('has its planner statistics gathered at the start, then not again until a day has passed', async () => {
    expect(await plannerRows()).toBe(-1);
    await expect(vacuumEmbedded(db, start)).resolves.toBe(true);
    expect(await plannerRows()).toBe(2000);

    await db.exec('INSERT INTO payments (loan_id, amount) SELECT g % 300, 500 FROM generate_series(1, 2000) g');
    await expect(vacuumEmbedded(db, later(3_600_000))).resolves.toBe(false);
    expect(await plannerRows()).toBe(2000);
    await expect(vacuumEmbedded(db, later(VACUUM_EVERY_MS - 1))).resolves.toBe(false);

    await expect(vacuumEmbedded(db, later(VACUUM_EVERY_MS))).resolves.toBe(true);
    expect(await plannerRows()).toBe(4000);
  });

  it('gives back the room of deleted rows, and counts along an index without reading the table', async () => {
    const tended = pgliteDb(await PGlite.create());
    try {
      await tended.exec(`CREATE TABLE stock (id serial PRIMARY KEY, store_id int NOT NULL, status text NOT NULL);
        CREATE INDEX stock_store_idx ON stock (store_id, status);
        INSERT INTO stock (store_id, status) SELECT g % 40, 'in_stock' FROM generate_series(1, 20000) g;
        SET enable_seqscan = off; SET enable_bitmapscan = off;`);
      const pages = async () => (await tended.query<{ n: number }>("SELECT pg_relation_size('stock')::int / 8192 AS n"))[0]!.n;
      /** How many table rows a count of one store's stock reads beside its index entries. */
      const heapFetches = async () => {
        const plan = await tended.query<{ 'QUERY PLAN': string }>(
          "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT count(*) FROM stock WHERE store_id = 7 AND status = 'in_stock'",
        );
        const line = plan.map((row) => row['QUERY PLAN']).find((text) => text.includes('Heap Fetches'));
        return Number(line?.match(/Heap Fetches: (\d+)/)?.[1]);
      };
      expect(await heapFetches()).toBe(500);
      await tended.exec('DELETE FROM stock WHERE id > 10000');
      const before = await pages();
      await expect(vacuumEmbedded(tended, start)).resolves.toBe(true);
      expect(await pages()).toBeLessThanOrEqual(Math.ceil(before / 2));
      expect(await heapFetches()).toBe(0);
    } finally {
      await tended.close();
    }
  });

  it('is PGlite only: PostgreSQL is left to its autovacuum', async () => {
    const statements: string[] = [];
    const postgres = { kind: 'postgres', exec: async (sql: string) => void statements.push(sql) } as unknown as Db;
    await expect(vacuumEmbedded(postgres, start)).resolves.toBe(false);
    expect(statements).toEqual([]);
  });

  it('plans with a random page priced as on PostgreSQL (1.1), the pages being in memory', async () => {
    const opened = await openPglite();
    try {
      expect((await opened.query<{ random_page_cost: string }>('SHOW random_page_cost'))[0]!.random_page_cost).toBe('1.1');
    } finally {
      await opened.close();
    }
  });
});
