import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { shopOwner, shopOwnerLinkSubmitted, shopOwnerList } from '../../src/contract/stores-owners';
import { storeList } from '../../src/contract/stores';
import { addRegionLeadUser } from '../../server/db/seed-stores';
import { testApi, TEST_NOW, type TestApi } from '../support/api';

/**
 * Shop owners (issue 12, decision 026): head office creates an owner and proposes them as a dealer shop's owner;
 * the link gives the owner's user the store's data, so it waits in the business maker-checker inbox and takes
 * effect only when a second person approves it.
 */

let api: TestApi;
const token: Record<string, string> = {};
const ids = { region: 0, dealer: 0, dealer2: 0, main: 0 };
const post = (path: string, body: unknown, by: string | null) =>
  api.call('POST', path, { token: by === null ? undefined : token[by], body });
const count = async (table: string) => Number((await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

async function storeRow(name: string, type: 'dealer_shop' | 'main_shop') {
  const [s] = await api.db.query<{ id: number }>(
    `INSERT INTO stores (name, region_id, store_type, location, till_or_paybill, biller_type, biller_number, created_at)
     VALUES ($1, $2, $3, 'Mtaa wa Uhuru', 'till', 'mpesa', '5123456', $4) RETURNING id`,
    [name, ids.region, type, TEST_NOW],
  );
  return s!.id;
}

beforeAll(async () => {
  api = await testApi();
  const [r] = await api.db.query<{ id: number }>(
    "INSERT INTO regions (name, territory, created_at) VALUES ('Arusha', 'North', $1) RETURNING id",
    [TEST_NOW],
  );
  ids.region = r!.id;
  ids.dealer = await storeRow('Duka la Neema', 'dealer_shop');
  ids.dealer2 = await storeRow('Duka la Baraka', 'dealer_shop');
  ids.main = await storeRow('Main Shop Arusha', 'main_shop');
  for (const u of ['admin', 'approver', 'shopowner', 'agent']) token[u] = await api.tokenFor(u);
});
afterAll(() => api.close());

describe('shop owners', () => {
  it('answers 401 without a token and 403 naming the role without it', async () => {
    expect((await post(routes.shopOwners.path, {}, null)).status).toBe(401);
    expect((await post(routes.createShopOwner.path, {}, null)).status).toBe(401);
    expect((await post(routes.linkShopOwner.path, {}, null)).status).toBe(401);
    const list = await post(routes.shopOwners.path, {}, 'agent');
    expect(list.status).toBe(403);
    expect(list.body.role).toBe('VIEW_STORES');
    const create = await post(routes.createShopOwner.path, { full_name: 'Asha Said', msisdn: '0754111222' }, 'shopowner');
    expect(create.status).toBe(403);
    expect(create.body.role).toBe('ADD_STORE');
    const link = await post(routes.linkShopOwner.path, { shop_owner_id: 1, store_id: ids.dealer }, 'approver');
    expect(link.status).toBe(403);
    expect(link.body.role).toBe('ADD_STORE');
  });

  it('refuses bad input with a 400 naming the field, and creates or files nothing', async () => {
    const [owners, requests] = [await count('shop_owners'), await count('requests')];
    const creates: Array<[Record<string, unknown>, string]> = [
      [{ full_name: 'A', msisdn: '0754111222' }, 'full_name'],
      [{ full_name: 42, msisdn: '0754111222' }, 'full_name'],
      [{ full_name: 'Asha Said', msisdn: '12345' }, 'msisdn'],
      [{ full_name: 'Asha Said', msisdn: '0754111222', username: 'nobody-here' }, 'username'],
    ];
    for (const [body, field] of creates) {
      const res = await post(routes.createShopOwner.path, body, 'admin');
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields), field).toContain(field);
    }
    const links: Array<[Record<string, unknown>, string]> = [
      [{ shop_owner_id: 'x', store_id: ids.dealer }, 'shop_owner_id'],
      [{ shop_owner_id: 99999, store_id: ids.dealer }, 'shop_owner_id'],
      [{ shop_owner_id: 1, store_id: -3 }, 'store_id'],
    ];
    for (const [body, field] of links) {
      const res = await post(routes.linkShopOwner.path, body, 'admin');
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields), field).toContain(field);
    }
    expect(await count('shop_owners')).toBe(owners);
    expect(await count('requests')).toBe(requests);
  });

  it('creates an owner with an audit row, lists and searches them; a second owner with the same phone is refused', async () => {
    const created = await post(
      routes.createShopOwner.path,
      { full_name: 'Chausiku Lema', msisdn: '0754 300 901', username: 'shopowner' },
      'admin',
    );
    expect(created.status).toBe(201);
    const owner = shopOwner.parse(created.body);
    expect(owner).toMatchObject({
      full_name: 'Chausiku Lema',
      msisdn: '255754300901',
      username: 'shopowner',
      stores: [],
      pending_stores: [],
    });
    expect((await api.auditRows('shop_owner.created')).length).toBe(1);
    const again = await post(routes.createShopOwner.path, { full_name: 'Someone Else', msisdn: '255754300901' }, 'admin');
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.fields)).toEqual(['msisdn']);
    const other = await post(routes.createShopOwner.path, { full_name: 'Baraka Mushi', msisdn: '0655123456' }, 'admin');
    expect(other.status).toBe(201);
    const all = shopOwnerList.parse((await post(routes.shopOwners.path, {}, 'admin')).body);
    expect(all.data.map((o) => o.full_name)).toEqual(['Baraka Mushi', 'Chausiku Lema']);
    // Every owner's total is the count kept as they are created (migration 050), the table's own count.
    const [{ n }] = (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shop_owners')) as [{ n: number }];
    expect(all.total).toBe(n);
    expect(all.total).toBe(2);
    const found = shopOwnerList.parse((await post(routes.shopOwners.path, { search: 'lema' }, 'admin')).body);
    expect(found.total).toBe(1);
    expect(found.data[0]!.id).toBe(owner.id);
    // The shop owner sees themselves (no store yet), never the other owner.
    const own = shopOwnerList.parse((await post(routes.shopOwners.path, {}, 'shopowner')).body);
    expect(own.data.map((o) => o.full_name)).toEqual(['Chausiku Lema']);
  });

  it('a main shop has no owner, and an owner cannot be proposed for their own store again', async () => {
    const [owner] = await api.db.query<{ id: number }>("SELECT id FROM shop_owners WHERE msisdn = '255754300901'");
    const main = await post(routes.linkShopOwner.path, { shop_owner_id: owner!.id, store_id: ids.main }, 'admin');
    expect(main.status).toBe(400);
    expect(Object.keys(main.body.fields)).toEqual(['store_id']);
  });

  it('links an owner to a store only when a second person approves it, then the owner sees the store', async () => {
    const [owner] = await api.db.query<{ id: number }>("SELECT id FROM shop_owners WHERE msisdn = '255754300901'");
    const proposed = await post(routes.linkShopOwner.path, { shop_owner_id: owner!.id, store_id: ids.dealer }, 'admin');
    expect(proposed.status).toBe(202);
    const item = shopOwnerLinkSubmitted.parse(proposed.body);
    expect(item).toMatchObject({ kind: 'shop_owner_link', store: { id: ids.dealer, name: 'Duka la Neema' } });
    expect(item.summary).toContain('Chausiku Lema');
    // Nothing changes yet: the store has no owner and the shop owner does not see it; the link shows as pending.
    expect(
      (await api.db.query<{ o: number | null }>('SELECT shop_owner_id AS o FROM stores WHERE id = $1', [ids.dealer]))[0]!.o,
    ).toBeNull();
    expect(storeList.parse((await post(routes.stores.path, {}, 'shopowner')).body).total).toBe(0);
    const pending = shopOwnerList.parse((await post(routes.shopOwners.path, { search: 'Chausiku' }, 'admin')).body).data[0]!;
    expect(pending.pending_stores).toEqual([{ id: ids.dealer, name: 'Duka la Neema', request_id: item.id }]);
    const twice = await post(routes.linkShopOwner.path, { shop_owner_id: owner!.id, store_id: ids.dealer }, 'admin');
    expect(twice.status).toBe(409);
    expect(twice.body.reason).toBe('request_open');
    // The maker may not approve their own request; a second person does.
    expect((await post(routes.decideMakerChecker.path, { ids: [item.id], decision: 'approve' }, 'admin')).status).toBe(403);
    const approved = await post(routes.decideMakerChecker.path, { ids: [item.id], decision: 'approve' }, 'approver');
    expect(approved.status).toBe(200);
    const seen = storeList.parse((await post(routes.stores.path, {}, 'shopowner')).body);
    expect(seen.stores.map((s) => s.name)).toEqual(['Duka la Neema']);
    expect(seen.stores[0]!.owner).toMatchObject({ name: 'Chausiku Lema' });
    const linked = shopOwnerList.parse((await post(routes.shopOwners.path, {}, 'shopowner')).body).data[0]!;
    expect(linked).toMatchObject({ stores: [{ id: ids.dealer, name: 'Duka la Neema' }], pending_stores: [] });
    const [row] = await api.auditRows('store.owner_linked');
    expect(row).toMatchObject({ entity: 'store', entity_id: String(ids.dealer) });
    // Proposing the same owner for the store they now own is refused.
    const own = await post(routes.linkShopOwner.path, { shop_owner_id: owner!.id, store_id: ids.dealer }, 'admin');
    expect(own.status).toBe(400);
    expect(Object.keys(own.body.fields)).toEqual(['store_id']);
  });

  it('refuses to apply a link when the store changed owner since the request, and the request stays pending', async () => {
    const [owner] = await api.db.query<{ id: number }>("SELECT id FROM shop_owners WHERE msisdn = '255655123456'");
    const proposed = shopOwnerLinkSubmitted.parse(
      (await post(routes.linkShopOwner.path, { shop_owner_id: owner!.id, store_id: ids.dealer2 }, 'admin')).body,
    );
    await api.db.query("UPDATE stores SET shop_owner_id = (SELECT id FROM shop_owners WHERE msisdn = '255754300901') WHERE id = $1", [
      ids.dealer2,
    ]);
    const decided = await post(routes.decideMakerChecker.path, { ids: [proposed.id], decision: 'approve' }, 'approver');
    expect(JSON.stringify(decided.body)).toContain('changed_since_request');
    expect((await api.db.query<{ status: string }>('SELECT status FROM requests WHERE id = $1', [proposed.id]))[0]!.status).toBe(
      'submitted',
    );
  });

  it("narrows the list for a region lead to the owners of their region's stores", async () => {
    const [mbeya] = await api.db.query<{ id: number }>(
      "INSERT INTO regions (name, territory, created_at) VALUES ('Mbeya', 'Southern Highlands', $1) RETURNING id",
      [TEST_NOW],
    );
    await api.db.query(
      `INSERT INTO stores (name, region_id, store_type, shop_owner_id, location, till_or_paybill, biller_type, biller_number, created_at)
       VALUES ('Duka la Mbeya', $1, 'dealer_shop', (SELECT id FROM shop_owners WHERE msisdn = '255655123456'), 'Soko Matola', 'till', 'mpesa', '5123457', $2)`,
      [mbeya!.id, TEST_NOW],
    );
    for (const [username, region] of [
      ['lead.arusha', ids.region],
      ['lead.mbeya', mbeya!.id],
    ] as const) {
      const lead = await addRegionLeadUser(api.db, TEST_NOW, { username, name: `Lead ${username}`, phone: '255754000099' });
      await api.db.query('UPDATE regions SET lead_admin_id = $1 WHERE id = $2', [lead, region]);
      token[username] = await api.tokenFor(username);
    }
    const names = async (by: string) => shopOwnerList.parse((await post(routes.shopOwners.path, {}, by)).body).data.map((o) => o.full_name);
    expect(await names('lead.arusha')).toEqual(['Chausiku Lema']);
    expect(await names('lead.mbeya')).toEqual(['Baraka Mushi']);
    const create = await post(routes.createShopOwner.path, { full_name: 'Asha Said', msisdn: '0754111222' }, 'lead.arusha');
    expect(create.status).toBe(403);
  });
});
