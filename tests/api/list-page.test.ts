import { describe, expect, it } from 'vitest';
import { ESTIMATE_KEPT_MS, keptEstimatedRows, totalOf } from '../../server/db/page';
import type { Queryable } from '../../server/db/port';

/** server/db/page.ts: a page carries its total; a table's planner count is kept for a minute (decision 041). */

function countingDb(answer: unknown) {
  const asked: string[] = [];
  const db: Queryable = {
    async query<T>(sql: string) {
      asked.push(sql);
      return [{ total: answer }] as T[];
    },
  };
  return { db, asked };
}

describe('totalOf', () => {
  it('reads the total from the first row of the page, with no further query', async () => {
    const { db, asked } = countingDb(99);
    expect(await totalOf(db, [{ total: 7 }, { total: 7 }], { total: 'SELECT 7', params: [] })).toBe(7);
    expect(asked).toEqual([]);
  });

  it('counts alone when the page is empty (past the end, or a limit of 0)', async () => {
    const { db, asked } = countingDb(12);
    expect(await totalOf(db, [], { total: 'SELECT count(*) FROM t WHERE x = $1', params: [1] })).toBe(12);
    expect(asked).toEqual(['SELECT (SELECT count(*) FROM t WHERE x = $1) AS total']);
  });
});

describe('keptEstimatedRows', () => {
  it('reads a table once a minute per threshold, the exact-count answer (null) included', async () => {
    const { db } = countingDb(0);
    const reads: string[] = [];
    let rows: number | null = null;
    const read = async (_db: Queryable, table: string, from: number) => {
      reads.push(`${table} ${from}`);
      return rows;
    };
    expect(await keptEstimatedRows(db, 'inventory_items', 20_000, read, 1_000)).toBeNull();
    rows = 1_000_000;
    expect(await keptEstimatedRows(db, 'inventory_items', 20_000, read, 1_000 + ESTIMATE_KEPT_MS - 1)).toBeNull();
    expect(await keptEstimatedRows(db, 'inventory_items', 3_000, read, 2_000)).toBe(1_000_000);
    expect(await keptEstimatedRows(db, 'inventory_items', 20_000, read, 1_000 + ESTIMATE_KEPT_MS)).toBe(1_000_000);
    expect(reads).toEqual(['inventory_items 20000', 'inventory_items 3000', 'inventory_items 20000']);
    // Another database keeps its own.
    expect(await keptEstimatedRows(countingDb(0).db, 'inventory_items', 20_000, read, 1_000)).toBe(1_000_000);
    expect(reads).toHaveLength(4);
  });
});
