import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi, type TestApi } from '../support/api';
import { eatDay, imeiFor, plusDays } from '../support/business-fixtures';
import { rebuildDaysInSql, rebuildMissingDays, rebuildMissingDaysInSql, refreshAnalytics } from '../../server/domain/analytics/refresh';
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
const loanIds = { l2: 0, l3: 0 };
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
  loanIds.l2 = await loan({
    store: ids.storeA,
    agent: ids.agentY,
    startedDaysAgo: 40,
    payments: [[plusDays(S, 2), 10_000]],
    daysDefaulted: 29,
  });
  loanIds.l3 = await loan({ store: ids.storeB, agent: ids.agentZ, startedDaysAgo: 40, payments: [], daysDefaulted: 39 });
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

describe('stock turn on hand-made stock (decision 017)', () => {
  /**
   * Store C (Region B, no shop owner, no loans) holds handsets of two models of its own, so no other figure moves.
   * The 7-day window is today-6 .. today; a handset is in stock at the end of each day from the day it was received
   * to the day before it was sold or first left the shop.
   *   I1 model M2: received 20 days ago, still in stock                      7 days in stock, not sold
   *   I2 model M2: received 20 days ago, sold 2 days ago                      4 days (today-6 .. today-3), sold
   *   I3 model M2: received 4 days ago, sold today                            4 days (today-4 .. today-1), sold
   *   I4 model M3: received 30 days ago, sold 10 days ago                     outside the window
   *   I5 model M3: received 20 days ago, damaged 5 days ago (history row)     1 day (today-6)
   *   I6 model M3: received 20 days ago, returned with no history row         not counted (when it left is unknown)
   *   I7 model M3: received yesterday, reserved                               2 days (today-1, today)
   *   I8 model M3: received and sold today                                    0 days, sold
   * Store C: sold 3, 18 handset-days / 7 = 18/7 average, turn 3 / (18/7) = 7/6. M2: 2 / (15/7) = 14/15. M3: 1 / (3/7) = 7/3.
   */
  const stock = { store: 0, m2: 0, m3: 0 };
  beforeAll(async () => {
    const now = api.clock.now().toISOString();
    stock.store = (
      await q<{ id: number }>(
        `INSERT INTO stores (name, region_id, store_type, location, till_or_paybill, biller_type, biller_number, created_at)
         VALUES ('Store C', $1, 'main_shop', 'Mtaa', 'paybill', 'mpesa', '400201', $2) RETURNING id`,
        [ids.regionB, now],
      )
    )[0]!.id;
    const model = async (sku: string, name: string) =>
      Number(
        (
          await q<{ id: number }>(
            `INSERT INTO phone_models (sku, brand, name, model, storage_gb, ram_gb, lock_solution_type, created_at)
             VALUES ($1, 'itel', $2, $1, 64, 4, 'dial_code', $3) RETURNING id`,
            [sku, name, now],
          )
        )[0]!.id,
      );
    stock.m2 = await model('ST-2', 'itel Stock Two');
    stock.m3 = await model('ST-3', 'itel Stock Three');
    const [admin] = await q<{ id: number }>("SELECT id FROM admins WHERE username = 'admin'");
    const item = async (k: number, m: number, receivedDaysAgo: number, status: string, soldDaysAgo?: number) =>
      (
        await q<{ id: number }>(
          'INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at, sold_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
          [
            m,
            stock.store,
            imeiFor(800 + k),
            status,
            at(plusDays(today, -receivedDaysAgo), 8),
            soldDaysAgo === undefined ? null : at(plusDays(today, -soldDaysAgo), 11),
          ],
        )
      )[0]!.id;
    await item(1, stock.m2, 20, 'in_stock');
    await item(2, stock.m2, 20, 'sold', 2);
    await item(3, stock.m2, 4, 'sold', 0);
    await item(4, stock.m3, 30, 'sold', 10);
    const damaged = await item(5, stock.m3, 20, 'damaged');
    await q(
      `INSERT INTO inventory_status_changes (inventory_item_id, from_status, to_status, reason, changed_by, changed_at)
       VALUES ($1, 'in_stock', 'damaged', 'Dropped in the shop', $2, $3)`,
      [damaged, admin!.id, at(plusDays(today, -5), 12)],
    );
    await item(6, stock.m3, 20, 'returned');
    await item(7, stock.m3, 1, 'reserved');
    await item(8, stock.m3, 0, 'sold', 0);
    // The stock turn is read from what the ageing run writes (analytics_period_stock, decision 029): run it again.
    await refreshAnalytics({ db: api.db }, api.clock.now());
  });

  it("handsets sold over the average handsets in stock at the end of the period's days, by store and by phone model", async () => {
    const a = await analysis(`/api/v1/bi_phone_model?period=7d&store=${stock.store}`);
    expect(a.totals).toMatchObject({ handsetsSold: 3, activeLoans: 0 });
    expect(a.totals.averageStock).toBeCloseTo(18 / 7, 10);
    expect(a.totals.stockTurn).toBeCloseTo(7 / 6, 10);
    const m2 = rowOf(a, 'phone_model', stock.m2);
    expect(m2).toMatchObject({ label: 'itel Stock Two', handsetsSold: 2 });
    expect(m2!.averageStock).toBeCloseTo(15 / 7, 10);
    expect(m2!.stockTurn).toBeCloseTo(14 / 15, 10);
    const m3 = rowOf(a, 'phone_model', stock.m3);
    expect(m3).toMatchObject({ label: 'itel Stock Three', handsetsSold: 1 });
    expect(m3!.stockTurn).toBeCloseTo(7 / 3, 10);
    const byStore = await analysis('/api/v1/shop_analysis?period=7d');
    const c = rowOf(byStore, 'store', stock.store);
    expect(c).toMatchObject({ label: 'Store C', handsetsSold: 3 });
    expect(c!.stockTurn).toBeCloseTo(7 / 6, 10);
    // Over 30 days I4 counts too: in stock today-29 .. today-11 (19 days), sold 10 days ago. Sold: I2, I3, I4, I8.
    const month = await analysis(`/api/v1/bi_dashboard?period=30d&store=${stock.store}`);
    // I1 21 (today-20 .. today) + I2 18 (.. today-3) + I3 4 + I4 19 + I5 15 (.. today-6) + I7 2 = 79 handset-days.
    expect(month.totals.handsetsSold).toBe(4);
    expect(month.totals.stockTurn).toBeCloseTo(4 / (79 / 30), 10);
  });

  it('no stock turn for an agent or a lock type (stock belongs to a store), nor for a store without stock', async () => {
    const byAgent = await analysis('/api/v1/agent_analysis?period=7d');
    expect(byAgent.breakdowns[0]!.rows.every((r) => r.stockTurn === null && r.handsetsSold === 0)).toBe(true);
    const filtered = await analysis(`/api/v1/bi_dashboard?period=7d&store=${stock.store}&agent=${ids.agentX}`);
    expect(filtered.totals.stockTurn).toBeNull();
    const storeB = await analysis(`/api/v1/bi_dashboard?period=7d&store=${ids.storeB}`);
    expect(storeB.totals.stockTurn).toBeNull();
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
      agent: { salesThisWeek: 1, depositsThisWeek: 50_000, customersInArrears: 0, arrearsBalance: 0, inStock: 0 },
      approvals: null,
      stores: null,
      collector: null,
      finance: null,
      reconciliation: null,
    });
  });

  it('an admin: the portfolio today and its trend, and the approval queues', async () => {
    // Two portal requests waiting, one submitted a day before the other.
    const [maker] = await q<{ id: number }>("SELECT id FROM admins WHERE username = 'approver'");
    for (const [subject, day] of [
      ['group_role:1:A', plusDays(today, -2)],
      ['group_role:1:B', plusDays(today, -1)],
    ] as const)
      await q(
        `INSERT INTO requests (kind, subject, maker_id, payload, submitted_at) VALUES ('group_role_add', $1, $2, '{"before": {}, "after": {}}', $3)`,
        [subject, maker!.id, at(day)],
      );
    const res = await get('/api/v1/home_figures', 'admin');
    expect(res.body.portfolio.today.grossReceivable).toBe(790_000);
    expect(res.body.portfolio.trend).toHaveLength(30);
    expect(res.body.approvals.queues.map((x: { queue: string }) => x.queue)).toContain('loan_extension');
    // Each queue's waiting requests and the oldest of them, as a fresh count of the requests gives them.
    const counted = await api.db.query<{ queue: string; waiting: number; oldest: string | null }>(
      `SELECT k.queue, count(r.id)::int AS waiting, min(r.submitted_at) AS oldest
         FROM request_kinds k LEFT JOIN requests r ON r.kind = k.code AND r.status = 'submitted' GROUP BY k.queue ORDER BY k.queue`,
    );
    expect(counted.some((q) => q.waiting > 0)).toBe(true);
    expect(res.body.approvals.queues).toEqual(
      counted.map((q) => ({ queue: q.queue, waiting: q.waiting, oldestSubmittedAt: q.oldest ? new Date(q.oldest).toISOString() : null })),
    );
  });
});

