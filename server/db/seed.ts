import type { Db } from './port';
import { seedDemoStaff, seedRoles } from './seed-security';
import { seedBusiness } from './seed-business';
import { seedRequests } from './seed-requests';
import { seedDeposits } from './seed-deposits';
import { seedAnalytics } from './seed-analytics';
import { seedCollections, seedDemoCallRatings, seedDemoFirstDeposits, seedPromiseUnlockDemo } from './seed-collections';
import { seedStores } from './seed-stores';
import { seedFinance } from './seed-finance';
import { seedReconciliation } from './seed-reconciliation';
import { seedWeakModel } from './seed-weak-model';
import { refreshReportRollups } from '../domain/report-rollups';

/** Demo data, written once: a marker in settings makes a second start a no-op. */
export async function seedDemo(db: Db, options: { now: Date; seed: number; companyName: string }): Promise<boolean> {
  await seedRoles(db);
  const done = await db.query("SELECT 1 FROM settings WHERE key = 'demo_seeded'");
  if (done.length) return false;
  await db.transaction(async (tx) => {
    await tx.query("INSERT INTO settings (key, value) VALUES ('company_name', $1) ON CONFLICT (key) DO NOTHING", [options.companyName]);
    await seedDemoStaff(tx, options.now);
    await seedBusiness(tx, { seed: options.seed, now: options.now });
    await seedRequests(tx, { now: options.now });
    await seedFinance(tx, { now: options.now });
    // The demo agent works at the main shop (which stocks every model); the demo shop owner owns a shop (a second
    // in seedStores). The owner is the person who logs in, Chausiku Lema: the owners list and every store's owner
    // show the name and phone number of the demo user, not a generated owner's the user would not recognise.
    await tx.query(
      `UPDATE agents SET admin_id = (SELECT id FROM admins WHERE username = 'agent')
        WHERE id = (SELECT min(id) FROM agents WHERE store_id = 1 AND status = 'active')`,
    );
    await tx.query(
      `UPDATE shop_owners o SET admin_id = a.id, full_name = a.full_name, msisdn = a.phone
         FROM admins a WHERE a.username = 'shopowner' AND o.id = (SELECT min(id) FROM shop_owners)`,
    );
    // Customers who qualify for the deposit wizard, and stock at the agent's store (after the agent is linked).
    await seedDeposits(tx, { now: options.now });
    await seedAnalytics(tx, { now: options.now });
    // Debt collection: assignments to the demo collector, calls, promises kept and broken.
    await seedCollections(tx, { now: options.now });
    await seedStores(tx, options.now);
    // A month of statements per provider, uploaded and waiting to be reconciled (decision 018).
    await seedReconciliation(tx, { now: options.now });
    // Last, so no other demo row moves: a weak phone model (new customers on it, poor repayment) for /bi (issue 15).
    await seedWeakModel(tx, { now: options.now });
    // A defaulter of the demo collector with a locked phone and an open promise: the unlock step of the collections journey.
    await seedPromiseUnlockDemo(tx, { now: options.now });
    // The first-deposit wizards of recent loans (and some abandoned): the deposits, conversion and claimed lists.
    await seedDemoFirstDeposits(tx, { now: options.now });
    // Call ratings of customer care and of the debt collection calls: the call ratings list.
    await seedDemoCallRatings(tx, { now: options.now });
    await tx.query("INSERT INTO settings (key, value) VALUES ('demo_seeded', $1)", [options.now.toISOString()]);
  });
  // The reports' rollups, as the ageing run and seed:scale write them (decision 032): the demo starts as a running
  // server has it, even one started without its background work (WORKERS=off, as bench:api starts it). Read live
  // instead, the balance sheet, collections due and the IMEI exceptions cost 15-50 ms of PGlite a call.
  await refreshReportRollups(db, options.now);
  return true;
}

/** Outside demo mode: the role catalogue and the company name, nothing else. */
export async function seedProduction(db: Db, companyName: string): Promise<void> {
  await seedRoles(db);
  await db.query("INSERT INTO settings (key, value) VALUES ('company_name', $1) ON CONFLICT (key) DO NOTHING", [companyName]);
}
