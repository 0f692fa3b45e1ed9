import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/port';
import { isoOfUtc, utcSql } from '../../server/domain/shared';
import { testDb } from '../support/api';

/**
 * Decision 091: a list's instants are read as their UTC text (`utcSql`) and written as ISO 8601 in Node (`isoOfUtc`),
 * the text a Date's toISOString gives, to the millisecond: what PostgreSQL's to_char wrote before, at a tenth of its
 * cost on the embedded database.
 */
let db: Db;
beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => {
  await db.close();
});

/** An instant's text as the lists now write it, read from the database in the given session time zone. */
async function listed(at: string, zone: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TimeZone = '${zone}'`);
    const [row] = await tx.query<{ at: string | null }>(`SELECT ${utcSql('$1::timestamptz')} AS at`, [at]);
    return isoOfUtc(row!.at);
  });
}

describe('instants as UTC text', () => {
  it('writes whole seconds, short fractions and microseconds as toISOString does, cutting (not rounding) past the millisecond', async () => {
    expect(await listed('2026-12-06T10:26:51Z', 'UTC')).toBe('2026-12-06T10:26:51.000Z');
    expect(await listed('2026-12-06T10:26:51.5Z', 'UTC')).toBe('2026-12-06T10:26:51.500Z');
    expect(await listed('2026-12-06T10:26:51.16Z', 'UTC')).toBe('2026-12-06T10:26:51.160Z');
    expect(await listed('2026-12-06T10:26:51.123999Z', 'UTC')).toBe('2026-12-06T10:26:51.123Z');
    expect(await listed('2026-12-31T23:59:59.999999Z', 'UTC')).toBe('2026-12-31T23:59:59.999Z');
  });

  it('gives the same text whatever the session time zone', async () => {
    expect(await listed('2026-12-06T01:02:03.004+03:00', 'Africa/Dar_es_Salaam')).toBe('2026-12-05T22:02:03.004Z');
    expect(await listed('2026-12-06T01:02:03.004Z', 'America/Sao_Paulo')).toBe('2026-12-06T01:02:03.004Z');
  });

  it('keeps a missing instant missing', async () => {
    expect(await listed(null as unknown as string, 'UTC')).toBeNull();
    expect(isoOfUtc(undefined)).toBeNull();
  });

  it('matches toISOString for any instant to the millisecond', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true }),
        async (date) => {
          expect(await listed(date.toISOString(), 'UTC')).toBe(date.toISOString());
        },
      ),
      { numRuns: 50 },
    );
  });
});