describe('a missing day rebuilt from the loans and their payments', () => {
  it('counts what was paid before the day as well as on it', async () => {
    // Two days ago: loan 1 has paid 33,000 + 5 x 1,000 (four of them before the day, one on it) of its 210,000;
    // loan 2 10,000 and 27 days late; loan 3 nothing and 37 days late; the 500- and 185-day-old loans are over 180
    // days late (written off), the closed one is closed and today's has not started.
    const day = plusDays(today, -2);
    await q('DELETE FROM analytics_daily WHERE day = $1', [day]);
    expect(await rebuildMissingDays(api.db, day, day)).toBe(1);
    const [row] = await q(
      `SELECT sum(active_loans)::int AS active, sum(gross_receivable)::int AS gross, sum(par1)::int AS par1, sum(par30)::int AS par30,
              sum(collected_amount)::int AS collected
         FROM analytics_daily WHERE day = $1`,
      [day],
    );
    expect(row).toEqual({ active: 3, gross: 172_000 + 200_000 + 210_000, par1: 410_000, par30: 210_000, collected: 1_000 });
  });
});

describe('home figures of the collector, finance, the shop owner and the region lead', () => {
  beforeAll(async () => {
    const [collector] = await q('SELECT id FROM admins WHERE username = $1', ['collector']);
    const [admin] = await q('SELECT id FROM admins WHERE username = $1', ['admin']);
    const now = api.clock.now().toISOString();
    // L2 (29 days late: doubtful, 29,000 due) and L3 (39 days: non-performing, 39,000) are the collector's; L2's
    // customer promised 5,000 for today, L3's broke a promise.
    for (const [loanId, broken] of [
      [loanIds.l2, null],
      [loanIds.l3, now],
    ] as const) {
      await q(
        `INSERT INTO collection_cases (loan_id, collector_id, assigned_by, assigned_at, broken_promise_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $4)`,
        [loanId, collector!.id, admin!.id, now, broken],
      );
    }
    const [call] = await q(
      `INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, days_defaulted, amount_due, called_by, created_at)
       SELECT id, customer_id, 'outgoing', 'promised_to_pay', 29, 29000, $2, $3 FROM loans WHERE id = $1 RETURNING id`,
      [loanIds.l2, collector!.id, now],
    );
    await q(
      `INSERT INTO payment_promises (loan_id, call_id, promised_on, amount, paid_before, created_by, created_at)
       VALUES ($1, $2, $3, 5000, 10000, $4, $5)`,
      [loanIds.l2, call!.id, today, collector!.id, now],
    );
    // Two payments in suspense: 3,000 today and 4,000 ten days ago.
    for (const [k, amount, daysAgo] of [
      [1, 3000, 0],
      [2, 4000, 10],
    ] as const) {
      await q(
        `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                   account_keyed_in, date_processed, created_at)
         VALUES ($1, $1, $1, 'repayment', 'mpesa', 'suspended', $2, $2, 'NOSUCH', $3, $3)`,
        [`TXSUS${k}`, amount, at(plusDays(today, -daysAgo), 11)],
      );
    }
    // Stock: two phones in Store B (the shop owner's), one sold; one in Store A.
    for (const [k, store, status] of [
      [1, ids.storeB, 'in_stock'],
      [2, ids.storeB, 'in_stock'],
      [3, ids.storeB, 'reserved'],
      [4, ids.storeA, 'in_stock'],
    ] as const) {
      await q(`INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at) VALUES ($1, $2, $3, $4, $5)`, [
        ids.model,
        store,
        imeiFor(900 + k),
        status,
        now,
      ]);
    }
  });

  it('a collector: their list by ageing category, the promises due today and the broken ones; nothing else', async () => {
    const res = await get('/api/v1/home_figures', 'collector');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ portfolio: null, agent: null, approvals: null, stores: null, finance: null });
    expect(res.body.collector).toEqual({
      categories: [
        { category: 'due', loans: 0, amountDue: 0 },
        { category: 'watchful', loans: 0, amountDue: 0 },
        { category: 'substandard', loans: 0, amountDue: 0 },
        { category: 'doubtful', loans: 1, amountDue: 29_000 },
        { category: 'non-performing', loans: 1, amountDue: 39_000 },
      ],
      promisesDueToday: 1,
      promisedToday: 5_000,
      brokenPromises: 1,
    });
  });

  it('finance: the money in suspense and its age (and, as a region lead of Region A, its stores)', async () => {
    const res = await get('/api/v1/home_figures', 'finance');
    expect(res.body.finance).toEqual({ suspenseCount: 2, suspenseAmount: 7_000, oldestSuspenseDays: 10, suspenseOver7Days: 4_000 });
    expect(res.body.collector).toBeNull();
    // The fixture makes the finance user the lead of Region A: Store A only.
    expect(res.body.stores.scope).toEqual({ kind: 'region', label: 'Region A' });
    expect(res.body.stores.rows.map((r: { name: string }) => r.name)).toEqual(['Store A']);
    expect(res.body.stores.rows[0]).toMatchObject({ salesThisWeek: 1, depositsThisWeek: 50_000, activeLoans: 3, inStock: 1 });
  });

  it('finance: per provider, the days of the last 30 that no signed-off reconciliation run covers (decision 029)', async () => {
    const [finance] = await q('SELECT id FROM admins WHERE username = $1', ['finance']);
    const [admin] = await q('SELECT id FROM admins WHERE username = $1', ['admin']);
    const now = api.clock.now().toISOString();
    let k = 0;
    const run = async (provider: string, fromDaysAgo: number, toDaysAgo: number, signed: boolean) =>
      q(
        `INSERT INTO reconciliation_runs (provider, period_from, period_to, file_name, content_type, document, sha256, line_count,
                                          statement_total, portal_total, status, uploaded_by, uploaded_at, signed_off_by, signed_off_at)
         VALUES ($1, $2, $3, 'statement.csv', 'text/csv', '', $4, 0, 0, 0, $5, $6, $7, $8, $9)`,
        [
          provider,
          plusDays(today, -fromDaysAgo),
          plusDays(today, -toDaysAgo),
          `sha-analytics-${++k}`,
          signed ? 'signed_off' : 'open',
          finance!.id,
          now,
          signed ? admin!.id : null,
          signed ? now : null,
        ],
      );
    // M-Pesa: signed off from 30 to 11 days ago, an open run from 10 to 4 days ago: 10 days unreconciled, 7 of them uploaded.
    await run('mpesa', 30, 11, true);
    await run('mpesa', 10, 4, false);
    // Tigo Pesa: one signed-off run from 40 days ago to yesterday: nothing left.
    await run('tigo_pesa', 40, 1, true);
    // Airtel Money: signed off long before the window, an open run over the last 5 days: all 30 days unreconciled, 5 uploaded.
    await run('airtel_money', 60, 45, true);
    await run('airtel_money', 5, 1, false);
    // HaloPesa: no statement at all.
    const res = await get('/api/v1/home_figures', 'finance');
    expect(res.status).toBe(200);
    expect(res.body.reconciliation).toEqual({
      from: plusDays(today, -30),
      to: plusDays(today, -1),
      providers: [
        { provider: 'mpesa', unreconciledDays: 10, awaitingSignOff: 7, lastReconciledDay: plusDays(today, -11) },
        { provider: 'tigo_pesa', unreconciledDays: 0, awaitingSignOff: 0, lastReconciledDay: plusDays(today, -1) },
        { provider: 'airtel_money', unreconciledDays: 30, awaitingSignOff: 5, lastReconciledDay: plusDays(today, -45) },
        { provider: 'halopesa', unreconciledDays: 30, awaitingSignOff: 0, lastReconciledDay: null },
      ],
    });
    // Without UPLOAD_RECONCILIATION_DOCUMENT there is no reconciliation part.
    expect((await get('/api/v1/home_figures', 'collector')).body.reconciliation).toBeNull();
  });

  it("a shop owner: only their own stores' sales, arrears and stock", async () => {
    const res = await get('/api/v1/home_figures', 'shopowner');
    expect(res.status).toBe(200);
    expect(res.body.stores).toEqual({
      scope: { kind: 'shop_owner', label: 'Owner B' },
      asOf: today,
      storeCount: 1,
      totals: { salesThisWeek: 0, depositsThisWeek: 0, activeLoans: 1, loansLate: 1, par30Balance: 210_000, par30: 1, inStock: 2 },
      rows: [
        {
          storeId: String(ids.storeB),
          name: 'Store B',
          salesThisWeek: 0,
          depositsThisWeek: 0,
          activeLoans: 1,
          loansLate: 1,
          par30Balance: 210_000,
          par30: 1,
          inStock: 2,
        },
      ],
    });
    expect(res.body.finance).toBeNull();
    expect(res.body.collector).toBeNull();
  });

  it('an agent: the phones in stock at their store', async () => {
    const res = await get('/api/v1/home_figures', 'agent');
    expect(res.body.agent.inStock).toBe(1);
  });

  it('no stores, collector or finance part for an admin who is none of them, only what their roles allow', async () => {
    const res = await get('/api/v1/home_figures', 'admin');
    expect(res.body.stores).toBeNull();
    expect(res.body.collector).toBeNull();
    expect(res.body.finance.suspenseCount).toBe(2);
    expect((await get('/api/v1/home_figures')).status).toBe(401);
  });
});

