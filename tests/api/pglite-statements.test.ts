import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_PARSERS, pgliteDb } from '../../server/db/pglite';
import type { Db } from '../../server/db/port';

/**
 * The embedded database runs reads and statements with parameters as prepared statements of its one session
 * (decision 058). What a caller of the Db port sees must not change: the same rows and types, the data as it is now,
 * errors with their SQLSTATE, transactions kept apart from the statements around them, and a table's new columns.
 */

let pg: PGlite;
let db: Db;

beforeAll(async () => {
  pg = await PGlite.create({ parsers: EMBEDDED_PARSERS });
  db = pgliteDb(pg);
});
afterAll(() => pg.close());

// Each test has the table afresh, on the same session: the statements earlier tests prepared read the new table.
beforeEach(async () => {
  await db.exec(`
    DROP TABLE IF EXISTS things;
    CREATE TABLE things (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, price bigint, tags jsonb, seen_at timestamptz);
    INSERT INTO things (name, price, tags, seen_at) VALUES
      ('phone', 250000, '{"colour": "blue"}', '2026-11-29T08:00:00Z'),
      ('charger', NULL, NULL, NULL);`);
});

describe('a read through the Db port', () => {
  it('answers the rows and types PGlite itself gives, for values of every kind', async () => {
    const sql =
      'SELECT id, name, price, tags, seen_at FROM things WHERE id = ANY($1::bigint[]) AND ($2::text IS NULL OR name <> $2) ORDER BY id';
    const rows = await db.query(sql, [[1, 2], null]);
    expect(rows).toEqual([
      { id: 1, name: 'phone', price: 250000, tags: { colour: 'blue' }, seen_at: new Date('2026-11-29T08:00:00Z') },
      { id: 2, name: 'charger', price: null, tags: null, seen_at: null },
    ]);
    expect(rows).toEqual((await pg.query(sql, [[1, 2], null])).rows);
    expect(await db.query(sql, [[1, 2], 'phone'])).toEqual([rows[1]]);
  });

  it('answers numbers, dates, flags, arrays and text in any script as PGlite itself does, a repeated name as its last column', async () => {
    const sql = `SELECT $1::numeric AS amount, DATE '2026-11-30' AS day, true AS locked, ARRAY[1, 2, 3]::int[] AS ids,
                        ARRAY['Zanzibar', NULL]::text[] AS names, $2::text AS words, 1 AS n, 2 AS n, NULL::int AS none`;
    const params = ['1250000.50', 'Mkopo wa simu · Empréstimo do telemóvel · ñ 📱'];
    const rows = await db.query(sql, params);
    expect(rows).toEqual([
      {
        amount: '1250000.50',
        day: new Date('2026-11-30T00:00:00'),
        locked: true,
        ids: [1, 2, 3],
        names: ['Zanzibar', null],
        words: params[1],
        n: 2,
        none: null,
      },
    ]);
    expect(rows).toEqual((await pg.query(sql, params)).rows);
  });

  it('answers a page far larger than one piece of the database’s output whole and in order', async () => {
    // 20,000 rows of about 100 bytes: the answer leaves PGlite's WebAssembly in many pieces, one of which ends inside
    // a row, and every row must come back once, in its place, its text intact.
    const sql = `SELECT n, repeat('Dar es Salaam · São Tomé ', 4) || n AS line FROM generate_series(1, $1::int) n ORDER BY n`;
    const rows = await db.query<{ n: number; line: string }>(sql, [20_000]);
    expect(rows).toHaveLength(20_000);
    expect(rows.every((row, i) => row.n === i + 1 && row.line === `${'Dar es Salaam · São Tomé '.repeat(4)}${i + 1}`)).toBe(true);
  });

  it('reads the data as it is now on every call', async () => {
    const count = () => db.query<{ n: number }>('SELECT count(*)::int AS n FROM things WHERE price IS NOT NULL');
    expect(await count()).toEqual([{ n: 1 }]);
    await db.query('INSERT INTO things (name, price) VALUES ($1, $2)', ['case', 15000]);
    expect(await count()).toEqual([{ n: 2 }]);
  });

  it('answers a table’s new columns after they are added', async () => {
    expect(await db.query('SELECT * FROM things WHERE id = $1', [2])).toEqual([
      { id: 2, name: 'charger', price: null, tags: null, seen_at: null },
    ]);
    await db.exec("ALTER TABLE things ADD COLUMN colour text NOT NULL DEFAULT 'black'");
    expect(await db.query('SELECT * FROM things WHERE id = $1', [2])).toEqual([
      { id: 2, name: 'charger', price: null, tags: null, seen_at: null, colour: 'black' },
    ]);
  });
});

