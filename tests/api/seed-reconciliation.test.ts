import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_PARSERS, pgliteDb } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import type { Db } from '../../server/db/port';

/** The demo's statements (issue 13, decision 018): a month per provider, waiting to be reconciled, with differences. */
const NOW = new Date('2026-11-02T08:00:00.000Z');
let db: Db;

beforeAll(async () => {
  db = pgliteDb(await PGlite.create({ parsers: EMBEDDED_PARSERS }));
  await migrate(db);
  expect(await seedDemo(db, { now: NOW, seed: 20_260_314, companyName: 'Simu Demo' })).toBe(true);
}, 180_000);
afterAll(() => db?.close());

describe('seed-reconciliation', () => {
  it('uploads a month per provider with a missing callback, a duplicate line and a payment the statement lacks', async () => {
    const runs = await db.query<{ provider: string; status: string; period_from: string; period_to: string }>(
      "SELECT provider, status, to_char(period_from, 'YYYY-MM-DD') AS period_from, to_char(period_to, 'YYYY-MM-DD') AS period_to FROM reconciliation_runs ORDER BY provider",
    );
    expect(runs.map((r) => r.provider)).toEqual(['airtel_money', 'halopesa', 'mpesa', 'tigo_pesa']);
    expect(runs.every((r) => r.status === 'open' && r.period_from === '2026-10-03' && r.period_to === '2026-11-01')).toBe(true);
    const kinds = await db.query<{ provider: string; kind: string; n: number }>(
      `SELECT r.provider, l.kind, count(*)::int AS n FROM reconciliation_lines l JOIN reconciliation_runs r ON r.id = l.run_id
        GROUP BY r.provider, l.kind`,
    );
    const count = (provider: string, kind: string) => kinds.find((k) => k.provider === provider && k.kind === kind)?.n ?? 0;
    // One whose callback never came, one whose callback came but reported a failure (decision 027).
    expect(count('mpesa', 'statement_only')).toBe(2);
    expect(count('mpesa', 'duplicate')).toBe(1);
    expect(count('mpesa', 'portal_only')).toBeGreaterThanOrEqual(1);
    expect(count('mpesa', 'amount_mismatch')).toBe(1);
    expect(count('mpesa', 'matched')).toBeGreaterThan(10);
    // A wrong-account payment shows as matched but held in suspense.
    const [suspended] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reconciliation_lines l JOIN transactions t ON t.id = l.transaction_row_id
        WHERE l.kind = 'matched' AND t.status = 'suspended'`,
    );
    expect(suspended!.n).toBeGreaterThan(0);
  });

  it('logs the callbacks of the demo payments, so the three-way match explains each statement-only line', async () => {
    const lines = await db.query<{ receipt: string; callbacks: number; status: string | null }>(
      `SELECT l.receipt, count(c.id)::int AS callbacks, max(c.status) AS status
         FROM reconciliation_lines l JOIN reconciliation_runs r ON r.id = l.run_id LEFT JOIN payment_callbacks c ON c.receipt = l.receipt
        WHERE r.provider = 'mpesa' AND l.kind = 'statement_only' GROUP BY l.receipt ORDER BY l.receipt`,
    );
    expect(lines).toEqual([
      { receipt: 'DEMOMPFAIL0001', callbacks: 1, status: 'FAILED' },
      { receipt: 'DEMOMPMISS0001', callbacks: 0, status: null },
    ]);
    const [unlogged] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reconciliation_lines l
        WHERE l.kind = 'matched' AND NOT EXISTS (SELECT 1 FROM payment_callbacks c WHERE c.receipt = l.receipt)`,
    );
    expect(unlogged!.n).toBe(0);
  });
});
