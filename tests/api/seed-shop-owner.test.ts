import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_PARSERS, pgliteDb } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { DEMO_PASSWORD } from '../../server/db/seed-security';
import { fixedClock } from '../../server/clock';
import { createSimulators } from '../../server/adapters/simulators';
import { createApp } from '../../server/app';
import { DEMO_JWT_SECRET } from '../../server/config';
import type { Db } from '../../server/db/port';
import { routes } from '../../src/contract/routes';
import { storeList } from '../../src/contract/stores';
import { shopOwnerList } from '../../src/contract/stores-owners';

/**
 * The demo shop owner, through the API as a newcomer logging in as `shopowner` meets it (README "Stores, people and
 * inventory"): Chausiku Lema owns two dealer shops of the first region and sees those, and no other store.
 */

const NOW = new Date('2026-11-02T08:00:00.000Z');
let db: Db;
let app: ReturnType<typeof createApp>['app'];

beforeAll(async () => {
  db = pgliteDb(await PGlite.create({ parsers: EMBEDDED_PARSERS }));
  await migrate(db);
  expect(await seedDemo(db, { now: NOW, seed: 20_260_314, companyName: 'Simu Demo' })).toBe(true);
  const clock = fixedClock(NOW);
  ({ app } = createApp({
    db,
    clock,
    adapters: createSimulators(db, clock).adapters,
    config: { mode: 'demo', jwtSecret: DEMO_JWT_SECRET, tokenTtlMs: 3600_000, trustedProxies: [] },
  }));
}, 180_000);
afterAll(() => db?.close());

async function post(path: string, body: unknown, token?: string) {
  const res = await app.request(`/portal_api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function tokenOf(username: string): Promise<string> {
  const res = await post('/authentication', { strategy: 'local', username, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  expect(res.body.user.otp_pending).toBe(false);
  return res.body.accessToken;
}

describe('the demo shop owner', () => {
  it('sees their own two dealer shops of the first region, under their own name, and no other store', async () => {
    const owner = await tokenOf('shopowner');
    const res = await post(routes.stores.path, { limit: 200 }, owner);
    expect(res.status).toBe(200);
    const { stores, total } = storeList.parse(res.body);
    expect(total).toBe(2);
    expect(stores.map((s) => [s.store_type, s.region.id, s.owner?.name, s.owner?.msisdn])).toEqual([
      ['dealer_shop', 1, 'Chausiku Lema', '255754000003'],
      ['dealer_shop', 1, 'Chausiku Lema', '255754000003'],
    ]);

    // Every other store of the demo (main shops, other owners' shops, shops of nobody) is refused to the owner.
    const others = await db.query<{ id: number; name: string }>('SELECT id, name FROM stores WHERE NOT (id = ANY($1)) ORDER BY id', [
      stores.map((s) => s.id),
    ]);
    expect(others.length).toBeGreaterThan(10);
    for (const other of others.slice(0, 3)) {
      const profile = await post(routes.storeProfile.path, { store_id: other.id }, owner);
      expect(profile.status).toBe(404);
      expect(profile.body.reason).toBe('not_found');
    }
    for (const own of stores) expect((await post(routes.storeProfile.path, { store_id: own.id }, owner)).status).toBe(200);
    // Searching by another shop's name finds nothing.
    const searched = storeList.parse((await post(routes.stores.path, { search: others[0]!.name }, owner)).body);
    expect(searched.stores.filter((s) => s.id === others[0]!.id)).toEqual([]);
  });

  it('is the one shop owner of the shop owners list as they see it, with their user and both shops', async () => {
    const owner = await tokenOf('shopowner');
    const res = await post(routes.shopOwners.path, {}, owner);
    expect(res.status).toBe(200);
    const { data } = shopOwnerList.parse(res.body);
    expect(data.map((o) => [o.full_name, o.username, o.stores.length])).toEqual([['Chausiku Lema', 'shopowner', 2]]);
  });
});
