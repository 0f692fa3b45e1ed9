import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi, type TestApi } from '../support/api';
import { eatDay, imeiFor, plusDays } from '../support/business-fixtures';
import { refreshAnalytics } from '../../server/domain/analytics/refresh';
import type { Analysis, MeasureRow } from '../../src/contract/analytics';

/**
 * The measures of decision 017 on hand-made data: seven daily loans of 1,000 TZS x 210 installments whose
 * balances, days late and payments are chosen so each formula's answer can be worked out by hand below.
 *   L1 store A, agent X: started 40 days ago, 33,000 paid the day after, then 1,000 on each of the last 7 days. Current.
 *   L2 store A, agent Y: started 40 days ago, 10,000 paid two days after, nothing since: 29 days late.
 *   L3 store B (the shop owner's), agent Z: started 40 days ago, nothing paid: 39 days late.
 *   L4 store A, agent X: started today with its 50,000 deposit.
 *   L5 store A, agent Y: started 500 days ago, paid in full within 300 days (closed).
 *   L6 store A, agent Y: started 500 days ago, 100,000 paid: 399 days late (written off long ago).
 *   L7 store A, agent Y: started 185 days ago, nothing paid: crossed 180 days late 3 days ago (written off then).
 * Every loan also has its deposit payment, which collections must ignore.
 */

let api: TestApi;
const today = eatDay();
const tokens: Record<string, string> = {};
const ids = { storeA: 0, storeB: 0, regionA: 0, regionB: 0, agentX: 0, agentY: 0, agentZ: 0, model: 0 };

/** An instant at hh:00 EAT on a day. */
const at = (day: string, hour = 9) => new Date(Date.parse(`${day}T00:00:00Z`) + (hour - 3) * 3_600_000).toISOString();

async function q<T = Record<string, number>>(sql: string, params: unknown[] = []) {
  return api.db.query<T>(sql, params);
}

let serial = 0;
async function loan(o: {
  store: number;
  agent: number;
  startedDaysAgo: number;
  payments: Array<[day: string, amount: number]>;
  daysDefaulted: number;
  status?: 'active' | 'closed';
  closedOn?: string;
}) {
  const k = ++serial;
  const start = plusDays(today, -o.startedDaysAgo);
  const msisdn = `2557550${String(k).padStart(5, '0')}`;
  const [c] = await q(
    `INSERT INTO customers (msisdn, first_name, other_names, sex, date_of_birth, national_id, customer_key, store_id, registered_at)
     VALUES ($1, 'Neema', $2, 'F', '1990-01-01', $3, $4, $5, $6) RETURNING id`,
    [msisdn, `Analytics ${k}`, `19900101-00000-00001-${String(k).padStart(2, '0')}`, `CKAN${k}`, o.store, at(start, 8)],
  );
  const [d] = await q(
    `INSERT INTO devices (customer_id, phone_model_id, imei, lock_solution_type, activation_status, is_locked, lock_status, created_at)
     VALUES ($1, $2, $3, 'dial_code', 'activated', $4, $5, $6) RETURNING id`,
    [
      c!.id,
      ids.model,
      imeiFor(500 + k),
      o.daysDefaulted > 3 && (o.status ?? 'active') === 'active',
      o.status === 'closed' ? 'inactive' : 'active',
      at(start, 8),
    ],
  );
  const paid = o.payments.reduce((sum, [, amount]) => sum + amount, 0);
  const [l] = await q(
    `INSERT INTO loans (loan_number, customer_id, device_id, phone_price_id, store_id, agent_id, repayment_period, price, deposit_paid,
                        installment_amount, installments, interval_days, amount_paid, amount_due, days_defaulted, next_repayment_date,
                        status, started_at, closed_at, created_at)
     VALUES ($1, $2, $3, (SELECT id FROM phone_prices LIMIT 1), $4, $5, 'daily', 250000, 50000, 1000, 210, 1, $6, $7, $8, $9, $10, $11, $12, $11)
     RETURNING id`,
    [
      `LNA${k}`,
      c!.id,
      d!.id,
      o.store,
      o.agent,
      paid,
      Math.min(o.daysDefaulted * 1000, 210_000 - paid),
      o.daysDefaulted,
      o.status === 'closed' ? null : plusDays(today, -o.daysDefaulted || 1),
      o.status ?? 'active',
      at(start, 10),
      o.closedOn ? at(o.closedOn, 12) : null,
    ],
  );
  let n = 0;
  const tx = async (kind: string, day: string, amount: number, hour: number) =>
    q(
      `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                 customer_id, loan_id, date_processed, created_at)
       VALUES ($1, $1, $1, $2, 'mpesa', 'completed', $3, $3, $4, $5, $6, $6)`,
      [`TXA${k}-${++n}`, kind, amount, c!.id, l!.id, at(day, hour)],
    );
  await tx('deposit', start, 50_000, 10);
  for (const [day, amount] of o.payments) await tx('repayment', day, amount, 9);
  return l!.id as number;
}

