import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread } from '../../server/db/pglite-threaded';
import { answerOf, openPglite } from '../../server/db/pglite';
import type { Db } from '../../server/db/port';

/**
 * The embedded database on a thread of its own (decision 073), as the server opens it: what a caller of the Db sees
 * must be what the in-process PGlite gives, the rows, the errors PostgreSQL raised with their codes, a transaction's
 * commit and rollback, and its hold on the session, and the change feed the server's caches trust.
 */

const dirs: string[] = [];
const dir = () => {
  const made = mkdtempSync(join(tmpdir(), 'simu-thread-'));
  dirs.push(made);
  return made;
};

let db: Db;
beforeAll(async () => {
  db = await openPgliteThread(dir());
  await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, at timestamptz, extra jsonb)');
});
afterAll(async () => {
  await db?.close().catch(() => undefined);
  for (const made of dirs) rmSync(made, { recursive: true, force: true });
});

describe('the embedded database on its own thread', () => {
  it('answers rows typed as the in-process database types them: bigints as numbers, JSON parsed, times as dates', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      "SELECT $1::int8 AS big, $2::jsonb AS doc, '2026-11-30T12:00:00Z'::timestamptz AS at, $3::text AS name, NULL::int AS nothing, ARRAY[1,2]::int[] AS list",
      [9_007_199_254, { amount: 1500, tags: ['a'] }, 'Neema'],
    );
    expect(row).toEqual({
      big: 9_007_199_254,
      doc: { amount: 1500, tags: ['a'] },
      at: new Date('2026-11-30T12:00:00Z'),
      name: 'Neema',
      nothing: null,
      list: [1, 2],
    });
  });

  it('names each row by its columns, in their order, a repeated name with its last value, in a transaction too', async () => {
    // The rows cross as arrays of values with their columns' names, and are named on this side (decision 076).
    const sql = 'SELECT n AS id, $1::text AS "jina la mteja", n * 10 AS id, n > 1 AS later FROM generate_series(1, 2) n ORDER BY n';
    const expected = [
      { id: 10, 'jina la mteja': 'Asha', later: false },
      { id: 20, 'jina la mteja': 'Asha', later: true },
    ];
    const rows = await db.query<Record<string, unknown>>(sql, ['Asha']);
    expect(rows).toEqual(expected);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'jina la mteja', 'later']);
    expect(await db.transaction((tx) => tx.query(sql, ['Asha']))).toEqual(expected);
    expect(await db.query('SELECT 1 AS one WHERE $1::int > 1', [0])).toEqual([]);
  });

  it('answers a page far larger than one piece of the database’s output as the in-process database does, in order', async () => {
    // Without an array column, the answer crosses as the protocol's bytes and is parsed on this side (decision 078).
    const sql = `SELECT n AS id, n::int8 * 1000000 AS amount, 'Mteja ' || n || ' · Empréstimo 📱' AS name,
                        jsonb_build_object('n', n, 'tags', jsonb_build_array('a', n)) AS doc,
                        timestamptz '2026-12-01T06:00:00Z' + n * interval '1 minute' AS at, n % 2 = 0 AS even,
                        DATE '2026-12-01' AS day, $1::numeric AS rate, NULLIF(n % 3, 0) AS maybe
                   FROM generate_series(1, $2::int) n ORDER BY n`;
    const inProcess = await openPglite();
    try {
      const expected = await inProcess.query<Record<string, unknown>>(sql, ['0.25', 5_000]);
      const rows = await db.query<Record<string, unknown>>(sql, ['0.25', 5_000]);
      expect(rows).toHaveLength(5_000);
      expect(rows).toEqual(expected);
      expect(rows[4_999]).toEqual({
        id: 5_000,
        amount: 5_000_000_000,
        name: 'Mteja 5000 · Empréstimo 📱',
        doc: { n: 5_000, tags: ['a', 5_000] },
        at: new Date('2026-12-04T17:20:00Z'),
        even: true,
        day: new Date('2026-12-01T00:00:00'),
        rate: '0.25',
        maybe: 2,
      });
      expect(await db.transaction((tx) => tx.query(sql, ['0.25', 3]))).toEqual(expected.slice(0, 3));
    } finally {
      await inProcess.close();
    }
  });

  it('reads each value as PostgreSQL wrote it, ASCII beside UTF-8, after NULLs and lengths past 127 bytes', async () => {
    // The answer is decoded once as Latin-1 and an ASCII value is a piece of it; a value with any other byte is
    // decoded as UTF-8 (decision 086). A NULL's length and a long value's length are bytes past 0x7f themselves.
    const long = 'M'.repeat(300);
    const sql = `SELECT n AS id, CASE WHEN n % 2 = 0 THEN NULL ELSE $1::text END AS long,
                        CASE n WHEN 2 THEN 'Empréstimo' WHEN 3 THEN '📱' ELSE 'Asha' END AS name, '' AS empty,
                        CASE WHEN n = 3 THEN 'ñ' || $1::text || 'ç' ELSE 'z' END AS edges, n > 1 AS later,
                        (-n * 100000)::int4 AS owed, (n * 123456789012345678)::int8 AS huge
                   FROM generate_series(1, 4) n ORDER BY n`;
    // Whole numbers are read from their digits; one past 15 digits as its text is (the nearest double).
    const expected = [
      { id: 1, long, name: 'Asha', empty: '', edges: 'z', later: false, owed: -100_000, huge: Number('123456789012345678') },
      { id: 2, long: null, name: 'Empréstimo', empty: '', edges: 'z', later: true, owed: -200_000, huge: Number('246913578024691356') },
      { id: 3, long, name: '📱', empty: '', edges: `ñ${long}ç`, later: true, owed: -300_000, huge: Number('370370367037037034') },
      { id: 4, long: null, name: 'Asha', empty: '', edges: 'z', later: true, owed: -400_000, huge: Number('493827156049382712') },
    ];
    expect(await db.query(sql, [long])).toEqual(expected);
    const inProcess = await openPglite();
    try {
      expect(await inProcess.query(sql, [long])).toEqual(expected);
    } finally {
      await inProcess.close();
    }
  });

  it('moves a plain answer as bytes in a buffer of its own, and an array column’s as values this side cannot parse alone', async () => {
    const inProcess = await openPglite();
    try {
      const plain = await answerOf(inProcess, 'SELECT $1::text AS name', ['Asha']);
      expect('raw' in plain && plain.raw.byteLength === plain.raw.buffer.byteLength).toBe(true);
      const arrays = await answerOf(inProcess, 'SELECT $1::int[] AS ids', [[1, 2]]);
      expect(arrays).toEqual({ names: ['ids'], rows: [[[1, 2]]] });
    } finally {
      await inProcess.close();
    }
  });

  it('commits a transaction whose work resolves, and gives back what it returned', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [1, 'kept']);
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM notes'))[0]!.n;
    });
    expect(result).toBe(1);
    expect(await db.query('SELECT id, body FROM notes ORDER BY id')).toEqual([{ id: 1, body: 'kept' }]);
  });

  it("rolls back a transaction whose work throws, and throws the work's own error", async () => {
    const refusal = new Error('the approver said no');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [2, 'not kept']);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await db.query('SELECT id FROM notes ORDER BY id')).toEqual([{ id: 1 }]);
  });

  it("keeps a PostgreSQL error's code, constraint and message, in a transaction and out of one", async () => {
    const outside = await db.query('INSERT INTO notes (id, body) VALUES (1, $1)', ['again']).catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(Error);
    expect(outside).toMatchObject({ code: '23505', constraint: 'notes_pkey', message: expect.stringContaining('duplicate key') });
    const inside = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [3, 'first']);
        await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [3, 'second']);
      })
      .catch((error: unknown) => error);
    expect(inside).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    // The statement before the failed one went with it.
    expect(await db.query('SELECT id FROM notes WHERE id = 3')).toEqual([]);
  });

  it('holds the session for an open transaction: a statement from outside runs after its commit and sees its rows', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [4, 'in the transaction']);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let outsideDone = false;
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE id = 4').then((rows) => {
      outsideDone = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
  });

  it('moves the change feed on after every write and every transaction, never after a read', async () => {
    const before = db.changes.version;
    await db.query('SELECT count(*) FROM notes');
    expect(db.changes.version).toBe(before);
    await db.query('UPDATE notes SET body = $1 WHERE id = 1', ['changed']);
    expect(db.changes.version).toBeGreaterThan(before);
    const afterWrite = db.changes.version;
    await db.transaction(async (tx) => tx.query('SELECT 1'));
    expect(db.changes.version).toBeGreaterThan(afterWrite);
    expect(db.changes).toMatchObject({ live: true, everyWrite: true });
  });

  it('keeps what it wrote in its data directory: opened again after closing, the rows are there', async () => {
    const own = dir();
    const first = await openPgliteThread(own);
    await first.exec('CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (7), (8)');
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow(/thread ended/);
    const again = await openPgliteThread(own);
    try {
      expect(await again.query('SELECT id FROM kept ORDER BY id')).toEqual([{ id: 7 }, { id: 8 }]);
    } finally {
      await again.close();
    }
  });
});
