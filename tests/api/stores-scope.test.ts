import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { agentList, inventoryList, regionList, stockCountList, storeList, transferList } from '../../src/contract/stores';
import { addRegionLeadUser } from '../../server/db/seed-stores';
import { hashPassword } from '../../server/auth/password';
import { DEMO_PASSWORD, testApi, TEST_NOW, type TestApi } from '../support/api';
import { imeiFor } from '../support/business-fixtures';

/**
 * Scope on every stores and inventory call (decision 019): a shop owner sees only their own stores, agents and
 * stock, and nothing while they own no store; a region lead their region; an agent who uses the portal their
 * store; head office (ADD_STORE, linked to nothing) everything. Every read answers only what is in scope, every
 * change outside it is refused and changes nothing.
 */

let api: TestApi;
const token: Record<string, string> = {};
const ids = { regionA: 0, regionB: 0, own: 0, other: 0, far: 0, model: 0, transfer: 0 };
const agents: Record<string, number> = {};
let serial = 0;

type Who = 'admin' | 'shopowner' | 'owner.new' | 'lead.dar' | 'agent';
const WHO: Who[] = ['admin', 'shopowner', 'owner.new', 'lead.dar', 'agent'];
/** The stores each caller may see, by the names the tests give them. */
const SEES: Record<Who, Array<'own' | 'other' | 'far'>> = {
  admin: ['own', 'other', 'far'],
  shopowner: ['own'],
  'owner.new': [],
  'lead.dar': ['own', 'other'],
  agent: ['far'],
};
const STORES = ['own', 'other', 'far'] as const;
const storeIds = (who: Who) => SEES[who].map((s) => ids[s]).sort((a, b) => a - b);
const sorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

const post = (path: string, body: unknown, by: Who) => api.call('POST', path, { token: token[by], body });
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => api.db.query<T>(sql, params);

async function stock(storeId: number) {
  const imei = imeiFor(++serial, '35777701');
  await q(`INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at) VALUES ($1, $2, $3, 'in_stock', $4)`, [
    ids.model,
    storeId,
    imei,
    TEST_NOW,
  ]);
  return imei;
}

beforeAll(async () => {
  api = await testApi();
  const region = async (name: string) =>
    (await q<{ id: number }>('INSERT INTO regions (name, territory, created_at) VALUES ($1, $1, $2) RETURNING id', [name, TEST_NOW]))[0]!
      .id;
  ids.regionA = await region('Dar es Salaam');
  ids.regionB = await region('Mwanza');
  const [owner] = await q<{ id: number }>(
    `INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at)
     VALUES ('Chausiku Lema', '255754000003', (SELECT id FROM admins WHERE username = 'shopowner'), $1) RETURNING id`,
    [TEST_NOW],
  );
  const store = async (name: string, regionId: number, ownerId: number | null) =>
    (
      await q<{ id: number }>(
        `INSERT INTO stores (name, region_id, store_type, shop_owner_id, location, till_or_paybill, biller_type, biller_number, created_at)
         VALUES ($1, $2, 'dealer_shop', $3, 'Mtaa wa Uhuru', 'till', 'mpesa', '5123456', $4) RETURNING id`,
        [name, regionId, ownerId, TEST_NOW],
      )
    )[0]!.id;
  ids.own = await store('Kariakoo Simu', ids.regionA, owner!.id);
  ids.other = await store('Mbezi Phones', ids.regionA, null);
  ids.far = await store('Ilemela Phones', ids.regionB, null);
  for (const s of STORES) {
    const [a] = await q<{ id: number }>(
      'INSERT INTO agents (full_name, msisdn, store_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [`Agent ${s}`, `25565500000${STORES.indexOf(s)}`, ids[s], TEST_NOW],
    );
    agents[s] = a!.id;
  }
  await q("UPDATE agents SET admin_id = (SELECT id FROM admins WHERE username = 'agent') WHERE id = $1", [agents.far]);
  const [m] = await q<{ id: number }>(
    `INSERT INTO phone_models (sku, brand, name, model, storage_gb, ram_gb, lock_solution_type, created_at)
     VALUES ('TST-SC-64-4', 'Tecno', 'Tecno Spark Scope (64 GB)', 'SC', 64, 4, 'dial_code', $1) RETURNING id`,
    [TEST_NOW],
  );
  ids.model = m!.id;
  for (const s of STORES) await stock(ids[s]);
  // A second user of the Shop owner group, not linked to any store yet.
  await q(
    `INSERT INTO admins (username, full_name, email, phone, password_hash, group_id, otp_enabled, otp_channel, created_at)
     VALUES ('owner.new', 'Neema Mpya', 'owner.new@demo.simu.co.tz', '255754000098', $1,
             (SELECT id FROM admin_groups WHERE name = 'Shop owner'), false, 'sms', $2)`,
    [await hashPassword(DEMO_PASSWORD), TEST_NOW],
  );
  const lead = await addRegionLeadUser(api.db, TEST_NOW, { username: 'lead.dar', name: 'Zawadi Lead', phone: '255754000099' });
  await q('UPDATE regions SET lead_admin_id = $1 WHERE id = $2', [lead, ids.regionA]);
  for (const u of WHO) token[u] = await api.tokenFor(u);
  // Head office sends a handset from Mbezi (region A) to Ilemela (region B) and counts Ilemela's shelf.
  const sent = await post(
    routes.sendTransfer.path,
    { from_store_id: ids.other, to_store_id: ids.far, imeis: [await stock(ids.other)] },
    'admin',
  );
  expect(sent.status).toBe(201);
  ids.transfer = sent.body.id;
  expect((await post(routes.stockCount.path, { store_id: ids.far, lines: [] }, 'admin')).status).toBe(201);
});
afterAll(() => api.close());

