import type { Role } from '../../src/contract/roles';
import { luhnCheckDigit } from '../../src/lib/imei';
import type { Queryable } from './port';
import { hashPassword } from '../auth/password';
import { DEMO_PASSWORD } from './seed-security';

/**
 * The store network's demo data beyond seed-business (issue 12): a region lead who logs in, a second shop for the
 * demo shop owner (so stock can move between their shops), handsets in every status, transfers in transit and a
 * stock count with discrepancies. Deterministic: everything follows from `now` and the rows seed-business wrote.
 */

export const REGION_LEAD_ROLES: readonly Role[] = [
  'VIEW_STORES',
  'VIEW_REGIONS',
  'VIEW_INVENTORY',
  'UPDATE_AGENT_LOCATION',
  'VIEW_AGENT_CATEGORIES',
  'FIND_CUSTOMER',
  'VIEW_MY_DEFAULTERS_LIST_REPORT',
];

/** The "Region lead" group and one user in it; returns the user's admin id. */
export async function addRegionLeadUser(
  db: Queryable,
  now: Date,
  user: { username: string; name: string; phone: string },
): Promise<number> {
  let [group] = await db.query<{ id: number }>("SELECT id FROM admin_groups WHERE name = 'Region lead'");
  if (!group) {
    [group] = await db.query<{ id: number }>("INSERT INTO admin_groups (name, created_at) VALUES ('Region lead', $1) RETURNING id", [now]);
    for (const role of REGION_LEAD_ROLES) {
      await db.query('INSERT INTO admin_group_roles (group_id, admin_role, created_at) VALUES ($1, $2, $3)', [group!.id, role, now]);
    }
  }
  const [admin] = await db.query<{ id: number }>(
    `INSERT INTO admins (username, full_name, email, phone, password_hash, group_id, otp_enabled, otp_channel, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, false, 'sms', $7) RETURNING id`,
    [user.username, user.name, `${user.username}@demo.simu.co.tz`, user.phone, await hashPassword(DEMO_PASSWORD), group!.id, now],
  );
  return Number(admin!.id);
}

