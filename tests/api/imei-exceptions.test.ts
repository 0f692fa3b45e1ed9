import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { imeiExceptionList } from '../../src/contract/stores';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, type BusinessFixtures } from '../support/business-fixtures';

/**
 * The IMEI exceptions list (issue 12, decision 019): the four disagreements between stock and lock records, each
 * made by hand next to a handset that agrees, narrowed to the caller's stores.
 */

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
const imeis: Record<string, string> = {};
const post = (body: unknown, by: string) => api.call('POST', routes.imeiExceptions.path, { token: token[by], body });
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => api.db.query<T>(sql, params);

async function item(storeId: number, imei: string, status: string) {
  const [row] = await q<{ id: number }>(
    `INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at, sold_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [fx.modelId, storeId, imei, status, TEST_NOW, status === 'sold' ? TEST_NOW : null],
  );
  return row!.id;
}

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  const [s0, s1] = fx.stores as [number, number];
  // Sold at s0, its device never enrolled with the lock provider.
  const a = await fx.borrower({ storeId: s0 });
  await q('UPDATE devices SET inventory_item_id = $2, enrolled_at = NULL WHERE id = $1', [a.deviceId, await item(s0, a.imei, 'sold')]);
  imeis.sold_not_enrolled = a.imei;
  // On the shelf at s0 while a customer's device with its IMEI is enrolled and under lock.
  const b = await fx.borrower({ storeId: s0 });
  await q("UPDATE devices SET enrolled_at = $2, lock_status = 'active' WHERE id = $1", [b.deviceId, TEST_NOW]);
  await item(s0, b.imei, 'in_stock');
  imeis.enrolled_on_shelf = b.imei;
  // Reported stolen, yet in stock at s1 (its lock released, so only this check lists it).
  const c = await fx.borrower({ storeId: s1 });
  await q("UPDATE devices SET status = 'stolen', is_locked = true, lock_status = 'inactive' WHERE id = $1", [c.deviceId]);
  await item(s1, c.imei, 'in_stock');
  imeis.stolen_in_stock = c.imei;
  // Deregistered (the customer gave it back), yet still sold at s1.
  const d = await fx.borrower({ storeId: s1 });
  await q("UPDATE devices SET inventory_item_id = $2, enrolled_at = $3, lock_status = 'inactive' WHERE id = $1", [
    d.deviceId,
    await item(s1, d.imei, 'sold'),
    TEST_NOW,
  ]);
  await q("UPDATE loans SET status = 'deactivated', closed_at = $2 WHERE id = $1", [d.loanId, TEST_NOW]);
  imeis.returned_not_in_stock = d.imei;
  // A handset that agrees everywhere: sold, enrolled, loan active.
  const e = await fx.borrower({ storeId: s0 });
  await q('UPDATE devices SET inventory_item_id = $2, enrolled_at = $3 WHERE id = $1', [
    e.deviceId,
    await item(s0, e.imei, 'sold'),
    TEST_NOW,
  ]);
  await q(
    `INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at) VALUES ('Chausiku Lema', '255754000003', (SELECT id FROM admins WHERE username = 'shopowner'), $1)`,
    [TEST_NOW],
  );
  await q("UPDATE stores SET shop_owner_id = (SELECT id FROM shop_owners WHERE msisdn = '255754000003') WHERE id = $1", [s0]);
  for (const u of ['admin', 'shopowner', 'finance']) token[u] = await api.tokenFor(u);
});
afterAll(() => api.close());

describe('IMEI exceptions', () => {
  it('401 without a token, 403 without VIEW_INVENTORY, 400 naming a wrong-typed field', async () => {
    expect((await api.call('POST', routes.imeiExceptions.path, { body: {} })).status).toBe(401);
    expect((await post({}, 'finance')).body.role).toBe('VIEW_INVENTORY');
    const bad = await post({ kind: 'mystery' }, 'admin');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('kind');
  });

  it('lists each disagreement once, and nothing of a handset that agrees', async () => {
    const list = imeiExceptionList.parse((await post({}, 'admin')).body);
    expect(list.total).toBe(4);
    expect(Object.fromEntries(list.data.map((x) => [x.kind, x.imei]))).toEqual(imeis);
    const stolen = list.data.find((x) => x.kind === 'stolen_in_stock')!;
    expect(stolen).toMatchObject({ item_status: 'in_stock', device: { status: 'stolen' } });
  });

  it('filters by kind and pages on the server', async () => {
    const one = imeiExceptionList.parse((await post({ kind: 'returned_not_in_stock' }, 'admin')).body);
    expect(one.data.map((x) => x.imei)).toEqual([imeis.returned_not_in_stock]);
    const page = imeiExceptionList.parse((await post({ limit: 1, skip: 1 }, 'admin')).body);
    expect(page).toMatchObject({ total: 4, limit: 1, skip: 1 });
    expect(page.data).toHaveLength(1);
    // A page past the end still tells the total.
    expect(imeiExceptionList.parse((await post({ limit: 2, skip: 10 }, 'admin')).body)).toMatchObject({ total: 4, data: [] });
  });

  it('a shop owner sees only the exceptions of their own stores', async () => {
    const list = imeiExceptionList.parse((await post({}, 'shopowner')).body);
    expect(list.data.map((x) => x.kind).sort()).toEqual(['enrolled_on_shelf', 'sold_not_enrolled']);
    expect(imeiExceptionList.parse((await post({ store_id: fx.stores[1] }, 'shopowner')).body).total).toBe(0);
  });
});
