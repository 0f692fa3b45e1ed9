import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_PARSERS, pgliteDb } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import type { Db } from '../../server/db/port';

/** The stores demo data (issue 12): realistic stock per store, transfers in transit, a stock count with discrepancies. */

const NOW = new Date('2026-11-02T08:00:00.000Z');
let db: Db;
const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params))[0]!;

beforeAll(async () => {
  db = pgliteDb(await PGlite.create({ parsers: EMBEDDED_PARSERS }));
  await migrate(db);
  expect(await seedDemo(db, { now: NOW, seed: 20_260_314, companyName: 'Simu Demo' })).toBe(true);
}, 180_000);
afterAll(() => db?.close());

describe('seed-stores', () => {
  it('gives every store stock, and handsets in several statuses', async () => {
    const empty = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM stores s WHERE NOT EXISTS (SELECT 1 FROM inventory_items i WHERE i.store_id = s.id)`,
    );
    expect(empty.n).toBe(0);
    const statuses = (await db.query<{ status: string }>('SELECT DISTINCT status FROM inventory_items ORDER BY status')).map(
      (r) => r.status,
    );
    expect(statuses).toEqual(
      expect.arrayContaining(['in_stock', 'in_transit', 'sold', 'returned', 'repossessed', 'in_repair', 'written_off']),
    );
  });

  it('has transfers in transit whose handsets are in transit, and one received', async () => {
    const t = await one<{ transit: number; received: number; mismatched: number }>(
      `SELECT count(*) FILTER (WHERE status = 'in_transit')::int AS transit, count(*) FILTER (WHERE status = 'received')::int AS received,
              (SELECT count(*)::int FROM stock_transfer_items x JOIN stock_transfers y ON y.id = x.transfer_id
                 JOIN inventory_items i ON i.id = x.inventory_item_id
                WHERE y.status = 'in_transit' AND (i.status <> 'in_transit' OR i.store_id <> y.from_store_id)) AS mismatched
         FROM stock_transfers`,
    );
    expect(t.transit).toBeGreaterThanOrEqual(2);
    expect(t.received).toBe(1);
    expect(t.mismatched).toBe(0);
  });

  it("has a stock count at the demo shop owner's shop with a missing and an unexpected handset", async () => {
    const c = await one<{ store_owner: string; missing: number; unexpected: number }>(
      `SELECT a.username AS store_owner,
              count(*) FILTER (WHERE l.outcome = 'missing')::int AS missing, count(*) FILTER (WHERE l.outcome = 'unexpected')::int AS unexpected
         FROM stock_counts c JOIN stores s ON s.id = c.store_id JOIN shop_owners o ON o.id = s.shop_owner_id JOIN admins a ON a.id = o.admin_id
         JOIN stock_count_lines l ON l.stock_count_id = c.id GROUP BY a.username`,
    );
    expect(c).toEqual({ store_owner: 'shopowner', missing: 1, unexpected: 1 });
  });

  it('has a region lead who logs in, with a history of leads, and a shop owner with two shops', async () => {
    const lead = await one<{ username: string; terms: number }>(
      `SELECT a.username, (SELECT count(*)::int FROM region_leads WHERE region_id = r.id) AS terms
         FROM regions r JOIN admins a ON a.id = r.lead_admin_id WHERE r.id = 1`,
    );
    expect(lead).toEqual({ username: 'regionlead', terms: 2 });
    const shops = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM stores s JOIN shop_owners o ON o.id = s.shop_owner_id JOIN admins a ON a.id = o.admin_id WHERE a.username = 'shopowner'",
    );
    expect(shops.n).toBe(2);
  });
});

describe("the demo's reports", () => {
  it('start from their rollups, as the ageing run leaves them: the IMEI exceptions, collections due and the ledger', async () => {
    const snapshots = await db.query<{ report: string; day: string | null; through_id: number | null }>(
      `SELECT report, to_char(day, 'YYYY-MM-DD') AS day, through_id FROM report_snapshots
        WHERE report IN ('imei_exceptions', 'collections_due', 'ledger_days') ORDER BY report`,
    );
    const lastEntry = await one<{ id: number }>('SELECT max(id)::int AS id FROM ledger_entries');
    expect(lastEntry.id).toBeGreaterThan(0);
    expect(snapshots).toEqual([
      { report: 'collections_due', day: '2026-11-02', through_id: null },
      { report: 'imei_exceptions', day: null, through_id: null },
      { report: 'ledger_days', day: null, through_id: lastEntry.id },
    ]);
    // The ledger's day sums are the postings' own.
    const sums = await one<{ rolled: number; posted: number }>(
      `SELECT (SELECT sum(debit)::bigint FROM ledger_days) AS rolled, (SELECT sum(amount)::bigint FROM ledger_entries) AS posted`,
    );
    expect(sums.rolled).toBe(sums.posted);
  });
});