describe('reads answer only what is in scope', () => {
  it.each(WHO)('%s: stores, store profiles and agents per store', async (who) => {
    const list = storeList.parse((await post(routes.stores.path, { limit: 200 }, who === 'agent' ? 'admin' : who)).body);
    if (who !== 'agent') expect(sorted(list.stores.map((s) => s.id))).toEqual(storeIds(who));
    else expect((await post(routes.stores.path, {}, who)).body.role).toBe('VIEW_STORES');
    if (who === 'agent') return;
    for (const s of STORES) {
      const profile = await post(routes.storeProfile.path, { store_id: ids[s] }, who);
      expect(profile.status, `${who} ${s}`).toBe(SEES[who].includes(s) ? 200 : 404);
    }
    const perStore = agentList.parse((await post(routes.agentsPerStore.path, { limit: 200 }, who)).body);
    expect(sorted(perStore.data.map((a) => a.id))).toEqual(sorted(SEES[who].map((s) => agents[s]!)));
    // Asking for another store by filter answers nothing of it.
    const asked = agentList.parse((await post(routes.agentsPerStore.path, { store_id: ids.far }, who)).body);
    expect(asked.data.map((a) => a.id)).toEqual(SEES[who].includes('far') ? [agents.far] : []);
  });

  it.each(WHO)('%s: stock, transfers and stock counts', async (who) => {
    const items = inventoryList.parse((await post(routes.inventory.path, { limit: 200 }, who)).body);
    // A handset in transit stays the sending store's, and the receiving store sees it coming (decision 013).
    const seenNames = SEES[who].map((s) => ({ own: 'Kariakoo Simu', other: 'Mbezi Phones', far: 'Ilemela Phones' })[s]);
    const home = items.data.filter((i) => !storeIds(who).includes(i.store.id));
    expect(home.every((i) => i.status === 'in_transit' && seenNames.includes(i.transfer!.to_store))).toBe(true);
    expect(sorted(items.data.filter((i) => storeIds(who).includes(i.store.id)).map((i) => i.store.id))).toEqual(storeIds(who));
    for (const s of STORES) {
      const asked = inventoryList.parse((await post(routes.inventory.path, { store_id: ids[s], status: 'in_stock' }, who)).body);
      expect(asked.total > 0, `${who} ${s}`).toBe(SEES[who].includes(s));
    }
    // The transfer from Mbezi to Ilemela is seen from either end.
    const transfers = transferList.parse((await post(routes.transfers.path, {}, who)).body);
    const seesTransfer = SEES[who].includes('other') || SEES[who].includes('far');
    expect(transfers.data.map((t) => t.id)).toEqual(seesTransfer ? [ids.transfer] : []);
    const counts = stockCountList.parse((await post(routes.stockCounts.path, {}, who)).body);
    expect(counts.data.map((c) => c.store.id)).toEqual(SEES[who].includes('far') ? [ids.far] : []);
  });

  it.each(WHO.filter((w) => w !== 'agent'))('%s: regions and lead history', async (who) => {
    const res = await post(routes.regions.path, {}, who);
    if (who === 'shopowner' || who === 'owner.new') {
      expect(res.body.role).toBe('VIEW_REGIONS');
      return;
    }
    const regions = regionList.parse(res.body);
    const expected = who === 'admin' ? [ids.regionA, ids.regionB] : [ids.regionA];
    expect(sorted(regions.regions.map((r) => r.id))).toEqual(expected);
    const history = await post(routes.regionLeadHistory.path, { region_id: ids.regionB }, who);
    expect(history.status).toBe(who === 'admin' ? 200 : 404);
  });
});

