import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createSimulators } from '../../server/adapters/simulators';
import { fixedClock } from '../../server/clock';
import { DEMO_JWT_SECRET } from '../../server/config';
import type { Db, Queryable } from '../../server/db/port';
import { ENDPOINTS, type BenchContext } from '../../scripts/bench-api-endpoints';
import { buildAnalytics, seedScale } from '../../scripts/seed-scale';
import { DEMO_PASSWORD, TEST_NOW, testDb } from '../support/api';
import { STATUS_INCIDENT_DRIFT } from '../support/kept-rows';

/**
 * Every hot query uses an index (issue 16). A database is seeded the way `npm run seed:scale` seeds one (the same
 * SQL, a few thousand customers over the demo business) and ANALYZEd; then every call `npm run bench:api` measures
 * is made through the real app while the SQL it runs is recorded, and each recorded statement is EXPLAINed with its
 * own parameters. A sequential scan of a large table (one that grows with the customers and holds thousands of rows
 * here) fails the test, naming the call and the statement. The plans are the planner's own choice on real
 * statistics: nothing is forced (no enable_seqscan = off). Authentication is one query per request.
 */

/** Tables that grow with the business: a sequential scan of one of these is a full read at a million customers. */
const GROWING = [
  'customers',
  'customer_limits',
  'devices',
  'device_incidents',
  'loans',
  'defaulter_rows',
  'transactions',
  'customer_sms',
  'inventory_items',
  'requests',
  'ledger_entries',
  'call_ratings',
  'debt_collection_calls',
  'audit_log',
  'first_deposits',
  'deposit_attempts',
  'offline_pins',
  'device_lock_commands',
  'data_bundle_awards',
  'auth_sessions',
  'login_attempts',
  'otp_codes',
  'outbox',
];
/**
 * This database's triggers: on PostgreSQL each test file has its own schema in one database, and pg_trigger lists the
 * triggers of every schema, so another file's, made at the same time, must not be counted here.
 */
const OWN_TRIGGERS = `(SELECT t.* FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                        WHERE c.relnamespace = current_schema()::regnamespace) own`;
/** Below this many rows the planner rightly reads a table whole: such a table is not judged here. */
const LARGE_ROWS = 3_000;

interface Recorded {
  sql: string;
  params: unknown[];
}

let db: Db;
let recorded: Recorded[] = [];
let app: ReturnType<typeof createApp>['app'];
let token: string;
const tokens = new Map<string, string>();
let large: Set<string>;
let customers: string[];

function recording(inner: Db): Db {
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params = []) => {
      recorded.push({ sql, params });
      return q.query(sql, params);
    },
  });
  return {
    kind: inner.kind,
    // Never live: no copy keeps a session between requests here, so every call reads (and explains) its own.
    changes: { version: 0, live: false },
    ...wrap(inner),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    exec: (sql) => inner.exec(sql),
    close: () => inner.close(),
  };
}

const request = (path: string, init: RequestInit = {}) => app.request(path, init, { incoming: { socket: { remoteAddress: '10.1.1.1' } } });

