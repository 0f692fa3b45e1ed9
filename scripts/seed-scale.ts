/**
 * npm run seed:scale -- --customers N [--url postgres://...]
 *
 * Seeds the database of DATABASE_URL (or --url) with N customers and the business around them (issue 16): about one
 * loan per customer across every ageing category, 3-30 payments each, SMS, devices, stock, stores, agents, requests
 * and ledger postings. The rows are made inside PostgreSQL (scripts/seed-scale/business.sql: generate_series and
 * INSERT ... SELECT), never row by row from Node. It runs the migrations first, then the demo seed (staff to log in
 * with, regions, the phone catalogue and its prices), then adds the N customers in one transaction: the secondary
 * indexes and foreign keys of the big tables are dropped for the load and built again at the end (one sort per
 * index instead of a million index insertions), so a failed run leaves the database as it was. Prints the rows per
 * table and the time taken (each part of the analytics snapshot build too). Run it again to add N more.
 *
 * --now <ISO time> seeds as of that time instead of now; --analytics-only builds the analytics snapshot tables again
 * on a database seeded before (nothing else changes) and prints each part's time.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Db, Queryable } from '../server/db/port';
import { migrate } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { seedBusiness } from '../server/db/seed-business';
import { addDays, eatDay } from '../server/domain/calendar';
import { rebuildDaysInSql, refreshAnalyticsIn, type StepTimer } from '../server/domain/analytics/refresh';
import { rebuildCohorts } from '../server/domain/analytics/refresh-cohorts';
import { rebuildMigration } from '../server/domain/analytics/refresh-migration';
import { refreshReportRollups } from '../server/domain/report-rollups';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Days of analytics history the scale seed builds (the 30-day analyses and home trend; the server's ageing run
 * fills older days up to its own HISTORY_DAYS when it finds them missing). */
export const ANALYTICS_DAYS = 35;

/** The tables the scale seed fills: their secondary indexes and foreign keys are rebuilt after the load. */
export const BIG_TABLES = [
  'customers',
  'customer_limits',
  'inventory_items',
  'devices',
  'device_incidents',
  'loans',
  'transactions',
  'customer_sms',
  'requests',
  'ledger_entries',
  'first_deposits',
  'call_ratings',
  'debt_collection_calls',
  'debt_collection_call_ratings',
] as const;

/** The triggers that keep the defaulters' rows (migration 039): off while the seed loads, then the rows are written whole. */
const KEPT_ROW_TRIGGERS = [
  ['loans', 'loans_defaulter_rows_insert'],
  ['loans', 'loans_defaulter_rows_update'],
  ['collection_cases', 'collection_cases_defaulter_rows'],
  ['payment_promises', 'payment_promises_defaulter_rows'],
  ['customers', 'customers_defaulter_rows'],
] as const;

export interface ScaleOptions {
  customers: number;
  now: Date;
  /** Drop and rebuild the big tables' indexes around the load (default true: much faster for large N). */
  rebuildIndexes?: boolean;
  log?: (line: string) => void;
}

export interface ScaleReport {
  seconds: number;
  steps: Array<{ step: string; seconds: number }>;
  rows: Record<string, number>;
}

/** `R[expr|salt]`: a uniform number in [0, 1) drawn from expr, the same every run. */
const expand = (sql: string, values: Record<string, string | number>) =>
  sql
    .replace(
      /R\[([^\]|]+)\|(\d+)\]/g,
      (_, expr: string, salt: string) => `((hashint8(((${expr})::bigint) * 1000 + ${salt}) & 2147483647)::float8 / 2147483648.0)`,
    )
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      if (!(name in values)) throw new Error(`seed-scale: no value for {{${name}}}`);
      return String(values[name]);
    });

/** The script's steps: the text between "-- step: name" lines. */
export function scaleSteps(): Array<{ step: string; sql: string }> {
  const text = readFileSync(join(HERE, 'seed-scale', 'business.sql'), 'utf8');
  return text
    .split(/^-- step: /m)
    .slice(1)
    .map((part) => {
      const newline = part.indexOf('\n');
      return { step: part.slice(0, newline).trim(), sql: part.slice(newline + 1) };
    });
}

