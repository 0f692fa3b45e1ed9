import { mkdirSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDb } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';
import { seedDemoStaff, seedRoles } from '../../server/db/seed-security';
import { TEMPLATE_PATH, TEST_NOW } from '../support/template';

/**
 * A fresh PGlite runs initdb (about 3 s): do it once per run, migrate and seed the demo staff, and save the data
 * directory; each API test file loads its own copy of it.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const pg = await PGlite.create();
  const db = pgliteDb(pg);
  await migrate(db);
  await seedRoles(db);
  await seedDemoStaff(db, TEST_NOW);
  await db.query("INSERT INTO settings (key, value) VALUES ('company_name', 'Simu Test')");
  const dump = await pg.dumpDataDir('gzip');
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
