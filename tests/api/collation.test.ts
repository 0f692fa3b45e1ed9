import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/port';
import { testDb } from '../support/api';

/**
 * Decision 089 (migration 046): identifiers, codes and states compare as bytes (COLLATE "C"); the words people write
 * or read keep the database's collation, so lower(), upper() and ILIKE know their letters beyond ASCII. A new text
 * column must be one or the other: declared COLLATE "C", or added here with what it holds.
 */
const WORDS: Record<string, string[]> = {
  admin_groups: ['name'],
  admin_roles: ['description'],
  admins: ['full_name'],
  agent_categories: ['name'],
  agents: ['full_name'],
  call_ratings: ['comment'],
  closed_periods: ['reason'],
  customer_sms: ['body'],
  customers: [
    'first_name',
    'other_names',
    'birth_country',
    'birth_region',
    'birth_district',
    'birth_ward',
    'resident_region',
    'resident_district',
    'resident_village',
    'resident_street',
    'security_question',
  ],
  data_bundle_awards: ['reason'],
  debt_collection_call_comments: ['comment'],
  debt_collection_call_ratings: ['comment'],
  debt_collection_calls: ['remark'],
  defaulter_rows: ['customer_name'],
  device_incidents: ['service_centre', 'repair_reason', 'notes'],
  device_lock_commands: ['last_error'],
  extension_rows: ['reason', 'customer_name'],
  finance_settings: ['value'],
  first_deposits: ['signed_by'],
  inventory_status_changes: ['reason'],
  ledger_accounts: ['name', 'global_name'],
  ledger_entries: ['description'],
  outbox: ['body'],
  phone_models: ['brand', 'name', 'model'],
  reconciliation_lines: ['details', 'resolution_reason'],
  reconciliation_mappings: ['name'],
  reconciliation_runs: ['file_name', 'document'],
  regions: ['name', 'territory'],
  requests: ['subject', 'reason', 'decision_comment'],
  schema_migrations: ['name'],
  settings: ['value'],
  shop_owners: ['full_name'],
  stock_transfers: ['note'],
  stores: ['name', 'location'],
  transactions: ['customer_name'],
};

let db: Db;
beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => {
  await db.close();
});

describe('the collation of every text column (decision 089)', () => {
  it('is "C" for identifiers, codes and states, and the database\'s own for words people write', async () => {
    const columns = await db.query<{ tbl: string; col: string; collation: string }>(
      `SELECT c.relname AS tbl, a.attname AS col, coll.collname AS collation
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
         JOIN pg_collation coll ON coll.oid = a.attcollation
        WHERE c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
          AND a.atttypid IN ('text'::regtype, 'varchar'::regtype, 'bpchar'::regtype)
        ORDER BY 1, 2`,
    );
    const wrong = columns
      .filter((c) => (WORDS[c.tbl]?.includes(c.col) ? c.collation !== 'default' : c.collation !== 'C'))
      .map((c) => `${c.tbl}.${c.col} is ${c.collation}`);
    expect(wrong).toEqual([]);
    // Every listed column exists: the list is the schema's, not a stale one.
    const listed = Object.entries(WORDS).flatMap(([tbl, cols]) => cols.map((col) => `${tbl}.${col}`));
    const present = new Set(columns.map((c) => `${c.tbl}.${c.col}`));
    expect(listed.filter((c) => !present.has(c))).toEqual([]);
    expect(columns.filter((c) => c.collation === 'C').length).toBeGreaterThan(150);
  });

  it("lowers an identifier's ASCII letters only and a name's every letter, and compares one with the other", async () => {
    const [admin] = await db.query<{ id: number }>('SELECT id FROM admins ORDER BY id LIMIT 1');
    await db.query("UPDATE admins SET username = 'ÉDSON', full_name = 'ÉLIO MÁRIO' WHERE id = $1", [admin!.id]);
    const rows = await db.query<{ username: string; name: string; same: boolean }>(
      'SELECT lower(username) AS username, lower(full_name) AS name, username = full_name AS same FROM admins WHERE id = $1',
      [admin!.id],
    );
    expect(rows).toEqual([{ username: 'Édson', name: 'élio mário', same: false }]);
  });
});