describe('ageing migration month to month (decision 024)', () => {
  // Today is 2026-11-02: October's migration is from 2026-09-30 to 2026-10-31, September's from 08-31 to 09-30.
  // At each month-end a loan is late by its age - (whole installments paid + 1) days (daily loans of 1,000 x 210):
  //   L1 (started 09-23, 33,000 paid 09-24, 1,000 a day from 10-27): 09-30 current (177,000), 10-31 current (172,000).
  //   L2 (started 09-23, 10,000 paid 09-25): 09-30 age 7 current (200,000), 10-31 age 38, 27 days late: doubtful.
  //   L3 (store B, started 09-23, nothing paid): 09-30 6 days late: watchful, 10-31 37 days: non-performing (210,000).
  //   L7 (started 05-01, nothing paid): 08-31 121 days late, 09-30 151 (non-performing), 10-31 182: written off.
  //   L5 and L6 were written off long before (December 2025 and March 2026): out of the book since.
  it('October: each loan from its category at the end of September to its category at the end of October', async () => {
    const a = await analysis('/api/v1/ageing_migration');
    expect(a.migration).toHaveLength(12);
    expect(a.migration.map((m) => m.monthEnd).slice(-2)).toEqual(['2026-09-30', '2026-10-31']);
    const october = a.migration.at(-1)!;
    expect(october.previousMonthEnd).toBe('2026-09-30');
    expect(october.flows).toEqual([
      { from: 'current', to: 'current', loans: 1, balanceFrom: 177_000, balanceTo: 172_000 },
      { from: 'current', to: 'doubtful', loans: 1, balanceFrom: 200_000, balanceTo: 200_000 },
      { from: 'watchful', to: 'non_performing', loans: 1, balanceFrom: 210_000, balanceTo: 210_000 },
      { from: 'non_performing', to: 'written_off', loans: 1, balanceFrom: 210_000, balanceTo: 210_000 },
    ]);
  });

  it('September: loans started in the month come in as new; written-off loans stay out', async () => {
    const a = await analysis('/api/v1/ageing_migration');
    expect(a.migration.at(-2)!.flows).toEqual([
      { from: 'new', to: 'current', loans: 2, balanceFrom: 0, balanceTo: 377_000 },
      { from: 'new', to: 'watchful', loans: 1, balanceFrom: 0, balanceTo: 210_000 },
      { from: 'non_performing', to: 'non_performing', loans: 1, balanceFrom: 210_000, balanceTo: 210_000 },
    ]);
    // March 2026: L6 (100,000 paid of 210,000) crossed 180 days late.
    expect(a.migration.find((m) => m.monthEnd === '2026-03-31')!.flows).toEqual([
      { from: 'non_performing', to: 'written_off', loans: 1, balanceFrom: 110_000, balanceTo: 110_000 },
    ]);
    // April 2026: nothing left in the book, the month is there with no flows.
    expect(a.migration.find((m) => m.monthEnd === '2026-04-30')!.flows).toEqual([]);
  });

  it("a shop owner sees only their stores' migration; filters narrow it", async () => {
    const own = await analysis('/api/v1/ageing_migration', 'shopowner');
    expect(own.migration.at(-1)!.flows).toEqual([
      { from: 'watchful', to: 'non_performing', loans: 1, balanceFrom: 210_000, balanceTo: 210_000 },
    ]);
    const byAgent = await analysis(`/api/v1/ageing_migration?agent=${ids.agentX}`);
    expect(byAgent.migration.at(-1)!.flows).toEqual([
      { from: 'current', to: 'current', loans: 1, balanceFrom: 177_000, balanceTo: 172_000 },
    ]);
    expect((await get('/api/v1/ageing_migration', 'collector')).status).toBe(403);
  });
});

