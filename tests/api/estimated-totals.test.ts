import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { inventoryList, transferList } from '../../src/contract/stores';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures } from '../support/business-fixtures';

/**
 * Head office's inventory with no filter lists every handset the business ever had. Counting them exactly reads the
 * table whole (issue 16), so from a size on (AppConfig.estimateTotalsFromRows, 20,000 rows by default, 1 here) the
 * total is the database's own row estimate and the answer says so; any filter still counts exactly.
 */

let estimating: TestApi;
let exact: TestApi;
const handsets = 12;
/** Stock transfers from the first store to the second: every third still in transit, the rest received. */
const transfers = 12;

async function stock(api: TestApi) {
  const fx = await businessFixtures(api.db);
  for (let i = 0; i < handsets; i++) {
    await api.db.query(`INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at) VALUES ($1, $2, $3, $4, $5)`, [
      fx.modelId,
      fx.stores[0],
      `3599990300${String(i).padStart(5, '0')}`,
      i % 3 === 0 ? 'reserved' : 'in_stock',
      TEST_NOW,
    ]);
  }
  await api.db.query('ANALYZE inventory_items');
  for (let i = 0; i < transfers; i++) {
    const received = i % 3 !== 0;
    await api.db.query(
      `INSERT INTO stock_transfers (from_store_id, to_store_id, status, sent_at, received_at) VALUES ($1, $2, $3, $4, $5)`,
      [fx.stores[0], fx.stores[1], received ? 'received' : 'in_transit', TEST_NOW, received ? TEST_NOW : null],
    );
  }
  await api.db.query('ANALYZE stock_transfers');
}

/** A list's first page as head office asks for it, and the answer as its contract reads it. */
const lister =
  <T>(path: string, schema: { parse: (body: unknown) => T }) =>
  async (api: TestApi, body: Record<string, unknown>) => {
    const res = await api.call('POST', path, { token: await api.tokenFor('admin'), body: { limit: 5, skip: 0, ...body } });
    expect(res.status).toBe(200);
    return { body: res.body as Record<string, unknown>, page: schema.parse(res.body) };
  };
/** A table's rows that match `where`, counted exactly. */
const counter =
  (table: string) =>
  async (api: TestApi, where = 'true') =>
    Number((await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))[0]!.n);
const list = lister(routes.inventory.path, inventoryList);
const counted = counter('inventory_items');

beforeAll(async () => {
  estimating = await testApi({ estimateTotalsFromRows: 1 });
  exact = await testApi();
  await stock(estimating);
  await stock(exact);
});
afterAll(async () => {
  await estimating?.close();
  await exact?.close();
});

describe('inventory totals', () => {
  it('are the estimate, marked as one, for head office with no filter once the table is that large', async () => {
    const { body, page } = await list(estimating, {});
    expect(body.total_estimated).toBe(true);
    // Just analyzed, the estimate of a small table is its count.
    expect(page.total).toBe(await counted(estimating));
    expect(page.data).toHaveLength(5);
  });

  it('are exact, unmarked, with a filter', async () => {
    const { body, page } = await list(estimating, { status: 'reserved' });
    expect(body).not.toHaveProperty('total_estimated');
    expect(page.total).toBe(await counted(estimating, "status = 'reserved'"));
    expect(page.total).toBeGreaterThanOrEqual(handsets / 3);
  });

  it('are exact, unmarked, below the size (the default 20,000 rows)', async () => {
    const { body, page } = await list(exact, {});
    expect(body).not.toHaveProperty('total_estimated');
    expect(page.total).toBe(await counted(exact));
  });
});

describe('stock transfer totals', () => {
  const transferPage = lister(routes.transfers.path, transferList);
  const countedTransfers = counter('stock_transfers');

  it("are the count kept for head office's whole list (migration 050): exact and unmarked however many, and follow every insert and delete", async () => {
    const whole = await transferPage(estimating, {});
    expect(whole.body).not.toHaveProperty('total_estimated');
    expect(whole.page.total).toBe(await countedTransfers(estimating));
    expect(whole.page.total).toBeGreaterThanOrEqual(transfers);
    expect(whole.page.data).toHaveLength(5);
    const [from, to] = await estimating.db.query<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 2');
    const added = await estimating.db.query<{ id: number }>(
      `INSERT INTO stock_transfers (from_store_id, to_store_id, status, sent_at) VALUES ($1, $2, 'in_transit', $3), ($1, $2, 'in_transit', $3) RETURNING id`,
      [from!.id, to!.id, new Date('2026-11-20T08:00:00Z')],
    );
    expect((await transferPage(estimating, {})).page.total).toBe(whole.page.total + 2);
    await estimating.db.query('DELETE FROM stock_transfers WHERE id = $1', [added[0]!.id]);
    expect((await transferPage(estimating, {})).page.total).toBe(whole.page.total + 1);
    expect((await transferPage(estimating, {})).page.total).toBe(await countedTransfers(estimating));
  });

  it('are the estimate, marked as one, once the planner expects that many transfers of a filter', async () => {
    const received = await transferPage(estimating, { status: 'received' });
    expect(received.body.total_estimated).toBe(true);
    expect(received.page.data.every((t) => t.status === 'received')).toBe(true);
  });

  it('are exact, unmarked, below the size (the default 20,000 rows), with a filter too', async () => {
    const whole = await transferPage(exact, {});
    expect(whole.body).not.toHaveProperty('total_estimated');
    expect(whole.page.total).toBe(await countedTransfers(exact));
    const moving = await transferPage(exact, { status: 'in_transit' });
    expect(moving.body).not.toHaveProperty('total_estimated');
    expect(moving.page.total).toBe(await countedTransfers(exact, "status = 'in_transit'"));
    expect(moving.page.total).toBe(transfers / 3);
  });
});
