import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { SizeKeepingNodeFS } from '../../server/db/pglite-file-sizes';

/**
 * The embedded database on disk keeps its files' sizes in memory (decision 070): PostgreSQL asks a relation's size on
 * every plan and scan, and a size that was wrong would let it write a new block over an old one. So the real size is
 * read beside every kept one here, through a workload that grows, shrinks, rewrites, truncates and drops files, and
 * the data is read back by a PGlite that keeps nothing.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database with its file sizes kept in memory', () => {
  it('answers every seek to a file end with the size on disk, through growth, truncation, rewrites and drops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'simu-sizes-'));
    dirs.push(dir);
    const wrong: string[] = [];
    const fs = new SizeKeepingNodeFS(dir, (kept, real) => {
      if (kept !== real) wrong.push(`kept ${kept}, on disk ${real}`);
    });
    const pg = await PGlite.create({ dataDir: dir, fs });
    // One statement at a time: VACUUM and CLUSTER cannot run in the one transaction a script runs in.
    for (const sql of [
      'CREATE TABLE payments (id serial PRIMARY KEY, loan_id int NOT NULL, note text NOT NULL)',
      "INSERT INTO payments (loan_id, note) SELECT g % 300, repeat('x', 200) FROM generate_series(1, 20000) g",
      'CREATE INDEX payments_loan ON payments (loan_id)',
      "UPDATE payments SET note = repeat('y', 150) WHERE id % 3 = 0",
      // The table's tail emptied, then given back to the file system by VACUUM (a truncation).
      'DELETE FROM payments WHERE id > 10000',
      'VACUUM payments',
      "INSERT INTO payments (loan_id, note) SELECT g % 300, repeat('z', 100) FROM generate_series(1, 5000) g",
      'VACUUM FULL payments',
      'CREATE TABLE texts AS SELECT g AS id, md5(g::text) AS body FROM generate_series(1, 8000) g',
      'TRUNCATE texts',
      'INSERT INTO texts SELECT g, md5(g::text) FROM generate_series(1, 3000) g',
      'CLUSTER payments USING payments_loan',
      'CREATE TABLE scratch AS SELECT * FROM payments',
      'DROP TABLE scratch',
      'CHECKPOINT',
    ])
      await pg.exec(sql);
    const counted = await pg.query<{ payments: number; texts: number }>(
      'SELECT (SELECT count(*)::int FROM payments) AS payments, (SELECT count(*)::int FROM texts) AS texts',
    );
    expect(counted.rows[0]).toEqual({ payments: 15000, texts: 3000 });
    expect(wrong).toEqual([]);
    // The sizes were kept and used: most seeks to a file's end did not read the file's size.
    expect(fs.counts.kept).toBeGreaterThan(fs.counts.read);
    expect(fs.counts.read).toBeGreaterThan(0);
    await pg.close();

    // Read back by a PGlite that asks the disk every time: every row is there, by the table and by its index.
    const plain = await PGlite.create(dir);
    const { rows } = await plain.query<{ rows: number; by_index: number; notes: number }>(`
      SELECT count(*)::int AS rows,
             (SELECT count(*)::int FROM payments WHERE loan_id >= 0) AS by_index,
             count(*) FILTER (WHERE note LIKE 'z%')::int AS notes
        FROM payments`);
    expect(rows[0]).toEqual({ rows: 15000, by_index: 15000, notes: 5000 });
    await plain.exec('SET enable_seqscan = off; SET enable_bitmapscan = off');
    const viaIndex = await plain.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE loan_id BETWEEN 0 AND 299');
    expect(viaIndex.rows[0]!.n).toBe(15000);
    await plain.close();
  }, 120_000);
});