describe('the history rebuilt inside PostgreSQL (the scale seed)', () => {
  it('gives the same daily rows as the walk of the loans and payments', async () => {
    const first = plusDays(today, -60);
    const last = plusDays(today, -1);
    const read = () =>
      q(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, store_id, agent_id, phone_model_id, lock_type, active_loans, gross_receivable, par1, par7,
                par30, par90, loans_late, due_amount, collected_amount, loans_started, deposits_taken, written_off
           FROM analytics_daily WHERE day BETWEEN $1 AND $2 ORDER BY 1, 2, 3, 4, 5`,
        [first, last],
      );
    const walked = await read();
    expect(walked.length).toBeGreaterThan(60);
    await rebuildDaysInSql(api.db, first, last);
    expect(await read()).toEqual(walked);
    // Windows that start on a day of payment (L1 paid on each of the last 7 days), the day after one (L2's, 38
    // days ago), on a loan's first day (L1-L3, 40 days ago) and a window of one day: each rebuilt alone gives the
    // walk's rows again.
    for (const [from, to] of [
      [-3, -1],
      [-37, -2],
      [-38, -38],
      [-40, -30],
    ] as const) {
      await rebuildDaysInSql(api.db, plusDays(today, from), plusDays(today, to));
      expect(await read(), `days ${from} to ${to}`).toEqual(walked);
    }
    // Two runs of missing days, each rebuilt in a transaction of its own; then the same through the ageing run's
    // refresh, which takes that way on PostgreSQL and the walk on PGlite (decision 074).
    const drop = () =>
      q('DELETE FROM analytics_daily WHERE day BETWEEN $1 AND $2 OR day BETWEEN $3 AND $4', [
        plusDays(today, -45),
        plusDays(today, -39),
        plusDays(today, -3),
        plusDays(today, -2),
      ]);
    await drop();
    expect(await rebuildMissingDaysInSql(api.db, first, last)).toBe(9);
    expect(await read()).toEqual(walked);
    expect(await rebuildMissingDaysInSql(api.db, first, last)).toBe(0);
    await drop();
    await refreshAnalytics({ db: api.db }, api.clock.now());
    expect(await read()).toEqual(walked);
  });
});

describe('the rollups the analyses read (decision 029)', () => {
  it('the period tables hold each period: the book on its last day, the flows of its days, the cohorts, with and without the agent', async () => {
    await refreshAnalytics({ db: api.db }, api.clock.now());
    for (const [period, days] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const from = plusDays(today, -(days - 1));
      const [detail] = await q(
        `SELECT sum(gross_receivable) FILTER (WHERE day = $2)::int AS gross, sum(par30) FILTER (WHERE day = $2)::int AS par30,
                sum(due_amount)::int AS due, sum(collected_amount)::int AS collected, sum(loans_started)::int AS started,
                sum(written_off)::int AS written_off, sum(gross_receivable)::int AS gross_days
           FROM analytics_daily WHERE day BETWEEN $1 AND $2`,
        [from, today],
      );
      const [cohorts] = await q(
        'SELECT sum(fpd_eligible)::int AS fpd_eligible, sum(fpd)::int AS fpd, sum(owned)::int AS owned FROM analytics_cohorts',
      );
      for (const table of ['analytics_period', 'analytics_period_store']) {
        const [rolled] = await q(
          `SELECT sum(gross_receivable)::int AS gross, sum(par30)::int AS par30, sum(due_amount)::int AS due, sum(collected_amount)::int AS collected,
                  sum(loans_started)::int AS started, sum(written_off)::int AS written_off, sum(gross_days)::int AS gross_days,
                  sum(fpd_eligible)::int AS fpd_eligible, sum(fpd)::int AS fpd, sum(owned)::int AS owned
             FROM ${table} WHERE period = $1`,
          [period],
        );
        expect(rolled, `${table} ${period}`).toEqual({ ...detail, ...cohorts });
      }
    }
    // By agent: agent X's 30 days are its own rows of the day table.
    const [own] = await q(
      `SELECT sum(collected_amount)::int AS collected, sum(loans_started)::int AS started FROM analytics_daily WHERE agent_id = $1 AND day > $2`,
      [ids.agentX, plusDays(today, -30)],
    );
    const [rolled] = await q(
      "SELECT sum(collected_amount)::int AS collected, sum(loans_started)::int AS started FROM analytics_period WHERE period = '30d' AND agent_id = $1",
      [ids.agentX],
    );
    expect(rolled).toEqual(own);
    expect(own).toEqual({ collected: 7_000, started: 1 });
  });

  it('the trend, vintage and migration by region sum the same as the detailed rows, and the whole book reads them', async () => {
    const same = async (detailed: string, region: string, columns: string, groups: string) => {
      const sql = (from: string) =>
        `SELECT ${groups}, ${columns
          .split(',')
          .map((c) => `sum(${c.trim()})::int AS ${c.trim()}`)
          .join(', ')} FROM ${from} GROUP BY ${groups} ORDER BY ${groups}`;
      const expected = await q(sql(`${detailed} a JOIN stores s ON s.id = a.store_id`));
      expect(expected.length).toBeGreaterThan(0);
      expect(await q(sql(`${region} a CROSS JOIN LATERAL (SELECT a.region_id, a.store_type) s`))).toEqual(expected);
    };
    await same(
      'analytics_daily',
      'analytics_trend_region',
      'gross_receivable, par30, due_amount, collected_amount, loans_started',
      'a.day, s.region_id, s.store_type',
    );
    await same('analytics_vintage', 'analytics_vintage_region', 'loans, cum_due, cum_paid', 'a.cohort, a.age_months, s.region_id');
    await same(
      'analytics_migration',
      'analytics_migration_region',
      'loans, balance_from, balance_to',
      'a.month_end, a.from_category, a.to_category, s.store_type',
    );
    // The whole book's trend and migration come from the region tables: a row there shows in the analysis.
    const [region] = await q<{ region_id: number; store_type: string; phone_model_id: number; lock_type: string }>(
      'SELECT region_id, store_type, phone_model_id, lock_type FROM analytics_trend_region WHERE day = $1 LIMIT 1',
      [today],
    );
    const before = await analysis('/api/v1/bi_dashboard?period=7d');
    await q(
      'UPDATE analytics_trend_region SET loans_started = loans_started + 5 WHERE day = $1 AND region_id = $2 AND store_type = $3 AND phone_model_id = $4 AND lock_type = $5',
      [today, region!.region_id, region!.store_type, region!.phone_model_id, region!.lock_type],
    );
    // The answer is kept until the next ageing run: the same figures until then.
    expect((await analysis('/api/v1/bi_dashboard?period=7d')).trend.at(-1)!.loansStarted).toBe(before.trend.at(-1)!.loansStarted);
    // A run (here only its time moved on, as another copy of the server would see it) and the region table shows.
    await q("UPDATE analytics_refreshes SET refreshed_at = refreshed_at + interval '1 second' WHERE part = 'periods'");
    const after = await analysis('/api/v1/bi_dashboard?period=7d');
    expect(after.trend.at(-1)!.loansStarted).toBe(before.trend.at(-1)!.loansStarted + 5);
    // A store's trend still reads the detailed rows (the shop owner's store B): unchanged by the region table.
    const storeB = await analysis(`/api/v1/bi_dashboard?period=7d&store=${ids.storeB}`);
    expect(storeB.trend.at(-1)!.loansStarted).toBe(0);
    await refreshAnalytics({ db: api.db }, api.clock.now());
    expect((await analysis('/api/v1/bi_dashboard?period=7d')).trend.at(-1)!.loansStarted).toBe(before.trend.at(-1)!.loansStarted);
  });

  it('a database from before migration 026 gets its trend days rolled up by the next run', async () => {
    const [{ n: days }] = (await q('SELECT count(DISTINCT day)::int AS n FROM analytics_daily WHERE day >= $1', [
      plusDays(today, -120),
    ])) as [{ n: number }];
    await q('DELETE FROM analytics_trend_region');
    await q('DELETE FROM analytics_vintage_region');
    await refreshAnalytics({ db: api.db }, api.clock.now());
    const [{ n: rolled }] = (await q('SELECT count(DISTINCT day)::int AS n FROM analytics_trend_region')) as [{ n: number }];
    expect(rolled).toBe(days);
    expect((await q('SELECT count(*)::int AS n FROM analytics_vintage_region'))[0]!.n).toBeGreaterThan(0);
  });
});
