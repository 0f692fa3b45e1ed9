import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { callRatingsList, collectionsMade, firstDepositsList } from '../../src/contract/collections';
import { userWith } from '../support/admin-changes';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, imeiFor, plusDays, type BusinessFixtures } from '../support/business-fixtures';

/**
 * The lists of decision 020: first deposits across customers (by period, store, agent, provider and status, paged
 * on the server), with their role, scope and 400s naming the field.
 */

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
let today: string;
const DAY_MS = 86_400_000;
const w: Record<string, string> = {};

const post = (path: string, body: unknown, by: string | null) => api.call('POST', path, { token: by ?? undefined, body });

/** A first-deposit wizard started `daysAgo` at a store, unpaid, paid through `provider`, or abandoned. */
async function wizard(o: { daysAgo: number; storeId?: number; paidWith?: string; abandoned?: boolean; serial: number }) {
  const id = randomUUID();
  const { customerId } = await fx.prospect();
  const [agent] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'agent'");
  const at = new Date(TEST_NOW.getTime() - o.daysAgo * DAY_MS);
  const item = o.paidWith ? await fx.stockItem(imeiFor(9000 + o.serial)) : null;
  await api.db.query(
    `INSERT INTO first_deposits (wizard_id, agent_admin_id, store_id, customer_id, phone_price_id, phone_model_id, inventory_item_id,
                                 item_held, repayment_period, deposit_amount, deposit_paid_at, abandoned_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'daily', 60000, $9, $10, $11, $11)`,
    [
      id,
      agent!.id,
      o.storeId ?? fx.stores[0],
      customerId,
      fx.priceId,
      fx.modelId,
      item,
      item !== null,
      o.paidWith ? at : null,
      o.abandoned ? at : null,
      at,
    ],
  );
  if (o.paidWith) {
    await api.db.query(
      `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                 customer_id, idempotency_key, date_processed, created_at)
       VALUES ($1, $1, $1, 'deposit', $2, 'completed', 60000, 60000, $3, $4, $5, $5)`,
      [`DEP${o.serial}`, o.paidWith, customerId, `${id}:1`, at],
    );
    await api.db.query(
      `INSERT INTO deposit_attempts (wizard_id, attempt, idempotency_key, payment_msisdn, amount, status, receipt, settled_by, requested_by,
                                     requested_at, push_accepted_at, completed_at)
       VALUES ($1, 1, $2, '255754300100', 60000, 'completed', $3, 'callback', $4, $5, $5, $5)`,
      [id, `${id}:1`, `DEP${o.serial}`, agent!.id, at],
    );
  }
  return id;
}

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  today = fx.today;
  for (const u of ['admin', 'collector', 'finance', 'shopowner']) token[u] = await api.tokenFor(u);
  w.waiting = await wizard({ daysAgo: 1, serial: 1 });
  w.mpesa = await wizard({ daysAgo: 2, paidWith: 'mpesa', serial: 2 });
  w.airtel = await wizard({ daysAgo: 3, paidWith: 'airtel_money', storeId: fx.stores[1], serial: 3 });
  w.abandoned = await wizard({ daysAgo: 4, abandoned: true, serial: 4 });
  w.old = await wizard({ daysAgo: 45, paidWith: 'mpesa', serial: 5 });
});
afterAll(() => api.close());

