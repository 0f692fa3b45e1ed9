import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/port';
import { fastTimestamptz, readTimestamptz } from '../../server/db/timestamptz';
import { testDb } from '../support/api';

/**
 * A timestamptz's text read digit by digit (server/db/timestamptz.ts) must give the instant PostgreSQL meant, to the
 * millisecond (cut, as a Date holds it), for every offset a time zone can write, and leave every other shape to the
 * driver's own parser.
 */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An instant's text as PostgreSQL writes it (DateStyle ISO) in a zone `offsetSeconds` east of UTC, micros and all. */
function written(ms: number, micros: number, offsetSeconds: number): string {
  const local = new Date(ms + offsetSeconds * 1000);
  const fraction = (local.getUTCMilliseconds() * 1000 + micros).toString().padStart(6, '0').replace(/0+$/, '');
  const off = Math.abs(offsetSeconds);
  const [h, m, s] = [Math.floor(off / 3600), Math.floor((off % 3600) / 60), off % 60];
  const zone = `${offsetSeconds < 0 ? '-' : '+'}${pad(h)}${m || s ? `:${pad(m)}` : ''}${s ? `:${pad(s)}` : ''}`;
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction ? `.${fraction}` : ''}${zone}`
  );
}

describe('a timestamptz read digit by digit', () => {
  it('reads the shapes PostgreSQL writes', () => {
    expect(readTimestamptz('2026-12-07 04:07:59+00')?.toISOString()).toBe('2026-12-07T04:07:59.000Z');
    expect(readTimestamptz('2026-12-07 04:07:59.5+00')?.toISOString()).toBe('2026-12-07T04:07:59.500Z');
    expect(readTimestamptz('2026-12-07 04:07:59.123999+00')?.toISOString()).toBe('2026-12-07T04:07:59.123Z');
    expect(readTimestamptz('2026-12-07 07:07:59.01+03')?.toISOString()).toBe('2026-12-07T04:07:59.010Z');
    expect(readTimestamptz('2026-12-06 22:52:59-05:15')?.toISOString()).toBe('2026-12-07T04:07:59.000Z');
    expect(readTimestamptz('1900-01-01 02:37:08+02:37:08')?.toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(readTimestamptz('9999-12-31 23:59:59.999999+00')?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('gives the instant of any text in any offset, to the millisecond', () => {
    const instant = fc.integer({ min: Date.UTC(1000, 0, 2), max: Date.UTC(9999, 11, 30) });
    const offset = fc.oneof(
      fc.integer({ min: -15, max: 15 }).map((h) => h * 3600),
      fc.integer({ min: -15 * 60, max: 15 * 60 }).map((m) => m * 60),
      fc.integer({ min: -15 * 3600, max: 15 * 3600 }),
    );
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 999 }), offset, (ms, micros, offsetSeconds) => {
        expect(readTimestamptz(written(ms, micros, offsetSeconds))?.getTime()).toBe(ms);
      }),
      { numRuns: 2_000 },
    );
  });

  it('leaves every other shape to the driver, whose answer is given as it is', () => {
    const others = [
      'infinity',
      '-infinity',
      '0050-03-01 10:00:00+00',
      '0999-03-01 10:00:00+00',
      '2026-03-01 10:00:00+00 BC',
      '12026-03-01 10:00:00+00',
      '2026-03-01 10:00:00',
      '2026-03-01 10:00:00Z',
      '2026-03-01',
      '2026-03-01T10:00:00+00',
      '2026-03-01 10:00:00+0',
      '2026-03-01 10:00:00+00:3',
      '2026-03-01 10:00:00+00:30:00:00',
      '2026-03-01 10:00:00+00x',
      '2026-3-01 10:00:00+00',
      '2026-03-01 10:0a:00+00',
    ];
    for (const text of others) {
      expect(readTimestamptz(text), text).toBeNull();
      expect(fastTimestamptz((given) => `driver read ${given}`)(text)).toBe(`driver read ${text}`);
    }
  });
});

describe("a timestamptz through the database's driver", () => {
  let db: Db;
  beforeAll(async () => {
    db = await testDb();
  });
  afterAll(async () => {
    await db.close();
  });

  /** The instant the driver gives for `at` read in `zone`, and the one PostgreSQL itself counts (epoch ms, cut). */
  const read = (at: string, zone: string) =>
    db.transaction(async (tx) => {
      await tx.query(`SET LOCAL TimeZone = '${zone}'`);
      const [row] = await tx.query<{ at: Date; ms: number }>(
        'SELECT t AS at, floor(extract(epoch FROM t) * 1000)::int8 AS ms FROM (SELECT $1::timestamptz AS t) v',
        [at],
      );
      return row!;
    });

  it('gives the instant PostgreSQL holds in zones of whole hours, half hours, quarters and local mean time', async () => {
    const cases: Array<[string, string]> = [
      ['2026-12-07T04:07:59.123456Z', 'UTC'],
      ['2026-12-07T04:07:59.5Z', 'Africa/Dar_es_Salaam'],
      ['2026-06-07T04:07:59Z', 'Asia/Kathmandu'],
      ['2026-06-07T04:07:59.999999Z', 'America/St_Johns'],
      ['1900-01-01T00:00:00Z', 'Africa/Dar_es_Salaam'],
      ['1920-05-17T12:00:00.001Z', 'America/Sao_Paulo'],
    ];
    for (const [at, zone] of cases) {
      const row = await read(at, zone);
      expect(row.at, `${at} in ${zone}`).toBeInstanceOf(Date);
      expect(row.at.getTime(), `${at} in ${zone}`).toBe(Number(row.ms));
    }
  });

  it('still gives infinity as the driver did', async () => {
    const rows = await db.query<{ at: unknown; before: unknown }>("SELECT $1::timestamptz AS at, '-infinity'::timestamptz AS before", [
      'infinity',
    ]);
    expect(rows[0]).toEqual({ at: Infinity, before: -Infinity });
  });
});
