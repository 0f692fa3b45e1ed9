import type { Db } from '../../db/port';

/**
 * The IMEI exceptions the ageing run found (migration 029, decision 032). The four checks below walk the shelf and
 * the never-enrolled and deregistered sets with a lookup per row: tens of thousands of lookups at a million
 * customers, too many for every page of a list. The ageing run (hourly) and seed:scale run them once and write what
 * they find; the list pages through that, filtered by the caller's stores, joined to today's store and model names. A
 * handset put right shows as such at the next run. Until a first run the list runs the checks itself.
 */

const SHELF = "('in_stock', 'returned', 'repossessed')";
export const CHECKS = {
  sold_not_enrolled: `SELECT 'sold_not_enrolled' AS kind, i.id, i.imei, i.status, i.store_id, i.phone_model_id, d.id AS device_id, d.status AS device_status, d.enrolled_at
      FROM devices d
      CROSS JOIN LATERAL (SELECT i.id, i.imei, i.status, i.store_id, i.phone_model_id FROM inventory_items i
                           WHERE i.id = d.inventory_item_id AND i.status = 'sold' LIMIT 1) i
     WHERE d.enrolled_at IS NULL`,
  enrolled_on_shelf: `SELECT 'enrolled_on_shelf' AS kind, i.id, i.imei, i.status, i.store_id, i.phone_model_id, d.id AS device_id, d.status AS device_status, d.enrolled_at
      FROM inventory_items i
      CROSS JOIN LATERAL (SELECT d.id, d.status, d.enrolled_at FROM devices d
                           WHERE d.imei = i.imei AND d.enrolled_at IS NOT NULL AND d.lock_status = 'active' LIMIT 1) d
     WHERE i.status IN ${SHELF}`,
  stolen_in_stock: `SELECT 'stolen_in_stock' AS kind, i.id, i.imei, i.status, i.store_id, i.phone_model_id, d.id AS device_id, d.status AS device_status, d.enrolled_at
      FROM devices d JOIN inventory_items i ON i.imei = d.imei
     WHERE d.status = 'stolen' AND i.status IN ${SHELF}`,
  returned_not_in_stock: `SELECT 'returned_not_in_stock' AS kind, i.id, i.imei, i.status, i.store_id, i.phone_model_id, d.id AS device_id, d.status AS device_status, d.enrolled_at
      FROM loans l JOIN devices d ON d.id = l.device_id JOIN inventory_items i ON i.id = d.inventory_item_id
     WHERE l.status = 'deactivated' AND i.status = 'sold'`,
} as const;

/** Runs the four checks and writes what they find in place of the last run's, in one transaction. */
export async function refreshImeiExceptions(db: Db, now: Date): Promise<{ rows: number }> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM imei_exceptions_snapshot');
    const inserted = await tx.query(
      `INSERT INTO imei_exceptions_snapshot (kind, item_id, imei, status, store_id, phone_model_id, device_id, device_status, enrolled_at)
       SELECT x.kind, x.id, x.imei, x.status, x.store_id, x.phone_model_id, x.device_id, x.device_status, x.enrolled_at
         FROM (${Object.values(CHECKS).join(' UNION ALL ')}) x
       RETURNING 1`,
    );
    await tx.query(
      `INSERT INTO report_snapshots (report, refreshed_at, run) VALUES ('imei_exceptions', $1, 1)
       ON CONFLICT (report) DO UPDATE SET refreshed_at = excluded.refreshed_at, run = report_snapshots.run + 1`,
      [now],
    );
    return { rows: inserted.length };
  });
}
