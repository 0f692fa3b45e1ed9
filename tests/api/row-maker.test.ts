import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowMaker, rowsNamed } from '../../server/db/row-maker';
import type { Db } from '../../server/db/port';
import { testDb } from '../support/api';

/**
 * Rows are read as arrays and named by a function compiled once per list of columns (decision 076). A caller of the
 * Db port must see what pg's and PGlite's own object rows gave: every column by its name, in the statement's order,
 * a repeated name with its last value.
 */

describe('rowMaker', () => {
  it('names each value by its column, in order', () => {
    const make = rowMaker(['id', 'name', 'balance']);
    const row = make([7, 'Asha Mwakyusa', 120_000]);
    expect(row).toEqual({ id: 7, name: 'Asha Mwakyusa', balance: 120_000 });
    expect(Object.keys(row)).toEqual(['id', 'name', 'balance']);
  });

  it('gives a repeated name its last value, in its first place', () => {
    const row = rowMaker(['id', 'n', 'id'])([1, 2, 3]);
    expect(row).toEqual({ id: 3, n: 2 });
    expect(Object.keys(row)).toEqual(['id', 'n']);
  });

  it('takes any text as a name, quotes and code included, and runs none of it', () => {
    const names = ['a"b', "it's", 'x}; globalThis.hacked = true; ({', 'jina la mteja', 'ñ 📱', '', '1'];
    const row = rowMaker(names)(names.map((_, i) => i));
    expect(Object.entries(row).sort()).toEqual(names.map((name, i) => [name, i]).sort());
    expect((globalThis as Record<string, unknown>).hacked).toBeUndefined();
  });

  it('makes a column named "__proto__" an own property of its row, never its prototype', () => {
    const row = rowMaker(['id', '__proto__', 'id'])([1, null, 2]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.entries(row)).toEqual([
      ['id', 2],
      ['__proto__', null],
    ]);
  });

  it('keeps one maker for a list of names, another for another list', () => {
    expect(rowMaker(['a', 'b'])).toBe(rowMaker(['a', 'b']));
    expect(rowMaker(['a', 'b'])([1, 2])).toEqual({ a: 1, b: 2 });
    expect(rowMaker(['a,b'])([1])).toEqual({ 'a,b': 1 });
    expect(rowMaker(['a\u0000b'])([1])).toEqual({ 'a\u0000b': 1 });
  });

  it('names every row of an answer, and an empty answer has none', () => {
    expect(rowsNamed(['id'], [[1], [2]])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rowsNamed(['id'], [])).toEqual([]);
  });
});

describe('a read through the Db port, each row named from its values', () => {
  let db: Db;
  beforeAll(async () => {
    db = await testDb();
  });
  afterAll(() => db.close());

  it('answers every column by its name, with its type, a repeated name with its last value', async () => {
    const rows = await db.query(
      `SELECT 1::int AS n, $1::text AS "jina la mteja", 2::bigint AS n, NULL::date AS "day", true AS locked
         FROM generate_series(1, 2)`,
      ['Asha'],
    );
    expect(rows).toEqual([
      { n: 2, 'jina la mteja': 'Asha', day: null, locked: true },
      { n: 2, 'jina la mteja': 'Asha', day: null, locked: true },
    ]);
    expect(Object.keys(rows[0]!)).toEqual(['n', 'jina la mteja', 'day', 'locked']);
  });

  it('answers the same statement with other columns after its table changed', async () => {
    await db.exec('CREATE TABLE row_shapes (id int PRIMARY KEY); INSERT INTO row_shapes VALUES (1)');
    expect(await db.query('SELECT * FROM row_shapes WHERE id = $1', [1])).toEqual([{ id: 1 }]);
    await db.exec("ALTER TABLE row_shapes ADD COLUMN label text NOT NULL DEFAULT 'simu'");
    expect(await db.query('SELECT * FROM row_shapes WHERE id = $1', [1])).toEqual([{ id: 1, label: 'simu' }]);
  });

  it('answers no rows for a statement that matches none', async () => {
    expect(await db.query('SELECT 1 AS one WHERE $1::int > 1', [0])).toEqual([]);
  });
});
