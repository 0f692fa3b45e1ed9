import { describe, expect, it } from 'vitest';
import { ESTIMATE_KEPT_MS, joinByKey, keptEstimatedRows, pageInOrder, totalOf } from '../../server/db/page';
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

describe('pageInOrder (decision 092)', () => {
  /** A database that answers each statement with the next of `answers`, and keeps what it was asked. */
  function answering(...answers: unknown[][]) {
    const asked: Array<{ sql: string; params: unknown[] }> = [];
    const db: Queryable = {
      async query<T>(sql: string, params: unknown[] = []) {
        asked.push({ sql, params });
        return (answers.shift() ?? []) as T[];
      },
    };
    return { db, asked };
  }
  const page = {
    with: 'page AS (SELECT * FROM t WHERE x = $1 ORDER BY t.at, t.id LIMIT 2 OFFSET 0)',
    columns: 'r.id',
    order: 'r.at, r.id',
  };

  it('reads the page as the outer rows in its own order, the total on each row, in one statement', async () => {
    const { db, asked } = answering([
      { total: 5, id: 1 },
      { total: 5, id: 2 },
    ]);
    const read = await pageInOrder(db, { ...page, total: '(SELECT count(*) FROM t WHERE x = $1)', from: 'page r' }, [7]);
    expect(read).toEqual({
      rows: [
        { total: 5, id: 1 },
        { total: 5, id: 2 },
      ],
      total: 5,
    });
    expect(asked).toEqual([
      {
        sql: `WITH ${page.with} SELECT (SELECT count(*) FROM t WHERE x = $1) AS total, r.id FROM page r ORDER BY r.at, r.id`,
        params: [7],
      },
    ]);
  });

  it('reads the total of an empty page as the total row left-joined to the page, with the same parameters', async () => {
    const { db, asked } = answering([], [{ total: 3, id: null }]);
    const read = await pageInOrder(db, { ...page, total: '(SELECT count(*) FROM t WHERE x = $1)', from: 'page r' }, [7]);
    expect(read).toEqual({ rows: [], total: 3 });
    expect(asked[1]).toEqual({
      sql: `WITH ${page.with} SELECT t.total, x.* FROM (SELECT (SELECT count(*) FROM t WHERE x = $1) AS total) t LEFT JOIN LATERAL (SELECT r.id FROM page r) x ON true`,
      params: [7],
    });
  });

  it('counts nothing when the caller knows the total (an estimate, or a kept count)', async () => {
    const { db, asked } = answering([]);
    expect(await pageInOrder(db, { ...page, total: null, from: 'page r' }, [7])).toEqual({ rows: [], total: null });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.sql).toContain('SELECT NULL::int AS total, r.id FROM page r ORDER BY r.at, r.id');
  });

  it('joins a row by its key as a LATERAL read of at most one row', () => {
    expect(joinByKey('customers', 'c', 'c.id = r.customer_id')).toBe(
      'LEFT JOIN LATERAL (SELECT c.* FROM customers c WHERE c.id = r.customer_id LIMIT 1) c ON true',
    );
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
