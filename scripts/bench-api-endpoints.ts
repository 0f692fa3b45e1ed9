/**
 * The calls `npm run bench:api` measures (scripts/bench-api.ts), one line each: add the calls of a new area here.
 * `kind` picks the budget (BUDGETS below); `path` is called once a run and `body` for every request when it asks for
 * a customer (ctx.customer() is a random existing customer's phone number) or differs each time it is made, so a
 * lookup asks for a different customer each time; any other body is made once (`sameBodyEachTime`).
 */

export type BenchKind = 'ceiling' | 'static' | 'lookup' | 'list' | 'report' | 'batch';

export interface BenchContext {
  /** A random existing customer's msisdn (255XXXXXXXXX). */
  customer(): string;
  /** The path of the largest hashed asset of the built portal (/assets/...), or null when there is no build. */
  asset: string | null;
}

export interface BenchEndpoint {
  name: string;
  kind: BenchKind;
  method: 'GET' | 'POST';
  /** The path of the call (under /portal_api for the API). */
  path: string | ((ctx: BenchContext) => string | null);
  /**
   * JSON body. One that asks `ctx` for a customer, or reads differently each time it is made, is made again for each
   * request; any other is made once (`sameBodyEachTime`).
   */
  body?: (ctx: BenchContext) => unknown;
  /** Sent without the token (public calls and files). */
  anonymous?: boolean;
  /**
   * Called as this demo user (password BENCH_PASSWORD, default the demo's) instead of the admin: a list of the
   * caller's own, which the admin's token would answer empty.
   */
  as?: string;
  headers?: Record<string, string>;
  /** Connections for this call alone (default: the run's --connections); a batch call is one clerk's, not fifty. */
  connections?: number;
  /** Measured for at least this long whatever --seconds says: a call whose first answers take seconds (a batch). */
  minSeconds?: number;
}

/** Budgets at 50 connections (issue 16), as a share of GET /portal_api/health's rate in the same run and a p99. */
export const BUDGETS: Record<Exclude<BenchKind, 'ceiling'>, { ratio: number; p99Ms: number }> = {
  static: { ratio: 0.5, p99Ms: 250 },
  lookup: { ratio: 0.4, p99Ms: 100 },
  list: { ratio: 0.25, p99Ms: 250 },
  report: { ratio: 0, p99Ms: 250 },
  // A heavy call one person makes now and then (a 10,000-line statement): answered within 5 s (decision 027).
  batch: { ratio: 0, p99Ms: 5_000 },
};

/**
 * A call's body when it is the same for every request: made twice, it reads the same and asked the context for
 * nothing (no random customer). Otherwise null: a lookup of a random customer, or a statement with new receipts,
 * is made again for each request.
 */
export function sameBodyEachTime(e: BenchEndpoint, ctx: BenchContext): string | null {
  if (!e.body) return null;
  let asked = false;
  const probe: BenchContext = {
    customer: () => ((asked = true), ctx.customer()),
    asset: ctx.asset,
  };
  const first = JSON.stringify(e.body(probe));
  return !asked && JSON.stringify(e.body(probe)) === first ? first : null;
}

const page = { limit: 25, skip: 0 };

