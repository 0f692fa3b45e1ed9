/**
 * npm run seed:scale -- --customers N [--url postgres://...]
 *
 * Seeds the database of DATABASE_URL (or --url) with N customers and the business around them (issue 16): about one
 * loan per customer across every ageing category, 3-30 payments each, SMS, devices, stock, stores, agents, requests
 * and ledger postings. The rows are made inside PostgreSQL (scripts/seed-scale/business.sql: generate_series and
 * INSERT ... SELECT), never row by row from Node. It runs the migrations first, then the demo seed (staff to log in
 * with, regions, the phone catalogue and its prices), then adds the N customers: the secondary indexes and foreign
 * keys of the big tables are dropped for the load and built again at the end (one sort per index instead of a million
 * index insertions). The customers, devices and loans come in one transaction; then the payments, the other steps,
 * the index builds, the analytics and the foreign keys run on several connections at once (decision 064: both cores
 * busy from there to the end). What a run still has to build is kept in `seed_scale_unfinished`: a run stopped after
 * its first commit leaves partial rows, and the next run builds what it left before anything else. Prints the rows
 * per table and the time taken (each part of the analytics snapshot build too). Run it again to add N more.
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
import { planHistory, rebuildDaysInSql, refreshAnalyticsIn, type StepTimer } from '../server/domain/analytics/refresh';
import { rebuildCohorts } from '../server/domain/analytics/refresh-cohorts';
import { rebuildMigration } from '../server/domain/analytics/refresh-migration';
import { refreshReportRollups } from '../server/domain/report-rollups';
import { runTasks, type Task } from './seed-scale/tasks';

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

/**
 * The triggers that keep the defaulters' rows (migration 039): off while the seed loads, then the rows are written
 * whole. And the ones that give a wizard its last push's provider and receipt (migrations 030 and 044): the seed
 * writes both itself, while the provider's would join every push to the payments being loaded beside it (a seq scan
 * of them, the deposit pushes' step 48 s at a million customers) and the receipt's would update a wizard per push.
 * And the ones that keep the pending loan extensions' rows (migration 047): written whole with the defaulters'. And
 * the ones that keep a listed device's incident (migration 048): each would look up its device's incidents with their
 * indexes dropped; the device incidents' step points each device at its one incident itself.
 */
const TRIGGERS_OFF_WHILE_LOADING = [
  ['loans', 'loans_defaulter_rows_insert'],
  ['loans', 'loans_defaulter_rows_update'],
  ['collection_cases', 'collection_cases_defaulter_rows'],
  ['payment_promises', 'payment_promises_defaulter_rows'],
  ['customers', 'customers_defaulter_rows'],
  ['deposit_attempts', 'deposit_attempts_provider'],
  ['deposit_attempts', 'deposit_attempts_receipt'],
  ['requests', 'requests_extension_rows'],
  ['loans', 'loans_extension_rows'],
  ['devices', 'devices_extension_rows'],
  ['customers', 'customers_extension_rows'],
  ['devices', 'devices_status_incident'],
  ['device_incidents', 'device_incidents_status_incident'],
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

/**
 * `R[expr|salt]`: a uniform number in [0, 1) drawn from expr, the same every run. `DIGITS[expr|width]`: expr written
 * with zeros in front up to width digits, and whole when it is longer (lpad alone cuts it: loan 10,000,000 would
 * have been written as loan 1,000,000's number).
 */
const expand = (sql: string, values: Record<string, string | number>) =>
  sql
    .replace(
      /DIGITS\[([^\]|]+)\|(\d+)\]/g,
      (_, expr: string, width: string) => `lpad((${expr})::text, greatest(${width}, length((${expr})::text)), '0')`,
    )
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

/** One statement of DDL the seed runs again after its load, and the table it works on. */
interface Rebuild {
  tbl: string;
  ddl: string;
}

/**
 * Secondary indexes and foreign/unique constraints of the big tables, as the DDL that makes them again. A unique
 * constraint is made as its unique index (which, as any index, takes a lock that lets the table be read while it is
 * built), then attached to its constraint when nothing else reads the table (`attach`): adding the constraint itself
 * would wait for every reader, and hold up every other index of its table behind it.
 */
