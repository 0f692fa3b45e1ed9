import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { defaultersList } from '../../src/contract/collections';
import { storeList } from '../../src/contract/stores';
import { statementsOf } from '../support/statements';
import { testApi, type TestApi } from '../support/api';
import { businessFixtures, type BusinessFixtures } from '../support/business-fixtures';

/**
 * A read route's answer kept while nothing is written, within the second (decision 100): on the embedded PGlite,
 * whose change feed hears every write, the same call by the same caller is answered from memory. Any write, by any
 * route or worker, and the clock's next second make the next answer read again; another caller never gets it. On
 * PostgreSQL (other processes write) every call reads.
 */

let api: TestApi;
let fx: BusinessFixtures;
const tokens: Record<string, string> = {};

const post = async (who: string, path: string, body: Record<string, unknown>) => {
  const res = await api.call('POST', path, { token: tokens[who], body });
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
};
const defaulters = async () => defaultersList.parse(await post('admin', routes.allDefaulters.path, { limit: 25, skip: 0 }));
const embedded = () => api.db.kind === 'pglite';

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  for (const who of ['admin', 'shopowner']) tokens[who] = await api.tokenFor(who);
  for (const daysDefaulted of [4, 20]) await fx.borrower({ daysDefaulted });
});
afterAll(async () => {
  await api?.close();
});

describe('a read kept while nothing is written (decision 100)', () => {
  it('answers the same call again without a statement on the embedded database, and reads every time on PostgreSQL', async () => {
    const first = await defaulters();
    expect(first.total).toBe(2);
    const again = await statementsOf(api, async () => expect(await defaulters()).toEqual(first));
    if (embedded()) expect(again).toEqual([]);
    else expect(again.length).toBeGreaterThan(0);
  });

  it('has a new defaulter in the very next answer after it is written', async () => {
    const first = await defaulters();
    const added = await fx.borrower({ daysDefaulted: 9 });
    const after = await defaulters();
    expect(after.total).toBe(first.total + 1);
    expect(after.data.map((r) => r.id)).toContain(added.loanId);
  });

  it('reads again once the clock is in its next second', async () => {
    const first = await defaulters();
    api.clock.advance(1_000);
    const next = await statementsOf(api, async () => expect(await defaulters()).toEqual(first));
    expect(next.length).toBeGreaterThan(0);
  });

  it("never gives one caller's answer to another: a shop owner sees their own stores, after head office saw all", async () => {
    const all = storeList.parse(await post('admin', routes.stores.path, { limit: 100, skip: 0 }));
    const own = await api.db.query<{ id: number }>(
      `SELECT s.id FROM stores s JOIN shop_owners o ON o.id = s.shop_owner_id
        JOIN admins a ON a.id = o.admin_id WHERE a.username = 'shopowner' ORDER BY s.id`,
    );
    expect(all.total).toBeGreaterThan(own.length);
    const owner = storeList.parse(await post('shopowner', routes.stores.path, { limit: 100, skip: 0 }));
    expect(owner.total).toBe(own.length);
    expect(owner.stores.map((s) => s.id).sort((a, b) => a - b)).toEqual(own.map((s) => s.id));
    // And head office, asking again, still gets every store.
    expect(storeList.parse(await post('admin', routes.stores.path, { limit: 100, skip: 0 })).total).toBe(all.total);
  });

  it('keeps no refusal: a customer not found is looked for again on the next call', async () => {
    const msisdn = '255719000777';
    const missing = await api.call('POST', routes.findCustomer.path, { token: tokens.admin, body: { msisdn } });
    expect(missing.status).toBe(404);
    const again = await statementsOf(api, async () =>
      expect((await api.call('POST', routes.findCustomer.path, { token: tokens.admin, body: { msisdn } })).status).toBe(404),
    );
    expect(again.length).toBeGreaterThan(0);
  });
});
