import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_PARSERS, pgliteDb } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { WEAK_MODEL_SKU } from '../../server/db/seed-weak-model';
import { isValidImei } from '../../src/lib/imei';
import type { Db } from '../../server/db/port';

/** The demo's weak phone model (issue 15): one model whose loans repay clearly worse than every other model's. */

const NOW = new Date('2026-11-02T08:00:00.000Z');
let db: Db;

beforeAll(async () => {
  db = pgliteDb(await PGlite.create({ parsers: EMBEDDED_PARSERS }));
  await migrate(db);
  expect(await seedDemo(db, { now: NOW, seed: 20_260_314, companyName: 'Simu Demo' })).toBe(true);
}, 180_000);
afterAll(() => db?.close());

describe('the weak phone model in the demo', () => {
  it("has a PAR 30 at least twice every other model's in today's snapshot, and the worst collection rate", async () => {
    const rows = await db.query<{ sku: string; loans: number; par30: number; collection: number | null }>(
      `SELECT m.sku, sum(a.active_loans)::int AS loans, sum(a.par30)::float / nullif(sum(a.gross_receivable), 0) AS par30,
              sum(a.collected_amount)::float / nullif(sum(a.due_amount), 0) AS collection
         FROM analytics_daily a JOIN phone_models m ON m.id = a.phone_model_id
        WHERE a.day = (SELECT max(day) FROM analytics_daily) GROUP BY m.sku`,
    );
    const weak = rows.find((r) => r.sku === WEAK_MODEL_SKU)!;
    expect(weak.loans).toBe(24);
    const others = rows.filter((r) => r.sku !== WEAK_MODEL_SKU && r.loans >= 20);
    expect(others.length).toBeGreaterThan(3);
    for (const o of others) expect(weak.par30, o.sku).toBeGreaterThan(2 * o.par30);
  });

  it("keeps its loans' books straight: paid = the repayments, the deposit its transaction, a valid IMEI sold from stock", async () => {
    const loans = await db.query<Record<string, number | string>>(
      `SELECT l.loan_number, l.amount_paid, l.deposit_paid, d.imei, i.status, i.sold_at = l.started_at AS sold_then,
              (SELECT coalesce(sum(amount), 0) FROM transactions t WHERE t.loan_id = l.id AND t.kind = 'repayment')::int AS repaid,
              (SELECT coalesce(sum(amount), 0) FROM transactions t WHERE t.loan_id = l.id AND t.kind = 'deposit')::int AS deposited
         FROM loans l JOIN devices d ON d.id = l.device_id JOIN phone_models m ON m.id = d.phone_model_id
         JOIN inventory_items i ON i.id = d.inventory_item_id WHERE m.sku = $1`,
      [WEAK_MODEL_SKU],
    );
    expect(loans).toHaveLength(24);
    for (const l of loans) {
      expect(l.repaid, String(l.loan_number)).toBe(l.amount_paid);
      expect(l.deposited).toBe(l.deposit_paid);
      expect(isValidImei(String(l.imei))).toBe(true);
      expect(l).toMatchObject({ status: 'sold', sold_then: true });
    }
  });
});