async function secondaryDdl(tx: Queryable) {
  const constraints = await tx.query<{ tbl: string; name: string; def: string; type: string; index: string | null }>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def, c.contype::text AS type,
            CASE WHEN c.contype = 'u' THEN pg_get_indexdef(c.conindid) END AS index
       FROM pg_constraint c
      WHERE (c.contype IN ('f', 'u') AND c.conrelid = ANY($1::regclass[])) OR (c.contype = 'f' AND c.confrelid = ANY($1::regclass[]))
      ORDER BY c.contype = 'f' DESC, c.conname`,
    [BIG_TABLES],
  );
  const indexes = await tx.query<{ name: string; tbl: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS tbl, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
      WHERE i.indrelid = ANY($1::regclass[]) AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
    [BIG_TABLES],
  );
  const unique = constraints.filter((c) => c.type === 'u');
  if (unique.some((c) => /DEFERRABLE/.test(c.def)))
    throw new Error('seed-scale: a deferrable unique constraint is not rebuilt as its index');
  return {
    drop: [...constraints.map((c) => `ALTER TABLE ${c.tbl} DROP CONSTRAINT "${c.name}"`), ...indexes.map((i) => `DROP INDEX ${i.name}`)],
    indexes: [...unique.map((c): Rebuild => ({ tbl: c.tbl, ddl: c.index! })), ...indexes.map((i): Rebuild => ({ tbl: i.tbl, ddl: i.def }))],
    attach: unique.map((c): Rebuild => ({
      tbl: c.tbl,
      ddl: `ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" UNIQUE USING INDEX "${c.name}"`,
    })),
    foreignKeys: constraints
      .filter((c) => c.type === 'f')
      .map((c): Rebuild => ({ tbl: c.tbl, ddl: `ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" ${c.def}` })),
  };
}

/**
 * The analytics snapshot's three big parts, each its own transaction: the last ANALYTICS_DAYS days of history
 * set-based (the server's walk would read every loan into Node), the cohorts with the vintage curves, and the ageing
 * migration, as the ageing run makes them. Each is one statement on one core: run on connections of their own.
 */
function analyticsParts(db: Db, now: Date, timed: StepTimer) {
  const postgres = db.kind === 'postgres';
  const today = eatDay(now);
  const inTransaction = (work: (tx: Queryable) => Promise<unknown>) => () =>
    db.transaction(async (tx) => {
      // Memory for the big groupings (a million loans' repayments per loan and month, 35 days of a million loans):
      // at 256MB they spilled to disk or were sorted there; the seed runs alone on the database.
      if (postgres) await tx.query("SET LOCAL work_mem = '1GB'");
      await work(tx);
    });
  return {
    history: inTransaction((tx) =>
      timed(`${ANALYTICS_DAYS} days of history`, async () => {
        // The history with PostgreSQL's own planner settings, which the server's connections change for their short
        // lookups (server/db/postgres.ts): JIT, as it works out each of 28 million loan-days, and random page reads 4
        // times dearer than sequential ones, as it reads whole tables (at 1.1 it read nine million repayments along an
        // index, page by page). 193 -> 96 s at a million loans (167.5 s before the steps). The cohorts and the
        // migration were slower so (73 -> 103 s, 88 -> 139 s: at 1.1 they read the repayments in loan order along an
        // index, with no sort), so the settings are back to the connection's after it (decision 054).
        if (postgres) await planHistory(tx);
        await rebuildDaysInSql(tx, addDays(today, -ANALYTICS_DAYS), addDays(today, -1));
        if (postgres) await tx.query('RESET jit; RESET random_page_cost');
      }),
    ),
    cohorts: inTransaction((tx) => timed('cohorts and vintage', () => rebuildCohorts(tx, today))),
    migration: inTransaction((tx) => timed('migration', () => rebuildMigration(tx, today))),
    /** The rest, once the three are in: the cohorts' and migration's rollups by region (whatever the region tables
     * held, such as the demo seed's), today's row, the trend and the period tables. */
    finish: inTransaction((tx) => refreshAnalyticsIn(tx, now, { history: false, cohortsBuilt: true, timed })),
  };
}

/**
 * The analytics snapshot tables (decision 017/024) from the loans and payments in the database, inside PostgreSQL
 * (analyticsParts), then the rollups the analyses read (decision 029: the period tables, the trend, vintage and
 * migration by region). On PostgreSQL the history, the cohorts and the migration run at once on three connections,
 * then the rest in one transaction. `timed` runs (and may time) each part.
 */
export async function buildAnalytics(db: Db, now: Date, timed: StepTimer = (_step, work) => work()): Promise<void> {
  const parts = analyticsParts(db, now, timed);
  // Each on its own connection, so both cores stay busy until the last is done (the history then the cohorts on one
  // and the migration on the other left a core idle for 110 s). PGlite is one connection: one after the other there.
  const three = [parts.history, parts.cohorts, parts.migration];
  if (db.kind === 'postgres') await Promise.all(three.map((part) => part()));
  else for (const part of three) await part();
  await parts.finish();
}