/** A valid IMEI from a TAC and a serial (demo stock only). */
export function demoImei(tac: string, serial: number): string {
  const payload = `${tac}${String(serial).padStart(6, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}

/**
 * The demo network's stores data, after seed-business and seed-deposits (the deposit wizard's store, the first
 * one, is left as they made it).
 */
export async function seedStores(db: Queryable, now: Date): Promise<void> {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
  const regionLead = await addRegionLeadUser(db, at(200), { username: 'regionlead', name: 'Halima Mrisho', phone: '255754000008' });
  const [admin] = await db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'admin'");
  const [collector] = await db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'");
  // Region 1: a lead before, and the demo region lead since 60 days.
  await db.query('INSERT INTO region_leads (region_id, admin_id, started_at, ended_at, assigned_by) VALUES (1, $1, $2, $3, $4)', [
    collector!.id,
    at(400),
    at(60),
    admin!.id,
  ]);
  await db.query('INSERT INTO region_leads (region_id, admin_id, started_at, assigned_by) VALUES (1, $1, $2, $3)', [
    regionLead,
    at(60),
    admin!.id,
  ]);
  await db.query('UPDATE regions SET lead_admin_id = $1 WHERE id = 1', [regionLead]);

  // The demo shop owner gets a second dealer shop in the same region, so stock can move between their shops.
  const [own] = await db.query<{ id: number; region_id: number; owner: number }>(
    `SELECT s.id, s.region_id, o.id AS owner FROM stores s JOIN shop_owners o ON o.id = s.shop_owner_id
      JOIN admins a ON a.id = o.admin_id WHERE a.username = 'shopowner' ORDER BY s.id LIMIT 1`,
  );
  if (!own) return;
  const [second] = await db.query<{ id: number }>(
    `SELECT id FROM stores WHERE region_id = $1 AND store_type = 'dealer_shop' AND id <> $2 ORDER BY id LIMIT 1`,
    [own.region_id, own.id],
  );
  if (second) await db.query('UPDATE stores SET shop_owner_id = $1 WHERE id = $2', [own.owner, second.id]);

  // Handsets in every status: a few returned, repossessed, in repair and written off, away from the wizard's store.
  await db.query(
    `UPDATE inventory_items SET status = CASE id % 23 WHEN 3 THEN 'returned' WHEN 7 THEN 'repossessed' WHEN 11 THEN 'in_repair'
                                                      WHEN 13 THEN 'written_off' ELSE status END
      WHERE status = 'in_stock' AND store_id <> 1 AND id % 23 IN (3, 7, 11, 13)`,
  );

  // Transfers: each main shop (but the wizard's) sends two handsets to a dealer shop of its region, in transit; one
  // batch to the demo shop owner's shop; and one received last month.
  const mains = await db.query<{ id: number; region_id: number }>(
    "SELECT id, region_id FROM stores WHERE store_type = 'main_shop' AND id <> 1 ORDER BY id LIMIT 4",
  );
  const [ownerMain] = await db.query<{ id: number }>("SELECT id FROM stores WHERE store_type = 'main_shop' AND region_id = $1", [
    own.region_id,
  ]);
  const plans: Array<{ from: number; to: number; days: number; received: boolean }> = [];
  for (const m of mains) {
    const [to] = await db.query<{ id: number }>(
      "SELECT id FROM stores WHERE region_id = $1 AND store_type = 'dealer_shop' ORDER BY id DESC LIMIT 1",
      [m.region_id],
    );
    if (to) plans.push({ from: m.id, to: to.id, days: 2, received: false });
  }
  if (ownerMain && ownerMain.id !== 1) plans.push({ from: ownerMain.id, to: own.id, days: 1, received: false });
  if (mains[0]) plans.push({ from: mains[0].id, to: own.id, days: 30, received: true });
  for (const plan of plans) {
    const items = await db.query<{ id: number }>(
      "SELECT id FROM inventory_items WHERE store_id = $1 AND status = 'in_stock' ORDER BY id LIMIT 2",
      [plan.from],
    );
    if (items.length === 0) continue;
    const [t] = await db.query<{ id: number }>(
      `INSERT INTO stock_transfers (from_store_id, to_store_id, status, note, sent_by, sent_at, received_by, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        plan.from,
        plan.to,
        plan.received ? 'received' : 'in_transit',
        plan.received ? 'Restock after the month-end count' : 'Weekly restock',
        admin!.id,
        at(plan.days),
        plan.received ? admin!.id : null,
        plan.received ? at(plan.days - 1) : null,
      ],
    );
    const ids = items.map((i) => Number(i.id));
    await db.query('INSERT INTO stock_transfer_items (transfer_id, inventory_item_id) SELECT $1, x FROM unnest($2::bigint[]) AS x', [
      t!.id,
      ids,
    ]);
    await db.query(
      plan.received
        ? 'UPDATE inventory_items SET store_id = $2, received_at = $3 WHERE id = ANY($1::bigint[])'
        : "UPDATE inventory_items SET status = 'in_transit' WHERE id = ANY($1::bigint[])",
      plan.received ? [ids, plan.to, at(plan.days - 1)] : [ids],
    );
  }

  // A stock count at the demo shop owner's shop yesterday: one handset missing, one from another store on the shelf.
  const shelf = await db.query<{ id: number; imei: string }>(
    "SELECT id, imei FROM inventory_items WHERE store_id = $1 AND status IN ('in_stock', 'returned', 'repossessed') ORDER BY id",
    [own.id],
  );
  const [stranger] = await db.query<{ id: number; imei: string }>(
    "SELECT id, imei FROM inventory_items WHERE store_id <> $1 AND store_id <> 1 AND status = 'in_stock' ORDER BY id DESC LIMIT 1",
    [own.id],
  );
  if (shelf.length > 0 && stranger) {
    const [c] = await db.query<{ id: number }>(
      'INSERT INTO stock_counts (store_id, counted_by, counted_at, expected, matched) VALUES ($1, (SELECT id FROM admins WHERE username = $2), $3, $4, $5) RETURNING id',
      [own.id, 'shopowner', at(1), shelf.length, shelf.length - 1],
    );
    const missing = shelf[shelf.length - 1]!;
    await db.query(
      `INSERT INTO stock_count_lines (stock_count_id, outcome, imei, inventory_item_id) VALUES
         ($1, 'missing', $2, $3), ($1, 'unexpected', $4, $5), ($1, 'invalid', '35693803564', NULL)`,
      [c!.id, missing.imei, missing.id, stranger.imei, stranger.id],
    );
  }
}