async function postJson(path: string, body: unknown, auth?: string) {
  const res = await request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  db = await testDb();
  await seedScale(db, { customers: 3_000, now: TEST_NOW, rebuildIndexes: false });
  const clock = fixedClock(TEST_NOW);
  ({ app } = createApp({
    db: recording(db),
    clock,
    adapters: createSimulators(db, clock).adapters,
    // What this test judges large, its totals treat as large too: a whole table's total is then the estimate.
    config: { mode: 'demo', jwtSecret: DEMO_JWT_SECRET, tokenTtlMs: 3600_000, trustedProxies: [], estimateTotalsFromRows: LARGE_ROWS },
  }));
  const signIn = async (username: string) => {
    const login = await postJson('/portal_api/authentication', { strategy: 'local', username, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    if (!login.body.user.otp_pending) return login.body.accessToken as string;
    const outbox = await (await request('/portal_api/dev/outbox')).json();
    const code = String(outbox.data[0].text).match(/\b(\d{6})\b/)![1];
    expect((await postJson('/portal_api/authentication/otp', { code }, login.body.accessToken)).status).toBe(200);
    return login.body.accessToken as string;
  };
  token = await signIn('admin');
  // A call the bench makes as another user (a collector's own list), made here as that user too.
  for (const e of ENDPOINTS) if (e.as && !tokens.has(e.as)) tokens.set(e.as, await signIn(e.as));

  const sizes = await db.query<{ relname: string; n: number }>(
    `SELECT relname, reltuples::bigint AS n FROM pg_class
      WHERE relkind = 'r' AND relname = ANY($1::text[]) AND relnamespace = current_schema()::regnamespace`,
    [GROWING],
  );
  large = new Set(sizes.filter((t) => Number(t.n) >= LARGE_ROWS).map((t) => t.relname));
  // Customers of the scale seed with a device, payments, texts and a request: every list has rows to page.
  customers = (
    await db.query<{ msisdn: string }>(
      `SELECT c.msisdn FROM customers c JOIN requests r ON r.customer_id = c.id
        WHERE c.msisdn LIKE '25560%' AND EXISTS (SELECT 1 FROM devices d WHERE d.customer_id = c.id)
        ORDER BY c.id LIMIT 5`,
    )
  ).map((r) => r.msisdn);
}, 180_000);
afterAll(() => db?.close());

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

async function plan(r: Recorded): Promise<PlanNode> {
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${r.sql}`, r.params);
  const json = row!['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
  return parsed[0]!.Plan;
}

const measured = ENDPOINTS.filter((e) => e.kind !== 'ceiling' && e.kind !== 'static');

/**
 * The lists whose page is cut along an index in the list's own order, or from a few runs each along one: their
 * statement gives the page's rows in that order as the walk gave them, and PostgreSQL sorts nothing once the page is
 * cut (decision 092). The rows a page joins were sorted again when the total's row was the statement's outer
 * relation: a sixth of a defaulters page's statement on the embedded database.
 */
const WALKED_IN_ORDER = new Set([
  'queue: loan extensions',
  'queue: deregistrations',
  'queue: IMEI changes',
  'queue: business approvals',
  'queue: portal approvals',
  'damaged devices',
  'lost devices',
  'suspended IMEIs',
  'loans: active',
  'loans: all defaulters',
  'defaulters: all',
  'defaulters: non-performing',
  "defaulters: a collector's own",
  'first deposits',
  'request audit',
  'first deposits: paid by M-Pesa',
  'call ratings',
  'claimed customers',
  'claimed customers: in default',
]);

/**
 * The sorts of a plan above its first LIMIT (the page's cut), from the plan's root down; not a subquery's own (a value
 * of each row, such as a customer's active loans in order).
 */
const sortsAfterCut = (node: PlanNode): string[] =>
  node['Node Type'] === 'Limit' || node['Parent Relationship'] === 'SubPlan' || node['Parent Relationship'] === 'InitPlan'
    ? []
    : [...(/Sort$/.test(node['Node Type']) ? [node['Node Type']] : []), ...(node.Plans ?? []).flatMap(sortsAfterCut)];

describe('the seeded database', () => {
  it('is large where it matters: customers, devices, loans, payments and texts', () => {
    for (const table of ['customers', 'devices', 'loans', 'transactions', 'customer_sms']) expect(large).toContain(table);
    expect(customers.length).toBeGreaterThan(0);
  });

  it('keeps a row for every defaulter it made, as the live join reads it (decision 059), with its triggers on again', async () => {
    const [counts] = await db.query<{ kept: number; live: number; drift: number; triggers: number }>(
      `SELECT (SELECT count(*)::int FROM defaulter_rows) AS kept, (SELECT count(*)::int FROM defaulter_rows_live) AS live,
              (SELECT count(*)::int FROM (SELECT * FROM defaulter_rows EXCEPT SELECT * FROM defaulter_rows_live) d) AS drift,
              (SELECT count(*)::int FROM ${OWN_TRIGGERS} WHERE tgname LIKE '%defaulter_rows%' AND tgenabled = 'O') AS triggers`,
    );
    expect(counts!.live).toBeGreaterThan(LARGE_ROWS / 10);
    // The five that write the kept rows, and the four that count each collector's (migration 045).
    expect(counts).toEqual({ kept: counts!.live, live: counts!.live, drift: 0, triggers: 9 });
  });

  it('points every listed device it made at its incident, as the triggers it turned off would (migration 048)', async () => {
    const [counts] = await db.query<{ listed: number; kept: number; drift: number; triggers: number }>(
      `SELECT (SELECT count(*)::int FROM devices WHERE status IN ('stolen', 'lost', 'damaged')) AS listed,
              (SELECT count(*)::int FROM devices d JOIN device_incidents i ON i.id = d.status_incident_id AND i.kind = d.status) AS kept,
              (SELECT count(*)::int FROM (${STATUS_INCIDENT_DRIFT}) drifted) AS drift,
              (SELECT count(*)::int FROM ${OWN_TRIGGERS} WHERE tgname LIKE '%status_incident' AND tgenabled = 'O') AS triggers`,
    );
    expect(counts!.listed).toBeGreaterThan(10);
    expect(counts).toEqual({ listed: counts!.listed, kept: counts!.listed, drift: 0, triggers: 2 });
  });

  it("counts each collector's defaulters as their kept rows hold them (decision 085)", async () => {
    const counted = await db.query<{ list: string; total: number }>(
      `SELECT 'defaulters:collector:' || collector_id AS list, count(*)::int AS total FROM defaulter_rows
        WHERE collector_id IS NOT NULL GROUP BY collector_id ORDER BY 1`,
    );
    const kept = await db.query<{ list: string; total: number }>(
      "SELECT list, total::int AS total FROM list_totals WHERE list LIKE 'defaulters:collector:%' AND total > 0 ORDER BY 1",
    );
    expect(counted.length).toBeGreaterThan(0);
    expect(kept).toEqual(counted);
  });

  it("pushes each wizard's deposit as the wizard does: paid from a wallet by its push, else the push failed; the provider is the push's", async () => {
    const [counts] = await db.query<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE f.loan_id IS NOT NULL AND f.provider <> 'pos')::int AS wallet_paid,
              count(*) FILTER (WHERE f.loan_id IS NOT NULL AND f.provider <> 'pos' AND a.status = 'completed' AND a.receipt = t.transaction_id
                                 AND t.loan_id = f.loan_id AND t.kind = 'deposit' AND t.status = 'completed' AND a.amount = f.deposit_amount
                                 AND a.completed_at = f.deposit_paid_at)::int AS paid_by_push,
              count(*) FILTER (WHERE f.provider = 'pos' AND a.wizard_id IS NULL)::int AS pos_without_push,
              count(*) FILTER (WHERE f.provider = 'pos')::int AS pos,
              count(*) FILTER (WHERE f.loan_id IS NULL AND f.provider IS NOT NULL)::int AS unpaid_wallet,
              count(*) FILTER (WHERE f.loan_id IS NULL AND f.provider IS NOT NULL AND a.status = 'failed' AND t.status = 'failed'
                                 AND f.deposit_paid_at IS NULL)::int AS failed_push,
              count(*) FILTER (WHERE f.provider IS NULL AND a.wizard_id IS NOT NULL)::int AS pushed_without_provider,
              count(*) FILTER (WHERE a.wizard_id IS NOT NULL AND t.payment_method IS DISTINCT FROM f.provider)::int AS other_provider,
              count(*) FILTER (WHERE f.receipt IS DISTINCT FROM a.receipt)::int AS other_receipt
         FROM first_deposits f
         LEFT JOIN deposit_attempts a ON a.wizard_id = f.wizard_id
         LEFT JOIN transactions t ON t.idempotency_key = a.idempotency_key
        WHERE f.wizard_id = md5('scale-wizard-' || f.customer_id)::uuid`,
    );
    expect(counts!.wallet_paid).toBeGreaterThan(1_000);
    expect(counts!.unpaid_wallet).toBeGreaterThan(0);
    expect(counts!.pos).toBeGreaterThan(0);
    expect(counts).toMatchObject({
      paid_by_push: counts!.wallet_paid,
      pos_without_push: counts!.pos,
      failed_push: counts!.unpaid_wallet,
      pushed_without_provider: 0,
      other_provider: 0,
      other_receipt: 0,
    });
    // The provider's and the receipt's triggers, off while the seed loaded, are on again.
    const triggers = await db.query<{ on: boolean }>(
      `SELECT tgenabled = 'O' AS on FROM ${OWN_TRIGGERS} WHERE tgname IN ('deposit_attempts_provider', 'deposit_attempts_receipt')`,
    );
    expect(triggers).toEqual([{ on: true }, { on: true }]);
  });

  it('moves stock between the stores it made: each received a restock, and handsets in transit wait at their sender', async () => {
    // The scale seed's stores are named 'Simu Duka <region> <id>'; 3,000 customers make 3 of them.
    const [{ stores }] = (await db.query("SELECT count(*)::int AS stores FROM stores WHERE name LIKE 'Simu Duka %'")) as [
      { stores: number },
    ];
    expect(stores).toBe(3);
    const transfers = await db.query(
      `SELECT t.status, count(DISTINCT t.to_store_id)::int AS receivers, count(*)::int AS handsets,
              count(*) FILTER (WHERE i.store_id = t.from_store_id AND i.status = 'in_transit')::int AS waiting_at_sender,
              count(*) FILTER (WHERE i.store_id = t.to_store_id AND i.received_at = t.received_at)::int AS received_there
         FROM stock_transfers t JOIN stores s ON s.id = t.to_store_id
         JOIN stock_transfer_items x ON x.transfer_id = t.id JOIN inventory_items i ON i.id = x.inventory_item_id
        WHERE s.name LIKE 'Simu Duka %' GROUP BY t.status ORDER BY t.status`,
    );
    expect(transfers).toEqual([
      { status: 'in_transit', receivers: 1, handsets: 2, waiting_at_sender: 2, received_there: 0 },
      { status: 'received', receivers: stores, handsets: 2 * stores, waiting_at_sender: 0, received_there: 2 * stores },
    ]);
  });

  it('rolls the analyses up by region from the snapshot it built, whatever the region tables held before', async () => {
    // Region rollups from before (the demo seed's, on a database seeded with the demo first): rolled up again.
    await db.query('UPDATE analytics_vintage_region SET loans = loans + 1');
    await db.query('UPDATE analytics_migration_region SET loans = loans + 1');
    await buildAnalytics(db, TEST_NOW);
    const [sums] = await db.query<Record<string, number>>(
      `SELECT (SELECT sum(loans) FROM analytics_migration)::int AS migration,
              (SELECT sum(loans) FROM analytics_migration_region)::int AS migration_region,
              (SELECT sum(loans) FROM analytics_vintage)::int AS vintage,
              (SELECT sum(loans) FROM analytics_vintage_region)::int AS vintage_region`,
    );
    expect(sums!.migration).toBeGreaterThan(3_000);
    expect(sums!.migration_region).toBe(sums!.migration);
    expect(sums!.vintage).toBeGreaterThan(3_000);
    expect(sums!.vintage_region).toBe(sums!.vintage);
    // Every analysis rebuilt from 3,000 customers' history on PGlite: about 18 s on this machine alone.
  }, 90_000);
});