beforeAll(async () => {
  api = await testApi();
  const now = api.clock.now().toISOString();
  for (const u of ['admin', 'shopowner', 'finance', 'collector', 'agent', 'approver']) tokens[u] = await api.tokenFor(u);
  const admin = async (u: string) => (await q<{ id: number }>('SELECT id FROM admins WHERE username = $1', [u]))[0]!.id;
  [{ id: ids.regionA }] = (await q<{ id: number }>(
    "INSERT INTO regions (name, territory, lead_admin_id, created_at) VALUES ('Region A', 'Coastal', $1, $2) RETURNING id",
    [await admin('finance'), now],
  )) as [{ id: number }];
  [{ id: ids.regionB }] = (await q<{ id: number }>(
    "INSERT INTO regions (name, territory, created_at) VALUES ('Region B', 'Lake', $1) RETURNING id",
    [now],
  )) as [{ id: number }];
  const [owner] = await q(
    "INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at) VALUES ('Owner B', '255754999001', $1, $2) RETURNING id",
    [await admin('shopowner'), now],
  );
  const store = async (name: string, region: number, type: string, ownerId: number | null) =>
    (
      await q<{ id: number }>(
        `INSERT INTO stores (name, region_id, store_type, shop_owner_id, location, till_or_paybill, biller_type, biller_number, created_at)
         VALUES ($1, $2, $3, $4, 'Mtaa', 'paybill', 'mpesa', '400200', $5) RETURNING id`,
        [name, region, type, ownerId, now],
      )
    )[0]!.id;
  ids.storeA = await store('Store A', ids.regionA, 'main_shop', null);
  ids.storeB = await store('Store B', ids.regionB, 'dealer_shop', Number(owner!.id));
  const agent = async (name: string, msisdn: string, storeId: number, adminId: number | null) =>
    (
      await q<{ id: number }>(
        'INSERT INTO agents (full_name, msisdn, store_id, admin_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [name, msisdn, storeId, adminId, now],
      )
    )[0]!.id;
  ids.agentX = await agent('Agent X', '255754999011', ids.storeA, await admin('agent'));
  ids.agentY = await agent('Agent Y', '255754999012', ids.storeA, null);
  ids.agentZ = await agent('Agent Z', '255754999013', ids.storeB, null);
  const [model] = await q(
    `INSERT INTO phone_models (sku, brand, name, model, storage_gb, ram_gb, lock_solution_type, created_at)
     VALUES ('AN-1', 'itel', 'itel Analytics', 'AN1', 64, 4, 'dial_code', $1) RETURNING id`,
    [now],
  );
  ids.model = Number(model!.id);
  await q(
    `INSERT INTO phone_prices (phone_model_id, rrp, wholesale_price, credit_multiplier, deposit, daily_payment, installments,
                               twelve_months_payment, effective_from, created_at)
     VALUES ($1, 250000, 200000, 1.2, 50000, 1000, 210, 20000, '2024-01-01', '2024-01-01')`,
    [ids.model],
  );
  const S = plusDays(today, -40);
  const last7 = Array.from({ length: 7 }, (_, i) => [plusDays(today, -6 + i), 1000] as [string, number]);
  await loan({
    store: ids.storeA,
    agent: ids.agentX,
    startedDaysAgo: 40,
    payments: [[plusDays(S, 1), 33_000], ...last7],
    daysDefaulted: 0,
  });
  await loan({ store: ids.storeA, agent: ids.agentY, startedDaysAgo: 40, payments: [[plusDays(S, 2), 10_000]], daysDefaulted: 29 });
  await loan({ store: ids.storeB, agent: ids.agentZ, startedDaysAgo: 40, payments: [], daysDefaulted: 39 });
  await loan({ store: ids.storeA, agent: ids.agentX, startedDaysAgo: 0, payments: [], daysDefaulted: 0 });
  const S5 = plusDays(today, -500);
  await loan({
    store: ids.storeA,
    agent: ids.agentY,
    startedDaysAgo: 500,
    payments: [[plusDays(S5, 300), 210_000]],
    daysDefaulted: 0,
    status: 'closed',
    closedOn: plusDays(S5, 300),
  });
  await loan({ store: ids.storeA, agent: ids.agentY, startedDaysAgo: 500, payments: [[plusDays(S5, 5), 100_000]], daysDefaulted: 399 });
  await loan({ store: ids.storeA, agent: ids.agentY, startedDaysAgo: 185, payments: [], daysDefaulted: 184 });
  await refreshAnalytics({ db: api.db }, api.clock.now());
});
afterAll(() => api?.close());

