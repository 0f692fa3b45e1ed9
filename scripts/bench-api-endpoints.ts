/**
 * The calls `npm run bench:api` measures (scripts/bench-api.ts), one line each: add the calls of a new area here.
 * `kind` picks the budget (BUDGETS below); `body` and `path` are called for every request, so a lookup can ask for
 * a different customer each time (ctx.customer() is a random existing customer's phone number).
 */

export type BenchKind = 'ceiling' | 'static' | 'lookup' | 'list' | 'report';

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
  /** JSON body, made again for each request. */
  body?: (ctx: BenchContext) => unknown;
  /** Sent without the token (public calls and files). */
  anonymous?: boolean;
  headers?: Record<string, string>;
}

/** Budgets at 50 connections (issue 16), as a share of GET /portal_api/health's rate in the same run and a p99. */
export const BUDGETS: Record<Exclude<BenchKind, 'ceiling'>, { ratio: number; p99Ms: number }> = {
  static: { ratio: 0.5, p99Ms: 250 },
  lookup: { ratio: 0.4, p99Ms: 100 },
  list: { ratio: 0.25, p99Ms: 250 },
  report: { ratio: 0, p99Ms: 250 },
};

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
    name: 'call ratings',
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
  // Request audit and users
  { name: 'request audit', kind: 'list', method: 'GET', path: '/portal_api/api/v1/requests/audit?limit=25&skip=0' },
  { name: 'portal users', kind: 'list', method: 'GET', path: '/portal_api/prerequisites/admins?$limit=25&$skip=0' },
];
