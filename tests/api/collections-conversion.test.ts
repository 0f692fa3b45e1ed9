import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { claimedList, collectionsDue, conversionList } from '../../src/contract/collections';
import { userWith } from '../support/admin-changes';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, plusDays, type BusinessFixtures, type FirstDepositOptions } from '../support/business-fixtures';

/**
 * Customer conversion, claimed customers (decision 020's definitions) and collections due (decision 028): their
 * roles, scopes, 400s naming the field, server-side paging and the figures a manager reads.
 */

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
let today: string;
const agents: number[] = [];

const post = (path: string, body: unknown, by: string | null) => api.call('POST', path, { token: by ?? undefined, body });

/**
 * A first-deposit wizard started `daysAgo` by an agent (the first, unless named) at a store: awaiting payment, paid,
 * abandoned, or run to the loan of a new borrower (in default when `daysDefaulted`).
 */
const wizard = (o: Omit<FirstDepositOptions, 'state' | 'loanId'> & { state: 'waiting' | 'paid' | 'abandoned' | 'loan' }) =>
  fx.firstDeposit({ ...o, agentId: o.agentId === undefined ? agents[0] : o.agentId });

const w: Record<string, Awaited<ReturnType<typeof wizard>>> = {};

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  today = fx.today;
  for (const u of ['admin', 'collector', 'finance', 'shopowner']) token[u] = await api.tokenFor(u);
  const at = TEST_NOW.toISOString();
  for (const [name, msisdn, store] of [
    ['Amina Kweka', '255711000101', fx.stores[0]],
    ['Bakari Mollel', '255711000102', fx.stores[0]],
    ['Chausiku Mbwana', '255711000103', fx.stores[1]],
  ] as const) {
    const [a] = await api.db.query<{ id: number }>(
      'INSERT INTO agents (full_name, msisdn, store_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [name, msisdn, store, at],
    );
    agents.push(a!.id);
  }
  // The shop owner owns the second shop.
  const [owner] = await api.db.query<{ id: number }>(
    `INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at)
     SELECT 'Test Owner', '255711000199', id, $1 FROM admins WHERE username = 'shopowner' RETURNING id`,
    [at],
  );
  await api.db.query('UPDATE stores SET shop_owner_id = $1 WHERE id = $2', [owner!.id, fx.stores[1]]);

  // Amina at the first shop: 3 customers started (one twice: abandoned, then paid), 1 loan.
  w.a1 = await wizard({ daysAgo: 1, state: 'loan' });
  w.a2abandoned = await wizard({ daysAgo: 5, state: 'abandoned' });
  w.a2 = await wizard({ daysAgo: 4, state: 'paid', customerId: w.a2abandoned.customerId });
  w.a3 = await wizard({ daysAgo: 2, state: 'waiting' });
  // Bakari at the first shop: 2 customers, both loans (one in default).
  w.b1 = await wizard({ daysAgo: 3, agentId: agents[1], state: 'loan' });
  w.b2 = await wizard({ daysAgo: 6, agentId: agents[1], state: 'loan', daysDefaulted: 9 });
  // Chausiku at the second shop: 1 customer, waiting; and one 45 days ago (outside the default period).
  w.c1 = await wizard({ daysAgo: 2.5, storeId: fx.stores[1], agentId: agents[2], state: 'waiting' });
  w.cOld = await wizard({ daysAgo: 45, storeId: fx.stores[1], agentId: agents[2], state: 'loan' });
});
afterAll(() => api.close());