describe('changes outside the scope are refused and change nothing', () => {
  const itemsIn = async (storeId: number) =>
    Number((await q<{ n: number }>('SELECT count(*)::int AS n FROM inventory_items WHERE store_id = $1', [storeId]))[0]!.n);

  it.each(WHO)('%s: adding stock, a batch, a stock count and sending a transfer', async (who) => {
    for (const s of STORES) {
      const allowed = SEES[who].includes(s);
      const before = await itemsIn(ids[s]);
      const one = await post(
        routes.addInventoryItem.path,
        { store_id: ids[s], phone_model_id: ids.model, imei: imeiFor(++serial, '35777701') },
        who,
      );
      expect(one.status, `${who} add ${s}`).toBe(allowed ? 201 : 403);
      const batch = await post(
        routes.addInventoryBatch.path,
        { store_id: ids[s], phone_model_id: ids.model, lines: [imeiFor(++serial, '35777701')] },
        who,
      );
      expect(batch.status, `${who} batch ${s}`).toBe(allowed ? 200 : 403);
      expect(await itemsIn(ids[s])).toBe(before + (allowed ? 2 : 0));
      const count = await post(routes.stockCount.path, { store_id: ids[s], lines: [] }, who);
      expect(count.status, `${who} count ${s}`).toBe(allowed ? 201 : 403);
      const imei = await stock(ids[s]);
      const to = s === 'own' ? ids.other : ids.own;
      const sent = await post(routes.sendTransfer.path, { from_store_id: ids[s], to_store_id: to, imeis: [imei] }, who);
      expect(sent.status, `${who} send ${s}`).toBe(allowed ? 201 : 403);
      const [row] = await q<{ status: string }>('SELECT status FROM inventory_items WHERE imei = $1', [imei]);
      expect(row!.status).toBe(allowed ? 'in_transit' : 'in_stock');
    }
  });

  it.each(WHO.filter((w) => w !== 'agent'))('%s: updating an agent location', async (who) => {
    for (const s of STORES) {
      const res = await post(routes.updateAgentLocation.path, { agent_id: agents[s], latitude: -6.8, longitude: 39.2 }, who);
      expect(res.status, `${who} ${s}`).toBe(SEES[who].includes(s) ? 200 : 403);
    }
  });

  it('only the receiving store receives a transfer; nobody outside it learns of it', async () => {
    for (const who of ['shopowner', 'owner.new'] as const) {
      expect((await post(routes.receiveTransfer.path, { transfer_id: ids.transfer }, who)).status).toBe(404);
    }
    // The region lead sees the sending store, not the receiving one.
    expect((await post(routes.receiveTransfer.path, { transfer_id: ids.transfer }, 'lead.dar')).status).toBe(403);
    expect((await q<{ status: string }>('SELECT status FROM stock_transfers WHERE id = $1', [ids.transfer]))[0]!.status).toBe('in_transit');
    expect((await post(routes.receiveTransfer.path, { transfer_id: ids.transfer }, 'agent')).status).toBe(200);
  });

  it('business-wide changes are head office only, whatever the role', async () => {
    const region = await post(routes.createRegion.path, { name: 'Arusha', territory: 'North' }, 'lead.dar');
    expect(region.status).toBe(403);
    expect(region.body.reason).toBe('head_office_only');
    expect((await post(routes.createRegion.path, { name: 'Arusha', territory: 'North' }, 'admin')).status).toBe(201);
  });
});

