import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import {
  storeList,
  regionList,
  inventoryList,
  agentList,
  transfer,
  transferList,
  stockCount,
  inventoryBatchResult,
} from '../../src/contract/stores';
import { addRegionLeadUser } from '../../server/db/seed-stores';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { imeiFor } from '../support/business-fixtures';

/**
 * Stores, people and inventory (issue 12): roles, scope (a shop owner sees their own stores, a region lead their
 * region, head office everything), bad input (400 naming the field, nothing changed), transfers and stock counts.
 */

let api: TestApi;
const token: Record<string, string> = {};
const ids = { regionA: 0, regionB: 0, own1: 0, own2: 0, other: 0, far: 0, model: 0, agentOwn: 0, agentOther: 0, agentFar: 0, category: 0 };
let serial = 0;
const nextImei = () => imeiFor(++serial, '35888801');

const post = (path: string, body: unknown, by: string | null) =>
  api.call('POST', path, { token: by === null ? undefined : token[by], body });
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => api.db.query<T>(sql, params);
const count = async (sql: string, params: unknown[] = []) =>
  Number((await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n);

async function store(name: string, region: number, ownerAdmin: string | null) {
  let owner: number | null = null;
  if (ownerAdmin !== null) {
    const [o] = await q<{ id: number }>(
      `INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at)
       VALUES ($1, '255754000003', (SELECT id FROM admins WHERE username = $2), $3)
       ON CONFLICT (msisdn) DO UPDATE SET full_name = shop_owners.full_name RETURNING id`,
      ['Chausiku Lema', ownerAdmin, TEST_NOW],
    );
    owner = o!.id;
  }
  const [s] = await q<{ id: number }>(
    `INSERT INTO stores (name, region_id, store_type, shop_owner_id, location, till_or_paybill, biller_type, biller_number, created_at)
     VALUES ($1, $2, 'dealer_shop', $3, 'Mtaa wa Uhuru', 'till', 'mpesa', '5123456', $4) RETURNING id`,
    [name, region, owner, TEST_NOW],
  );
  return s!.id;
}

async function agentAt(storeId: number, name: string) {
  const [a] = await q<{ id: number }>(`INSERT INTO agents (full_name, msisdn, store_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id`, [
    name,
    `2556${String(200000000 + storeId * 104729 + name.length).slice(-8)}`,
    storeId,
    TEST_NOW,
  ]);
  return a!.id;
}

async function stock(storeId: number, status = 'in_stock') {
  const imei = nextImei();
  await q(`INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at, sold_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    ids.model,
    storeId,
    imei,
    status,
    TEST_NOW,
    status === 'sold' ? TEST_NOW : null,
  ]);
  return imei;
}

beforeAll(async () => {
  api = await testApi();
  const [a] = await q<{ id: number }>(
    "INSERT INTO regions (name, territory, created_at) VALUES ('Dar es Salaam', 'Coast', $1) RETURNING id",
    [TEST_NOW],
  );
  const [b] = await q<{ id: number }>("INSERT INTO regions (name, territory, created_at) VALUES ('Mwanza', 'Lake', $1) RETURNING id", [
    TEST_NOW,
  ]);
  ids.regionA = a!.id;
  ids.regionB = b!.id;
  ids.own1 = await store('Kariakoo Simu', ids.regionA, 'shopowner');
  ids.own2 = await store('Sinza Simu', ids.regionA, 'shopowner');
  ids.other = await store('Mbezi Phones', ids.regionA, null);
  ids.far = await store('Ilemela Phones', ids.regionB, null);
  const [m] = await q<{ id: number }>(
    `INSERT INTO phone_models (sku, brand, name, model, storage_gb, ram_gb, lock_solution_type, created_at)
     VALUES ('TST-S1-64-4', 'Tecno', 'Tecno Spark Test (64 GB)', 'S1', 64, 4, 'dial_code', $1) RETURNING id`,
    [TEST_NOW],
  );
  ids.model = m!.id;
  ids.agentOwn = await agentAt(ids.own1, 'Neema Own');
  ids.agentOther = await agentAt(ids.other, 'Juma Other');
  ids.agentFar = await agentAt(ids.far, 'Rehema Far');
  // The demo agent uses the portal: linked to his agents row, he sees his store only.
  await q("UPDATE agents SET admin_id = (SELECT id FROM admins WHERE username = 'agent') WHERE id = $1", [ids.agentFar]);
  const [c] = await q<{ id: number }>("INSERT INTO agent_categories (name, date_created) VALUES ('Gold', $1) RETURNING id", [TEST_NOW]);
  ids.category = c!.id;
  await addRegionLeadUser(api.db, TEST_NOW, { username: 'lead.dar', name: 'Zawadi Lead', phone: '255754000099' });
  for (const u of ['admin', 'shopowner', 'agent', 'finance', 'lead.dar']) token[u] = await api.tokenFor(u);
  // Head office makes lead.dar the lead of Dar es Salaam through the call itself.
  const lead = await post(routes.addRegionLead.path, { region_id: ids.regionA, username: 'lead.dar' }, 'admin');
  expect(lead.status).toBe(200);
});
afterAll(() => api.close());

describe('roles', () => {
  it('401 without a token, 403 naming the role without it', async () => {
    expect((await post(routes.stores.path, {}, null)).status).toBe(401);
    const refused = await post(routes.stores.path, {}, 'finance');
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('VIEW_STORES');
    expect((await post(routes.createStore.path, {}, 'shopowner')).body.role).toBe('ADD_STORE');
    expect((await post(routes.addRegionLead.path, {}, 'shopowner')).body.role).toBe('ADD_REGION_LEAD');
    expect((await post(routes.regions.path, {}, 'shopowner')).body.role).toBe('VIEW_REGIONS');
  });
});

describe('stores', () => {
  const good = () => ({
    name: `Mlimani Simu ${serial++}`,
    region_id: ids.regionA,
    store_type: 'dealer_shop',
    location: 'Sam Nujoma Rd, Ubungo',
    latitude: -6.7712,
    longitude: 39.2201,
    till_or_paybill: 'till',
    biller_type: 'mpesa',
    biller_number: '5554321',
  });

  it('head office creates a store, and finds it by search and filters', async () => {
    const body = good();
    const created = await post(routes.createStore.path, body, 'admin');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: body.name, is_mapped: true, has_owner: false, region: { id: ids.regionA } });
    expect(await api.auditRows('store.created')).toHaveLength(1);
    const found = storeList.parse((await post(routes.stores.path, { search: 'mlimani', is_mapped: true }, 'admin')).body);
    expect(found.stores.map((s) => s.name)).toEqual([body.name]);
    const unmapped = storeList.parse((await post(routes.stores.path, { region_id: ids.regionA, is_mapped: false }, 'admin')).body);
    expect(unmapped.stores.map((s) => s.name)).toEqual(['Kariakoo Simu', 'Mbezi Phones', 'Sinza Simu']);
    const owned = storeList.parse((await post(routes.stores.path, { has_owner: true }, 'admin')).body);
    expect(owned.stores.map((s) => s.id).sort()).toEqual([ids.own1, ids.own2].sort());
    // Every store's total is the count kept as stores are created (migration 051): the four made here and this one.
    const all = storeList.parse((await post(routes.stores.path, {}, 'admin')).body);
    expect(all.total).toBe(await count('stores'));
    expect(all.total).toBe(5);
  });

  it('refuses bad input with a 400 naming the field, and creates nothing', async () => {
    const before = await count('stores');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good(), region_id: 99999 }, 'region_id'],
      [{ ...good(), latitude: 51.5, longitude: -0.12 }, 'latitude'],
      [{ ...good(), latitude: -6.8, longitude: 12.1 }, 'longitude'],
      [{ ...good(), name: 'Kariakoo Simu' }, 'name'],
      [{ ...good(), biller_number: '12ab' }, 'biller_number'],
      [{ ...good(), store_type: 'kiosk' }, 'store_type'],
    ];
    for (const [body, field] of cases) {
      const res = await post(routes.createStore.path, body, 'admin');
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields), field).toContain(field);
    }
    expect(await count('stores')).toBe(before);
  });

  it('updates a store location inside Tanzania only', async () => {
    const bad = await post(routes.updateStoreLocation.path, { store_id: ids.other, latitude: 6.8, longitude: 39.2 }, 'admin');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.latitude).toBe('must be inside Tanzania');
    const ok = await post(routes.updateStoreLocation.path, { store_id: ids.other, latitude: -6.75, longitude: 39.1 }, 'admin');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ is_mapped: true, latitude: -6.75, longitude: 39.1 });
  });
});

describe('scope', () => {
  it('a shop owner sees only their own stores, agents and stock', async () => {
    const theirs = await stock(ids.own1);
    const notTheirs = await stock(ids.other);
    const list = storeList.parse((await post(routes.stores.path, {}, 'shopowner')).body);
    expect(list.stores.map((s) => s.id).sort()).toEqual([ids.own1, ids.own2].sort());
    expect(list.total).toBe(2);
    expect((await post(routes.storeProfile.path, { store_id: ids.other }, 'shopowner')).status).toBe(404);
    expect((await post(routes.storeProfile.path, { store_id: ids.own1 }, 'shopowner')).status).toBe(200);
    const items = inventoryList.parse((await post(routes.inventory.path, { limit: 200 }, 'shopowner')).body);
    expect(items.data.map((i) => i.imei)).toContain(theirs);
    expect(items.data.map((i) => i.imei)).not.toContain(notTheirs);
    // Asking for another store's stock by filter gives nothing, never the data.
    expect(inventoryList.parse((await post(routes.inventory.path, { store_id: ids.other }, 'shopowner')).body).total).toBe(0);
    const agents = agentList.parse((await post(routes.agentsPerStore.path, {}, 'shopowner')).body);
    expect(agents.data.map((a) => a.id)).toEqual([ids.agentOwn]);
    const move = await post(routes.updateAgentLocation.path, { agent_id: ids.agentOther, latitude: -6.8, longitude: 39.2 }, 'shopowner');
    expect(move.status).toBe(403);
    expect(move.body.reason).toBe('out_of_scope');
    const add = await post(routes.addInventoryItem.path, { store_id: ids.other, phone_model_id: ids.model, imei: nextImei() }, 'shopowner');
    expect(add.status).toBe(403);
  });

  it('a region lead sees their region, its stores and agents, nothing of another region', async () => {
    const regions = regionList.parse((await post(routes.regions.path, {}, 'lead.dar')).body);
    expect(regions.regions.map((r) => r.name)).toEqual(['Dar es Salaam']);
    expect(regions.regions[0]!.lead?.username).toBe('lead.dar');
    const stores = storeList.parse((await post(routes.stores.path, { limit: 200 }, 'lead.dar')).body);
    expect(stores.stores.map((s) => s.region.id).every((r) => r === ids.regionA)).toBe(true);
    expect(stores.stores.map((s) => s.id)).not.toContain(ids.far);
    expect((await post(routes.storeProfile.path, { store_id: ids.far }, 'lead.dar')).status).toBe(404);
    const agents = agentList.parse((await post(routes.agentsPerStore.path, { limit: 200 }, 'lead.dar')).body);
    expect(agents.data.map((a) => a.id).sort()).toEqual([ids.agentOwn, ids.agentOther].sort());
    const moved = await post(routes.updateAgentLocation.path, { agent_id: ids.agentOther, latitude: -6.8, longitude: 39.2 }, 'lead.dar');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ latitude: -6.8, longitude: 39.2, location_updated_at: TEST_NOW.toISOString() });
    expect(
      (await post(routes.updateAgentLocation.path, { agent_id: ids.agentFar, latitude: -2.5, longitude: 32.9 }, 'lead.dar')).status,
    ).toBe(403);
    // Business-wide changes are head office's.
    expect((await post(routes.createRegion.path, { name: 'Arusha', territory: 'North' }, 'lead.dar')).body.reason).toBe('head_office_only');
  });

  it('head office sees every region', async () => {
    const regions = regionList.parse((await post(routes.regions.path, {}, 'admin')).body);
    expect(regions.regions.map((r) => r.name)).toEqual(['Dar es Salaam', 'Mwanza']);
  });
});

describe('regions and leads', () => {
  it('creates a region, refuses a duplicate name', async () => {
    const created = await post(routes.createRegion.path, { name: 'Arusha', territory: 'Northern zone' }, 'admin');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Arusha', lead: null, stores: 0 });
    const again = await post(routes.createRegion.path, { name: 'arusha', territory: 'x y' }, 'admin');
    expect(again.status).toBe(400);
    expect(again.body.fields.name).toBeDefined();
  });

  it('keeps one lead at a time, with history', async () => {
    expect((await post(routes.addRegionLead.path, { region_id: 99999, username: 'agent' }, 'admin')).body.fields).toHaveProperty(
      'region_id',
    );
    expect((await post(routes.addRegionLead.path, { region_id: ids.regionB, username: 'nobody' }, 'admin')).body.fields).toHaveProperty(
      'username',
    );
    expect((await post(routes.addRegionLead.path, { region_id: ids.regionB, username: 'approver' }, 'admin')).status).toBe(200);
    api.clock.advance(3600_000);
    const second = await post(routes.addRegionLead.path, { region_id: ids.regionB, username: 'collector' }, 'admin');
    expect(second.body.lead.username).toBe('collector');
    const history = await post(routes.regionLeadHistory.path, { region_id: ids.regionB }, 'admin');
    expect(history.body.data.map((l: { username: string; ended_at: string | null }) => [l.username, l.ended_at !== null])).toEqual([
      ['collector', false],
      ['approver', true],
    ]);
    expect(await count('region_leads WHERE region_id = $1 AND ended_at IS NULL', [ids.regionB])).toBe(1);
  });
});

describe('inventory', () => {
  it('adds one handset; refuses a bad check digit or a known IMEI with 400 on imei, changing nothing', async () => {
    const imei = nextImei();
    const added = await post(routes.addInventoryItem.path, { store_id: ids.own1, phone_model_id: ids.model, imei }, 'shopowner');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ imei, status: 'in_stock', store: { id: ids.own1, name: 'Kariakoo Simu' } });
    // Named as the list names it: the model, the store, when it was received.
    const listed = inventoryList.parse((await post(routes.inventory.path, { search: imei }, 'admin')).body);
    expect(listed.data).toEqual([added.body]);
    expect(listed.data[0]).toMatchObject({
      model: { id: ids.model, brand: 'Tecno', name: 'Tecno Spark Test (64 GB)' },
      received_at: api.clock.now().toISOString(),
      sold_at: null,
      transfer: null,
    });
    const before = await count('inventory_items');
    const wrongDigit = imei.slice(0, 14) + String((Number(imei[14]) + 1) % 10);
    for (const bad of [wrongDigit, imei]) {
      const res = await post(routes.addInventoryItem.path, { store_id: ids.own1, phone_model_id: ids.model, imei: bad }, 'shopowner');
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['imei']);
    }
    expect(await count('inventory_items')).toBe(before);
  });

  it('adds a pasted batch with a result per line', async () => {
    const [a, b] = [nextImei(), nextImei()];
    const known = await stock(ids.far);
    const res = await post(
      routes.addInventoryBatch.path,
      { store_id: ids.own2, phone_model_id: ids.model, lines: [a, '', '12345', `${b.slice(0, 8)} ${b.slice(8)}`, a, known] },
      'shopowner',
    );
    expect(res.status).toBe(200);
    const result = inventoryBatchResult.parse(res.body);
    expect(result.added).toBe(2);
    expect(result.results.map((r) => [r.line, r.outcome])).toEqual([
      [1, 'added'],
      [3, 'invalid'],
      [4, 'added'],
      [5, 'duplicate_in_batch'],
      [6, 'already_registered'],
    ]);
    expect(await count("inventory_items WHERE store_id = $1 AND imei = ANY($2::text[]) AND status = 'in_stock'", [ids.own2, [a, b]])).toBe(
      2,
    );
  });

  it('searches by the start of an IMEI and filters by status', async () => {
    const imei = await stock(ids.own1, 'repossessed');
    const found = inventoryList.parse((await post(routes.inventory.path, { search: imei.slice(0, 13) }, 'admin')).body);
    expect(found.data.map((i) => i.imei)).toContain(imei);
    const repossessed = inventoryList.parse((await post(routes.inventory.path, { status: 'repossessed' }, 'admin')).body);
    expect(repossessed.data.map((i) => i.imei)).toEqual([imei]);
  });

  it("searches by a model's name as typed, spaces kept, and counts exactly its handsets; with no search, every handset", async () => {
    await stock(ids.own1);
    const [model] = await q<{ name: string }>('SELECT name FROM phone_models WHERE id = $1', [ids.model]);
    const expected = await count(
      'inventory_items i JOIN phone_models m ON m.id = i.phone_model_id WHERE m.name ILIKE $1 OR m.sku ILIKE $1 OR m.brand ILIKE $1',
      [`%${model!.name}%`],
    );
    expect(expected).toBeGreaterThan(0);
    const found = inventoryList.parse((await post(routes.inventory.path, { search: model!.name, limit: 200 }, 'admin')).body);
    expect(found.total).toBe(expected);
    expect(found.data.every((i) => `${i.model.brand} ${i.model.name}`.toLowerCase().includes(model!.name.toLowerCase()))).toBe(true);
    const none = inventoryList.parse((await post(routes.inventory.path, { search: 'no such phone model' }, 'admin')).body);
    expect(none).toMatchObject({ total: 0, data: [] });
    const all = inventoryList.parse((await post(routes.inventory.path, { limit: 1 }, 'admin')).body);
    expect(all.total).toBe(await count('inventory_items'));
  });
});

describe('transfers', () => {
  it('refuses a transfer to the same store (400 to_store_id) and a sold handset (409), changing nothing', async () => {
    const onShelf = await stock(ids.own1);
    const sold = await stock(ids.own1, 'sold');
    const same = await post(routes.sendTransfer.path, { from_store_id: ids.own1, to_store_id: ids.own1, imeis: [onShelf] }, 'shopowner');
    expect(same.status).toBe(400);
    expect(Object.keys(same.body.fields)).toEqual(['to_store_id']);
    const soldOne = await post(
      routes.sendTransfer.path,
      { from_store_id: ids.own1, to_store_id: ids.own2, imeis: [onShelf, sold] },
      'shopowner',
    );
    expect(soldOne.status).toBe(409);
    expect(soldOne.body.fields).toHaveProperty('imeis.1');
    const foreign = await post(
      routes.sendTransfer.path,
      { from_store_id: ids.own1, to_store_id: ids.own2, imeis: [await stock(ids.other)] },
      'shopowner',
    );
    expect(foreign.status).toBe(400);
    expect(await count('stock_transfers')).toBe(0);
    expect(await count("inventory_items WHERE imei = $1 AND status = 'in_stock'", [onShelf])).toBe(1);
  });

  it('sends two handsets in transit; the other store receives them into stock', async () => {
    const pair = [await stock(ids.own1), await stock(ids.own1)];
    const sent = await post(routes.sendTransfer.path, { from_store_id: ids.own1, to_store_id: ids.own2, imeis: pair }, 'shopowner');
    expect(sent.status).toBe(201);
    const t = transfer.parse(sent.body);
    expect(t).toMatchObject({ status: 'in_transit', from_store: { id: ids.own1 }, to_store: { id: ids.own2 } });
    expect(t.imeis).toEqual([...pair].sort());
    // The list shows it as the answer did: both stores and the sender by name, the time it was sent.
    const listed = async () =>
      transferList.parse((await post(routes.transfers.path, { store_id: ids.own2 }, 'shopowner')).body).data.find((x) => x.id === t.id);
    expect(await listed()).toEqual(t);
    expect(t).toMatchObject({
      from_store: { id: ids.own1, name: 'Kariakoo Simu' },
      to_store: { id: ids.own2, name: 'Sinza Simu' },
      sent_by: 'Chausiku Lema',
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      received_by: null,
      received_at: null,
    });
    const inTransit = inventoryList.parse((await post(routes.inventory.path, { status: 'in_transit' }, 'shopowner')).body);
    expect(inTransit.data.map((i) => i.transfer)).toEqual([
      { id: t.id, to_store: t.to_store.name },
      { id: t.id, to_store: t.to_store.name },
    ]);
    // A handset on the shelf names no transfer.
    const onShelf = inventoryList.parse((await post(routes.inventory.path, { status: 'in_stock' }, 'shopowner')).body);
    expect(onShelf.data.length).toBeGreaterThan(0);
    expect(onShelf.data.every((i) => i.transfer === null)).toBe(true);
    // In transit cannot go out again.
    const again = await post(routes.sendTransfer.path, { from_store_id: ids.own1, to_store_id: ids.other, imeis: [pair[0]] }, 'shopowner');
    expect(again.status).toBe(409);
    // An agent of another store sees nothing of it; nobody outside the receiving store receives it.
    expect((await post(routes.receiveTransfer.path, { transfer_id: t.id }, 'agent')).status).toBe(404);
    const received = await post(routes.receiveTransfer.path, { transfer_id: t.id }, 'shopowner');
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'received', received_by: 'Chausiku Lema', imeis: t.imeis, sent_at: t.sent_at });
    expect(await listed()).toEqual(transfer.parse(received.body));
    expect(await count("inventory_items WHERE imei = ANY($1::text[]) AND store_id = $2 AND status = 'in_stock'", [pair, ids.own2])).toBe(2);
    expect((await post(routes.receiveTransfer.path, { transfer_id: t.id }, 'shopowner')).body.reason).toBe('already_received');
    // Received, they are the other store's stock and travel no more.
    const home = inventoryList.parse((await post(routes.inventory.path, { store_id: ids.own2, status: 'in_stock' }, 'shopowner')).body);
    expect(home.data.filter((i) => pair.includes(i.imei)).map((i) => i.transfer)).toEqual([null, null]);
    expect((await api.auditRows('stock_transfer.received')).length).toBe(1);
  });

  it('only the receiving side receives', async () => {
    const imei = await stock(ids.own1);
    const sent = await post(routes.sendTransfer.path, { from_store_id: ids.own1, to_store_id: ids.far, imeis: [imei] }, 'shopowner');
    expect(sent.status).toBe(201);
    const refused = await post(routes.receiveTransfer.path, { transfer_id: sent.body.id }, 'shopowner');
    expect(refused.status).toBe(403);
    expect((await post(routes.receiveTransfer.path, { transfer_id: sent.body.id }, 'admin')).status).toBe(200);
  });
});

describe('stock count', () => {
  it('lists what is missing and what is unexpected', async () => {
    const shelf = [await stock(ids.other), await stock(ids.other)];
    const [, gone] = shelf;
    await q("UPDATE inventory_items SET status = 'sold', sold_at = $2 WHERE store_id = $1 AND imei <> ALL($3::text[])", [
      ids.other,
      TEST_NOW,
      shelf,
    ]);
    const stranger = await stock(ids.far);
    const res = await post(routes.stockCount.path, { store_id: ids.other, lines: [shelf[0], stranger, 'not-an-imei', ''] }, 'lead.dar');
    expect(res.status).toBe(201);
    const c = stockCount.parse(res.body);
    expect(c).toMatchObject({ expected: 2, matched: 1, invalid: ['not-an-imei'] });
    expect(c.missing.map((m) => m.imei)).toEqual([gone]);
    expect(c.unexpected).toEqual([{ imei: stranger, known_as: 'Ilemela Phones · in_stock' }]);
    expect((await post(routes.stockCount.path, { store_id: ids.far, lines: [] }, 'lead.dar')).status).toBe(403);
    const listed = await post(routes.stockCounts.path, {}, 'lead.dar');
    expect(listed.body.data.map((x: { id: number }) => x.id)).toEqual([c.id]);
  });
});

describe('agents and categories', () => {
  it('creates, renames and deactivates a category; only head office may', async () => {
    expect((await post(routes.createCategory.path, { name: 'Diamond' }, 'shopowner')).body.reason).toBe('head_office_only');
    const created = await post(routes.createCategory.path, { name: 'Diamond' }, 'admin');
    expect(created.status).toBe(201);
    expect((await post(routes.createCategory.path, { name: 'gold' }, 'admin')).status).toBe(409);
    const renamed = await post(routes.updateCategory.path, { category_id: created.body.id, name: 'Diamond Plus' }, 'admin');
    expect(renamed.body).toMatchObject({ name: 'Diamond Plus', status: 'active' });
    const off = await post(routes.updateCategory.path, { category_id: created.body.id, status: 'inactive' }, 'admin');
    expect(off.body.status).toBe('inactive');
    const list = await post(routes.categories.path, { status: 'inactive' }, 'shopowner');
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Diamond Plus']);
    const toInactive = await post(routes.classifyAgent.path, { agent_id: ids.agentOwn, category_id: created.body.id }, 'shopowner');
    expect(toInactive.status).toBe(400);
    expect(toInactive.body.fields).toHaveProperty('category_id');
  });

  it('classifies an agent (Unassigned is is_category 0) and allocates a category to several', async () => {
    const classified = await post(routes.classifyAgent.path, { agent_id: ids.agentOwn, category_id: ids.category }, 'shopowner');
    expect(classified.body).toMatchObject({ is_category: 1, category: { name: 'Gold' } });
    const cleared = await post(routes.classifyAgent.path, { agent_id: ids.agentOwn, category_id: null }, 'shopowner');
    expect(cleared.body).toMatchObject({ is_category: 0, category: null });
    const unassigned = agentList.parse((await post(routes.agentsPerStore.path, { unassigned: true, limit: 200 }, 'admin')).body);
    expect(unassigned.data.every((a) => a.is_category === 0)).toBe(true);
    const refused = await post(
      routes.allocateCategory.path,
      { category_id: ids.category, agent_ids: [ids.agentOwn, ids.agentOther] },
      'shopowner',
    );
    expect(refused.status).toBe(403);
    expect(await count('agents WHERE category_id = $1', [ids.category])).toBe(0);
    const all = await post(routes.allocateCategory.path, { category_id: ids.category, agent_ids: [ids.agentOwn, ids.agentOther] }, 'admin');
    expect(all.body.updated).toBe(2);
    expect(await count('agents WHERE category_id = $1', [ids.category])).toBe(2);
  });
});

describe('the counts a store shows', () => {
  it("shows each store's active agents and handsets in stock as they come, go, sell and move (kept counts, decision 080)", async () => {
    // A region of their own, apart from the other tests' stores and agents.
    const [region] = await q<{ id: number }>(
      "INSERT INTO regions (name, territory, created_at) VALUES ('Morogoro', 'Eastern', $1) RETURNING id",
      [TEST_NOW],
    );
    const here = await store(`Buguruni Simu ${serial++}`, region!.id, null);
    const there = await store(`Tandika Simu ${serial++}`, region!.id, null);
    const shown = async () => {
      const list = storeList.parse((await post(routes.stores.path, { search: 'simu', limit: 100 }, 'admin')).body);
      const of = (id: number) => list.stores.find((s) => s.id === id);
      return [here, there].map((id) => ({ agents: of(id)?.agents, in_stock: of(id)?.in_stock }));
    };
    // A new store with nobody and nothing.
    expect(await shown()).toEqual([
      { agents: 0, in_stock: 0 },
      { agents: 0, in_stock: 0 },
    ]);
    const [first, second] = [await agentAt(here, 'Neema Kitwana'), await agentAt(here, 'Baraka Mollel Juma')];
    const handsets = [await stock(here), await stock(here), await stock(here), await stock(here, 'sold')];
    expect(await shown()).toEqual([
      { agents: 2, in_stock: 3 },
      { agents: 0, in_stock: 0 },
    ]);
    // An agent leaves; another moves to the other store. One handset is sold, one moves across (on the shelf there),
    // one is thrown out of the books altogether, and a batch of two arrives at the other store in one statement.
    await q("UPDATE agents SET status = 'inactive' WHERE id = $1", [first]);
    await q('UPDATE agents SET store_id = $2 WHERE id = $1', [second, there]);
    await q("UPDATE inventory_items SET status = 'sold', sold_at = $2 WHERE imei = $1", [handsets[0], TEST_NOW]);
    await q('UPDATE inventory_items SET store_id = $2 WHERE imei = $1', [handsets[1], there]);
    await q('DELETE FROM inventory_items WHERE imei = $1', [handsets[2]]);
    // An agent taken on at the other store by mistake, and removed.
    await q('DELETE FROM agents WHERE id = $1', [await agentAt(there, 'Zawadi Mushi')]);
    await q(
      `INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at)
       SELECT $1, $2, x, 'in_stock', $3 FROM unnest($4::text[]) AS x`,
      [ids.model, there, TEST_NOW, [nextImei(), nextImei()]],
    );
    // An update that changes neither count changes nothing shown.
    await q('UPDATE agents SET full_name = full_name WHERE store_id = ANY($1::bigint[])', [[here, there]]);
    expect(await shown()).toEqual([
      { agents: 0, in_stock: 0 },
      { agents: 1, in_stock: 3 },
    ]);
    // The same as counting them, store by store.
    for (const id of [here, there])
      expect(await shown().then((both) => both[id === here ? 0 : 1])).toEqual({
        agents: await count("agents WHERE store_id = $1 AND status = 'active'", [id]),
        in_stock: await count("inventory_items WHERE store_id = $1 AND status = 'in_stock'", [id]),
      });
  });
});
