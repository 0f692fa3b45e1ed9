import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { routes } from '../../src/contract/routes';
import * as f from '../../src/contract/finance';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { seedBusiness } from '../../server/db/seed-business';
import { seedFinance } from '../../server/db/seed-finance';
import { balanceSheetAt } from '../../server/domain/finance/statements';
import { testApi, testDb, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, eatDay, type Borrower } from '../support/business-fixtures';

/**
 * The statements balance to the shilling: on the demo books, and after any sequence of the operations that post
 * (repayments to the right and to a wrong account, suspense allocations approved, capital injected and deducted,
 * refused deductions), at every date.
 */

describe('the demo books', () => {
  it('balance at every month end and today, and hold wrong-account payments of locked customers', async () => {
    const db = await testDb();
    try {
      await seedBusiness(db, { seed: 7, now: TEST_NOW });
      await seedFinance(db, { now: TEST_NOW });
      for (const back of [0, 30, 60, 90, 120]) {
        const day = new Date(TEST_NOW.getTime() - back * 86_400_000).toISOString().slice(0, 10);
        const sheet = await balanceSheetAt(db, day);
        expect(sheet.total_assets, day).toBe(sheet.total_liabilities + sheet.total_equity);
        expect(sheet.balanced).toBe(true);
      }
      const today = await balanceSheetAt(db, eatDay());
      expect(today.total_assets).toBeGreaterThan(0);
      const suspense = today.liabilities.find((l) => l.code === 'unallocated_payments')!.amount;
      const [held] = await db.query<{ sum: number }>("SELECT sum(amount)::bigint AS sum FROM transactions WHERE status = 'suspended'");
      expect(suspense).toBe(Number(held!.sum));
      const typos = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions t JOIN customers c ON c.msisdn = t.payment_phone
           JOIN loans l ON l.customer_id = c.id AND l.status = 'active' JOIN devices d ON d.id = l.device_id AND d.is_locked
          WHERE t.status = 'suspended'`,
      );
      expect(typos[0]!.n).toBeGreaterThanOrEqual(5);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe('after random operations', () => {
  let api: TestApi;
  const token: Record<string, string> = {};
  const borrowers: Borrower[] = [];
  let receipts = 0;
  const post = (path: string, body: unknown, by = token.finance!) => api.call('POST', path, { token: by, body });

  beforeAll(async () => {
    api = await testApi();
    const fx = await businessFixtures(api.db);
    for (const u of ['finance', 'approver']) token[u] = await api.tokenFor(u);
    for (let i = 0; i < 4; i++) borrowers.push(await fx.borrower({ daysDefaulted: i * 4, lateFee: i === 3 ? 5_000 : 0 }));
  });
  afterAll(() => api.close());

  async function pay(account: string, amount: number, msisdn: string) {
    const transaction_id = `MPPROP${String(++receipts).padStart(6, '0')}`;
    const res = await api.app.request(`/portal_api${routes.repaymentCallback.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
      body: JSON.stringify({ transaction_id, msisdn, account, amount, paid_at: api.clock.now().toISOString(), network: 'mpesa' }),
    });
    expect(res.status).toBe(200);
    return transaction_id;
  }
  const approve = async (id: number) =>
    (await post(routes.decideMakerChecker.path, { ids: [id], decision: 'approve' }, token.approver!)).status;

  type Op =
    | { op: 'repay'; who: number; amount: number }
    | { op: 'wrongAccount'; who: number; amount: number; allocate: boolean }
    | { op: 'inject'; account: 'bank_operating' | 'working_capital_float'; amount: number }
    | { op: 'deduct'; account: 'bank_operating' | 'working_capital_float'; amount: number };

  const who = fc.integer({ min: 0, max: 3 });
  const money = fc.integer({ min: 1, max: 400_000 });
  const account = fc.constantFrom('bank_operating' as const, 'working_capital_float' as const);
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('repay' as const), who, amount: money }),
    fc.record({ op: fc.constant('wrongAccount' as const), who, amount: money, allocate: fc.boolean() }),
    fc.record({ op: fc.constant('inject' as const), account, amount: fc.integer({ min: 1, max: 50_000_000 }) }),
    fc.record({ op: fc.constant('deduct' as const), account, amount: fc.integer({ min: 1, max: 60_000_000 }) }),
  );

  async function run(o: Op) {
    if (o.op === 'repay') {
      const b = borrowers[o.who]!;
      await pay(b.loanNumber, o.amount, b.msisdn);
    } else if (o.op === 'wrongAccount') {
      const b = borrowers[o.who]!;
      const receipt = await pay(`XX${b.loanNumber}`, o.amount, b.msisdn);
      if (o.allocate) {
        const asked = await post(routes.correctWrongAccount.path, {
          transaction_id: receipt,
          loan_number: b.loanNumber,
          reason: 'Wrong account',
        });
        // A loan repaid in full by an earlier operation is closed: the allocation is refused, the money stays in suspense.
        if (asked.status === 202) expect(await approve(asked.body.id)).toBe(200);
        else expect(asked.body.reason).toBe('no_active_loan');
      }
    } else {
      const path = o.op === 'inject' ? routes.capitalInjection.path : routes.capitalDeduction.path;
      const asked = await post(path, { account: o.account, amount: o.amount, reference: 'PROP', reason: 'Property test' });
      if (asked.status === 202) {
        expect(await approve(asked.body.id)).toBe(200);
        if (o.op === 'deduct') {
          // A deduction never leaves a capital account below its minimum.
          const chart = f.chartOfAccounts.parse((await post(routes.chartOfAccounts.path, undefined)).body);
          const a = chart.data.find((x) => x.code === o.account)!;
          expect(a.balance).toBeGreaterThanOrEqual(a.min_balance ?? 0);
        }
      } else expect(['below_minimum_balance', 'withdrawal_limit', 'above_maximum_balance']).toContain(asked.body.reason);
    }
  }

  it('assets = liabilities + equity after every operation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          await run(o);
          const res = await post(routes.balanceSheet.path, { at: eatDay(api.clock.now()) });
          const sheet = f.balanceSheet.parse(res.body);
          expect(sheet.total_assets).toBe(sheet.total_liabilities + sheet.total_equity);
          // Suspense holds exactly the payments still suspended.
          const [held] = await api.db.query<{ sum: number }>(
            "SELECT coalesce(sum(amount), 0)::bigint AS sum FROM transactions WHERE status = 'suspended'",
          );
          const suspense = sheet.liabilities.find((l) => l.code === 'unallocated_payments')!.amount;
          expect(suspense).toBeGreaterThanOrEqual(Number(held!.sum));
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