describe('customer conversion', () => {
  const list = async (body: object, by = token.admin!) => {
    const res = await post(routes.customerConversion.path, body, by);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return conversionList.parse(res.body);
  };

  it('401 without a token, 403 naming the role without it, 400 naming the field', async () => {
    expect((await post(routes.customerConversion.path, {}, null)).status).toBe(401);
    const stores = await userWith(api, 'storesonly1', ['VIEW_STORES']);
    const refused = await post(routes.customerConversion.path, {}, stores.token);
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('VIEW_CUSTOMER_LOANS');
    for (const [body, field] of [
      [{ from: '2026-10-10', to: '2026-10-01' }, 'to'],
      [{ from: '2024-01-01', to: '2026-10-01' }, 'to'],
      [{ from: '2026-02-30' }, 'from'],
      [{ store_id: 0 }, 'store_id'],
      [{ agent_id: 'x' }, 'agent_id'],
      [{ limit: 500 }, 'limit'],
      [{ skip: -1 }, 'skip'],
    ] as const) {
      const res = await post(routes.customerConversion.path, body, token.admin!);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(body)).toContain(field);
    }
  });

  it('counts customers who started, paid and took a loan, by store and agent, most started first', async () => {
    const page = await list({});
    expect(page).toMatchObject({ from: plusDays(today, -29), to: today, total: 3 });
    expect(page.data.map((r) => [r.store.id, r.agent?.id, r.started, r.paid, r.converted, r.rate])).toEqual([
      [fx.stores[0], agents[0], 3, 2, 1, 0.3333],
      [fx.stores[0], agents[1], 2, 2, 2, 1],
      [fx.stores[1], agents[2], 1, 0, 0, 0],
    ]);
    expect(page.data[0]!.agent!.name).toBe('Amina Kweka');
    expect(page.totals).toEqual({ started: 6, paid: 4, converted: 3, rate: 0.5 });
  });

  it('filters by period, store and agent, pages the groups, and a shop owner sees only their stores', async () => {
    const wide = await list({ from: plusDays(today, -60), to: today });
    expect(wide.data.find((r) => r.agent?.id === agents[2])).toMatchObject({ started: 2, converted: 1 });
    expect((await list({ store_id: fx.stores[1] })).data.map((r) => r.agent?.id)).toEqual([agents[2]]);
    expect((await list({ agent_id: agents[1] })).totals).toEqual({ started: 2, paid: 2, converted: 2, rate: 1 });
    const second = await list({ limit: 1, skip: 1 });
    expect(second).toMatchObject({ total: 3, limit: 1, skip: 1 });
    expect(second.data.map((r) => r.agent?.id)).toEqual([agents[1]]);
    expect(second.totals.started).toBe(6); // totals over every group, not the page
    const owner = await list({}, token.shopowner!);
    expect(owner.data.map((r) => r.store.id)).toEqual([fx.stores[1]]);
    expect(owner.totals.started).toBe(1);
    expect((await list({ store_id: fx.stores[0] }, token.shopowner!)).total).toBe(0);
    const nothing = await list({ from: plusDays(today, -100), to: plusDays(today, -90) });
    expect(nothing).toMatchObject({ total: 0, data: [], totals: { started: 0, paid: 0, converted: 0, rate: 0 } });
  });
});

describe('claimed customers', () => {
  const list = async (body: object, by = token.admin!) => {
    const res = await post(routes.claimedCustomers.path, body, by);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return claimedList.parse(res.body);
  };

  it('401, 403 naming the role, 400 naming the field', async () => {
    expect((await post(routes.claimedCustomers.path, {}, null)).status).toBe(401);
    const stores = await userWith(api, 'storesonly2', ['VIEW_STORES']);
    const refused = await post(routes.claimedCustomers.path, {}, stores.token);
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('VIEW_CUSTOMER_LOANS');
    for (const [body, field] of [
      [{ standing: 'lost' }, 'standing'],
      [{ from: '2026-10-10', to: '2026-10-01' }, 'to'],
      [{ agent_id: -3 }, 'agent_id'],
      [{ limit: 0 }, 'limit'],
    ] as const) {
      const res = await post(routes.claimedCustomers.path, body, token.admin!);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(body)).toContain(field);
    }
  });

  it("lists the wizards not abandoned, newest first, with the loan's standing", async () => {
    const page = await list({});
    expect(page.total).toBe(6);
    expect(page.data.map((r) => [r.id, r.standing, r.loan?.loan_number ?? null])).toEqual([
      [w.a1!.id, 'healthy', w.a1!.loanNumber],
      [w.a3!.id, 'in_progress', null],
      [w.c1!.id, 'in_progress', null],
      [w.b1!.id, 'healthy', w.b1!.loanNumber],
      [w.a2!.id, 'in_progress', null],
      [w.b2!.id, 'defaulted', w.b2!.loanNumber],
    ]);
    expect(page.data[5]!.loan).toMatchObject({ days_defaulted: 9, category: 'substandard', amount_due: 16200 });
    expect(page.data[0]).toMatchObject({ agent: { id: agents[0], name: 'Amina Kweka' }, store: { id: fx.stores[0] } });
    // Claimed when the wizard started, to the millisecond, as ISO text.
    const started = await api.db.query<{ id: string; created_at: Date }>(
      'SELECT wizard_id AS id, created_at FROM first_deposits WHERE wizard_id = ANY($1::uuid[])',
      [page.data.map((r) => r.id)],
    );
    const startedAt = new Map(started.map((r) => [String(r.id), new Date(r.created_at).toISOString()]));
    expect(page.data.map((r) => r.claimed_at)).toEqual(page.data.map((r) => startedAt.get(r.id)));
  });

  it('filters by standing, store, agent and period, pages, and a shop owner sees only their stores', async () => {
    expect((await list({ standing: 'defaulted' })).data.map((r) => r.id)).toEqual([w.b2!.id]);
    expect((await list({ standing: 'in_progress' })).total).toBe(3);
    expect((await list({ standing: 'healthy', agent_id: agents[1] })).data.map((r) => r.id)).toEqual([w.b1!.id]);
    expect((await list({ standing: 'closed' })).total).toBe(0);
    expect((await list({ store_id: fx.stores[1], from: plusDays(today, -60), to: today })).data.map((r) => r.id)).toEqual([
      w.c1!.id,
      w.cOld!.id,
    ]);
    const second = await list({ limit: 2, skip: 2 });
    expect(second).toMatchObject({ total: 6, limit: 2, skip: 2 });
    expect(second.data.map((r) => r.id)).toEqual([w.c1!.id, w.b1!.id]);
    expect((await list({}, token.shopowner!)).data.map((r) => r.id)).toEqual([w.c1!.id]);
  });
});

