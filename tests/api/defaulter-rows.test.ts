import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { defaultersList } from '../../src/contract/collections';
import { breakOverduePromises } from '../../server/domain/collections/promises';
import { ageLoans } from '../../server/domain/device-locking';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, plusDays, type Borrower, type BusinessFixtures } from '../support/business-fixtures';
import { keptRowsDrift } from '../support/kept-rows';
import { repayments } from '../support/repayments';

/**
 * The defaulters lists read each defaulter's kept row (migration 039, decision 059): what the list shows of the loan,
 * its customer, its case and its latest promise, written by triggers in the writer's own transaction. After every
 * kind of write the portal makes, the kept rows are exactly what the live join reads (defaulter_rows_live), and the
 * lists show the change on the next call.
 */

let api: TestApi;
let fx: BusinessFixtures;
let today: string;
const token: Record<string, string> = {};
const b: Record<string, Borrower> = {};

const post = (path: string, body: unknown, by: string) => api.call('POST', path, { token: by, body });
let repay: ReturnType<typeof repayments>;

/** The kept rows that differ from the live join, and the live rows that are not kept: none, whatever was written. */
const drift = () => keptRowsDrift(api.db, 'defaulter_rows', 'defaulter_rows_live');

/** A row of the list of every defaulter, as head office reads it. */
async function shown(loanId: number, by = token.admin!) {
  const list = defaultersList.parse((await post(routes.allDefaulters.path, { limit: 200 }, by)).body);
  return list.data.find((r) => r.id === loanId);
}

beforeAll(async () => {
  api = await testApi();
  repay = repayments(api, 'MPKEPT');
  fx = await businessFixtures(api.db);
  today = fx.today;
  for (const u of ['admin', 'collector']) token[u] = await api.tokenFor(u);
  b.watchful = await fx.borrower({ daysDefaulted: 5 });
  b.doubtful = await fx.borrower({ daysDefaulted: 20 });
  b.healthy = await fx.borrower({ dueInDays: 3 });
});
afterAll(() => api.close());

describe("the defaulters' kept rows", () => {
  it('are the live rows of new loans, and only the defaulters have one', async () => {
    expect(await drift()).toEqual([]);
    const [{ kept, defaulters }] = (await api.db.query(
      `SELECT (SELECT count(*)::int FROM defaulter_rows) AS kept,
              (SELECT count(*)::int FROM loans WHERE status = 'active' AND days_defaulted > 0) AS defaulters`,
    )) as [{ kept: number; defaulters: number }];
    expect([kept, defaulters]).toEqual([2, 2]);
    expect(await shown(b.watchful!.loanId)).toMatchObject({ days_defaulted: 5, customer: { name: b.watchful!.name } });
    expect(await shown(b.healthy!.loanId)).toBeUndefined();
  });

  it('follow an assignment, a call with a promise, a repayment and a broken promise', async () => {
    const collectorId = (await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'"))[0]!.id;
    const assigned = await post(routes.assignDefaulters.path, { loan_ids: [b.watchful!.loanId], collector_id: collectorId }, token.admin!);
    expect(assigned.status).toBe(200);
    expect(await drift()).toEqual([]);
    expect((await shown(b.watchful!.loanId))?.collector).toMatchObject({ id: collectorId });

    const logged = await post(
      routes.logDebtCall.path,
      {
        loan_id: b.watchful!.loanId,
        call_type: 'outgoing',
        outcome: 'promised_to_pay',
        reason: 'business_slow',
        promise: { promised_on: today, amount: 5000 },
      },
      token.collector!,
    );
    expect(logged.status).toBe(201);
    expect(await drift()).toEqual([]);
    expect(await shown(b.watchful!.loanId)).toMatchObject({
      last_call: { outcome: 'promised_to_pay', reason: 'business_slow' },
      next_action_date: plusDays(today, 1),
      promise: { promised_on: today, amount: 5000, paid_since: 0, status: 'open' },
    });

    const before = (await shown(b.watchful!.loanId))!;
    expect((await repay(b.watchful!, 1000)).status).toBe(200);
    expect(await drift()).toEqual([]);
    const after = (await shown(b.watchful!.loanId))!;
    const [loan] = await api.db.query<{ amount_due: number; loan_balance: number }>(
      'SELECT amount_due::int, loan_balance::int FROM loans WHERE id = $1',
      [b.watchful!.loanId],
    );
    expect(after.loan_balance).toBe(before.loan_balance - 1000);
    expect(after).toMatchObject(loan!);
    expect(after.promise).toMatchObject({ paid_since: 1000, status: 'open' });

    api.clock.set(new Date(TEST_NOW.getTime() + 86_400_000));
    try {
      expect(await breakOverduePromises(api, api.clock.now())).toBe(1);
      expect(await drift()).toEqual([]);
      // A new day, a new login (tokens last 8 hours).
      expect(await shown(b.watchful!.loanId, await api.tokenFor('admin'))).toMatchObject({
        broken_promise: true,
        promise: { status: 'broken' },
      });
    } finally {
      api.clock.set(TEST_NOW);
    }
  });

  it('follow the ageing run: a loan that falls into default gets a row, its days move on', async () => {
    // The healthy loan's due day passes: three days later the ageing run puts it in default.
    const doubtful = (await shown(b.doubtful!.loanId))!.days_defaulted;
    api.clock.set(new Date(TEST_NOW.getTime() + 6 * 86_400_000));
    try {
      await ageLoans(api, api.clock.now());
      expect(await drift()).toEqual([]);
      const by = await api.tokenFor('admin');
      expect((await shown(b.healthy!.loanId, by))?.days_defaulted).toBeGreaterThan(0);
      expect((await shown(b.doubtful!.loanId, by))!.days_defaulted).toBeGreaterThan(doubtful);
    } finally {
      api.clock.set(TEST_NOW);
    }
  });

  it("follow a customer's new name and number, and a loan paid up leaves the lists", async () => {
    await api.db.query("UPDATE customers SET first_name = 'Zawadi', msisdn = '255754399001' WHERE id = $1", [b.doubtful!.customerId]);
    expect(await drift()).toEqual([]);
    expect((await shown(b.doubtful!.loanId))!.customer).toMatchObject({ msisdn: '255754399001', name: expect.stringMatching(/^Zawadi /) });

    await api.db.query('UPDATE loans SET days_defaulted = 0, amount_due = 0 WHERE id = $1', [b.doubtful!.loanId]);
    expect(await drift()).toEqual([]);
    expect(await shown(b.doubtful!.loanId)).toBeUndefined();
  });

  it('follow a case or a promise removed, and a case opened by hand', async () => {
    await api.db.query('DELETE FROM payment_promises WHERE loan_id = $1', [b.watchful!.loanId]);
    expect(await drift()).toEqual([]);
    expect((await shown(b.watchful!.loanId))!.promise).toBeNull();
    await api.db.query('DELETE FROM collection_cases WHERE loan_id = $1', [b.watchful!.loanId]);
    expect(await drift()).toEqual([]);
    expect(await shown(b.watchful!.loanId)).toMatchObject({ collector: null, last_call: null, next_action_date: null });
    await api.db.query('INSERT INTO collection_cases (loan_id, next_action_date, updated_at) VALUES ($1, $2, $3)', [
      b.watchful!.loanId,
      plusDays(today, 3),
      TEST_NOW,
    ]);
    expect(await drift()).toEqual([]);
    expect((await shown(b.watchful!.loanId))!.next_action_date).toBe(plusDays(today, 3));
  });
});