describe('first deposits', () => {
  const list = async (body: object, by = token.admin!) => {
    const res = await post(routes.firstDeposits.path, body, by);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return firstDepositsList.parse(res.body);
  };

  it('401 without a token, 403 naming the role without it, 400 naming the field', async () => {
    expect((await post(routes.firstDeposits.path, {}, null)).status).toBe(401);
    const stores = await userWith(api, 'storesonly', ['VIEW_STORES']);
    const refused = await post(routes.firstDeposits.path, {}, stores.token);
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('VIEW_CUSTOMER_LOANS');
    for (const [body, field] of [
      [{ status: 'lost' }, 'status'],
      [{ provider: 'visa' }, 'provider'],
      [{ from: '2026-10-10', to: '2026-10-01' }, 'to'],
      [{ from: '2024-01-01', to: '2026-10-01' }, 'to'],
      [{ store_id: 0 }, 'store_id'],
      [{ limit: 500 }, 'limit'],
    ] as const) {
      const res = await post(routes.firstDeposits.path, body, token.admin!);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(body)).toContain(field);
    }
  });

  it('the last 30 days by default, newest first, with status, provider and receipt', async () => {
    const page = await list({});
    expect(page).toMatchObject({ from: plusDays(today, -29), to: today, total: 4 });
    expect(page.data.map((r) => [r.id, r.status, r.provider, r.receipt])).toEqual([
      [w.waiting, 'awaiting_payment', null, null],
      [w.mpesa, 'paid', 'mpesa', 'DEP2'],
      [w.airtel, 'paid', 'airtel_money', 'DEP3'],
      [w.abandoned, 'abandoned', null, null],
    ]);
    // When each was started and paid, to the millisecond, as ISO text.
    const daysAgo = (n: number) => new Date(TEST_NOW.getTime() - n * DAY_MS).toISOString();
    expect(page.data.map((r) => [r.started_at, r.paid_at])).toEqual([
      [daysAgo(1), null],
      [daysAgo(2), daysAgo(2)],
      [daysAgo(3), daysAgo(3)],
      [daysAgo(4), null],
    ]);
    expect(page.data[1]).toMatchObject({ amount: 60000, repayment_period: 'daily', store: { id: fx.stores[0] }, loan_number: null });
  });

  it('filters by period, store, provider and status, and pages on the server', async () => {
    expect((await list({ from: plusDays(today, -60), to: today })).total).toBe(5);
    expect((await list({ from: plusDays(today, -60), to: plusDays(today, -40) })).data.map((r) => r.id)).toEqual([w.old]);
    expect((await list({ store_id: fx.stores[1] })).data.map((r) => r.id)).toEqual([w.airtel]);
    expect((await list({ provider: 'mpesa' })).data.map((r) => r.id)).toEqual([w.mpesa]);
    expect((await list({ status: 'abandoned' })).data.map((r) => r.id)).toEqual([w.abandoned]);
    expect((await list({ status: 'awaiting_payment' })).data.map((r) => r.id)).toEqual([w.waiting]);
    const second = await list({ limit: 2, skip: 2 });
    expect(second).toMatchObject({ total: 4, limit: 2, skip: 2 });
    expect(second.data.map((r) => r.id)).toEqual([w.airtel, w.abandoned]);
    expect((await list({ status: 'loan_created' })).data).toEqual([]);
  });

  it("shows the receipt of the wizard's last push, whichever way that push ends", async () => {
    // Migration 044's trigger keeps it on the wizard (decision 084): a failed push has none, one paid late after it
    // was given up has the late payment's, a new push has none until it is paid, then its own.
    const id = await wizard({ daysAgo: 0, serial: 6 });
    const [agent] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'agent'");
    const receiptOf = async () => (await list({ limit: 100 })).data.find((r) => r.id === id)!.receipt;
    const push = async (attempt: number, status: 'pending' | 'failed') => {
      const key = `${id}:${attempt}`;
      await api.db.query(
        `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                   idempotency_key, created_at)
         VALUES ($1, $1, $1, 'deposit', 'mpesa', $2, 60000, 0, $1, $3)`,
        [key, status, TEST_NOW],
      );
      await api.db.query(
        `INSERT INTO deposit_attempts (wizard_id, attempt, idempotency_key, payment_msisdn, amount, status, failure, settled_by,
                                       requested_by, requested_at, completed_at)
         VALUES ($1, $2, $3, '255754300100', 60000, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          attempt,
          key,
          status,
          status === 'failed' ? 'cancelled' : null,
          status === 'failed' ? 'callback' : null,
          agent!.id,
          TEST_NOW,
          status === 'failed' ? TEST_NOW : null,
        ],
      );
      return key;
    };
    expect(await receiptOf()).toBeNull();
    const first = await push(1, 'failed');
    expect(await receiptOf()).toBeNull();
    await api.db.query('UPDATE deposit_attempts SET receipt = $2 WHERE idempotency_key = $1', [first, 'LATE1']);
    expect(await receiptOf()).toBe('LATE1');
    const second = await push(2, 'pending');
    expect(await receiptOf()).toBeNull();
    // A change to the earlier push's receipt is not the last push's.
    await api.db.query('UPDATE deposit_attempts SET receipt = $2 WHERE idempotency_key = $1', [first, 'LATE1B']);
    expect(await receiptOf()).toBeNull();
    await api.db.query(
      "UPDATE deposit_attempts SET status = 'completed', receipt = $2, settled_by = 'callback', completed_at = $3 WHERE idempotency_key = $1",
      [second, 'PAID2', TEST_NOW],
    );
    expect(await receiptOf()).toBe('PAID2');
  });
});

describe('collections made', () => {
  it('counts completed repayments made while the loan was assigned, by day and collector, and a collector sees only theirs', async () => {
    const loan = await fx.borrower({ daysDefaulted: 8 });
    const [collector] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'");
    const assigned = await post(routes.assignDefaulters.path, { loan_ids: [loan.loanId], collector_id: collector!.id }, token.admin!);
    expect(assigned.status).toBe(200);
    await api.db.query('UPDATE collection_cases SET assigned_at = $2 WHERE loan_id = $1', [
      loan.loanId,
      new Date(TEST_NOW.getTime() - 2 * DAY_MS),
    ]);
    let n = 0;
    const pay = (kind: string, daysAgo: number, amount: number) =>
      api.db.query(
        `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                   customer_id, loan_id, date_processed, created_at)
         VALUES ($1, $1, $1, $2, 'mpesa', 'completed', $3, $3, $4, $5, $6, $6)`,
        [`COL${++n}`, kind, amount, loan.customerId, loan.loanId, new Date(TEST_NOW.getTime() - daysAgo * DAY_MS)],
      );
    await pay('repayment', 3, 9000); // before the assignment: not a collection
    await pay('repayment', 1, 1800);
    await pay('repayment', 1, 3600);
    await pay('deposit', 1, 60000); // deposits are never collections
    const res = await post(routes.collectionsMade.path, {}, token.admin!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const made = collectionsMade.parse(res.body);
    expect(made.rows).toEqual([
      { day: plusDays(today, -1), collector: { id: collector!.id, name: 'Faraji Ngowi' }, payments: 2, loans: 1, amount: 5400 },
    ]);
    expect(made.totals).toEqual({ payments: 2, amount: 5400 });
    const mine = collectionsMade.parse((await post(routes.collectionsMade.path, { collector_id: 999 }, token.collector!)).body);
    expect(mine.totals.amount).toBe(5400); // a collector's own, whatever collector they name
    expect((await post(routes.collectionsMade.path, { collector_id: 999 }, token.admin!)).body.rows).toEqual([]);
    const old = await post(routes.collectionsMade.path, { from: plusDays(today, -60), to: plusDays(today, -30) }, token.admin!);
    expect(old.body.rows).toEqual([]);
    const refused = await post(routes.collectionsMade.path, {}, token.finance!);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('not_yours');
    const bad = await post(routes.collectionsMade.path, { from: '2026-10-10', to: '2026-10-01' }, token.admin!);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('to');
  });
});

describe('call ratings', () => {
  it('lists customer-care and collection ratings together, newest first, by kind, mood, description and staff', async () => {
    const loan = await fx.borrower({ daysDefaulted: 6 });
    const ids = Object.fromEntries(
      (
        await api.db.query<{ id: number; username: string }>(
          "SELECT id, username FROM admins WHERE username IN ('collector', 'callcentre')",
        )
      ).map((a) => [a.username, a.id]),
    );
    const at = (hoursAgo: number) => new Date(TEST_NOW.getTime() - hoursAgo * 3_600_000);
    await api.db.query(
      `INSERT INTO call_ratings (customer_id, call_type, mood, description, comment, rated_by, created_at)
       VALUES ($1, 'incoming', 'happy', 'inquiry', 'Asked about the balance', $2, $3), ($1, 'incoming', 'angry', 'phone_unlock', NULL, $2, $4)`,
      [loan.customerId, ids.callcentre, at(1), at(24 * 40)],
    );
    const [call] = await api.db.query<{ id: number }>(
      `INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, days_defaulted, amount_due, called_by, created_at)
       VALUES ($1, $2, 'outgoing', 'no_answer', 6, 10800, $3, $4) RETURNING id`,
      [loan.loanId, loan.customerId, ids.collector, at(3)],
    );
    await api.db.query(
      `INSERT INTO debt_collection_call_ratings (call_id, score, mood, comment, rated_by, created_at) VALUES ($1, 4, 'neutral', 'Polite', $2, $3)`,
      [call!.id, ids.collector, at(2)],
    );
    const list = async (body: object) => {
      const res = await post(routes.allCallRatings.path, body, token.admin!);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return callRatingsList.parse(res.body);
    };
    const all = await list({});
    expect(all.total).toBe(2); // the one 40 days ago is outside the default period
    expect(all.data.map((r) => [r.kind, r.mood, r.description, r.score, r.staff.id])).toEqual([
      ['customer_care', 'happy', 'inquiry', null, ids.callcentre],
      ['debt_collection', 'neutral', null, 4, ids.collector],
    ]);
    expect(all.data.map((r) => r.at)).toEqual([at(1).toISOString(), at(2).toISOString()]);
    expect((await list({ kind: 'debt_collection' })).data.map((r) => r.comment)).toEqual(['Polite']);
    expect((await list({ mood: 'happy' })).data.map((r) => r.kind)).toEqual(['customer_care']);
    expect((await list({ description: 'inquiry' })).total).toBe(1);
    expect((await list({ description: 'inquiry', kind: 'debt_collection' })).total).toBe(0);
    expect((await list({ rated_by: ids.collector })).data.map((r) => r.kind)).toEqual(['debt_collection']);
    expect((await list({ from: plusDays(today, -60), to: today })).total).toBe(3);
    expect((await list({ limit: 1, skip: 1 })).data.map((r) => r.kind)).toEqual(['debt_collection']);
    const bad = await post(routes.allCallRatings.path, { mood: 'furious' }, token.admin!);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('mood');
    const refused = await post(routes.allCallRatings.path, {}, token.finance!);
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('RATE_CALL');
  });
});