const nextId = async (db: Queryable, table: string) =>
  Number((await db.query<{ n: number | string }>(`SELECT coalesce(max(id), 0) AS n FROM ${table}`))[0]!.n);

/** Secondary indexes and foreign/unique constraints of the big tables, as the DDL that makes them again. */
async function secondaryDdl(tx: Queryable) {
  const constraints = await tx.query<{ tbl: string; name: string; def: string; type: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def, c.contype::text AS type
       FROM pg_constraint c
      WHERE (c.contype IN ('f', 'u') AND c.conrelid = ANY($1::regclass[])) OR (c.contype = 'f' AND c.confrelid = ANY($1::regclass[]))
      ORDER BY c.contype = 'f' DESC, c.conname`,
    [BIG_TABLES],
  );
  const indexes = await tx.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
      WHERE i.indrelid = ANY($1::regclass[]) AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
    [BIG_TABLES],
  );
  return { constraints, indexes };
}

/**
 * The analytics snapshot tables (decision 017/024) from the loans and payments in the database, inside PostgreSQL:
 * the last ANALYTICS_DAYS days of history set-based (the server's walk would read every loan into Node), then
 * today's row, the cohorts, the vintage curves and the ageing migration as the ageing run makes them, and the rollups
 * the analyses read (decision 029: the period tables, the trend, vintage and migration by region). On PostgreSQL
 * the history, the cohorts and the migration run at once on three connections (each statement uses one core), then
 * the rest in one transaction. `timed` runs (and may time) each part.
 */
export async function buildAnalytics(db: Db, now: Date, timed: StepTimer = (_step, work) => work()): Promise<void> {
  const postgres = db.kind === 'postgres';
  const today = eatDay(now);
  const inTransaction = (work: (tx: Queryable) => Promise<unknown>) =>
    db.transaction(async (tx) => {
      // Memory for the big groupings (a million loans' repayments per loan and month, 35 days of a million loans):
      // at 256MB they spilled to disk or were sorted there; the seed runs alone on the database.
      if (postgres) await tx.query("SET LOCAL work_mem = '1GB'");
      await work(tx);
    });
  const history = (tx: Queryable) =>
    timed(`${ANALYTICS_DAYS} days of history`, async () => {
      // The history with PostgreSQL's own planner settings, which the server's connections change for their short
      // lookups (server/db/postgres.ts): JIT, as it works out each of 28 million loan-days, and random page reads 4
      // times dearer than sequential ones, as it reads whole tables (at 1.1 it read nine million repayments along an
      // index, page by page). 193 -> 96 s at a million loans (167.5 s before the steps). The cohorts and the
      // migration were slower so (73 -> 103 s, 88 -> 139 s: at 1.1 they read the repayments in loan order along an
      // index, with no sort), so the settings are back to the connection's after it (decision 054).
      if (postgres) await tx.query('SET LOCAL jit = on; SET LOCAL random_page_cost = 4');
      await rebuildDaysInSql(tx, addDays(today, -ANALYTICS_DAYS), addDays(today, -1));
      if (postgres) await tx.query('RESET jit; RESET random_page_cost');
    });
  const cohorts = (tx: Queryable) => timed('cohorts and vintage', () => rebuildCohorts(tx, today));
  const migration = (tx: Queryable) => timed('migration', () => rebuildMigration(tx, today));
  // Each on its own connection, so both cores stay busy until the last is done (the history then the cohorts on one
  // and the migration on the other left a core idle for 110 s). PGlite is one connection: one after the other there.
  const parts = [history, cohorts, migration].map((part) => () => inTransaction(part));
  if (postgres) await Promise.all(parts.map((part) => part()));
  else for (const part of parts) await part();
  // The refresh does the rest: the cohorts' and migration's rollups by region (whatever the region tables held, such
  // as the demo seed's), today's row, the trend and the period tables.
  await inTransaction((tx) => refreshAnalyticsIn(tx, now, { history: false, cohortsBuilt: true, timed }));
}

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const steps: ScaleReport['steps'] = [];
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await work();
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step, seconds });
    log(`  ${step.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s`);
    return result;
  };
  // A part of a step: logged and reported as well, its time also in the step's.
  const timedPart: StepTimer = async (step, work) => {
    const t = performance.now();
    const result = await work();
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step: step.trim(), seconds });
    log(`  ${step.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s`);
    return result;
  };

  await timed('migrations', () => migrate(db));
  await timed('demo seed (staff, regions, catalogue)', async () => {
    const [{ staff, regions }] = (await db.query(
      "SELECT (SELECT count(*) FROM admins WHERE username = 'approver')::int AS staff, (SELECT count(*) FROM regions)::int AS regions",
    )) as [{ staff: number; regions: number }];
    // A database with the demo staff but no business yet (the tests' template): the demo business only.
    if (!staff) await seedDemo(db, { now: options.now, seed: 2026, companyName: 'Simu Pay Tanzania' });
    else if (!regions) await db.transaction((tx) => seedBusiness(tx, { seed: 2026, now: options.now }));
  });

  const n = options.customers;
  const stores = Math.max(2, Math.ceil(n / 1000));
  const values: Record<string, string | number> = {
    N: n,
    STORES: stores,
    AGENTS: stores * 4,
    STOCK: stores * 30,
    SUSPENDED: Math.max(10, Math.ceil(n / 500)),
    NOW: `TIMESTAMPTZ '${options.now.toISOString()}'`,
    TODAY: `DATE '${eatDay(options.now)}'`,
    C0: await nextId(db, 'customers'),
    D0: await nextId(db, 'devices'),
    L0: await nextId(db, 'loans'),
    I0: await nextId(db, 'inventory_items'),
    T0: await nextId(db, 'transactions'),
    S0: await nextId(db, 'stores'),
    A0: await nextId(db, 'agents'),
    O0: await nextId(db, 'shop_owners'),
  };

  await db.transaction(async (tx) => {
    // The seed's days are EAT days: a date plus a time of day is a time in Tanzania.
    await tx.query("SET LOCAL TIME ZONE INTERVAL '+03:00' HOUR TO MINUTE");
    if (db.kind === 'postgres') {
      await tx.query("SET LOCAL maintenance_work_mem = '512MB'");
      await tx.query("SET LOCAL work_mem = '256MB'");
      await tx.query('SET LOCAL synchronous_commit = off');
    }
    const rebuild = options.rebuildIndexes ?? true;
    const ddl = rebuild ? await secondaryDdl(tx) : { constraints: [], indexes: [] };
    if (rebuild) {
      await timed(`drop ${ddl.indexes.length} indexes, ${ddl.constraints.length} constraints`, async () => {
        for (const c of ddl.constraints) await tx.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT "${c.name}"`);
        for (const i of ddl.indexes) await tx.query(`DROP INDEX ${i.name}`);
      });
    }
    const [{ prices, regions, categories }] = (await tx.query(
      `SELECT (SELECT count(*) FROM phone_prices p JOIN phone_models m ON m.id = p.phone_model_id WHERE p.effective_to IS NULL AND m.active)::int AS prices,
              (SELECT count(*) FROM regions)::int AS regions, (SELECT count(*) FROM agent_categories)::int AS categories`,
    )) as [{ prices: number; regions: number; categories: number }];
    if (!prices || !regions || !categories) throw new Error('seed-scale needs the demo catalogue, regions and agent categories');
    Object.assign(values, { PRICES: prices, REGIONS: regions, CATEGORIES: categories });
    // The defaulters' kept rows (migration 039) are written once from the loaded tables, not by their triggers row by
    // row while the seed loads them without indexes.
    for (const [table, trigger] of KEPT_ROW_TRIGGERS) await tx.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    for (const { step, sql } of scaleSteps()) {
      const expanded = expand(sql, values);
      await timed(step, async () => {
        for (const statement of expanded
          .split(/;\s*$/m)
          .map((s) => s.trim())
          .filter((s) => s && !/^(--[^\n]*\n?)+$/.test(s))) {
          await tx.query(statement);
        }
      });
    }
    if (rebuild) {
      await timed('rebuild indexes', async () => {
        for (const i of ddl.indexes) await tx.query(i.def);
        for (const c of ddl.constraints.filter((c) => c.type === 'u'))
          await tx.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" ${c.def}`);
      });
      await timed('check foreign keys', async () => {
        for (const c of ddl.constraints.filter((c) => c.type === 'f'))
          await tx.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" ${c.def}`);
      });
    }
    await timed("the defaulters' kept rows (decision 059)", async () => {
      for (const [table, trigger] of KEPT_ROW_TRIGGERS) await tx.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
      await tx.query('DELETE FROM defaulter_rows');
      await tx.query('INSERT INTO defaulter_rows SELECT * FROM defaulter_rows_live');
    });
    for (const table of ['customers', 'devices', 'loans', 'inventory_items', 'transactions', 'stores', 'agents', 'shop_owners']) {
      await tx.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`);
    }
  });
  await timed('analyze', () => db.query('ANALYZE'));
  await timed(`analytics snapshots (${ANALYTICS_DAYS} days, cohorts, migration)`, () =>
    buildAnalytics(db, options.now, (step, work) => timedPart(`  ${step}`, work)),
  );
  await timed('report rollups (decision 032)', () => refreshReportRollups(db, options.now));
  // VACUUM as well as ANALYZE: it sets the visibility map, so the lists' index-only scans do not visit the heap for
  // each row of freshly written tables (autovacuum would get there later; a benchmark should not wait for it).
  // INDEX_CLEANUP ON: by default VACUUM skips the indexes when under 2% of a table's pages hold dead rows, and those
  // pages are then never all-visible. The seed's few updates (226 handsets) sat on the 15 pages that hold the stock
  // still on the shelf, so every store's in-stock count visited the heap: 819 fetches for a page of stores (EXPLAIN
  // ANALYZE 1.96 ms with them, some pages read from disk; 0.68 ms once the pages were all-visible).
  await timed('vacuum and analyze', () => db.query('VACUUM (ANALYZE, INDEX_CLEANUP ON)'));

  const rows: Record<string, number> = {};
  const tables = [
    'regions',
    'stores',
    'shop_owners',
    'agents',
    'phone_models',
    'phone_prices',
    ...BIG_TABLES,
    'collection_cases',
    'payment_promises',
    'defaulter_rows',
    'analytics_daily',
    'analytics_cohorts',
    'analytics_vintage',
    'analytics_migration',
    'analytics_period',
    'analytics_period_store',
    'analytics_trend_region',
    'analytics_vintage_region',
    'analytics_migration_region',
  ];
  const [counted] = await db.query<Record<string, number | string>>(
    `SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`,
  );
  for (const t of tables) rows[t] = Number(counted![t]);
  return { seconds: (performance.now() - started) / 1000, steps, rows };
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const customers = Number(arg('customers') ?? 100_000);
  if (!Number.isInteger(customers) || customers < 1 || customers > 10_000_000) {
    console.error('--customers must be a whole number from 1 to 10,000,000');
    process.exit(2);
  }
  const url = arg('url') ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('seed:scale needs a PostgreSQL database: set DATABASE_URL or pass --url postgres://...');
    process.exit(2);
  }
  const now = arg('now') === undefined ? new Date() : new Date(arg('now')!);
  if (Number.isNaN(now.getTime())) {
    console.error('--now must be a date and time, such as 2026-11-24T07:45:00Z');
    process.exit(2);
  }
  const { openPostgres } = await import('../server/db/postgres');
  const db = await openPostgres(url);
  const safeUrl = url.replace(/\/\/[^@/]*@/, '//');
  if (args.includes('--analytics-only')) {
    // The analytics snapshot build alone, again, on a database seeded before (to time it, or after changing it).
    console.log(`seed:scale: the analytics snapshot tables of ${safeUrl} built again as of ${now.toISOString()}`);
    const started = performance.now();
    try {
      await buildAnalytics(db, now, async (step, work) => {
        const t = performance.now();
        const result = await work();
        console.log(`  ${step.padEnd(44)} ${((performance.now() - t) / 1000).toFixed(1).padStart(7)} s`);
        return result;
      });
      console.log(`\nTook ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await db.close();
    }
    return;
  }
  console.log(`seed:scale: ${customers.toLocaleString('en')} customers into ${safeUrl}`);
  try {
    const report = await seedScale(db, { customers, now, log: console.log });
    console.log('\nRows per table:');
    for (const [table, count] of Object.entries(report.rows))
      console.log(`  ${table.padEnd(18)} ${count.toLocaleString('en').padStart(14)}`);
    console.log(`\nTook ${report.seconds.toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
