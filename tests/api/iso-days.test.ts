import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { isoDay } from '../../server/domain/shared';
import type { Db } from '../../server/db/port';

/**
 * The lists read a date's own text as its day (isoDay, decision 079). That text follows the session's DateStyle, which the
 * configuration or a role may set to anything: each Db adapter pins ISO, so a day is 'YYYY-MM-DD' wherever the portal runs.
 * Each database here is configured to write dates the British way ('SQL, DMY': 05/12/2026) before the portal opens it.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const made of dirs) rmSync(made, { recursive: true, force: true });
});

/** A date, a date moved on by days (the loan extensions' proposal), and no date. */
async function days(db: Db) {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT ${isoDay("'2026-12-05'::date")} AS day, ${isoDay("'2026-12-29'::date + 7")} AS later, ${isoDay('NULL::date')} AS none`,
  );
  return row;
}

/** An embedded data directory configured (ALTER SYSTEM) to write dates as 'SQL, DMY', opened as the server opens it. */
async function embeddedDmy(): Promise<{ db: Db; plainDay: () => Promise<string>; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'simu-days-'));
  dirs.push(dir);
  const raw = await PGlite.create({ dataDir: dir });
  await raw.exec("ALTER SYSTEM SET DateStyle = 'SQL, DMY'");
  await raw.close();
  const plainDay = async () => {
    const plain = await PGlite.create({ dataDir: dir });
    const [row] = (await plain.query<{ day: string }>("SELECT '2026-12-05'::date::text AS day")).rows;
    await plain.close();
    return row!.day;
  };
  const day = await plainDay();
  return { db: await openPglite(dir), plainDay: async () => day, drop: async () => undefined };
}

/** A role of this run's PostgreSQL whose sessions write dates as 'SQL, DMY', and a Db connected as it. */
async function postgresDmy(databaseUrl: string): Promise<{ db: Db; plainDay: () => Promise<string>; drop: () => Promise<void> }> {
  const role = `portal_dmy_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE ROLE ${role} LOGIN`);
  await admin.query(`ALTER ROLE ${role} SET DateStyle = 'SQL, DMY'`);
  const asRole = new URL(databaseUrl);
  asRole.username = role;
  const plainDay = async () => {
    const plain = new pg.Client({ connectionString: asRole.href });
    await plain.connect();
    const [row] = (await plain.query<{ day: string }>("SELECT '2026-12-05'::date::text AS day")).rows;
    await plain.end();
    return row!.day;
  };
  const drop = async () => {
    await admin.query(`DROP ROLE ${role}`);
    await admin.end();
  };
  return { db: await openPostgres(asRole.href), plainDay, drop };
}

describe('days written by the database', () => {
  it('are ISO days whatever DateStyle the configuration or the role sets (PostgreSQL with DATABASE_URL, else embedded)', async () => {
    const url = process.env.DATABASE_URL;
    const database = url ? await postgresDmy(url) : await embeddedDmy();
    try {
      // A session that does not pin its own DateStyle writes the British day, as the portal must never show it.
      expect(await database.plainDay()).toBe('05/12/2026');
      expect(await days(database.db)).toEqual({ day: '2026-12-05', later: '2027-01-05', none: null });
    } finally {
      await database.db.close();
      await database.drop();
    }
  });
});