/** The tables a step's SQL writes (INSERT INTO t, UPDATE t). */
const writtenBy = (sql: string) => new Set([...sql.matchAll(/\b(?:INSERT INTO|UPDATE)\s+(\w+)/g)].map((m) => m[1]!));

/** The steps that make the payments (most of the seed's rows): a lane of their own while the other steps run beside them. */
const PAYMENT_STEP = /^(transactions|failed collection attempts|failed pushes' payments)\b/;

/**
 * The steps that need both lanes' rows (the wizards' pushes name the wizards and their payments): after both loads,
 * so a run stopped in one lane leaves no push naming a row the other lane's rollback took away (finishEarlierRun's
 * foreign keys would then fail).
 */
const AFTER_BOTH_STEP = /^deposit pushes\b/;

/** The plan's tables (business.sql's first step), read by the steps of both lanes. */
const PLAN_TABLES = ['scale_price', 'scale_region', 'scale_category', 'scale_staff', 'scale_plan'];

/** Rows a table gets per customer, about: the longest index builds are started first. */
const ROWS_PER_CUSTOMER: Partial<Record<string, number>> = { transactions: 17, customer_sms: 3, first_deposits: 1.5 };

/**
 * What an earlier run left to do when it stopped after its first commit (decision 064): the indexes, constraints and
 * triggers it had dropped or turned off. Done first, so the schema is whole again before anything is added.
 */
async function finishEarlierRun(db: Db, log: (line: string) => void) {
  const [left] = await db.query<{ exists: boolean }>("SELECT to_regclass('seed_scale_unfinished') IS NOT NULL AS exists");
  if (!left?.exists) return;
  const rows = await db.query<{ position: number; ddl: string }>('SELECT position, ddl FROM seed_scale_unfinished ORDER BY position');
  log(
    `  an earlier run stopped before it finished: its rows are partial; building the ${rows.length} indexes, constraints and triggers it left`,
  );
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query("SET LOCAL maintenance_work_mem = '512MB'");
    for (const row of rows) await tx.query(row.ddl);
    await tx.query('DROP TABLE seed_scale_unfinished');
  });
}

/**
 * The most customers a database can hold from this seed: a customer's phone number is 2556 and eight digits of its
 * number ({{C0}} + g), and 25563... and 25564... are the shop owners' and agents'.
 */
export const MOST_SCALE_CUSTOMERS = 29_999_999;