describe('a statement that fails', () => {
  it('throws with its SQLSTATE every time, and the session answers the next one', async () => {
    for (let i = 0; i < 2; i++) {
      await expect(db.query('SELEC name FROM things WHERE id = $1', [1])).rejects.toMatchObject({ code: '42601' });
      await expect(db.query('SELECT missing FROM things WHERE id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    }
    await expect(db.query('INSERT INTO things (name) VALUES ($1)', ['phone'])).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT name FROM things WHERE id = $1', [1])).toEqual([{ name: 'phone' }]);
  });
});

describe('a transaction', () => {
  const names = () => db.query<{ name: string }>('SELECT name FROM things ORDER BY id').then((rows) => rows.map((r) => r.name));

  it('rolls back what its statements wrote when it throws, and its statements still run afterwards', async () => {
    const insert = 'INSERT INTO things (name, price) VALUES ($1, $2) RETURNING id';
    await expect(
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(insert, ['cover', 5000]);
        expect(row!.id).toBe(3);
        expect(await tx.query('SELECT name FROM things WHERE id = $1', [row!.id])).toEqual([{ name: 'cover' }]);
        await tx.query(insert, ['phone', 1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await names()).toEqual(['phone', 'charger']);
    // The statements first prepared inside the rolled-back transaction answer outside it.
    expect(await db.query('INSERT INTO things (name, price) VALUES ($1, $2) RETURNING name', ['cover', 5000])).toEqual([{ name: 'cover' }]);
    expect(await db.query('SELECT name FROM things WHERE id = $1', [1])).toEqual([{ name: 'phone' }]);
  });

  it('is not entered by a statement made outside it: that one waits for the commit and sees it whole', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO things (name) VALUES ($1)', ['sim card']);
      inserted();
      await held;
      await tx.query('INSERT INTO things (name) VALUES ($1)', ['sim tray']);
      order.push('committing');
    });
    await insertedYet;
    const outside = names().then((seen) => {
      order.push('outside answered');
      return seen;
    });
    release();
    await transaction;
    expect(await outside).toEqual(['phone', 'charger', 'sim card', 'sim tray']);
    expect(order).toEqual(['committing', 'outside answered']);
  });
});

describe('statements past the kept number', () => {
  it('answer as the kept ones do, and the session holds no more prepared statements than it keeps', async () => {
    const small = await PGlite.create({ parsers: EMBEDDED_PARSERS });
    try {
      const capped = pgliteDb(small, { keptStatements: 3 });
      // A page's bounds are literals (decision 031): each page is a statement text of its own.
      for (let round = 0; round < 2; round++) {
        for (let skip = 0; skip < 6; skip++) {
          const rows = await capped.query<{ n: number }>(
            `SELECT n FROM generate_series(1, 10) n WHERE n > $1 ORDER BY n LIMIT 2 OFFSET ${skip}`,
            [0],
          );
          expect(rows).toEqual([{ n: skip + 1 }, { n: skip + 2 }]);
        }
      }
      expect(await capped.query('SELECT count(*)::int AS n FROM pg_prepared_statements')).toEqual([{ n: 3 }]);
    } finally {
      await small.close();
    }
  });
});
