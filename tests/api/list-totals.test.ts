import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { callRatingsList, claimedList, defaultersList, firstDepositsList, loansList } from '../../src/contract/collections';
import { statementsOf } from '../support/statements';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, type BusinessFixtures } from '../support/business-fixtures';

/**
 * The loans and defaulters lists answer their page and its total in one statement (decision 040). An exact total is
 * counted on every call, so a new defaulter is in the next answer, and a page past the end still carries it. A total
 * the planner estimates (a list of many rows, AppConfig.estimateTotalsFromRows) may be up to a minute old: the
 * planner is asked once a minute per list and filters, not on every call.
 */

let exact: TestApi;
let estimating: TestApi;
let exactFx: BusinessFixtures;
let estimatingFx: BusinessFixtures;

const tokens = new Map<TestApi, string>();
const adminToken = async (api: TestApi) => tokens.get(api) ?? tokens.set(api, await api.tokenFor('admin')).get(api)!;
const post = async (api: TestApi, path: string, body: Record<string, unknown>) => {
  const res = await api.call('POST', path, { token: await adminToken(api), body });
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
};
const activeLoans = async (api: TestApi) =>
  Number((await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM loans WHERE status = 'active'"))[0]!.n);

beforeAll(async () => {
  exact = await testApi();
  estimating = await testApi({ estimateTotalsFromRows: 1 });
  exactFx = await businessFixtures(exact.db);
  estimatingFx = await businessFixtures(estimating.db);
  for (const daysDefaulted of [3, 12, 40]) await exactFx.borrower({ daysDefaulted });
});
afterAll(async () => {
  await exact?.close();
  await estimating?.close();
});

describe('exact totals', () => {
  it('count a new defaulter in the very next answer', async () => {
    const before = defaultersList.parse(await post(exact, routes.allDefaulters.path, { limit: 25, skip: 0 }));
    expect(before.total).toBe(3);
    const added = await exactFx.borrower({ daysDefaulted: 8 });
    const after = defaultersList.parse(await post(exact, routes.allDefaulters.path, { limit: 25, skip: 0 }));
    expect(after.total).toBe(4);
    expect(after.data.map((r) => r.id)).toContain(added.loanId);
    expect(after).not.toHaveProperty('total_estimated');
  });

  it('come with a page past the end, and with a filter that finds nothing', async () => {
    const past = await post(exact, routes.allDefaulters.path, { limit: 2, skip: 10 });
    expect(past).toEqual({ total: 4, limit: 2, skip: 10, data: [] });
    const none = await post(exact, routes.lipaPolePoleLoans.path, { tab: 'active', store_id: 999_999, limit: 25, skip: 0 });
    expect(none).toEqual({ total: 0, limit: 25, skip: 0, data: [] });
    const npl = defaultersList.parse(await post(exact, routes.nplDefaulters.path, { limit: 25, skip: 0 }));
    expect(npl.total).toBe(1);
    expect(npl.data).toHaveLength(1);
  });
});

describe('estimated totals', () => {
  it('are the planner estimate, marked, kept a minute per list and then asked again', async () => {
    for (let i = 0; i < 3; i++) await estimatingFx.borrower({ dueInDays: 2 });
    await estimating.db.query('ANALYZE loans');
    const first = loansList.parse(await post(estimating, routes.lipaPolePoleLoans.path, { tab: 'active', limit: 2, skip: 0 }));
    expect(first.total_estimated).toBe(true);
    expect(first.total).toBe(await activeLoans(estimating));
    expect(first.data).toHaveLength(2);

    for (let i = 0; i < 10; i++) await estimatingFx.borrower({ dueInDays: 2 });
    await estimating.db.query('ANALYZE loans');
    const kept = loansList.parse(await post(estimating, routes.lipaPolePoleLoans.path, { tab: 'active', limit: 2, skip: 0 }));
    expect(kept.total).toBe(first.total);

    estimating.clock.advance(60_000);
    const asked = loansList.parse(await post(estimating, routes.lipaPolePoleLoans.path, { tab: 'active', limit: 2, skip: 0 }));
    expect(asked.total_estimated).toBe(true);
    expect(asked.total).toBe(await activeLoans(estimating));
    expect(asked.total).toBeGreaterThan(first.total);
  });
});

describe('approval queues', () => {
  it('answer the total with a page past the end, and the page itself in order', async () => {
    const late = await exactFx.borrower({ daysDefaulted: 5 });
    const made = await exact.call('POST', routes.requestLoanExtension.path, {
      token: await exact.tokenFor('callcentre'),
      body: { msisdn: late.msisdn, days_to_extend: 7 },
    });
    expect(made.status).toBe(201);
    const past = await post(exact, routes.pendingLoanExtensions.path, { limit: 5, skip: 5 });
    expect(past).toEqual({ pending_requests: [], total: 1, limit: 5, skip: 5 });
    const page = await post(exact, routes.pendingLoanExtensions.path, { limit: 5, skip: 0 });
    expect(page).toMatchObject({ total: 1, pending_requests: [{ id: made.body.id, kind: 'loan_extension', days_to_extend: 7 }] });
    const none = await post(exact, routes.pendingImeiChanges.path, { limit: 5, skip: 0 });
    expect(none).toEqual({ pending_requests: [], total: 0, limit: 5, skip: 0 });
  });
});

describe("a caller's scope, kept between calls", () => {
  it('follows a region given to the caller, and taken back, at the next call', async () => {
    const all = loansList.parse(await post(exact, routes.lipaPolePoleLoans.path, { tab: 'active', limit: 100, skip: 0 }));
    const [store] = await exact.db.query<{ region_id: number }>('SELECT region_id FROM stores WHERE id = $1', [exactFx.stores[0]]);
    const [lead] = await exact.db.query<{ lead_admin_id: number | null }>('SELECT lead_admin_id FROM regions WHERE id = $1', [
      store!.region_id,
    ]);
    await exact.db.query("UPDATE regions SET lead_admin_id = (SELECT id FROM admins WHERE username = 'admin') WHERE id = $1", [
      store!.region_id,
    ]);
    try {
      const led = loansList.parse(await post(exact, routes.lipaPolePoleLoans.path, { tab: 'active', limit: 100, skip: 0 }));
      expect(led.data.length).toBeGreaterThan(0);
      expect(led.data.every((r) => r.region.id === store!.region_id)).toBe(true);
      expect(led.total).toBe(all.data.filter((r) => r.region.id === store!.region_id).length);
    } finally {
      await exact.db.query('UPDATE regions SET lead_admin_id = $1 WHERE id = $2', [lead!.lead_admin_id, store!.region_id]);
    }
    const again = loansList.parse(await post(exact, routes.lipaPolePoleLoans.path, { tab: 'active', limit: 100, skip: 0 }));
    expect(again.total).toBe(all.total);
  });
});

describe('exact totals kept while nothing is written (decision 071)', () => {
  const counts = (statements: string[]) => statements.filter((sql) => /count\(\*\)::int FROM loans/.test(sql)).length;
  // A call made again asks for another page size, so it is not the kept answer of the first (decision 100) but a
  // new page whose total is kept.
  const defaulters = async (limit = 25) => defaultersList.parse(await post(exact, routes.allDefaulters.path, { limit, skip: 0 }));

  it('count once on the embedded database until anything is written, then count again; on PostgreSQL every time', async () => {
    const first = await defaulters();
    const again = await statementsOf(exact, async () => expect((await defaulters(24)).total).toBe(first.total));
    // PGlite's change feed hears of every write (this process is its only writer); PostgreSQL's does not.
    expect(counts(again)).toBe(exact.db.kind === 'pglite' ? 0 : 1);

    await exactFx.borrower({ daysDefaulted: 5 });
    const afterWrite = await statementsOf(exact, async () => expect((await defaulters()).total).toBe(first.total + 1));
    expect(counts(afterWrite)).toBe(1);
  });

  // The lists read in their page's own order (pageInOrder, decision 092) count from the day rows or the ratings.
  const embedded = () => exact.db.kind === 'pglite';
  const fromDays = (statements: string[]) => statements.filter((sql) => /FROM first_deposit_days/.test(sql)).length;
  const claimed = async (limit = 2) => claimedList.parse(await post(exact, routes.claimedCustomers.path, { limit, skip: 0 }));
  const deposits = async (limit = 2) => firstDepositsList.parse(await post(exact, routes.firstDeposits.path, { limit, skip: 0 }));

  it('hold for the claimed customers and the first deposits, their pages after the first too, until a wizard is written', async () => {
    for (const daysAgo of [1, 2, 3]) await exactFx.firstDeposit({ daysAgo, state: 'waiting' });
    const first = await claimed();
    const firstDeposits = await deposits();
    expect(first.total).toBeGreaterThanOrEqual(3);
    const again = await statementsOf(exact, async () => {
      expect((await claimed(3)).total).toBe(first.total);
      const next = claimedList.parse(await post(exact, routes.claimedCustomers.path, { limit: 2, skip: 2 }));
      expect(next.total).toBe(first.total);
      expect(next.data[0]?.id).not.toBe(first.data[0]?.id);
      expect((await deposits(3)).total).toBe(firstDeposits.total);
    });
    expect(fromDays(again)).toBe(embedded() ? 0 : 3);

    const added = await exactFx.firstDeposit({ daysAgo: 0, state: 'waiting' });
    const afterWrite = await statementsOf(exact, async () => {
      const after = await claimed();
      expect(after.total).toBe(first.total + 1);
      expect(after.data[0]?.id).toBe(added.id);
      expect((await deposits()).total).toBe(firstDeposits.total + 1);
    });
    expect(fromDays(afterWrite)).toBe(2);
  });

  it('hold for the call ratings until a rating is written, and a page past the end still carries the total', async () => {
    const ratings = async (skip = 0, limit = 2) => callRatingsList.parse(await post(exact, routes.allCallRatings.path, { limit, skip }));
    const counting = (statements: string[]) => statements.filter((sql) => /AS total/.test(sql) && !/NULL::int AS total/.test(sql)).length;
    const { customerId } = await exactFx.borrower({ daysDefaulted: 0 });
    const [rater] = await exact.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'callcentre'");
    const rate = () =>
      exact.db.query(
        `INSERT INTO call_ratings (customer_id, call_type, mood, description, comment, rated_by, created_at)
         VALUES ($1, 'incoming', 'happy', 'inquiry', NULL, $2, $3)`,
        [customerId, rater!.id, new Date(TEST_NOW.getTime() - 3_600_000)],
      );
    await rate();
    const first = await ratings();
    expect(first.total).toBeGreaterThanOrEqual(1);
    const again = await statementsOf(exact, async () => {
      expect((await ratings(0, 3)).total).toBe(first.total);
      expect(await ratings(first.total + 5)).toMatchObject({ total: first.total, data: [] });
    });
    // On PostgreSQL the page past the end counts twice: in its statement, and alone, as it has no row to carry it.
    expect(counting(again)).toBe(embedded() ? 0 : 3);

    await rate();
    const afterWrite = await statementsOf(exact, async () => expect((await ratings()).total).toBe(first.total + 1));
    expect(counting(afterWrite)).toBe(1);
  });
});