/** A run the seed refuses before it writes anything (main prints its message alone). */
export class ScaleSeedRefused extends Error {}

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
  await finishEarlierRun(db, log);

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
    X0: await nextId(db, 'stock_transfers'),
  };

  const last = Number(values.C0) + n; // the customers are C0 + 1 to C0 + n
  if (last > MOST_SCALE_CUSTOMERS) {
    const room = Math.max(0, MOST_SCALE_CUSTOMERS - Number(values.C0));
    throw new ScaleSeedRefused(
      `seed:scale: the database would hold ${last.toLocaleString('en')} customers, past the ${MOST_SCALE_CUSTOMERS.toLocaleString('en')} ` +
        `whose phone numbers this seed can write; it has room for ${room.toLocaleString('en')} more. No customers were added.`,
    );
  }
  const rebuild = options.rebuildIndexes ?? true;
  const postgres = db.kind === 'postgres';
  /** Each transaction's settings: the seed's days are EAT days (a date plus a time of day is a time in Tanzania). */
  const settings = async (tx: Queryable) => {
    await tx.query("SET LOCAL TIME ZONE INTERVAL '+03:00' HOUR TO MINUTE");
    if (postgres) {
      await tx.query("SET LOCAL maintenance_work_mem = '512MB'");
      await tx.query("SET LOCAL work_mem = '256MB'");
      await tx.query('SET LOCAL synchronous_commit = off');
      // The seed's own tasks fill both cores (runTasks): an index build's parallel workers would only add their merge.
      await tx.query('SET LOCAL max_parallel_maintenance_workers = 0');
    }
  };
  const runStep = (tx: Queryable, { step, sql }: { step: string; sql: string }) =>
    timed(step, async () => {
      for (const statement of expand(sql, values)
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter((s) => s && !/^(--[^\n]*\n?)+$/.test(s))) {
        await tx.query(statement);
      }
    });
  const script = scaleSteps();
  const firstPayment = script.findIndex((s) => PAYMENT_STEP.test(s.step));
  const lanes = {
    first: script.slice(0, firstPayment),
    payments: script.slice(firstPayment).filter((s) => PAYMENT_STEP.test(s.step)),
    rest: script.slice(firstPayment).filter((s) => !PAYMENT_STEP.test(s.step) && !AFTER_BOTH_STEP.test(s.step)),
    last: script.slice(firstPayment).filter((s) => AFTER_BOTH_STEP.test(s.step)),
  };
  const written = (group: typeof script) => new Set(group.flatMap((s) => [...writtenBy(s.sql)]));

  // What is left to do after the first commit, kept in the database until it is done (finishEarlierRun).
  const ddl = rebuild ? await secondaryDdl(db) : { drop: [], indexes: [], attach: [], foreignKeys: [] };
  const enableTriggers = TRIGGERS_OFF_WHILE_LOADING.map(([table, trigger]) => `ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  const finishing = [
    ...[...ddl.indexes, ...ddl.attach, ...ddl.foreignKeys].map((r) => r.ddl),
    ...enableTriggers,
    `DROP TABLE IF EXISTS ${PLAN_TABLES.join(', ')}`,
  ];

  // 1. The customers, their devices and loans, in one transaction; the big tables' secondary indexes and foreign keys
  // dropped (one sort per index at the end instead of a million index insertions), the kept rows' triggers off (the
  // defaulters' rows are written once from the loaded tables, not row by row).
  await db.transaction(async (tx) => {
    await settings(tx);
    const [{ prices, regions, categories }] = (await tx.query(
      `SELECT (SELECT count(*) FROM phone_prices p JOIN phone_models m ON m.id = p.phone_model_id WHERE p.effective_to IS NULL AND m.active)::int AS prices,
              (SELECT count(*) FROM regions)::int AS regions, (SELECT count(*) FROM agent_categories)::int AS categories`,
    )) as [{ prices: number; regions: number; categories: number }];
    if (!prices || !regions || !categories) throw new Error('seed-scale needs the demo catalogue, regions and agent categories');
    Object.assign(values, { PRICES: prices, REGIONS: regions, CATEGORIES: categories });
    await tx.query('CREATE TABLE seed_scale_unfinished (position int PRIMARY KEY, ddl text NOT NULL)');
    await tx.query('INSERT INTO seed_scale_unfinished SELECT n, ddl FROM unnest($1::text[]) WITH ORDINALITY AS u(ddl, n)', [finishing]);
    await timed(`drop ${ddl.indexes.length} indexes, ${ddl.foreignKeys.length} foreign keys`, async () => {
      for (const statement of ddl.drop) await tx.query(statement);
    });
    for (const [table, trigger] of TRIGGERS_OFF_WHILE_LOADING) await tx.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    for (const step of lanes.first) await runStep(tx, step);
  });

  // 2. The rest at once on several connections (decision 064), each piece its own transaction that also strikes what
  // it did off seed_scale_unfinished: the payments in one lane and the other steps in another; each table analyzed
  // once no lane writes it any more, then its indexes built; the analytics once every table is analyzed (the cohorts
  // and the migration once the payments' loan index is there: they read the repayments in loan order along it); the
  // foreign keys one at a time (two at once could wait on each other's tables) once their tables' indexes are built;
  // the unique constraints attached once nothing reads their tables.
  const strike = (tx: Queryable, statements: string[]) =>
    tx.query('DELETE FROM seed_scale_unfinished WHERE position = ANY($1::int[])', [statements.map((s) => finishing.indexOf(s) + 1)]);
  const inTransaction = (work: (tx: Queryable) => Promise<void>) => () =>
    db.transaction(async (tx) => {
      await settings(tx);
      await work(tx);
    });
  const run = (statement: string) =>
    inTransaction(async (tx) => {
      await tx.query(statement);
      await strike(tx, [statement]);
    });
  const laneWrites = { payments: written(lanes.payments), rest: written(lanes.rest), last: written(lanes.last) };
  const loadsOf = (table: string) =>
    (['payments', 'rest', 'last'] as const).filter((lane) => laneWrites[lane].has(table)).map((lane) => `load: ${lane}`);
  const analyzed = [...new Set([...written(lanes.first), ...laneWrites.payments, ...laneWrites.rest, ...laneWrites.last])];
  const weight = (table: string) => ROWS_PER_CUSTOMER[table] ?? 1;
  // The cohorts and the migration read the repayments in loan order along this index: it is built first.
  const loanIndex = ddl.indexes.find((r) => r.tbl === 'transactions' && /\(loan_id\b/.test(r.ddl));
  const indexTasks = ddl.indexes
    .map((r, i) => ({ ...r, name: `index ${i}`, first: r === loanIndex }))
    .sort((a, b) => Number(b.first) - Number(a.first) || weight(b.tbl) - weight(a.tbl));
  const indexesOf = (table: string) => indexTasks.filter((t) => t.tbl === table).map((t) => t.name);
  const analyzedTask = (table: string) => (analyzed.includes(table) ? [`analyze ${table}`] : []);
  const analytics = analyticsParts(db, options.now, (step, work) => timedPart(`  ${step}`, work));
  // The analytics read the loans and their payments, none of the tables only the last lane writes (the pushes): they
  // start once the other lanes' tables are analyzed, beside the last lane (its 23.7 s at a million customers were
  // otherwise spent with a core idle before the analytics, the seed's longest chain).
  const beforeLast = new Set([...written(lanes.first), ...laneWrites.payments, ...laneWrites.rest]);
  const readByAnalytics = analyzed.filter((table) => beforeLast.has(table)).map((table) => `analyze ${table}`);
  // A foreign key to other columns than the id needs the unique constraint on them, attached last: it goes last.
  const toUnique = (r: Rebuild) => !/REFERENCES \w+\s*\(id\)/.test(r.ddl);
  // The others in the order their tables' indexes are done: the ones on the biggest tables last, so the chain does not
  // stop at one on the payments while the rest could be checked beside the analytics.
  const fkTables = (r: Rebuild) => [r.tbl, /REFERENCES (\w+)/.exec(r.ddl)![1]!];
  const fkWeight = (r: Rebuild) => Math.max(...fkTables(r).map(weight));
  const foreignKeys = [
    ...ddl.foreignKeys.filter((r) => !toUnique(r)).sort((a, b) => fkWeight(a) - fkWeight(b)),
    ...ddl.foreignKeys.filter(toUnique),
  ];
  const fkTasks = foreignKeys.map((r, i) => ({
    name: `foreign key ${i}`,
    after: [
      ...(i > 0 ? [`foreign key ${i - 1}`] : []),
      ...fkTables(r).flatMap((table) => [...loadsOf(table), ...analyzedTask(table), ...indexesOf(table)]),
      ...(toUnique(r) ? ['attach unique constraints'] : []),
    ],
    run: run(r.ddl),
  }));
  const analyticsParts3 = ['analytics: history', 'analytics: cohorts', 'analytics: migration'];
  // Everything loaded, every index built and every foreign key checked.
  const built = [
    'load: payments',
    'load: rest',
    'load: last',
    ...indexTasks.map((t) => t.name),
    // The last foreign key to an id (those to a unique constraint's columns come after the constraints are attached).
    ...fkTasks
      .filter((_, i) => !toUnique(foreignKeys[i]!))
      .slice(-1)
      .map((t) => t.name),
  ];
  // The defaulters' and the pending extensions' kept rows written once from the loaded tables, and their triggers on
  // again (decisions 059 and 090).
  const keptRows = () =>
    timed("the defaulters' and extensions' kept rows (decisions 059, 090)", () =>
      db.transaction(async (tx) => {
        for (const statement of enableTriggers) await tx.query(statement);
        await strike(tx, enableTriggers);
        await tx.query('DELETE FROM defaulter_rows');
        await tx.query('INSERT INTO defaulter_rows SELECT * FROM defaulter_rows_live');
        await tx.query('DELETE FROM extension_rows');
        await tx.query('INSERT INTO extension_rows SELECT * FROM extension_rows_live');
      }),
    );
  const vacuumed = postgres ? BIG_TABLES.filter((table) => analyzed.includes(table)) : [];
  const load = (group: typeof script) =>
    inTransaction(async (tx) => {
      for (const step of group) await runStep(tx, step);
    });
  const tasks: Task[] = [
    { name: 'load: payments', after: [], run: load(lanes.payments) },
    { name: 'load: rest', after: [], run: load(lanes.rest) },
    { name: 'load: last', after: ['load: payments', 'load: rest'], run: load(lanes.last) },
    ...analyzed.map((table) => ({
      name: `analyze ${table}`,
      after: loadsOf(table),
      run: async () => void (await db.query(`ANALYZE ${table}`)),
    })),
    { name: 'analytics: history', after: readByAnalytics, run: analytics.history },
    ...(['cohorts', 'migration'] as const).map((part) => ({
      name: `analytics: ${part}`,
      after: [...readByAnalytics, ...indexTasks.filter((t) => t.first).map((t) => t.name)],
      run: analytics[part],
    })),
    ...indexTasks.map((t) => ({ name: t.name, after: [`analyze ${t.tbl}`], run: run(t.ddl) })),
    ...fkTasks,
    // A mark in the log: when the last index was in (the indexes are not timed one by one: there are a hundred).
    {
      name: 'indexes built',
      after: indexTasks.map((t) => t.name),
      run: async () =>
        log(`    ${'every index built, after'.padEnd(42)} ${((performance.now() - phaseStarted) / 1000).toFixed(1).padStart(7)} s`),
    },
    // What reads the whole business once it is loaded and indexed, beside the analytics.
    { name: "the defaulters' kept rows", after: built, run: keptRows },
    {
      name: 'report rollups',
      after: built,
      run: () => timed('report rollups (decision 032)', () => refreshReportRollups(db, options.now)),
    },
    {
      name: 'analytics: finish',
      after: analyticsParts3,
      run: () => timed('analytics: today, rollups and period tables', analytics.finish),
    },
    // Each big table vacuumed once nothing is left to build on it (VACUUM takes a lock that waits for an index build,
    // a foreign key's check or a trigger's switch on its table): the tables it leaves are vacuumed at the end.
    ...vacuumed.map((table) => ({
      name: `vacuum ${table}`,
      after: [...built, "the defaulters' kept rows"],
      run: () => timedPart(`  vacuum ${table}`, async () => void (await db.query(`VACUUM (ANALYZE, INDEX_CLEANUP ON) ${table}`))),
    })),
    {
      name: 'attach unique constraints',
      // Its lock waits for every reader of the table, and holds up any who comes next: it waits for them all (a reader
      // that had one table and wanted another that this had taken, such as the analytics' last part, deadlocked).
      after: [
        ...built,
        ...analyticsParts3,
        "the defaulters' kept rows",
        'report rollups',
        'analytics: finish',
        ...vacuumed.map((table) => `vacuum ${table}`),
      ],
      run: inTransaction(async (tx) => {
        const attach = ddl.attach.map((r) => r.ddl);
        for (const statement of attach) await tx.query(statement);
        await strike(tx, attach);
      }),
    },
  ];
  // Five lanes: the tasks are single statements on one core each (the index builds without parallel workers, see
  // `settings`). The analytics' three parts take three lanes for most of the run; with three lanes in all, the
  // payments' indexes, the foreign keys and the vacuums waited for them and ran after them on fewer cores.
  const phaseStarted = performance.now();
  await timed('loads, indexes, analytics and foreign keys at once', () => runTasks(tasks, postgres ? 5 : 1));
  await timed('sequences, and the plan dropped', () =>
    db.transaction(async (tx) => {
      for (const table of [
        'customers',
        'devices',
        'loans',
        'inventory_items',
        'transactions',
        'stores',
        'agents',
        'shop_owners',
        'stock_transfers',
      ]) {
        await tx.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`);
      }
      await tx.query(`DROP TABLE IF EXISTS ${PLAN_TABLES.join(', ')}`);
      await tx.query('DROP TABLE seed_scale_unfinished');
    }),
  );
  // VACUUM as well as ANALYZE: it sets the visibility map, so the lists' index-only scans do not visit the heap for
  // each row of freshly written tables (autovacuum would get there later; a benchmark should not wait for it).
  // INDEX_CLEANUP ON: by default VACUUM skips the indexes when under 2% of a table's pages hold dead rows, and those
  // pages are then never all-visible. The seed's few updates (226 handsets) sat on the 15 pages that hold the stock
  // still on the shelf, so every store's in-stock count visited the heap: 819 fetches for a page of stores (EXPLAIN
  // ANALYZE 1.96 ms with them, some pages read from disk; 0.68 ms once the pages were all-visible).
  const rest = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND NOT tablename = ANY($1) ORDER BY 1`,
    [vacuumed],
  );
  await timed('vacuum and analyze (the other tables)', () =>
    db.query(`VACUUM (ANALYZE, INDEX_CLEANUP ON) ${rest.map((t) => t.name).join(', ')}`),
  );

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
  } catch (error) {
    if (!(error instanceof ScaleSeedRefused)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