describe.each(measured.map((e) => [e.name, e] as const))('%s', (_, endpoint) => {
  it('answers 200, authenticates with one query, and reads no large table whole', async () => {
    let next = 0;
    const ctx: BenchContext = { customer: () => customers[next++ % customers.length]!, asset: null };
    const path = typeof endpoint.path === 'function' ? endpoint.path(ctx) : endpoint.path;
    recorded = [];
    const res = await request(path!, {
      method: endpoint.method,
      headers: {
        authorization: `Bearer ${endpoint.as ? tokens.get(endpoint.as)! : token}`,
        ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
      },
      body: endpoint.body ? JSON.stringify(endpoint.body(ctx)) : undefined,
    });
    // 200, or 201 for a call that creates a record (an uploaded statement).
    expect([200, 201], await res.clone().text()).toContain(res.status);
    const statements = recorded;
    expect(statements.filter((r) => /\bauth_sessions\b/.test(r.sql))).toHaveLength(1);
    const reads = statements.filter((r) => /^\s*(SELECT|WITH)\b/i.test(r.sql) && !/\bFOR (UPDATE|SHARE)\b/i.test(r.sql));
    expect(reads.length).toBeGreaterThan(1);
    const offenders: string[] = [];
    for (const r of reads) {
      const scanned = seqScans(await plan(r)).filter((t) => large.has(t));
      if (scanned.length) offenders.push(`${scanned.join(', ')} read whole by:\n${r.sql.trim()}`);
    }
    expect(offenders, offenders.join('\n\n')).toEqual([]);
    if (WALKED_IN_ORDER.has(endpoint.name)) {
      // The page's statement; an empty page's total is then read in a statement of its own (pageInOrder).
      const [page] = reads.filter((r) => /\bLIMIT \d+ OFFSET \d+/.test(r.sql));
      expect(page).toBeDefined();
      expect(sortsAfterCut(await plan(page!)), `${page!.sql}\n${JSON.stringify(await plan(page!), null, 1)}`).toEqual([]);
    }
  });
});
