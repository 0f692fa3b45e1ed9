import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { callRatingsList, claimedList, conversionList, firstDepositsList } from '../../src/contract/collections';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, imeiFor, type BusinessFixtures } from '../support/business-fixtures';

/**
 * The collections lists' totals at scale (decision 039): the day rollups of migration 030 are kept by triggers in the
 * writer's own statement, so after any insert, change or delete the day rows equal the rows counted afresh, and the
 * lists' totals equal an exact count; customer conversion's kept answer is counted again after a write to a wizard of
 * its period; a claimed list by a loan's standing over the whole business says when its total is an estimate.
 */

const DAY_MS = 86_400_000;
let api: TestApi;
let fx: BusinessFixtures;
let admin: string;
let agentAdminId: number;

/** A wizard started `daysAgo`: waiting, paid (with its handset) or run to a new borrower's loan. */
const wizard = (o: { daysAgo: number; state: 'waiting' | 'paid' | 'loan'; storeId?: number; daysDefaulted?: number }) => fx.firstDeposit(o);

/** A push of the wizard through `provider` (its pending transaction and attempt), as the deposit step writes it. */
async function push(wizardId: string, customerId: number, attempt: number, provider: string) {
  const key = `${wizardId}:${attempt}`;
  await api.db.query(
    `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, debit, credit,
                               customer_id, idempotency_key, created_at)
     VALUES ($1, $1, $1, 'deposit', $2, 'pending', 60000, 0, 0, $3, $1, $4)`,
    [key, provider, customerId, TEST_NOW],
  );
  await api.db.query(
    `INSERT INTO deposit_attempts (wizard_id, attempt, idempotency_key, payment_msisdn, amount, requested_by, requested_at)
     VALUES ($1, $2, $3, '255712345678', 60000, $4, $5)`,
    [wizardId, attempt, key, agentAdminId, TEST_NOW],
  );
}

/** The day rows that differ from the wizards counted afresh (none when the triggers kept them right). */
const daysOff = () =>
  api.db.query(
    `SELECT coalesce(d.day, w.day) AS day, coalesce(d.provider, w.provider) AS provider, coalesce(d.status, w.status) AS status,
            d.wizards AS kept, w.n AS counted
       FROM (SELECT * FROM first_deposit_days WHERE wizards <> 0) d
       FULL JOIN (SELECT eat_day(created_at) AS day, coalesce(provider, '') AS provider,
                         first_deposit_status(loan_id, abandoned_at, deposit_paid_at) AS status, count(*)::int AS n
                    FROM first_deposits GROUP BY 1, 2, 3) w ON (w.day, w.provider, w.status) = (d.day, d.provider, d.status)
      WHERE d.wizards IS DISTINCT FROM w.n`,
  );
const ratingDaysOff = () =>
  api.db.query(
    `SELECT * FROM (SELECT * FROM call_rating_days WHERE ratings <> 0) d
       FULL JOIN (SELECT eat_day(created_at) AS day, 'customer_care' AS kind, mood, description, count(*)::int AS n FROM call_ratings GROUP BY 1, 3, 4
                  UNION ALL
                  SELECT eat_day(created_at), 'debt_collection', mood, '', count(*)::int FROM debt_collection_call_ratings GROUP BY 1, 3) w
         ON (w.day, w.kind, w.mood, w.description) = (d.day, d.kind, d.mood, d.description)
      WHERE d.ratings IS DISTINCT FROM w.n`,
  );
/** The rows per day and kind (migration 049) that differ from call_rating_days summed over mood and description. */
const ratingDayKindsOff = () =>
  api.db.query(
    `SELECT * FROM (SELECT * FROM call_rating_day_kinds WHERE ratings <> 0) k
       FULL JOIN (SELECT day, kind, sum(ratings)::int AS n FROM call_rating_days GROUP BY 1, 2 HAVING sum(ratings) <> 0) d
         ON (d.day, d.kind) = (k.day, k.kind)
      WHERE k.ratings IS DISTINCT FROM d.n`,
  );