describe('handset status set by hand, with a reason (decision 019)', () => {
  const itemOf = async (imei: string) =>
    (await q<{ id: number; status: string }>('SELECT id, status FROM inventory_items WHERE imei = $1', [imei]))[0]!;
  const history = async (id: number) =>
    q<{ from_status: string; to_status: string; reason: string }>(
      'SELECT from_status, to_status, reason FROM inventory_status_changes WHERE inventory_item_id = $1 ORDER BY id',
      [id],
    );

  it('marks a handset of the caller’s store damaged, then found again after lost, each audited with its reason', async () => {
    const item = await itemOf(await stock(ids.own));
    const res = await post(
      routes.updateInventoryStatus.path,
      { item_id: item.id, status: 'damaged', reason: 'Screen cracked in the shop' },
      'shopowner',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: item.id, status: 'damaged', store: { id: ids.own } });
    await post(routes.updateInventoryStatus.path, { item_id: item.id, status: 'lost', reason: 'Not on the shelf at closing' }, 'shopowner');
    const found = await post(
      routes.updateInventoryStatus.path,
      { item_id: item.id, status: 'in_stock', reason: 'Found in the back room' },
      'lead.dar',
    );
    expect(found.status).toBe(200);
    expect(await history(item.id)).toEqual([
      { from_status: 'in_stock', to_status: 'damaged', reason: 'Screen cracked in the shop' },
      { from_status: 'damaged', to_status: 'lost', reason: 'Not on the shelf at closing' },
      { from_status: 'lost', to_status: 'in_stock', reason: 'Found in the back room' },
    ]);
    const audits = (await api.auditRows('inventory.status_changed')).filter((a: any) => Number(a.entity_id) === item.id);
    expect(audits).toHaveLength(3);
    expect((audits[0] as any).after).toMatchObject({ status: 'damaged', reason: 'Screen cracked in the shop' });
  });

  it('answers not found outside the scope, and changes nothing', async () => {
    const item = await itemOf(await stock(ids.far));
    for (const who of ['shopowner', 'owner.new', 'lead.dar'] as const) {
      const res = await post(routes.updateInventoryStatus.path, { item_id: item.id, status: 'lost', reason: 'Looking around' }, who);
      expect(res.status, who).toBe(404);
    }
    expect((await itemOf((await q<{ imei: string }>('SELECT imei FROM inventory_items WHERE id = $1', [item.id]))[0]!.imei)).status).toBe(
      'in_stock',
    );
    expect(await history(item.id)).toEqual([]);
  });

  it('refuses a move the status does not allow (409) and bad input (400 naming the field)', async () => {
    const imei = await stock(ids.own);
    const item = await itemOf(imei);
    await q("UPDATE inventory_items SET status = 'sold', sold_at = $2 WHERE id = $1", [item.id, TEST_NOW]);
    const sold = await post(
      routes.updateInventoryStatus.path,
      { item_id: item.id, status: 'in_stock', reason: 'Customer gave it back' },
      'admin',
    );
    expect(sold.status).toBe(409);
    expect(sold.body.reason).toBe('status_move_not_allowed');
    const fresh = await itemOf(await stock(ids.own));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ item_id: fresh.id, status: 'broken', reason: 'Because' }, 'status'],
      [{ item_id: fresh.id, status: 'lost', reason: ' ' }, 'reason'],
      [{ item_id: 'x', status: 'lost', reason: 'Because' }, 'item_id'],
    ];
    for (const [body, field] of cases) {
      const res = await post(routes.updateInventoryStatus.path, body, 'admin');
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields), field).toContain(field);
    }
    expect((await itemOf(imei)).status).toBe('sold');
    expect(await history(fresh.id)).toEqual([]);
  });
});