const get = (path: string, who?: string) => api.call('GET', path, { token: who ? tokens[who] : undefined });
const analysis = async (path: string, who = 'admin') => {
  const res = await get(path, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Analysis;
};
const rowOf = (a: Analysis, dim: string, key: number | string): MeasureRow | undefined =>
  a.breakdowns.find((b) => b.dimension === dim)?.rows.find((r) => r.key === String(key));

describe('the measures on hand-made data (decision 017)', () => {
  it('PAR 1/7/30/90: the whole balance of the loans more than X days late over the gross receivables, written-off loans out of both', async () => {
    const a = await analysis('/api/v1/bi_dashboard?period=7d');
    // In the book: L1 170,000 + L2 200,000 + L3 210,000 + L4 210,000 (L6 and L7 are past 180 days: written off).
    expect(a.totals.grossReceivable).toBe(790_000);
    expect(a.totals.activeLoans).toBe(4);
    expect(a.totals.par1).toBeCloseTo(410_000 / 790_000, 10);
    expect(a.totals.par7).toBeCloseTo(410_000 / 790_000, 10);
    expect(a.totals.par30).toBeCloseTo(210_000 / 790_000, 10);
    expect(a.totals.par90).toBe(0);
    expect(a.totals.par30Balance).toBe(210_000);
  });

  it('collection rate: repayments against installments due in the period, deposits excluded on both sides', async () => {
    const a = await analysis('/api/v1/bi_dashboard?period=7d');
    // Due: L1, L2, L3 1,000 on each of 7 days, L7 on the 3 days before it was written off. Collected: L1's 7 x 1,000.
    expect(a.totals.due).toBe(24_000);
    expect(a.totals.collected).toBe(7_000);
    expect(a.totals.collectionRate).toBeCloseTo(7_000 / 24_000, 10);
  });

  it('sales: loans started and deposits taken in the period', async () => {
    const a = await analysis('/api/v1/bi_dashboard?period=7d');
    expect(a.totals.loansStarted).toBe(1);
    expect(a.totals.depositsTaken).toBe(50_000);
  });

  it('write-off ratio: balances written off in the period over the average gross receivables of its days', async () => {
    const a = await analysis('/api/v1/bi_dashboard?period=7d');
    expect(a.totals.writtenOff).toBe(210_000);
    // Gross per day summed over the 7 days: L1 1,211,000 + L2 1,400,000 + L3 1,470,000 + L4 210,000 + L7 630,000.
    expect(a.totals.writeOffRatio).toBeCloseTo(210_000 / (4_921_000 / 7), 10);
  });

  it('first-payment default and ownership rate', async () => {
    const a = await analysis('/api/v1/bi_dashboard?period=7d');
    // FPD: of L1, L2, L3, L5, L6, L7 (first installment 30 days past due), L3, L7 and L5 (which paid only on day 300)
    // had paid nothing by then.
    expect(a.totals.firstPaymentDefault).toBe(0.5);
    // Ownership: of L5 and L6 (twice the 210-day term behind them), L5 paid in full in time.
    expect(a.totals.ownershipRate).toBe(0.5);
  });

  it('devices locked now and why', async () => {
    const a = await analysis('/api/v1/bi_dashboard?period=7d');
    // Locked in the fixtures: active loans more than 3 days late (L2, L3, L6, L7).
    expect(a.totals.lockedArrears).toBe(4);
    expect(a.totals.lockedStolen).toBe(0);
  });

  it('vintage: cumulative paid over cumulative due at each month of age', async () => {
    const a = await analysis('/api/v1/bi_analysis?period=7d');
    const cohort = a.vintage.find((v) => v.cohort === plusDays(today, -40).slice(0, 7));
    expect(cohort?.loans).toBe(3);
    // At 30 days: 30,000 due for each of L1-L3, paid 33,000 + 10,000.
    expect(cohort?.points[0]).toEqual({ age: 1, ratio: 43_000 / 90_000 });
  });

  it('the trend has one point per day of the period', async () => {
    const a = await analysis('/api/v1/bi_dashboard?period=7d');
    expect(a.trend.map((p) => p.day)).toEqual(Array.from({ length: 7 }, (_, i) => plusDays(today, -6 + i)));
    expect(a.trend.at(-1)?.grossReceivable).toBe(790_000);
  });

  it('by agent, store, region, phone model and lock type; filters narrow the figures', async () => {
    const byAgent = await analysis('/api/v1/agent_analysis?period=7d');
    expect(rowOf(byAgent, 'agent', ids.agentZ)).toMatchObject({ label: 'Agent Z', par30: 1, grossReceivable: 210_000 });
    expect(rowOf(byAgent, 'agent', ids.agentX)).toMatchObject({ label: 'Agent X', par30: 0, loansStarted: 1 });
    // Worst PAR 30 first.
    expect(byAgent.breakdowns[0]!.rows[0]!.key).toBe(String(ids.agentZ));
    const byRegion = await analysis('/api/v1/bi_region');
    expect(rowOf(byRegion, 'region', ids.regionB)).toMatchObject({ label: 'Region B', activeLoans: 1 });
    const unbranded = await analysis('/api/v1/all_unbranded_analysis');
    expect(unbranded.breakdowns[0]!.rows.map((r) => r.label)).toEqual(['Store B']);
    const filtered = await analysis(`/api/v1/bi_dashboard?period=7d&store=${ids.storeA}`);
    expect(filtered.totals.grossReceivable).toBe(580_000);
    const model = await analysis(`/api/v1/bi_lock_type?lock_type=vivo`);
    expect(model.totals.activeLoans).toBe(0);
  });
});

describe('scope, roles and refusals', () => {
  it('a shop owner sees only their stores', async () => {
    const a = await analysis('/api/v1/agent_analysis?period=7d', 'shopowner');
    expect(a.scope).toEqual({ kind: 'shop_owner', label: 'Owner B' });
    expect(a.totals.grossReceivable).toBe(210_000);
    expect(a.breakdowns[0]!.rows.map((r) => r.label)).toEqual(['Agent Z']);
    // A filter cannot widen the scope.
    const other = await analysis(`/api/v1/bi_dashboard?store=${ids.storeA}`, 'shopowner');
    expect(other.totals.grossReceivable).toBe(0);
  });

  it('a region lead sees only their region', async () => {
    const a = await analysis('/api/v1/bi_store?period=7d', 'finance');
    expect(a.scope).toEqual({ kind: 'region', label: 'Region A' });
    expect(a.breakdowns[0]!.rows.map((r) => r.label)).toEqual(['Store A']);
    expect(a.totals.grossReceivable).toBe(580_000);
  });

  it('bi_auth answers the scope, the analyses and the filter values within it', async () => {
    const res = await get('/api/v1/bi_auth', 'shopowner');
    expect(res.status).toBe(200);
    expect(res.body.scope.kind).toBe('shop_owner');
    expect(res.body.reports).toContain('agent_analysis');
    expect(res.body.reports).not.toContain('shop_owners_analysis');
    expect(res.body.filters.stores).toEqual([{ id: String(ids.storeB), label: 'Store B' }]);
    expect(res.body.filters.agents).toEqual([{ id: String(ids.agentZ), label: 'Agent Z' }]);
    expect(res.body.asOf).toBe(today);
  });

  it('401 without a token, 403 without an ANALYTICS role, 400 naming the bad field, JSON 404 for an unknown BI call', async () => {
    expect((await get('/api/v1/bi_dashboard')).status).toBe(401);
    const refused = await get('/api/v1/agent_analysis', 'collector');
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('VIEW_ANALYTICS');
    expect((await get('/api/v1/bi_auth', 'agent')).status).toBe(403);
    const bad = await get('/api/v1/bi_dashboard?period=year&agent=abc', 'admin');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['period', 'agent']);
    const unknown = await get('/api/v1/bi_nonsense', 'admin');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
  });
});

describe('home figures by role', () => {
  it('an agent: own sales this week and customers in arrears; no portfolio', async () => {
    const res = await get('/api/v1/home_figures', 'agent');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      portfolio: null,
      agent: { salesThisWeek: 1, depositsThisWeek: 50_000, customersInArrears: 0, arrearsBalance: 0 },
      approvals: null,
    });
  });

  it('an admin: the portfolio today and its trend, and the approval queues', async () => {
    const res = await get('/api/v1/home_figures', 'admin');
    expect(res.body.portfolio.today.grossReceivable).toBe(790_000);
    expect(res.body.portfolio.trend).toHaveLength(30);
    expect(res.body.approvals.queues.map((x: { queue: string }) => x.queue)).toContain('loan_extension');
  });
});