const post = async (path: string, body: object, token = admin) => {
  const res = await api.call('POST', path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const deposits = async (body: object) => firstDepositsList.parse(await post(routes.firstDeposits.path, body));
const since = (days: number) => new Date(TEST_NOW.getTime() - days * DAY_MS).toISOString();
const exactly = async (where: string) =>
  Number(
    (
      await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM first_deposits f WHERE f.created_at >= $1 AND ${where}`,
        // The default period is the last 30 EAT days, today included: its start is the start of the EAT day 29 days ago.
        [new Date(Date.parse(`${fx.today}T00:00:00Z`) - 29 * DAY_MS - 3 * 3_600_000).toISOString()],
      )
    )[0]!.n,
  );

beforeAll(async () => {
  api = await testApi({ estimateTotalsFromRows: 1 });
  fx = await businessFixtures(api.db);
  admin = await api.tokenFor('admin');
  agentAdminId = (await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'agent'"))[0]!.id;
});
afterAll(() => api.close());

describe('first deposits by day', () => {
  it('the day rows follow every start, push, payment, loan, abandon and delete, and the totals are exact counts', async () => {
    expect(await daysOff()).toEqual([]);
    const waiting = await wizard({ daysAgo: 1, state: 'waiting' });
    const other = await wizard({ daysAgo: 3, state: 'waiting' });
    await wizard({ daysAgo: 2, state: 'loan' });
    await wizard({ daysAgo: 40, state: 'paid' });
    expect(await daysOff()).toEqual([]);

    // A push sets the provider of the last push; a second push through another provider replaces it.
    await push(waiting.id, waiting.customerId, 1, 'mpesa');
    expect((await deposits({ provider: 'mpesa' })).data.map((r) => r.id)).toContain(waiting.id);
    await api.db.query(
      "UPDATE deposit_attempts SET status = 'failed', failure = 'cancelled', settled_by = 'callback', completed_at = $2 WHERE wizard_id = $1",
      [waiting.id, TEST_NOW],
    );
    await push(waiting.id, waiting.customerId, 2, 'airtel_money');
    const byAirtel = await deposits({ provider: 'airtel_money' });
    expect(byAirtel.data.map((r) => [r.id, r.provider])).toEqual([[waiting.id, 'airtel_money']]);
    expect(byAirtel.total).toBe(1);
    expect((await deposits({ provider: 'mpesa' })).data.map((r) => r.id)).not.toContain(waiting.id);
    expect(await daysOff()).toEqual([]);

    // Paid, then abandoned; the other one deleted.
    const item = await fx.stockItem(imeiFor(8900));
    await api.db.query('UPDATE first_deposits SET inventory_item_id = $2, deposit_paid_at = $3 WHERE wizard_id = $1', [
      waiting.id,
      item,
      since(0.5),
    ]);
    expect(await daysOff()).toEqual([]);
    await api.db.query('UPDATE first_deposits SET abandoned_at = $2 WHERE wizard_id = $1', [waiting.id, since(0.2)]);
    await api.db.query('DELETE FROM first_deposits WHERE wizard_id = $1', [other.id]);
    expect(await daysOff()).toEqual([]);

    // Head office's totals come from the day rows; each equals the wizards counted one by one.
    expect((await deposits({})).total).toBe(await exactly('true'));
    for (const status of ['awaiting_payment', 'paid', 'loan_created', 'abandoned'] as const) {
      const page = await deposits({ status });
      expect(page.total, status).toBe(await exactly(`first_deposit_status(f.loan_id, f.abandoned_at, f.deposit_paid_at) = '${status}'`));
      expect(page.data.every((r) => r.status === status)).toBe(true);
    }
    expect((await deposits({ provider: 'airtel_money', status: 'abandoned' })).data.map((r) => r.id)).toEqual([waiting.id]);
  });
});

describe('call ratings by day', () => {
  it('the day rows follow ratings of both kinds, and the totals are exact counts', async () => {
    const borrower = await fx.borrower({ daysDefaulted: 5 });
    const rater = agentAdminId;
    const [call] = await api.db.query<{ id: number }>(
      `INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, days_defaulted, amount_due, called_by, created_at)
       VALUES ($1, $2, 'outgoing', 'no_answer', 5, 1000, $3, $4) RETURNING id`,
      [borrower.loanId, borrower.customerId, rater, since(2)],
    );
    await api.db.query(
      `INSERT INTO debt_collection_call_ratings (call_id, score, mood, rated_by, created_at) VALUES ($1, 4, 'happy', $2, $3), ($1, 2, 'sad', $2, $4)`,
      [call!.id, rater, since(2), since(1)],
    );
    await api.db.query(
      `INSERT INTO call_ratings (customer_id, call_type, mood, description, rated_by, created_at)
       VALUES ($1, 'incoming', 'happy', 'repair', $2, $3), ($1, 'outgoing', 'angry', 'inquiry', $2, $4), ($1, 'incoming', 'happy', 'inquiry', $2, $5)`,
      [borrower.customerId, rater, since(1), since(3), since(45)],
    );
    expect(await ratingDaysOff()).toEqual([]);
    expect(await ratingDayKindsOff()).toEqual([]);
    const ratings = async (body: object) => callRatingsList.parse(await post(routes.allCallRatings.path, body));
    const all = await ratings({});
    expect(all.total).toBe(all.data.length);
    expect(all.data.map((r) => [r.kind, r.mood])).toEqual([
      ['customer_care', 'happy'],
      ['debt_collection', 'sad'],
      ['debt_collection', 'happy'],
      ['customer_care', 'angry'],
    ]);
    expect((await ratings({ mood: 'happy' })).total).toBe(2);
    expect((await ratings({ kind: 'debt_collection' })).total).toBe(2);
    expect((await ratings({ description: 'inquiry' })).total).toBe(1);
    expect((await ratings({ rated_by: rater, kind: 'customer_care' })).total).toBe(2);
    // Paged across both kinds: the second page of two starts where the first ended.
    expect((await ratings({ limit: 2, skip: 2 })).data.map((r) => r.mood)).toEqual(['happy', 'angry']);

    await api.db.query("DELETE FROM debt_collection_call_ratings WHERE mood = 'sad' AND call_id = $1", [call!.id]);
    await api.db.query("UPDATE call_ratings SET mood = 'neutral' WHERE mood = 'angry' AND customer_id = $1", [borrower.customerId]);
    expect(await ratingDaysOff()).toEqual([]);
    expect(await ratingDayKindsOff()).toEqual([]);
    expect((await ratings({})).total).toBe(3);
    expect((await ratings({ kind: 'customer_care' })).total).toBe(2);
    expect((await ratings({ mood: 'neutral' })).total).toBe(1);
  });
});

describe('customer conversion kept between writes', () => {
  it('answers again once a wizard of its period is paid, with the new figures', async () => {
    const conversion = async () => conversionList.parse(await post(routes.customerConversion.path, { store_id: fx.stores[1] }));
    const started = await wizard({ daysAgo: 4, state: 'waiting', storeId: fx.stores[1] });
    const before = await conversion();
    expect(before.totals).toMatchObject({ started: 1, paid: 0, converted: 0 });
    expect(await conversion()).toEqual(before);
    const item = await fx.stockItem(imeiFor(8950));
    await api.db.query('UPDATE first_deposits SET inventory_item_id = $2, deposit_paid_at = $3 WHERE wizard_id = $1', [
      started.id,
      item,
      since(3),
    ]);
    expect((await conversion()).totals).toMatchObject({ started: 1, paid: 1, converted: 0 });
  });
});

describe('claimed customers totals', () => {
  it('by a loan standing over the whole business: the estimate, marked; otherwise exact', async () => {
    await wizard({ daysAgo: 6, state: 'loan', daysDefaulted: 9 });
    await api.db.query('ANALYZE first_deposits');
    await api.db.query('ANALYZE loans');
    const claimed = async (body: object) => {
      const answer = await post(routes.claimedCustomers.path, body);
      return { answer: answer as Record<string, unknown>, page: claimedList.parse(answer) };
    };
    const defaulted = await claimed({ standing: 'defaulted' });
    expect(defaulted.answer.total_estimated).toBe(true);
    expect(Number.isInteger(defaulted.page.total)).toBe(true);
    expect(defaulted.page.data.length).toBeGreaterThan(0);
    expect(defaulted.page.data.every((r) => r.standing === 'defaulted')).toBe(true);

    // A store filter counts its own claims exactly; so do all claims and those in progress, from the day rows.
    const inStore = await claimed({ standing: 'defaulted', store_id: fx.stores[0] });
    expect(inStore.answer.total_estimated).toBeUndefined();
    expect(inStore.page.total).toBe(inStore.page.data.length);
    const any = await claimed({});
    expect(any.answer.total_estimated).toBeUndefined();
    expect(any.page.total).toBe(await exactly('f.abandoned_at IS NULL'));
    const going = await claimed({ standing: 'in_progress' });
    expect(going.page.total).toBe(await exactly('f.abandoned_at IS NULL AND f.loan_id IS NULL'));
  });

  it('decides between the estimate and a count once a minute, not on every page (one round trip for the page)', async () => {
    const statements: string[] = [];
    const query = api.db.query.bind(api.db);
    const countsTheDays = () => statements.filter((sql) => /FROM first_deposit_days/.test(sql)).length;
    api.db.query = ((sql: string, params?: unknown[]) => {
      statements.push(sql);
      return query(sql, params);
    }) as typeof api.db.query;
    try {
      const first = claimedList.parse(await post(routes.claimedCustomers.path, { standing: 'defaulted' }));
      expect(first.total_estimated).toBe(true);
      statements.length = 0;
      const again = claimedList.parse(await post(routes.claimedCustomers.path, { standing: 'defaulted', skip: 1 }));
      expect(again.total_estimated).toBe(true);
      expect(again.total).toBe(first.total);
      expect(again.data).toEqual(first.data.slice(1));
      expect(countsTheDays()).toBe(0);
      // A minute on, the period's size is counted from the day rows again.
      api.clock.advance(60_000);
      statements.length = 0;
      expect(claimedList.parse(await post(routes.claimedCustomers.path, { standing: 'defaulted' })).total_estimated).toBe(true);
      expect(countsTheDays()).toBe(1);
    } finally {
      api.db.query = query;
    }
  });
});
