import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingLoanExtensions, type LoanExtensionItem } from '../../src/contract/requests';
import { ageLoans } from '../../server/domain/device-locking';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, type Borrower, type BusinessFixtures } from '../support/business-fixtures';
import { keptRowsDrift } from '../support/kept-rows';
import { repayments } from '../support/repayments';

/**
 * The queue of loan extensions reads each pending extension's kept row (migration 047, decision 090): the request,
 * its customer, its loan and the loan's device, written by triggers in the writer's own transaction. After every kind
 * of write the portal makes, the kept rows are exactly what the live join reads (extension_rows_live), and the queue
 * shows the change on the next call.
 */

const P = {
  request: '/api/v1/request/loan/extension',
  pending: '/api/v1/pending/loan/extension/requests',
  decide: '/api/v1/approve/loan/extension',
} as const;

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
const b: Record<string, Borrower> = {};
let repay: ReturnType<typeof repayments>;

/** The kept rows that differ from the live join, and the live rows that are not kept: none, whatever was written. */
const drift = () => keptRowsDrift(api.db, 'extension_rows', 'extension_rows_live');

/** The queue's item for a loan, as an approver reads it. */
async function shown(loanId: number): Promise<LoanExtensionItem | undefined> {
  const res = await api.call('POST', P.pending, { token: token.approver!, body: { limit: 200 } });
  expect(res.status).toBe(200);
  return pendingLoanExtensions.parse(res.body).pending_requests.find((r) => r.loan.id === loanId);
}

/** The loan's due day and its device's lock day, as the database has them. */
const loanNow = async (loanId: number) =>
  (
    await api.db.query<{ next: string; lock: string | null; days_defaulted: number; loan_balance: number }>(
      `SELECT l.next_repayment_date::text AS next, d.future_lock_date::text AS lock, l.days_defaulted, l.loan_balance::int
         FROM loans l JOIN devices d ON d.id = l.device_id WHERE l.id = $1`,
      [loanId],
    )
  )[0]!;

const submit = async (x: Borrower, days: number) => {
  const res = await api.call('POST', P.request, { token: token.callcentre!, body: { msisdn: x.msisdn, days_to_extend: days } });
  expect(res.status).toBe(201);
  return (res.body as { id: number }).id;
};

beforeAll(async () => {
  api = await testApi();
  repay = repayments(api, 'MPEXT');
  fx = await businessFixtures(api.db);
  for (const u of ['approver', 'callcentre']) token[u] = await api.tokenFor(u);
  b.late = await fx.borrower({ daysDefaulted: 5 });
  b.current = await fx.borrower({ dueInDays: 2 });
  b.other = await fx.borrower({ daysDefaulted: 12 });
});
afterAll(() => api.close());

describe("the pending loan extensions' kept rows", () => {
  it('are written when an extension is submitted, with what the queue shows now', async () => {
    expect(await api.db.query('SELECT * FROM extension_rows')).toEqual([]);
    await submit(b.late!, 7);
    await submit(b.current!, 3);
    expect(await drift()).toEqual([]);
    expect((await api.db.query('SELECT id FROM extension_rows')).length).toBe(2);
    const item = (await shown(b.late!.loanId))!;
    const loan = await loanNow(b.late!.loanId);
    expect(item).toMatchObject({
      days_to_extend: 7,
      current_next_repayment_date: loan.next,
      days_defaulted: 5,
      customer: { msisdn: b.late!.msisdn, name: b.late!.name },
      before: { next_repayment_date: loan.next, future_lock_date: loan.lock, days_defaulted: 5 },
    });
  });

  it("follow a repayment: the loan's balance, due day and days late, and the device's lock day", async () => {
    const before = (await shown(b.late!.loanId))!;
    expect((await repay(b.late!, 9000)).status).toBe(200);
    expect(await drift()).toEqual([]);
    const loan = await loanNow(b.late!.loanId);
    const after = (await shown(b.late!.loanId))!;
    expect(after.loan.loan_balance).toBe(before.loan.loan_balance - 9000);
    expect(after.loan.loan_balance).toBe(loan.loan_balance);
    expect(after.current_next_repayment_date).toBe(loan.next);
    expect(after.days_defaulted).toBe(loan.days_defaulted);
    expect(after.before.future_lock_date).toBe(loan.lock);
    expect(after.before.future_lock_date).not.toBe(before.before.future_lock_date);
  });

  it('follow the ageing run: the days late move on', async () => {
    const before = (await shown(b.late!.loanId))!;
    api.clock.set(new Date(TEST_NOW.getTime() + 10 * 86_400_000));
    try {
      await ageLoans(api, api.clock.now());
      expect(await drift()).toEqual([]);
      token.approver = await api.tokenFor('approver');
      const after = (await shown(b.late!.loanId))!;
      expect(after.days_defaulted).toBe((await loanNow(b.late!.loanId)).days_defaulted);
      expect(after.days_defaulted).toBeGreaterThan(before.days_defaulted);
      expect((await shown(b.current!.loanId))!.days_defaulted).toBeGreaterThan(0);
    } finally {
      api.clock.set(TEST_NOW);
      token.approver = await api.tokenFor('approver');
    }
  });

  it("follow a customer's new name and number, and a device's lock day changed by hand", async () => {
    await api.db.query("UPDATE customers SET first_name = 'Zawadi', msisdn = '255754399002' WHERE id = $1", [b.current!.customerId]);
    expect(await drift()).toEqual([]);
    expect((await shown(b.current!.loanId))!.customer).toMatchObject({ msisdn: '255754399002', name: expect.stringMatching(/^Zawadi /) });
    await api.db.query("UPDATE devices SET future_lock_date = DATE '2027-01-15' WHERE id = $1", [b.current!.deviceId]);
    expect(await drift()).toEqual([]);
    expect((await shown(b.current!.loanId))!.before.future_lock_date).toBe('2027-01-15');
    // A loan or device of no pending extension changes no kept row.
    await api.db.query('UPDATE loans SET late_fee = late_fee + 100 WHERE id = $1', [b.other!.loanId]);
    expect(await drift()).toEqual([]);
  });

  it('leave the queue when the request is decided, approved or denied', async () => {
    const late = (await shown(b.late!.loanId))!;
    const current = (await shown(b.current!.loanId))!;
    const approved = await api.call('POST', P.decide, { token: token.approver!, body: { ids: [late.id], decision: 'approve' } });
    expect(approved.status).toBe(200);
    expect(await drift()).toEqual([]);
    expect(await shown(b.late!.loanId)).toBeUndefined();
    const denied = await api.call('POST', P.decide, {
      token: token.approver!,
      body: { ids: [current.id], decision: 'deny', comment: 'Not this time' },
    });
    expect(denied.status).toBe(200);
    expect(await drift()).toEqual([]);
    expect(await api.db.query('SELECT * FROM extension_rows')).toEqual([]);
    // A new request for the same loan is kept again, with the loan as the approval left it.
    await submit(b.late!, 5);
    expect(await drift()).toEqual([]);
    expect((await shown(b.late!.loanId))!.current_next_repayment_date).toBe((await loanNow(b.late!.loanId)).next);
  });
});