describe('collections due', () => {
  it('sums the installments falling due today and this week by store and agent, scoped to the caller', async () => {
    await api.db.query('DELETE FROM first_deposits');
    await api.db.query('UPDATE loans SET status = $1, closed_at = $2', ['closed', TEST_NOW.toISOString()]);
    const due = async (o: { dueInDays?: number; daysDefaulted?: number; storeId?: number; agent?: number }) => {
      const b = await fx.borrower(o);
      if (o.agent) await api.db.query('UPDATE loans SET agent_id = $1 WHERE id = $2', [o.agent, b.loanId]);
      return b;
    };
    await due({ dueInDays: 0, agent: agents[0] }); // daily, due today: 1 today, 7 this week
    await due({ dueInDays: 3, agent: agents[0] }); // due in 3 days: 4 this week
    await due({ dueInDays: 9, agent: agents[0] }); // after the week: nothing
    const late = await due({ daysDefaulted: 5, storeId: fx.stores[1], agent: agents[2] }); // 7 installments this week
    const res = await post(routes.collectionsDue.path, {}, token.admin!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = collectionsDue.parse(res.body);
    expect(report).toMatchObject({ today, week_end: plusDays(today, 6) });
    expect(report.rows.map((r) => [r.store.id, r.agent?.id, r.today, r.week])).toEqual([
      [fx.stores[0], agents[0], { loans: 1, amount: 1800 }, { loans: 2, amount: 11 * 1800 }],
      [fx.stores[1], agents[2], { loans: 1, amount: 1800 }, { loans: 1, amount: 7 * 1800 }],
    ]);
    expect(report.totals).toEqual({ today: { loans: 2, amount: 3600 }, week: { loans: 3, amount: 18 * 1800 } });
    expect(report).toMatchObject({ total: 2, limit: 25, skip: 0 });
    // A page of the rows, the totals still over all of them.
    const second = collectionsDue.parse((await post(routes.collectionsDue.path, { limit: 1, skip: 1 }, token.admin!)).body);
    expect(second).toMatchObject({ total: 2, limit: 1, skip: 1, totals: report.totals });
    expect(second.rows).toEqual(report.rows.slice(1));
    const past = collectionsDue.parse((await post(routes.collectionsDue.path, { skip: 5 }, token.admin!)).body);
    expect(past).toMatchObject({ total: 2, rows: [], totals: report.totals });
    const byStore = collectionsDue.parse((await post(routes.collectionsDue.path, { store_id: fx.stores[1] }, token.admin!)).body);
    expect(byStore.rows.map((r) => r.store.id)).toEqual([fx.stores[1]]);
    // The shop owner (VIEW_MY_DEFAULTERS_LIST_REPORT) sees their own shop; a collector the loans assigned to them.
    const owner = collectionsDue.parse((await post(routes.collectionsDue.path, {}, token.shopowner!)).body);
    expect(owner.rows.map((r) => r.store.id)).toEqual([fx.stores[1]]);
    expect(collectionsDue.parse((await post(routes.collectionsDue.path, {}, token.collector!)).body).rows).toEqual([]);
    const [collector] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'");
    expect((await post(routes.assignDefaulters.path, { loan_ids: [late.loanId], collector_id: collector!.id }, token.admin!)).status).toBe(
      200,
    );
    const mine = collectionsDue.parse((await post(routes.collectionsDue.path, {}, token.collector!)).body);
    expect(mine.totals.week).toEqual({ loans: 1, amount: 7 * 1800 });
  });

  it('401, 403 without a defaulters list role, 400 naming the field', async () => {
    expect((await post(routes.collectionsDue.path, {}, null)).status).toBe(401);
    const refused = await post(routes.collectionsDue.path, {}, token.finance!);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('not_yours');
    const bad = await post(routes.collectionsDue.path, { agent_id: 1.5 }, token.admin!);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('agent_id');
    const badPage = await post(routes.collectionsDue.path, { limit: 0, skip: -1 }, token.admin!);
    expect(badPage.status).toBe(400);
    expect(Object.keys(badPage.body.fields).sort()).toEqual(['limit', 'skip']);
  });
});
