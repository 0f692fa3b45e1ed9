import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteDb } from '../../server/db/pglite';
import type { Db } from '../../server/db/port';
import { gatherPlannerStatistics, STATISTICS_EVERY_MS } from '../../server/db/statistics';

/**
 * The embedded database runs no autovacuum, so its planner has no statistics unless the server gathers them
 * (docs/decisions/066): at its start, then once a day from the ageing run's tick.
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

describe('the planner statistics of the embedded database', () => {
  it('are gathered at the start, then not again until a day has passed', async () => {
    expect(await plannerRows()).toBe(-1);
    await expect(gatherPlannerStatistics(db, start)).resolves.toBe(true);
    expect(await plannerRows()).toBe(2000);

    await db.exec('INSERT INTO payments (loan_id, amount) SELECT g % 300, 500 FROM generate_series(1, 2000) g');
    await expect(gatherPlannerStatistics(db, later(3_600_000))).resolves.toBe(false);
    expect(await plannerRows()).toBe(2000);
    await expect(gatherPlannerStatistics(db, later(STATISTICS_EVERY_MS - 1))).resolves.toBe(false);

    await expect(gatherPlannerStatistics(db, later(STATISTICS_EVERY_MS))).resolves.toBe(true);
    expect(await plannerRows()).toBe(4000);
  });

  it('are left to autovacuum on PostgreSQL', async () => {
    const statements: string[] = [];
    const postgres = { kind: 'postgres', exec: async (sql: string) => void statements.push(sql) } as unknown as Db;
    await expect(gatherPlannerStatistics(postgres, start)).resolves.toBe(false);
    expect(statements).toEqual([]);
  });

  it('are read with a random page priced as on PostgreSQL (1.1), the pages being in memory', async () => {
    const opened = await openPglite();
    try {
      expect((await opened.query<{ random_page_cost: string }>('SHOW random_page_cost'))[0]!.random_page_cost).toBe('1.1');
    } finally {
      await opened.close();
    }
  });
});