export const ENDPOINTS: BenchEndpoint[] = [
  { name: 'health (ceiling)', kind: 'ceiling', method: 'GET', path: '/portal_api/health', anonymous: true },
  {
    name: 'hashed asset (brotli, from memory)',
    kind: 'static',
    method: 'GET',
    path: (ctx) => ctx.asset,
    anonymous: true,
    headers: { 'accept-encoding': 'br, gzip' },
  },
  // Customer lookups
  {
    name: 'customer lookup',
    kind: 'lookup',
    method: 'POST',
    path: '/portal_api/api/v1/view_customer_msisdn',
    body: (c) => ({ msisdn: c.customer() }),
  },
  {
    name: 'device status',
    kind: 'lookup',
    method: 'POST',
    path: '/portal_api/api/v1/device_status',
    body: (c) => ({ search: c.customer() }),
  },
  // A customer's lists
  {
    name: 'customer SMS',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/get_customer_sms',
    body: (c) => ({ msisdn: c.customer(), ...page }),
  },
  {
    name: 'customer payments',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/deposit_transactions',
    body: (c) => ({ msisdn: c.customer(), ...page }),
  },
  {
    name: 'loan statements',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/loan_statements',
    body: (c) => ({ msisdn: c.customer() }),
  },
  {
    name: 'customer call ratings',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/customer_call_ratings',
    body: (c) => ({ msisdn: c.customer(), ...page }),
  },
  // Approval queues
  {
    name: 'queue: loan extensions',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/pending/loan/extension/requests',
    body: () => page,
  },
  {
    name: 'queue: deregistrations',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/pending_loan_removal_requests',
    body: () => page,
  },
  { name: 'queue: IMEI changes', kind: 'list', method: 'POST', path: '/portal_api/api/v1/pending_imei_requests', body: () => page },
  {
    name: 'queue: business approvals',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/pending/maker/checker/requests',
    body: () => page,
  },
  {
    name: 'queue: portal approvals',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/pending/maker/checker/requests/portal',
    body: () => page,
  },
  // Device lists
  { name: 'damaged devices', kind: 'list', method: 'POST', path: '/portal_api/api/v1/damaged_devices', body: () => page },
  { name: 'lost devices', kind: 'list', method: 'POST', path: '/portal_api/api/v1/lost_devices', body: () => page },
  { name: 'suspended IMEIs', kind: 'list', method: 'POST', path: '/portal_api/api/v1/suspended_imeis', body: () => page },
  // Stores, stock and shop owners (issue 12), as head office sees them: every store
  { name: 'stores', kind: 'list', method: 'POST', path: '/portal_api/api/v1/get_phone_stores', body: () => page },
  { name: 'inventory', kind: 'list', method: 'POST', path: '/portal_api/api/v1/get_phone_inventory', body: () => page },
  { name: 'stock transfers', kind: 'list', method: 'POST', path: '/portal_api/api/v1/stock_transfers', body: () => page },
  { name: 'IMEI exceptions', kind: 'list', method: 'POST', path: '/portal_api/api/v1/imei_exceptions', body: () => page },
  { name: 'shop owners', kind: 'list', method: 'POST', path: '/portal_api/api/v1/get_shop_owners', body: () => page },
  // Request audit and users
  { name: 'request audit', kind: 'list', method: 'GET', path: '/portal_api/api/v1/requests/audit?limit=25&skip=0' },
  { name: 'portal users', kind: 'list', method: 'GET', path: '/portal_api/prerequisites/admins?$limit=25&$skip=0' },
  // Analytics (issue 15, decisions 017 and 024): every one from the snapshot tables the ageing run writes
  { name: 'home figures', kind: 'report', method: 'GET', path: '/portal_api/api/v1/home_figures' },
  { name: 'BI: what I may see', kind: 'report', method: 'GET', path: '/portal_api/api/v1/bi_auth' },
  { name: 'BI: dashboard (30 days)', kind: 'report', method: 'GET', path: '/portal_api/api/v1/bi_dashboard?period=30d' },
  { name: 'BI: analysis with vintage', kind: 'report', method: 'GET', path: '/portal_api/api/v1/bi_analysis?period=90d' },
  { name: 'BI: by agent', kind: 'report', method: 'GET', path: '/portal_api/api/v1/agent_analysis?period=30d' },
  { name: 'BI: ageing migration', kind: 'report', method: 'GET', path: '/portal_api/api/v1/ageing_migration' },
  // Decision 029: each kind of rollup (by store, by phone model with vintage, one store's detail, one agent's)
  { name: 'BI: by store', kind: 'report', method: 'GET', path: '/portal_api/api/v1/shop_analysis?period=30d' },
  { name: 'BI: by phone model', kind: 'report', method: 'GET', path: '/portal_api/api/v1/bi_phone_model?period=90d' },
  { name: 'BI: one store', kind: 'report', method: 'GET', path: '/portal_api/api/v1/bi_dashboard?period=30d&store=1' },
  { name: 'BI: one agent', kind: 'report', method: 'GET', path: '/portal_api/api/v1/bi_dashboard?period=30d&agent=1' },
  {
    name: 'customer requests',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/customer_requests',
    body: (c) => ({ msisdn: c.customer(), limit: 20, skip: 0 }),
  },
  // Collections (decision 020): first deposits across customers
  // Loans and defaulters (issue 14), as head office sees them
  {
    name: 'loans: active',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/lipa_pole_pole_loans',
    body: () => ({ tab: 'active', ...page }),
  },
  {
    name: 'loans: all defaulters',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/lipa_pole_pole_loans',
    body: () => ({ tab: 'all_defaulters', ...page }),
  },
  { name: 'defaulters: all', kind: 'list', method: 'POST', path: '/portal_api/api/v1/defaulters_list', body: () => page },
  {
    name: 'defaulters: non-performing',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/npl_debt_collector/defaulters_list',
    body: () => page,
  },
  { name: 'first deposits', kind: 'list', method: 'POST', path: '/portal_api/api/v1/first_deposits', body: () => page },
  {
    name: 'first deposits: paid by M-Pesa',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/first_deposits',
    body: () => ({ ...page, provider: 'mpesa', status: 'loan_created' }),
  },
  { name: 'call ratings', kind: 'list', method: 'POST', path: '/portal_api/api/v1/call_ratings', body: () => page },
  // Collections (decision 028): customer conversion and claimed customers over 30 days of first deposits, collections due
  { name: 'customer conversion', kind: 'list', method: 'POST', path: '/portal_api/api/v1/customers/conversion', body: () => page },
  { name: 'claimed customers', kind: 'list', method: 'POST', path: '/portal_api/api/v1/customers/claimed', body: () => page },
  {
    name: 'claimed customers: in default',
    kind: 'list',
    method: 'POST',
    path: '/portal_api/api/v1/customers/claimed',
    body: () => ({ ...page, standing: 'defaulted' }),
  },
  {
    name: 'collections due',
    kind: 'report',
    method: 'POST',
    path: '/portal_api/api/v1/debt_collection/due',
    body: () => ({ limit: 50, skip: 0 }),
  },
  // The defaulters reasons report over its default 30 days, and the caller's own defaulters (the debt collector's
  // list: the defaulters assigned to them, the loans list's code with an assignment filter)
  { name: 'defaulters reasons report', kind: 'report', method: 'POST', path: '/portal_api/api/v1/defaulters_reports', body: () => ({}) },
  {
    name: "defaulters: a collector's own",
    kind: 'list',
    as: 'collector',
    method: 'POST',
    path: '/portal_api/api/v1/debt_collector/defaulters_list',
    body: () => page,
  },
  // Finance (issue 13, decision 018): the balance sheet, and a 10,000-line M-Pesa statement uploaded and matched (a new file each time).
  {
    name: 'balance sheet',
    kind: 'report',
    method: 'POST',
    path: '/portal_api/api/v1/finance/balance_sheet',
    body: () => ({ at: '2026-10-31' }),
  },
  {
    name: 'reconcile a 10,000-line statement',
    kind: 'batch',
    connections: 2,
    // The first uploads on a fresh server take seconds (the parser and plans warming up): at --seconds 5 none was
    // answered within the run (2026-11-24).
    minSeconds: 15,
    method: 'POST',
    path: '/portal_api/api/v1/reconciliation/upload',
    body: statement10k,
  },
];

/** A 10,000-line M-Pesa statement of 2026-10-01 with receipts no other upload has (its hash is new each time). */
function statement10k() {
  const run = Math.random().toString(36).slice(2, 8).toUpperCase();
  const lines = ['Receipt No.,Completion Time,Details,Paid In,Withdrawn,Balance'];
  for (let i = 0; i < 10_000; i++) {
    const s = i % 86_400;
    const time = `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
    lines.push(
      `B${run}${String(i).padStart(5, '0')},2026-10-01 ${time},Pay Bill from 2557${String(54000000 + i).padStart(8, '0')} - BENCH,${1000 + (i % 50) * 100},,`,
    );
  }
  return {
    provider: 'mpesa',
    from: '2026-10-01',
    to: '2026-10-01',
    file_name: `bench-${run}.csv`,
    content: Buffer.from(lines.join('\n')).toString('base64'),
  };
}
