import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_PARSERS, pgliteDb } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import type { Db } from '../../server/db/port';

/**
 * The demo has a defaulter the collector can ask to unlock (the unlock step of tests/e2e/collections.test.ts), and
 * first deposits for the deposits, customer conversion and claimed customers lists.
 */

const NOW = new Date('2026-11-02T08:00:00.000Z');
let db: Db;

beforeAll(async () => {
  db = pgliteDb(await PGlite.create({ parsers: EMBEDDED_PARSERS }));
  await migrate(db);
  expect(await seedDemo(db, { now: NOW, seed: 20_260_314, companyName: 'Simu Demo' })).toBe(true);
}, 180_000);
afterAll(() => db?.close());

describe('the promise-unlock demo defaulter', () => {
  it("is the collector's, in default, its phone locked, with an open promise three days ahead and the call that made it", async () => {
    const rows = await db.query<Record<string, unknown>>(
      `SELECT l.days_defaulted, d.is_locked, to_char(p.promised_on, 'YYYY-MM-DD') AS promised_on, k.last_outcome, c.remark,
              k.broken_promise_at
         FROM collection_cases k
         JOIN admins a ON a.id = k.collector_id AND a.username = 'collector'
         JOIN loans l ON l.id = k.loan_id JOIN devices d ON d.id = l.device_id
         JOIN payment_promises p ON p.loan_id = l.id AND p.status = 'open'
         JOIN debt_collection_calls c ON c.id = p.call_id
        WHERE c.remark = 'Will pay from the shop once the phone works again'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ is_locked: true, promised_on: '2026-11-05', last_outcome: 'promised_to_pay', broken_promise_at: null });
    expect(Number(rows[0]!.days_defaulted)).toBeGreaterThanOrEqual(4);
    const pending = await db.query("SELECT 1 FROM requests WHERE kind = 'promise_unlock'");
    expect(pending).toEqual([]);
  });

  it('has first-deposit wizards: one per recent loan, run at its store by its agent, and some abandoned', async () => {
    const [row] = await db.query<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE f.loan_id IS NOT NULL)::int AS converted,
              count(*) FILTER (WHERE f.abandoned_at IS NOT NULL)::int AS abandoned,
              count(*) FILTER (WHERE f.loan_id IS NOT NULL AND (l.store_id <> f.store_id OR l.agent_id IS DISTINCT FROM f.agent_id
                                                               OR l.customer_id <> f.customer_id OR f.created_at >= l.started_at))::int AS wrong,
              (SELECT count(*) FROM loans WHERE started_at >= $1)::int AS recent_loans,
              count(*) FILTER (WHERE f.created_at >= $2)::int AS last_30_days
         FROM first_deposits f LEFT JOIN loans l ON l.id = f.loan_id`,
      [new Date(NOW.getTime() - 90 * 86_400_000), new Date(NOW.getTime() - 30 * 86_400_000)],
    );
    expect(row!.wrong).toBe(0);
    expect(row!.converted).toBeGreaterThan(0);
    expect(row!.converted).toBe(row!.recent_loans);
    expect(row!.abandoned).toBeGreaterThan(0);
    expect(row!.last_30_days).toBeGreaterThan(0);
  });

  it('has call ratings of both kinds in the last 30 days, none before its customer joined or after now', async () => {
    const [row] = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM call_ratings WHERE created_at >= $2)::int AS care,
              (SELECT count(*) FROM debt_collection_call_ratings WHERE created_at >= $2)::int AS collection,
              (SELECT count(*) FROM call_ratings r JOIN customers c ON c.id = r.customer_id
                WHERE r.created_at < c.registered_at OR r.created_at > $1)::int AS care_wrong,
              (SELECT count(*) FROM debt_collection_call_ratings g JOIN debt_collection_calls k ON k.id = g.call_id
                WHERE g.created_at < k.created_at OR g.created_at > $1)::int AS collection_wrong`,
      [NOW, new Date(NOW.getTime() - 30 * 86_400_000)],
    );
    expect(row).toMatchObject({ care_wrong: 0, collection_wrong: 0 });
    expect(row!.care).toBeGreaterThan(0);
    expect(row!.collection).toBeGreaterThan(0);
  });

  it('pushed as the wizard does: a wallet-paid deposit by its paid push, with its receipt and provider; some given-up pushes failed', async () => {
    // Every converted wizard's deposit transaction: from a wallet it is the wizard's first push, completed, whose
    // receipt is the transaction's id; at a POS it was no push. The wizard's provider is its last push's wallet.
    const converted = await db.query<Record<string, string | null>>(
      `SELECT t.payment_method, f.provider, a.status, a.receipt, t.transaction_id, a.amount = f.deposit_amount AS same_amount,
              a.completed_at = f.deposit_paid_at AS paid_then
         FROM first_deposits f
         JOIN transactions t ON t.loan_id = f.loan_id AND t.kind = 'deposit'
         LEFT JOIN deposit_attempts a ON a.wizard_id = f.wizard_id
        WHERE f.loan_id IS NOT NULL`,
    );
    expect(converted.length).toBeGreaterThan(0);
    const wallet = converted.filter((r) => r.payment_method !== 'pos');
    const pos = converted.filter((r) => r.payment_method === 'pos');
    expect(wallet.length).toBeGreaterThan(0);
    expect(pos.length).toBeGreaterThan(0);
    for (const r of wallet) {
      expect(r).toMatchObject({
        status: 'completed',
        receipt: r.transaction_id,
        provider: r.payment_method,
        same_amount: true,
        paid_then: true,
      });
    }
    for (const r of pos) expect(r).toMatchObject({ status: null, provider: null });
    expect(new Set(wallet.map((r) => r.provider))).toEqual(new Set(['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa']));

    // Some abandoned wizards pushed once and the push failed: the transaction failed, and no money moved for it.
    const failed = await db.query<Record<string, string | null>>(
      `SELECT a.failure, t.status, t.payment_method, f.provider, f.deposit_paid_at, f.abandoned_at IS NOT NULL AS abandoned
         FROM deposit_attempts a
         JOIN first_deposits f ON f.wizard_id = a.wizard_id
         JOIN transactions t ON t.idempotency_key = a.idempotency_key
        WHERE a.status = 'failed'`,
    );
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) {
      expect(r).toMatchObject({ status: 'failed', provider: r.payment_method, deposit_paid_at: null, abandoned: true });
    }
    expect(new Set(failed.map((r) => r.failure))).toEqual(new Set(['cancelled', 'insufficient_funds', 'timeout']));
    const [posted] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN transactions t ON e.description LIKE '%' || t.transaction_id || '%'
        WHERE t.status = 'failed' AND t.kind = 'deposit'`,
    );
    expect(posted!.n).toBe(0);
  });
});
