import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_AUDIT_CSV_COLUMNS,
  decideResponse,
  imeiChangeItem,
  loanDeactivationItem,
  loanExtensionItem,
  pendingImeiChanges,
  pendingLoanDeactivations,
  pendingLoanExtensions,
  pendingMakerChecker,
  pendingMakerCheckerPortal,
  requestAuditCsv,
  requestAuditList,
} from '../../src/contract/requests';
import type { Role } from '../../src/contract/roles';
import { submitGroupRoleChange, submitPortalUser, submitPriceUpdate } from '../../server/domain/requests/proposals';
import { seedRequests } from '../../server/db/seed-requests';
import { hashPassword } from '../../server/auth/password';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { userWith as approvedUser } from '../support/admin-changes';
import { businessFixtures, imeiFor, plusDays, type Borrower, type BusinessFixtures } from '../support/business-fixtures';

const HOUR = 3_600_000;

const P = {
  requestExtension: '/api/v1/request/loan/extension',
  requestDeactivation: '/api/v1/request/loan/deactivation',
  requestImei: '/api/v1/request/change/imei',
  pendingExtensions: '/api/v1/pending/loan/extension/requests',
  pendingDeactivations: '/api/v1/pending_loan_removal_requests',
  pendingImei: '/api/v1/pending_imei_requests',
  pendingBusiness: '/api/v1/pending/maker/checker/requests',
  pendingPortal: '/api/v1/pending/maker/checker/requests/portal',
  approveExtension: '/api/v1/approve/loan/extension',
  approveDeactivation: '/api/v1/approve/loan/deactivation',
  approveImei: '/api/v1/approve/change/imei',
  approveBusiness: '/api/v1/approve/maker/checkers',
  approvePortal: '/api/v1/approve/maker/checkers/portal',
  audit: '/api/v1/requests/audit',
  auditCsv: '/api/v1/requests/audit/csv',
} as const;

/** A test database of its own with the demo staff logged in and a little business to ask about. */
async function world() {
  const api = await testApi();
  const fx = await businessFixtures(api.db);
  const token: Record<string, string> = {};
  for (const u of ['admin', 'approver', 'callcentre', 'collector', 'agent', 'shopowner']) token[u] = await api.tokenFor(u);
  const adminIds: Record<string, number> = {};
  for (const a of await api.db.query<{ id: number; username: string }>('SELECT id, username FROM admins')) adminIds[a.username] = a.id;
  const groupIds: Record<string, number> = {};
  for (const g of await api.db.query<{ id: number; name: string }>('SELECT id, name FROM admin_groups')) groupIds[g.name] = g.id;

  /** A user of a new group holding exactly these roles: made by the admin, approved by the approver (four eyes). */
  async function userWith(username: string, roles: Role[]): Promise<string> {
    const user = await approvedUser(api, username, roles, { maker: token.admin!, checker: token.approver! });
    adminIds[username] = user.id;
    return user.token;
  }

  const submit = {
    extension: (b: Borrower, days = 14, by = token.callcentre, extra: Record<string, unknown> = {}) =>
      api.call('POST', P.requestExtension, { token: by, body: { msisdn: b.msisdn, days_to_extend: days, ...extra } }),
    deactivation: (b: Borrower, by = token.callcentre, reason = 'Customer returned the phone to the shop') =>
      api.call('POST', P.requestDeactivation, { token: by, body: { msisdn: b.msisdn, reason } }),
    imei: (b: Borrower, newImei: string, by = token.callcentre, reason = 'Handset replaced under warranty') =>
      api.call('POST', P.requestImei, { token: by, body: { msisdn: b.msisdn, new_imei: newImei, reason } }),
  };
  const decide = (path: string, ids: number[], decision: 'approve' | 'deny', by = token.approver, comment?: string) =>
    api.call('POST', path, { token: by, body: { ids, decision, ...(comment === undefined ? {} : { comment }) } });

  /** What a refused call must leave as it was. */
  async function state() {
    const [row] = await api.db.query<{ requests: number; pending: number; audit: number; ledger: number; loans: string; devices: string }>(`
      SELECT (SELECT count(*)::int FROM requests) AS requests,
             (SELECT count(*)::int FROM requests WHERE status = 'submitted') AS pending,
             (SELECT count(*)::int FROM audit_log) AS audit,
             (SELECT count(*)::int FROM ledger_entries) AS ledger,
             (SELECT md5(coalesce(string_agg(l::text, '|' ORDER BY l.id), '')) FROM loans l) AS loans,
             (SELECT md5(coalesce(string_agg(d::text, '|' ORDER BY d.id), '')) FROM devices d) AS devices`);
    return row!;
  }

  const request = async (id: number) =>
    (
      await api.db.query('SELECT id, kind, status, maker_id, checker_id, decided_at, decision_comment FROM requests WHERE id = $1', [id])
    )[0]!;
  const loan = async (id: number) =>
    (
      await api.db.query(
        `SELECT l.status, to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date, l.days_defaulted, l.amount_due,
                l.loan_balance, l.closed_at, to_char(d.future_lock_date, 'YYYY-MM-DD') AS future_lock_date
           FROM loans l JOIN devices d ON d.id = l.device_id WHERE l.id = $1`,
        [id],
      )
    )[0]!;
  const deviceImei = async (id: number) => (await api.db.query<{ imei: string }>('SELECT imei FROM devices WHERE id = $1', [id]))[0]!.imei;
  const audits = (action: string, id: number) =>
    api.db.query("SELECT * FROM audit_log WHERE action = $1 AND entity = 'request' AND entity_id = $2 ORDER BY id", [action, String(id)]);

  return { api, fx, token, adminIds, groupIds, userWith, submit, decide, state, request, loan, deviceImei, audits };
}
type World = Awaited<ReturnType<typeof world>>;

let w: World;
let api: TestApi;
let fx: BusinessFixtures;
/** Holds only the VIEW_ roles of the queues: may look, may not decide. */
let viewerToken: string;
let imeiSerial = 500;
const newImei = () => imeiFor(++imeiSerial, '35888801');

beforeAll(async () => {
  w = await world();
  api = w.api;
  fx = w.fx;
  viewerToken = await w.userWith('viewer', [
    'VIEW_APPROVALS',
    'VIEW_LOAN_EXTENSION_REQUESTS',
    'VIEW_DEREGISTRATIONS',
    'VIEW_IMEI_CHANGE_REQUESTS',
  ]);
});
afterAll(() => api.close());

// ---------------------------------------------------------------------------------------------------------------

describe('every requests route refuses a caller it should not serve, and changes nothing', () => {
  const decideBody = { ids: [1], decision: 'approve' };
  const ROUTES: ReadonlyArray<{ name: string; method: string; path: string; role: Role; body?: () => unknown }> = [
    {
      name: 'POST request/loan/extension',
      method: 'POST',
      path: P.requestExtension,
      role: 'REQUEST_LOAN_EXTENSION',
      body: () => ({ msisdn: '0750000001', days_to_extend: 7 }),
    },
    {
      name: 'POST request/loan/deactivation',
      method: 'POST',
      path: P.requestDeactivation,
      role: 'REQUEST_LOAN_DEACTIVATION',
      body: () => ({ msisdn: '0750000001', reason: 'Returned the phone' }),
    },
    {
      name: 'POST request/change/imei',
      method: 'POST',
      path: P.requestImei,
      role: 'REQUEST_CHANGE_IMEI',
      body: () => ({ msisdn: '0750000001', new_imei: imeiFor(1), reason: 'Warranty swap' }),
    },
    {
      name: 'POST pending/loan/extension/requests',
      method: 'POST',
      path: P.pendingExtensions,
      role: 'VIEW_LOAN_EXTENSION_REQUESTS',
      body: () => ({}),
    },
    {
      name: 'POST pending_loan_removal_requests',
      method: 'POST',
      path: P.pendingDeactivations,
      role: 'VIEW_DEREGISTRATIONS',
      body: () => ({}),
    },
    { name: 'POST pending_imei_requests', method: 'POST', path: P.pendingImei, role: 'VIEW_IMEI_CHANGE_REQUESTS', body: () => ({}) },
    { name: 'POST pending/maker/checker/requests', method: 'POST', path: P.pendingBusiness, role: 'VIEW_APPROVALS', body: () => ({}) },
    { name: 'POST pending/maker/checker/requests/portal', method: 'POST', path: P.pendingPortal, role: 'VIEW_APPROVALS', body: () => ({}) },
    {
      name: 'POST approve/loan/extension',
      method: 'POST',
      path: P.approveExtension,
      role: 'VIEW_LOAN_EXTENSION_REQUESTS',
      body: () => decideBody,
    },
    {
      name: 'POST approve/loan/deactivation',
      method: 'POST',
      path: P.approveDeactivation,
      role: 'VIEW_DEREGISTRATIONS',
      body: () => decideBody,
    },
    { name: 'POST approve/change/imei', method: 'POST', path: P.approveImei, role: 'VIEW_IMEI_CHANGE_REQUESTS', body: () => decideBody },
    { name: 'POST approve/maker/checkers', method: 'POST', path: P.approveBusiness, role: 'VIEW_APPROVALS', body: () => decideBody },
    { name: 'POST approve/maker/checkers/portal', method: 'POST', path: P.approvePortal, role: 'VIEW_APPROVALS', body: () => decideBody },
    { name: 'GET requests/audit', method: 'GET', path: P.audit, role: 'VIEW_SECURITY' },
    { name: 'GET requests/audit/csv', method: 'GET', path: P.auditCsv, role: 'VIEW_SECURITY' },
  ];

  it('covers every request route of the contract', () => {
    // Every /api/v1 route that asks for, lists or decides a request (the other areas have their own tests).
    const served = api.registry.filter((r) => /^\/api\/v1\/(request|pending|approve)/.test(r.path)).map((r) => `${r.method} ${r.path}`);
    expect(served.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each(ROUTES)('$name: 401 without a token', async ({ method, path, body }) => {
    const before = await w.state();
    const res = await api.call(method, path, { body: body?.() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
    expect(await w.state()).toEqual(before);
  });

  it.each(ROUTES)('$name: 403 naming $role for a group without it (shop owner)', async ({ method, path, body, role }) => {
    const before = await w.state();
    const res = await api.call(method, path, { body: body?.(), token: w.token.shopowner });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: `This needs the ${role} role`, role });
    expect(await w.state()).toEqual(before);
  });

  it('checks the role before the input: a bad body from a caller without the role is 403, not 400', async () => {
    const res = await api.call('POST', P.requestImei, { token: w.token.shopowner, body: { new_imei: '123' } });
    expect(res.status).toBe(403);
    expect(res.body.role).toBe('REQUEST_CHANGE_IMEI');
  });

  it('lets the approver (who requests nothing) not submit, and the call centre not decide', async () => {
    const b = await fx.borrower({ daysDefaulted: 2 });
    const asApprover = await w.submit.extension(b, 7, w.token.approver);
    expect(asApprover.status).toBe(403);
    expect(asApprover.body.role).toBe('REQUEST_LOAN_EXTENSION');
    const made = await w.submit.extension(b);
    const asCallCentre = await w.decide(P.approveExtension, [made.body.id], 'approve', w.token.callcentre);
    expect(asCallCentre.status).toBe(403);
    expect(asCallCentre.body.role).toBe('VIEW_LOAN_EXTENSION_REQUESTS');
    expect((await w.request(made.body.id)).status).toBe('submitted');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('bad input is 400 with the field named, and changes nothing', () => {
  const cases: ReadonlyArray<{
    name: string;
    path: string;
    method?: string;
    body?: Record<string, unknown>;
    rawBody?: string;
    field: string;
    message?: RegExp;
  }> = [
    {
      name: 'extension without msisdn',
      path: P.requestExtension,
      body: { days_to_extend: 7 },
      field: 'msisdn',
      message: /valid phone number/,
    },
    {
      name: 'extension with a foreign number',
      path: P.requestExtension,
      body: { msisdn: '+254712345678', days_to_extend: 7 },
      field: 'msisdn',
      message: /valid phone number/,
    },
    {
      name: 'extension without days',
      path: P.requestExtension,
      body: { msisdn: '0750000001' },
      field: 'days_to_extend',
      message: /Days to extend is required/,
    },
    {
      name: 'extension of 0 days',
      path: P.requestExtension,
      body: { msisdn: '0750000001', days_to_extend: 0 },
      field: 'days_to_extend',
      message: /at least 1/,
    },
    {
      name: 'extension of 91 days',
      path: P.requestExtension,
      body: { msisdn: '0750000001', days_to_extend: 91 },
      field: 'days_to_extend',
      message: /at most 90/,
    },
    {
      name: 'extension of 2.5 days',
      path: P.requestExtension,
      body: { msisdn: '0750000001', days_to_extend: 2.5 },
      field: 'days_to_extend',
      message: /whole number/,
    },
    {
      name: 'extension of "7" days (text)',
      path: P.requestExtension,
      body: { msisdn: '0750000001', days_to_extend: '7' },
      field: 'days_to_extend',
    },
    {
      name: 'extension with a reason of 501 characters',
      path: P.requestExtension,
      body: { msisdn: '0750000001', days_to_extend: 7, reason: 'x'.repeat(501) },
      field: 'reason',
    },
    {
      name: 'extension with a loan id of 0',
      path: P.requestExtension,
      body: { msisdn: '0750000001', days_to_extend: 7, loan_id: 0 },
      field: 'loan_id',
    },
    { name: 'extension with a body that is not JSON', path: P.requestExtension, rawBody: '{oops', field: 'body' },
    {
      name: 'deactivation without a reason',
      path: P.requestDeactivation,
      body: { msisdn: '0750000001' },
      field: 'reason',
      message: /A reason is required/,
    },
    {
      name: 'deactivation with a blank reason',
      path: P.requestDeactivation,
      body: { msisdn: '0750000001', reason: '    ' },
      field: 'reason',
      message: /A reason is required/,
    },
    {
      name: 'IMEI change with a wrong check digit',
      path: P.requestImei,
      body: { msisdn: '0750000001', new_imei: `${imeiFor(7).slice(0, 14)}${(Number(imeiFor(7)[14]) + 1) % 10}`, reason: 'Warranty swap' },
      field: 'new_imei',
      message: /check digit/,
    },
    {
      name: 'IMEI change with 14 digits',
      path: P.requestImei,
      body: { msisdn: '0750000001', new_imei: '35999901000007', reason: 'Warranty swap' },
      field: 'new_imei',
    },
    {
      name: 'IMEI change with letters',
      path: P.requestImei,
      body: { msisdn: '0750000001', new_imei: '35999901ABCDEF0', reason: 'Warranty swap' },
      field: 'new_imei',
    },
    {
      name: 'IMEI change without a reason',
      path: P.requestImei,
      body: { msisdn: '0750000001', new_imei: imeiFor(7) },
      field: 'reason',
      message: /A reason is required/,
    },
    {
      name: 'IMEI change without the new IMEI',
      path: P.requestImei,
      body: { msisdn: '0750000001', reason: 'Warranty swap' },
      field: 'new_imei',
    },
    { name: 'pending list with limit 0', path: P.pendingExtensions, body: { limit: 0 }, field: 'limit', message: /at least 1/ },
    { name: 'pending list with limit 201', path: P.pendingDeactivations, body: { limit: 201 }, field: 'limit', message: /at most 200/ },
    { name: 'pending list with skip -1', path: P.pendingImei, body: { skip: -1 }, field: 'skip', message: /negative/ },
    { name: 'pending list with a kind of another queue', path: P.pendingExtensions, body: { kind: 'imei_change' }, field: 'kind' },
    { name: 'pending list with a store id as text', path: P.pendingBusiness, body: { store_id: 'one' }, field: 'store_id' },
    { name: 'pending list with requester 0', path: P.pendingPortal, body: { requested_by: 0 }, field: 'requested_by' },
    { name: 'pending list with no body', path: P.pendingPortal, field: 'body' },
    { name: 'decision without ids', path: P.approveExtension, body: { decision: 'approve' }, field: 'ids' },
    { name: 'decision with no ids', path: P.approveDeactivation, body: { ids: [], decision: 'approve' }, field: 'ids' },
    {
      name: 'decision with an id twice',
      path: P.approveImei,
      body: { ids: [5, 5], decision: 'approve' },
      field: 'ids',
      message: /at most once/,
    },
    {
      name: 'decision with 101 ids',
      path: P.approveImei,
      body: { ids: Array.from({ length: 101 }, (_, i) => i + 1), decision: 'approve' },
      field: 'ids',
      message: /at most 100/,
    },
    { name: 'decision "maybe"', path: P.approveBusiness, body: { ids: [1], decision: 'maybe' }, field: 'decision' },
    {
      name: 'denial without a comment',
      path: P.approveExtension,
      body: { ids: [1], decision: 'deny' },
      field: 'comment',
      message: /A comment is required to deny/,
    },
    {
      name: 'denial with a blank comment',
      path: P.approvePortal,
      body: { ids: [1], decision: 'deny', comment: '   ' },
      field: 'comment',
      message: /A comment is required to deny/,
    },
    { name: 'audit search by an unknown kind', method: 'GET', path: `${P.audit}?kind=lunch`, field: 'kind' },
    { name: 'audit search from 2026-13-01', method: 'GET', path: `${P.audit}?from=2026-13-01`, field: 'from', message: /valid date/ },
    {
      name: 'audit search to before from',
      method: 'GET',
      path: `${P.audit}?from=2026-11-02&to=2026-11-01`,
      field: 'to',
      message: /before from/,
    },
    { name: 'audit search with limit abc', method: 'GET', path: `${P.audit}?limit=abc`, field: 'limit' },
    { name: 'audit search by result "maybe"', method: 'GET', path: `${P.audit}?result=maybe`, field: 'result' },
    { name: 'audit search by maker 0', method: 'GET', path: `${P.audit}?maker_id=0`, field: 'maker_id' },
    { name: 'audit CSV by date field "sent"', method: 'GET', path: `${P.auditCsv}?date_field=sent`, field: 'date_field' },
  ];

  it.each(cases)('$name', async ({ path, method, body, rawBody, field, message }) => {
    const before = await w.state();
    const res = await api.call(method ?? 'POST', path, { token: w.token.admin, body, rawBody });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toContain(field);
    if (message) expect(res.body.fields[field]).toMatch(message);
    expect(await w.state()).toEqual(before);
  });

  it('refuses an IMEI change to the IMEI the device already has, naming new_imei', async () => {
    const b = await fx.borrower();
    const before = await w.state();
    const res = await w.submit.imei(b, b.imei);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ new_imei: 'The new IMEI is the device’s current IMEI' });
    expect(await w.state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('submitting requests (the customers screens)', () => {
  it('records a loan extension (201) with current and proposed due dates, and its audit row', async () => {
    const b = await fx.borrower({ daysDefaulted: 5, lateFee: 3000 });
    const local = `0${b.msisdn.slice(3, 6)} ${b.msisdn.slice(6, 9)} ${b.msisdn.slice(9)}`;
    const res = await w.submit.extension(b, 14, w.token.collector, { msisdn: local, reason: 'Salary delayed', loan_id: b.loanId });
    expect(res.status).toBe(201);
    const item = loanExtensionItem.parse(res.body);
    expect(item).toEqual({
      id: expect.any(Number),
      kind: 'loan_extension',
      status: 'submitted',
      reason: 'Salary delayed',
      requested_by: { id: w.adminIds.collector, username: 'collector', name: 'Faraji Ngowi' },
      requested_at: TEST_NOW.toISOString(),
      waited_ms: 0,
      store: { id: b.storeId, name: 'Kariakoo Test Shop' },
      customer: { id: b.customerId, msisdn: b.msisdn, name: b.name },
      loan: { id: b.loanId, loan_number: b.loanNumber, status: 'active', loan_balance: 1800 * 210 + 3000 - 90_000 },
      days_to_extend: 14,
      current_next_repayment_date: b.nextDue,
      proposed_next_repayment_date: plusDays(b.nextDue, 14),
      days_defaulted: 5,
      proposed_days_defaulted: 0,
      proposed_in_past: false,
      before: { loan_number: b.loanNumber, next_repayment_date: b.nextDue, days_defaulted: 5, future_lock_date: b.futureLock },
      after: {
        loan_number: b.loanNumber,
        next_repayment_date: plusDays(b.nextDue, 14),
        days_defaulted: 0,
        future_lock_date: plusDays(b.futureLock, 14),
      },
    });
    const [row] = await w.audits('request.submitted', item.id);
    expect(row).toMatchObject({
      actor_id: w.adminIds.collector,
      after: { kind: 'loan_extension', status: 'submitted', reason: 'Salary delayed' },
    });
  });

  it('records a deregistration (201) with what approving would write off', async () => {
    const b = await fx.borrower({ daysDefaulted: 70, lateFee: 10_000, amountPaid: 50_000 });
    const res = await w.submit.deactivation(b);
    expect(res.status).toBe(201);
    const item = loanDeactivationItem.parse(res.body);
    const balance = 1800 * 210 + 10_000 - 50_000;
    expect(item).toMatchObject({
      kind: 'loan_deactivation',
      reason: 'Customer returned the phone to the shop',
      requested_by: { username: 'callcentre' },
      loan: { id: b.loanId, status: 'active', loan_balance: balance },
      active_loans: [{ id: b.loanId, loan_number: b.loanNumber, status: 'active', loan_balance: balance }],
      write_off_amount: balance,
      before: { loans: b.loanNumber, loan_status: 'active', loan_balance: balance, written_off: 0 },
      after: { loans: b.loanNumber, loan_status: 'deactivated', loan_balance: 0, written_off: balance },
    });
  });

  it('records an IMEI change (201) with the old and new IMEI, typed with spaces', async () => {
    const b = await fx.borrower();
    const next = newImei();
    const spaced = `${next.slice(0, 2)} ${next.slice(2, 8)} ${next.slice(8, 14)} ${next.slice(14)}`;
    const res = await w.submit.imei(b, spaced);
    expect(res.status).toBe(201);
    expect(imeiChangeItem.parse(res.body)).toMatchObject({
      kind: 'imei_change',
      reason: 'Handset replaced under warranty',
      device: { id: b.deviceId, name: 'itel Test A1 (64 GB)' },
      old_imei: b.imei,
      new_imei: next,
      before: { device: 'itel Test A1 (64 GB)', imei: b.imei },
      after: { device: 'itel Test A1 (64 GB)', imei: next },
    });
  });

  it('allows one pending request of each kind per customer: a second of a kind is 409 request_open', async () => {
    const b = await fx.borrower({ daysDefaulted: 3 });
    expect((await w.submit.extension(b)).status).toBe(201);
    expect((await w.submit.deactivation(b)).status).toBe(201);
    expect((await w.submit.imei(b, newImei())).status).toBe(201);
    const before = await w.state();
    const again = await w.submit.extension(b, 7, w.token.collector);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This customer already has a pending loan extension request', reason: 'request_open' });
    expect((await w.submit.deactivation(b)).body.reason).toBe('request_open');
    expect((await w.submit.imei(b, newImei())).body.reason).toBe('request_open');
    expect(await w.state()).toEqual(before);
  });

  it('records only one of several simultaneous submits for a customer; the others are 409, not 500', async () => {
    const b = await fx.borrower({ daysDefaulted: 3 });
    const before = await w.state();
    const answers = await Promise.all(Array.from({ length: 6 }, () => w.submit.extension(b, 10)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.reason === 'request_open')).toBe(true);
    const after = await w.state();
    expect(after).toMatchObject({ requests: before.requests + 1, pending: before.pending + 1, audit: before.audit + 1 });
  });

  it('answers 404 "Customer record not found" for an unknown number', async () => {
    const before = await w.state();
    for (const res of [
      await api.call('POST', P.requestExtension, { token: w.token.callcentre, body: { msisdn: '0699999999', days_to_extend: 7 } }),
      await api.call('POST', P.requestDeactivation, { token: w.token.callcentre, body: { msisdn: '0699999999', reason: 'Returned' } }),
      await api.call('POST', P.requestImei, {
        token: w.token.callcentre,
        body: { msisdn: '0699999999', new_imei: newImei(), reason: 'Swap' },
      }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Customer record not found');
    }
    expect(await w.state()).toEqual(before);
  });

  it('refuses an extension or deregistration for a customer with no active loan, or naming another loan (409 no_active_loan)', async () => {
    const p = await fx.prospect();
    const other = await fx.borrower();
    const b = await fx.borrower();
    const before = await w.state();
    const none = await api.call('POST', P.requestExtension, { token: w.token.callcentre, body: { msisdn: p.msisdn, days_to_extend: 7 } });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ message: 'This customer has no active loan', reason: 'no_active_loan' });
    const noneToClose = await api.call('POST', P.requestDeactivation, {
      token: w.token.callcentre,
      body: { msisdn: p.msisdn, reason: 'Returned' },
    });
    expect(noneToClose.body.reason).toBe('no_active_loan');
    const wrongLoan = await w.submit.extension(b, 7, w.token.callcentre, { loan_id: other.loanId });
    expect(wrongLoan.status).toBe(409);
    expect(wrongLoan.body.message).toBe('This loan is not an active loan of this customer');
    const noDevice = await api.call('POST', P.requestImei, {
      token: w.token.callcentre,
      body: { msisdn: p.msisdn, new_imei: newImei(), reason: 'Swap' },
    });
    expect(noDevice.status).toBe(404);
    expect(noDevice.body.message).toBe('This customer has no device');
    expect(await w.state()).toEqual(before);
  });

  it('refuses an IMEI that another device or a phone in stock has (409 imei_in_use)', async () => {
    const b = await fx.borrower();
    const other = await fx.borrower();
    const stocked = newImei();
    await fx.stockItem(stocked);
    const before = await w.state();
    for (const taken of [other.imei, stocked]) {
      const res = await w.submit.imei(b, taken);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: `The IMEI ${taken} is already in use by another device`, reason: 'imei_in_use' });
    }
    expect(await w.state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('deciding: the effect, the audit row, exactly once', () => {
  it('approving an extension moves the due date, days defaulted, amount due and lock date, in one audited decision', async () => {
    const b = await fx.borrower({ daysDefaulted: 5, lateFee: 3000 });
    const { body: made } = await w.submit.extension(b, 14);
    api.clock.advance(2 * HOUR);
    const before = await w.state();
    const res = await w.decide(P.approveExtension, [made.id], 'approve');
    expect(res.status).toBe(200);
    const answer = decideResponse.parse(res.body);
    const after = {
      loan_number: b.loanNumber,
      next_repayment_date: plusDays(b.nextDue, 14),
      days_defaulted: 0,
      amount_due: 3000,
      future_lock_date: plusDays(b.futureLock, 14),
    };
    expect(answer).toEqual({
      results: [
        {
          id: made.id,
          outcome: 'approved',
          status: 200,
          message: 'Approved',
          before: {
            loan_number: b.loanNumber,
            next_repayment_date: b.nextDue,
            days_defaulted: 5,
            amount_due: 5 * 1800 + 3000,
            future_lock_date: b.futureLock,
          },
          after,
        },
      ],
      approved: 1,
      denied: 0,
      refused: 0,
    });
    expect(await w.loan(b.loanId)).toMatchObject({
      status: 'active',
      next_repayment_date: after.next_repayment_date,
      days_defaulted: 0,
      amount_due: 3000,
      future_lock_date: after.future_lock_date,
    });
    expect(await w.request(made.id)).toMatchObject({
      status: 'approved',
      checker_id: w.adminIds.approver,
      decided_at: api.clock.now(),
      decision_comment: null,
    });
    const rows = await w.audits('request.approved', made.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: w.adminIds.approver,
      before: { kind: 'loan_extension', status: 'submitted' },
      after: { status: 'approved', values: after },
    });
    expect(await w.state()).toMatchObject({
      requests: before.requests,
      pending: before.pending - 1,
      audit: before.audit + 1,
      ledger: before.ledger,
    });
  });

  it('warns the approver, in the pending list, when the new due date is already past', async () => {
    const b = await fx.borrower({ daysDefaulted: 24 });
    const { body: made } = await w.submit.extension(b, 14);
    const res = await api.call('POST', P.pendingExtensions, { token: w.token.approver, body: { limit: 200 } });
    expect(res.status).toBe(200);
    const item = res.body.pending_requests.find((i: { id: number }) => i.id === made.id);
    expect(item).toMatchObject({
      proposed_next_repayment_date: plusDays(b.nextDue, 14),
      proposed_days_defaulted: 10,
      proposed_in_past: true,
    });
    expect(made.proposed_in_past).toBe(true);
  });

  it('keeps counting days defaulted when the extension does not reach today', async () => {
    const b = await fx.borrower({ daysDefaulted: 40, lateFee: 5000 });
    const { body: made } = await w.submit.extension(b, 10);
    const res = await w.decide(P.approveExtension, [made.id], 'approve');
    expect(res.status).toBe(200);
    expect(await w.loan(b.loanId)).toMatchObject({
      next_repayment_date: plusDays(b.nextDue, 10),
      days_defaulted: 30,
      amount_due: 40 * 1800 + 5000,
    });
  });

  it('approving a deregistration closes the active loan and writes its balance off in a balanced ledger entry', async () => {
    const b = await fx.borrower({ daysDefaulted: 90, lateFee: 20_000, amountPaid: 30_000 });
    const balance = 1800 * 210 + 20_000 - 30_000;
    const { body: made } = await w.submit.deactivation(b);
    api.clock.advance(HOUR);
    const res = await w.decide(P.approveDeactivation, [made.id], 'approve');
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      outcome: 'approved',
      before: { loans: b.loanNumber, loan_status: 'active', loan_balance: balance, written_off: 0 },
      after: { loans: b.loanNumber, loan_status: 'deactivated', loan_balance: 0, written_off: balance },
    });
    const loan = await w.loan(b.loanId);
    expect(loan).toMatchObject({ status: 'deactivated', amount_due: 0 });
    expect(new Date(loan.closed_at as string)).toEqual(api.clock.now());
    const entries = await api.db.query(
      'SELECT kind, debit_account, credit_account, amount, loan_id, request_id, posted_by FROM ledger_entries WHERE request_id = $1',
      [made.id],
    );
    expect(entries).toEqual([
      {
        kind: 'loan_write_off',
        debit_account: 'bad_debt_expense',
        credit_account: 'loans_receivable',
        amount: balance,
        loan_id: b.loanId,
        request_id: made.id,
        posted_by: w.adminIds.approver,
      },
    ]);
    const [totals] = await api.db.query<{ debit: number; credit: number }>(
      'SELECT sum(debit)::int8 AS debit, sum(credit)::int8 AS credit FROM ledger_postings',
    );
    expect(totals!.debit).toBe(totals!.credit);
    // The customer no longer has an active loan, so qualifies again as the business rules say.
    const active = await api.db.query("SELECT 1 FROM loans WHERE customer_id = $1 AND status = 'active'", [b.customerId]);
    expect(active).toHaveLength(0);
  });

  it('approving an IMEI change sets the device IMEI', async () => {
    const b = await fx.borrower();
    const next = newImei();
    const { body: made } = await w.submit.imei(b, next);
    const res = await w.decide(P.approveImei, [made.id], 'approve');
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ outcome: 'approved', before: { imei: b.imei }, after: { imei: next } });
    expect(await w.deviceImei(b.deviceId)).toBe(next);
  });

  it('denying records the comment and changes nothing else', async () => {
    const b = await fx.borrower({ daysDefaulted: 8 });
    const { body: made } = await w.submit.extension(b, 30);
    const loanBefore = await w.loan(b.loanId);
    const res = await w.decide(P.approveExtension, [made.id], 'deny', w.token.approver, '  Too many extensions this year  ');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [{ id: made.id, outcome: 'denied', status: 200, message: 'Denied' }],
      approved: 0,
      denied: 1,
      refused: 0,
    });
    expect(await w.loan(b.loanId)).toEqual(loanBefore);
    expect(await w.request(made.id)).toMatchObject({
      status: 'denied',
      checker_id: w.adminIds.approver,
      decision_comment: 'Too many extensions this year',
    });
    const [row] = await w.audits('request.denied', made.id);
    expect(row).toMatchObject({ after: { status: 'denied', comment: 'Too many extensions this year' } });
    // A denied request no longer blocks a new one for the customer.
    expect((await w.submit.extension(b, 7)).status).toBe(201);
  });

  it('lets whoever may approve a deregistration also deny it (the spec has no DENY_DEREGISTRATION)', async () => {
    const b = await fx.borrower({ daysDefaulted: 61 });
    const { body: made } = await w.submit.deactivation(b);
    const res = await w.decide(P.approveDeactivation, [made.id], 'deny', w.token.approver, 'Customer is paying again');
    expect(res.status).toBe(200);
    expect((await w.loan(b.loanId)).status).toBe('active');
  });

  it('needs the approve or deny role of the queue to decide: 403 naming it, and the request stays pending', async () => {
    const b = await fx.borrower({ daysDefaulted: 2 });
    const { body: ext } = await w.submit.extension(b, 7);
    const { body: imei } = await w.submit.imei(b, newImei());
    const { body: dereg } = await w.submit.deactivation(b);
    const before = await w.state();
    const cases: Array<[string, number, 'approve' | 'deny', Role]> = [
      [P.approveExtension, ext.id, 'approve', 'APPROVE_LOAN_EXTENSION'],
      [P.approveExtension, ext.id, 'deny', 'DENY_LOAN_EXTENSION'],
      [P.approveImei, imei.id, 'approve', 'APPROVE_IMEI_CHANGE'],
      [P.approveImei, imei.id, 'deny', 'DENY_IMEI_CHANGE'],
      [P.approveDeactivation, dereg.id, 'approve', 'APPROVE_DEREGISTRATION'],
      [P.approveDeactivation, dereg.id, 'deny', 'APPROVE_DEREGISTRATION'],
    ];
    for (const [path, id, decision, role] of cases) {
      const res = await w.decide(path, [id], decision, viewerToken, 'Not convinced');
      expect(res.status, `${path} ${decision}`).toBe(403);
      expect(res.body).toEqual({ message: `This needs the ${role} role`, role });
    }
    expect(await w.state()).toEqual(before);
    // The viewer does see them.
    const seen = await api.call('POST', P.pendingExtensions, {
      token: viewerToken,
      body: { requested_by: w.adminIds.callcentre, limit: 200 },
    });
    expect(seen.body.pending_requests.map((r: { id: number }) => r.id)).toContain(ext.id);
  });

  it('never lets the maker decide their own request, not even the admin who holds every role (403 own_request)', async () => {
    const b = await fx.borrower({ daysDefaulted: 4 });
    const { body: made } = await w.submit.extension(b, 7, w.token.admin);
    const { body: imei } = await w.submit.imei(b, newImei(), w.token.admin);
    const before = await w.state();
    for (const [path, id, decision] of [
      [P.approveExtension, made.id, 'approve'],
      [P.approveExtension, made.id, 'deny'],
      [P.approveImei, imei.id, 'approve'],
    ] as const) {
      const res = await w.decide(path, [id], decision, w.token.admin, 'My own');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You made this request: someone else must decide it', reason: 'own_request' });
    }
    expect(await w.state()).toEqual(before);
    expect((await w.decide(P.approveExtension, [made.id], 'approve')).status).toBe(200);
  });

  it('has the database refuse a checker who is the maker, whatever the code does', async () => {
    const b = await fx.borrower({ daysDefaulted: 4 });
    const { body: made } = await w.submit.extension(b, 7);
    await expect(
      api.db.query(
        "UPDATE requests SET status = 'denied', checker_id = maker_id, decided_at = $2, decision_comment = 'self' WHERE id = $1",
        [made.id, api.clock.now()],
      ),
    ).rejects.toThrow(/requests_checker_is_not_maker/);
    await expect(
      api.db.query("UPDATE requests SET status = 'denied', checker_id = $2, decided_at = $3 WHERE id = $1", [
        made.id,
        w.adminIds.approver,
        api.clock.now(),
      ]),
    ).rejects.toThrow(/requests_denial_has_comment/);
    expect((await w.request(made.id)).status).toBe('submitted');
  });

  it('answers 409 already_decided to a second decision, and 404 to an id of another queue or none', async () => {
    const b = await fx.borrower({ daysDefaulted: 4 });
    const { body: made } = await w.submit.extension(b, 7);
    const { body: imei } = await w.submit.imei(b, newImei());
    expect((await w.decide(P.approveExtension, [made.id], 'approve')).status).toBe(200);
    const before = await w.state();
    for (const decision of ['approve', 'deny'] as const) {
      const again = await w.decide(P.approveExtension, [made.id], decision, w.token.admin, 'Again');
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: 'This request has already been decided (approved)', reason: 'already_decided' });
    }
    const otherQueue = await w.decide(P.approveExtension, [imei.id], 'approve');
    expect(otherQueue.status).toBe(404);
    expect(otherQueue.body).toEqual({ message: `There is no loan extension request ${imei.id}`, reason: 'not_found' });
    const missing = await w.decide(P.approveImei, [9_999_999], 'approve');
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('not_found');
    expect(await w.state()).toEqual(before);
  });

  it('gives exactly one effect and one audit row for 50 simultaneous approvals of one request; the other 49 are 409', async () => {
    const b = await fx.borrower({ daysDefaulted: 6 });
    const { body: made } = await w.submit.extension(b, 20);
    const before = await w.state();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => w.decide(P.approveExtension, [made.id], 'approve', i % 2 ? w.token.approver : w.token.admin)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.body).toEqual({ message: 'This request has already been decided (approved)', reason: 'already_decided' });
    }
    expect((await w.loan(b.loanId)).next_repayment_date).toBe(plusDays(b.nextDue, 20));
    expect(await w.audits('request.approved', made.id)).toHaveLength(1);
    expect(await w.state()).toMatchObject({ pending: before.pending - 1, audit: before.audit + 1 });
  });

  it('writes a loan off once for 20 simultaneous approvals of a deregistration', async () => {
    const b = await fx.borrower({ daysDefaulted: 100 });
    const { body: made } = await w.submit.deactivation(b);
    const answers = await Promise.all(Array.from({ length: 20 }, () => w.decide(P.approveDeactivation, [made.id], 'approve')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await api.db.query('SELECT 1 FROM ledger_entries WHERE loan_id = $1', [b.loanId])).toHaveLength(1);
    expect(await w.audits('request.approved', made.id)).toHaveLength(1);
  });

  it('rolls a failing effect back: an IMEI taken since the request is 409 imei_in_use and the request stays pending', async () => {
    const b = await fx.borrower();
    const target = newImei();
    const { body: made } = await w.submit.imei(b, target);
    // Since the request, a phone with that IMEI arrived in stock.
    await fx.stockItem(target);
    const before = await w.state();
    const res = await w.decide(P.approveImei, [made.id], 'approve');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: `The IMEI ${target} is already in use by another device`, reason: 'imei_in_use' });
    expect(await w.request(made.id)).toMatchObject({ status: 'submitted', checker_id: null, decided_at: null });
    expect(await w.deviceImei(b.deviceId)).toBe(b.imei);
    expect(await w.audits('request.approved', made.id)).toHaveLength(0);
    expect(await w.state()).toEqual(before);
    // Still decidable: the approver denies it.
    expect((await w.decide(P.approveImei, [made.id], 'deny', w.token.approver, 'IMEI belongs to a phone in stock')).status).toBe(200);
  });

  it('rolls back when two pending changes ask for the same IMEI: the second approval is refused', async () => {
    const one = await fx.borrower();
    const two = await fx.borrower();
    const target = newImei();
    const { body: first } = await w.submit.imei(one, target);
    const { body: second } = await w.submit.imei(two, target);
    expect((await w.decide(P.approveImei, [first.id], 'approve')).status).toBe(200);
    const res = await w.decide(P.approveImei, [second.id], 'approve');
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('imei_in_use');
    expect(await w.deviceImei(two.deviceId)).toBe(two.imei);
    expect((await w.request(second.id)).status).toBe('submitted');
  });

  it('refuses to extend a loan that is no longer active (409 no_active_loan), leaving the request to be denied', async () => {
    const b = await fx.borrower({ daysDefaulted: 3 });
    const { body: made } = await w.submit.extension(b, 7);
    await api.db.query("UPDATE loans SET status = 'closed', closed_at = $2, amount_due = 0 WHERE id = $1", [b.loanId, api.clock.now()]);
    const before = await w.state();
    const res = await w.decide(P.approveExtension, [made.id], 'approve');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'The loan is no longer active: deny the request instead', reason: 'no_active_loan' });
    expect(await w.state()).toEqual(before);
  });

  it('decides a bulk selection item by item, with a result for each in the order sent', async () => {
    const [a, b, c, d, e] = await Promise.all([fx.borrower(), fx.borrower(), fx.borrower(), fx.borrower(), fx.borrower()]);
    const ok1 = (await w.submit.imei(a!, newImei())).body;
    const ok2 = (await w.submit.imei(b!, newImei())).body;
    const clashImei = newImei();
    const clash = (await w.submit.imei(c!, clashImei)).body;
    await fx.stockItem(clashImei);
    const decided = (await w.submit.imei(d!, newImei())).body;
    expect((await w.decide(P.approveImei, [decided.id], 'deny', w.token.approver, 'Wrong phone')).status).toBe(200);
    const own = (await w.submit.imei(e!, newImei(), w.token.admin)).body;
    const res = await w.decide(P.approveImei, [ok1.id, clash.id, decided.id, 9_999_998, own.id, ok2.id], 'approve', w.token.admin);
    expect(res.status).toBe(200);
    const answer = decideResponse.parse(res.body);
    expect(answer.results.map((r) => [r.id, r.outcome, r.status, r.reason])).toEqual([
      [ok1.id, 'approved', 200, undefined],
      [clash.id, 'refused', 409, 'imei_in_use'],
      [decided.id, 'refused', 409, 'already_decided'],
      [9_999_998, 'refused', 404, 'not_found'],
      [own.id, 'refused', 403, 'own_request'],
      [ok2.id, 'approved', 200, undefined],
    ]);
    expect(answer).toMatchObject({ approved: 2, denied: 0, refused: 4 });
    expect(await w.deviceImei(a!.deviceId)).toBe(ok1.new_imei);
    expect(await w.deviceImei(b!.deviceId)).toBe(ok2.new_imei);
    expect(await w.deviceImei(c!.deviceId)).toBe(c!.imei);
    expect((await w.request(clash.id)).status).toBe('submitted');
    expect((await w.request(own.id)).status).toBe('submitted');
  });

  it('denies a bulk selection with one comment', async () => {
    const borrowers = await Promise.all([
      fx.borrower({ daysDefaulted: 65 }),
      fx.borrower({ daysDefaulted: 66 }),
      fx.borrower({ daysDefaulted: 67 }),
    ]);
    const ids: number[] = [];
    for (const b of borrowers) ids.push((await w.submit.deactivation(b)).body.id);
    const res = await w.decide(P.approveDeactivation, ids, 'deny', w.token.approver, 'Collections team will follow up first');
    expect(res.body).toMatchObject({ approved: 0, denied: 3, refused: 0 });
    for (const id of ids)
      expect(await w.request(id)).toMatchObject({ status: 'denied', decision_comment: 'Collections team will follow up first' });
    for (const b of borrowers) expect((await w.loan(b.loanId)).status).toBe('active');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('the pending lists and the maker-checker inboxes (a database of their own)', () => {
  let v: World;
  const made: Record<string, number[]> = { ext: [], dereg: [], imei: [] };
  let one: Borrower[];
  let start: Date;

  beforeAll(async () => {
    v = await world();
    start = v.api.clock.now();
    one = [];
    // Five extensions an hour apart, alternating makers and stores; a deregistration and an IMEI change.
    for (let i = 0; i < 5; i++) {
      const b = await v.fx.borrower({ daysDefaulted: 1 + i, storeId: v.fx.stores[i % 2] });
      one.push(b);
      made.ext!.push((await v.submit.extension(b, 7 + i, i % 2 ? v.token.collector : v.token.callcentre)).body.id);
      v.api.clock.advance(HOUR);
    }
    made.dereg!.push((await v.submit.deactivation(one[0]!)).body.id);
    made.imei!.push((await v.submit.imei(one[1]!, imeiFor(900, '35777701'))).body.id);
    v.api.clock.advance(30 * 60_000);
  });
  afterAll(() => v.api.close());

  it('lists pending extensions oldest first, with how long each has waited by the server clock', async () => {
    const res = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: {} });
    expect(res.status).toBe(200);
    const list = pendingLoanExtensions.parse(res.body);
    expect(list).toMatchObject({ total: 5, limit: 50, skip: 0 });
    expect(list.pending_requests.map((r) => r.id)).toEqual(made.ext);
    const now = v.api.clock.now().getTime();
    list.pending_requests.forEach((r, i) => {
      expect(r.requested_at).toBe(new Date(start.getTime() + i * HOUR).toISOString());
      expect(r.waited_ms).toBe(now - start.getTime() - i * HOUR);
    });
    expect(list.pending_requests[0]!.waited_ms).toBe(5.5 * HOUR);
    v.api.clock.advance(60_000);
    const later = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: { limit: 1 } });
    expect(later.body.pending_requests[0].waited_ms).toBe(5.5 * HOUR + 60_000);
  });

  it('filters by requester, store and kind, and pages with limit and skip', async () => {
    const byCollector = await v.api.call('POST', P.pendingExtensions, {
      token: v.token.approver,
      body: { requested_by: v.adminIds.collector },
    });
    expect(byCollector.body.pending_requests.map((r: { id: number }) => r.id)).toEqual([made.ext![1], made.ext![3]]);
    expect(byCollector.body.total).toBe(2);
    const byStore = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: { store_id: v.fx.stores[0] } });
    expect(byStore.body.pending_requests.map((r: { id: number }) => r.id)).toEqual([made.ext![0], made.ext![2], made.ext![4]]);
    const both = await v.api.call('POST', P.pendingExtensions, {
      token: v.token.approver,
      body: { store_id: v.fx.stores[1], requested_by: v.adminIds.collector, kind: 'loan_extension' },
    });
    expect(both.body.pending_requests.map((r: { id: number }) => r.id)).toEqual([made.ext![1], made.ext![3]]);
    const page = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: { limit: 2, skip: 1 } });
    expect(page.body).toMatchObject({ total: 5, limit: 2, skip: 1 });
    expect(page.body.pending_requests.map((r: { id: number }) => r.id)).toEqual(made.ext!.slice(1, 3));
    const past = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: { skip: 10 } });
    expect(past.body).toEqual({ pending_requests: [], total: 5, limit: 50, skip: 10 });
  });

  it('lists pending deregistrations and IMEI changes in their own queues, and drops decided requests', async () => {
    const dereg = pendingLoanDeactivations.parse(
      (await v.api.call('POST', P.pendingDeactivations, { token: v.token.approver, body: {} })).body,
    );
    expect(dereg.pending_requests.map((r) => r.id)).toEqual(made.dereg);
    expect(dereg.pending_requests[0]).toMatchObject({
      reason: 'Customer returned the phone to the shop',
      requested_by: { username: 'callcentre' },
    });
    const imei = pendingImeiChanges.parse((await v.api.call('POST', P.pendingImei, { token: v.token.approver, body: {} })).body);
    expect(imei.pending_requests.map((r) => [r.id, r.old_imei, r.new_imei])).toEqual([
      [made.imei![0], one[1]!.imei, imeiFor(900, '35777701')],
    ]);
    await v.decide(P.approveExtension, [made.ext![0]!], 'approve');
    const after = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: {} });
    expect(after.body.total).toBe(4);
    expect(after.body.pending_requests.map((r: { id: number }) => r.id)).toEqual(made.ext!.slice(1));
  });

  it('shows the extension as it would apply now: current and proposed dates read from the loan', async () => {
    // A payment since the request moved the due date on by 2 days: the queue shows the dates as they are now.
    const b = one[2]!;
    await v.api.db.query('UPDATE loans SET next_repayment_date = next_repayment_date + 2 WHERE id = $1', [b.loanId]);
    const res = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: { limit: 200 } });
    const item = res.body.pending_requests.find((r: { id: number }) => r.id === made.ext![2]);
    expect(item).toMatchObject({
      days_to_extend: 9,
      current_next_repayment_date: plusDays(b.nextDue, 2),
      proposed_next_repayment_date: plusDays(b.nextDue, 11),
    });
  });

  it('puts business operations and portal changes in their inboxes, with before and after', async () => {
    const admin = { adminId: v.adminIds.admin! };
    const now = v.api.clock.now();
    const price = await v.api.db.transaction((tx) =>
      submitPriceUpdate(
        tx,
        admin,
        {
          phone_model_id: v.fx.modelId,
          rrp: 280_000,
          wholesale_price: 232_000,
          credit_multiplier: 1.45,
          deposit: 56_000,
          daily_payment: 1700,
          installments: 210,
          twelve_months_payment: 35_000,
        },
        now,
      ),
    );
    v.api.clock.advance(60_000);
    const roleAdd = await v.api.db.transaction((tx) =>
      submitGroupRoleChange(tx, admin, 'add', { group_id: v.groupIds.Agent!, admin_role: 'VIEW_USERS' }, v.api.clock.now()),
    );
    v.api.clock.advance(60_000);
    const roleRemove = await v.api.db.transaction((tx) =>
      submitGroupRoleChange(tx, admin, 'remove', { group_id: v.groupIds.Agent!, admin_role: 'REPORT_STOLEN_PHONE' }, v.api.clock.now()),
    );
    v.api.clock.advance(60_000);
    const passwordHash = await hashPassword('Neema#2026long');
    const user = await v.api.db.transaction((tx) =>
      submitPortalUser(
        tx,
        admin,
        {
          username: 'neema',
          full_name: 'Neema Swai',
          email: 'neema@simu.co.tz',
          phone: undefined,
          group_id: v.groupIds['Call centre']!,
          otp_enabled: false,
          otp_channel: 'sms',
          password_hash: passwordHash,
        },
        v.api.clock.now(),
      ),
    );

    const business = pendingMakerChecker.parse((await v.api.call('POST', P.pendingBusiness, { token: v.token.approver, body: {} })).body);
    expect(business.pending_requests).toHaveLength(1);
    expect(business.pending_requests[0]).toMatchObject({
      id: price,
      kind: 'phone_price_update',
      requested_by: { username: 'admin' },
      summary: 'New price of itel Test A1 (64 GB) (TST-A1-64-4): TZS 280000, was TZS 300000',
      before: { sku: 'TST-A1-64-4', rrp: 300_000, deposit: 60_000, daily_payment: 1800 },
      after: { sku: 'TST-A1-64-4', rrp: 280_000, deposit: 56_000, daily_payment: 1700 },
    });
    const portal = pendingMakerCheckerPortal.parse((await v.api.call('POST', P.pendingPortal, { token: v.token.approver, body: {} })).body);
    expect(portal.pending_requests.map((r) => [r.id, r.kind])).toEqual([
      [roleAdd, 'group_role_add'],
      [roleRemove, 'group_role_remove'],
      [user, 'portal_user_create'],
    ]);
    expect(portal.pending_requests[0]).toMatchObject({
      before: { group: 'Agent', role: 'VIEW_USERS', held: false },
      after: { held: true },
    });
    expect(JSON.stringify(portal)).not.toMatch(/scrypt|password/);
    const onlyAdds = await v.api.call('POST', P.pendingPortal, { token: v.token.approver, body: { kind: 'group_role_add' } });
    expect(onlyAdds.body.pending_requests.map((r: { id: number }) => r.id)).toEqual([roleAdd]);

    // Each inbox decides only its own kinds.
    expect((await v.decide(P.approveBusiness, [roleAdd], 'approve')).status).toBe(404);
    expect((await v.decide(P.approvePortal, [price], 'approve')).status).toBe(404);
    // The maker (admin) may not approve; the approver may.
    expect((await v.decide(P.approvePortal, [roleAdd], 'approve', v.token.admin)).body.reason).toBe('own_request');
    expect((await v.api.call('GET', '/prerequisites/admins', { token: v.token.agent })).status).toBe(403);
    const decided = await v.decide(P.approvePortal, [roleAdd, roleRemove, user], 'approve');
    expect(decided.body).toMatchObject({ approved: 3, refused: 0 });
    // The agent's group got VIEW_USERS and lost REPORT_STOLEN_PHONE, and the new user logs in.
    expect((await v.api.call('GET', '/prerequisites/admins', { token: v.token.agent })).status).toBe(200);
    const agentRoles = await v.api.db.query<{ admin_role: string }>('SELECT admin_role FROM admin_group_roles WHERE group_id = $1', [
      v.groupIds.Agent,
    ]);
    expect(agentRoles.map((r) => r.admin_role)).not.toContain('REPORT_STOLEN_PHONE');
    expect((await v.api.login('neema', 'Neema#2026long', '10.9.0.1')).status).toBe(200);

    const priced = await v.decide(P.approveBusiness, [price], 'approve');
    expect(priced.status).toBe(200);
    const prices = await v.api.db.query<{ rrp: number; effective_to: Date | null }>(
      'SELECT rrp, effective_to FROM phone_prices WHERE phone_model_id = $1 ORDER BY id',
      [v.fx.modelId],
    );
    expect(prices).toEqual([
      { rrp: 300_000, effective_to: v.api.clock.now() },
      { rrp: 280_000, effective_to: null },
    ]);
  });

  it('refuses a maker-checker change overtaken since the request (409 changed_since_request), leaving it pending', async () => {
    const admin = { adminId: v.adminIds.admin! };
    const id = await v.api.db.transaction((tx) =>
      submitGroupRoleChange(tx, admin, 'add', { group_id: v.groupIds.Finance!, admin_role: 'VIEW_STORES' }, v.api.clock.now()),
    );
    // The role arrives by another way meanwhile (a request of another kind cannot be open for the same change).
    await v.api.db.query('INSERT INTO admin_group_roles (group_id, admin_role, created_at) VALUES ($1, $2, $3)', [
      v.groupIds.Finance,
      'VIEW_STORES',
      v.api.clock.now(),
    ]);
    const res = await v.decide(P.approvePortal, [id], 'approve');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'The group already has this role', reason: 'changed_since_request' });
    expect((await v.request(id)).status).toBe('submitted');
  });

  describe('the audit search of requests', () => {
    it('finds requests by kind, maker, checker, result and date range, newest first', async () => {
      const all = requestAuditList.parse((await v.api.call('GET', `${P.audit}?limit=200`, { token: v.token.admin })).body);
      const [{ n }] = (await v.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM requests')) as [{ n: number }];
      expect(all.total).toBe(n);
      const times = all.data.map((r) => r.submitted_at);
      expect(times).toEqual([...times].sort().reverse());

      const approvedExt = await v.api.call('GET', `${P.audit}?kind=loan_extension&result=approved`, { token: v.token.admin });
      expect(approvedExt.body.data.map((r: { id: number }) => r.id)).toEqual([made.ext![0]]);
      expect(approvedExt.body.data[0]).toMatchObject({
        kind: 'loan_extension',
        status: 'approved',
        maker: { username: 'callcentre' },
        checker: { username: 'approver' },
        summary: 'Extend LNT000001 by 7 days',
        before: { next_repayment_date: one[0]!.nextDue },
        after: { next_repayment_date: plusDays(one[0]!.nextDue, 7) },
      });
      const byMaker = await v.api.call('GET', `${P.audit}?maker_id=${v.adminIds.collector}`, { token: v.token.admin });
      expect(byMaker.body.data.map((r: { id: number }) => r.id)).toEqual([made.ext![3], made.ext![1]]);
      const byChecker = await v.api.call('GET', `${P.audit}?checker_id=${v.adminIds.approver}&limit=200`, { token: v.token.admin });
      expect(byChecker.body.data.every((r: { checker: { username: string } }) => r.checker.username === 'approver')).toBe(true);
      expect(byChecker.body.total).toBe(5);
      const pending = await v.api.call('GET', `${P.audit}?result=submitted&kind=group_role_add`, { token: v.token.admin });
      expect(pending.body.total).toBe(1);

      // Dates are Tanzanian calendar days; the first extensions were submitted on TEST_NOW's day.
      const day = new Date(TEST_NOW.getTime() + 3 * HOUR).toISOString().slice(0, 10);
      const onDay = await v.api.call('GET', `${P.audit}?from=${day}&to=${day}&limit=200`, { token: v.token.admin });
      expect(onDay.body.total).toBe(n);
      const dayBefore = plusDays(day, -1);
      const none = await v.api.call('GET', `${P.audit}?from=${dayBefore}&to=${dayBefore}`, { token: v.token.admin });
      expect(none.body).toEqual({ total: 0, limit: 50, skip: 0, data: [] });
      const decidedOnDay = await v.api.call('GET', `${P.audit}?date_field=decided&from=${day}&limit=200`, { token: v.token.admin });
      expect(decidedOnDay.body.total).toBe(5);
      const paged = await v.api.call('GET', `${P.audit}?limit=2&skip=1`, { token: v.token.admin });
      expect(paged.body).toMatchObject({ total: n, limit: 2, skip: 1 });
      expect(paged.body.data).toEqual(all.data.slice(1, 3));
    });

    it('the total with no filter (kept by migration 032) follows requests added and removed several at a time', async () => {
      const total = async () => (await v.api.call('GET', `${P.audit}?limit=1`, { token: v.token.admin })).body.total as number;
      const counted = async () => Number((await v.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM requests'))[0]!.n);
      expect(await total()).toBe(await counted());
      // Copies of three decided requests, inserted in one statement (none open, so no subject is taken twice).
      const copies = await v.api.db.query<{ id: number }>(
        `INSERT INTO requests (kind, status, subject, maker_id, checker_id, reason, decision_comment, payload, applied, customer_id, loan_id,
                               device_id, store_id, submitted_at, decided_at)
         SELECT kind, status, subject, maker_id, checker_id, reason, decision_comment, payload, applied, customer_id, loan_id,
                device_id, store_id, submitted_at, decided_at
           FROM requests WHERE status <> 'submitted' ORDER BY id LIMIT 3 RETURNING id`,
      );
      expect(copies).toHaveLength(3);
      expect(await total()).toBe(await counted());
      await v.api.db.query('DELETE FROM requests WHERE id = ANY($1::bigint[])', [copies.map((c) => c.id)]);
      expect(await total()).toBe(await counted());
    });

    it('exports the search as CSV: a header, one row per request, quoted text, and no formulas', async () => {
      const b = await v.fx.borrower({ daysDefaulted: 70 });
      const tricky = '=HYPERLINK("http://evil"), then "quotes",\nand a line';
      const { body: dereg } = await v.submit.deactivation(b, v.token.callcentre, tricky);
      await v.decide(P.approveDeactivation, [dereg.id], 'deny', v.token.approver, '+ not convinced');

      const res = await v.api.call('GET', `${P.auditCsv}?kind=loan_deactivation`, { token: v.token.admin });
      expect(res.status).toBe(200);
      const file = requestAuditCsv.parse(res.body);
      const day = new Date(v.api.clock.now().getTime() + 3 * HOUR).toISOString().slice(0, 10);
      expect(file).toMatchObject({ filename: `requests-audit-${day}.csv`, content_type: 'text/csv', rows: 2, truncated: false });
      expect(file.csv.endsWith('\r\n')).toBe(true);
      const [header, ...rest] = file.csv.slice(0, -2).split('\r\n');
      expect(header).toBe(REQUEST_AUDIT_CSV_COLUMNS.join(','));
      const first = rest.join('\r\n');
      expect(first.startsWith(`${dereg.id},loan_deactivation,denied,callcentre,approver,`)).toBe(true);
      expect(first).toContain(`"'=HYPERLINK(""http://evil""), then ""quotes"",\nand a line"`);
      expect(first).toContain(",'+ not convinced,");
      expect(first).toContain(b.msisdn);
      const json = await v.api.call('GET', `${P.audit}?kind=loan_deactivation`, { token: v.token.admin });
      expect(file.rows).toBe(json.body.total);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('seedRequests: queues to clear on first start', () => {
  let s: World;
  let result: Awaited<ReturnType<typeof seedRequests>>;

  beforeAll(async () => {
    s = await world();
    for (let i = 0; i < 12; i++) await s.fx.borrower({ daysDefaulted: 1 + i });
    for (let i = 0; i < 12; i++) await s.fx.borrower({ daysDefaulted: 61 + i });
    for (let i = 0; i < 12; i++) await s.fx.borrower({ dueInDays: i });
    result = await s.api.db.transaction((tx) => seedRequests(tx, { now: s.api.clock.now() }));
  });
  afterAll(() => s.api.close());

  it('makes ten of each customer request and a few business and portal changes, all pending and in the past', async () => {
    expect(result).toEqual({
      loan_extension: 10,
      loan_deactivation: 10,
      imei_change: 10,
      phone_price_update: 1,
      group_role_add: 4,
      group_role_remove: 1,
      portal_user_create: 2,
    });
    const rows = await s.api.db.query<{ kind: string; maker: string; status: string; submitted_at: Date }>(
      'SELECT r.kind, a.username AS maker, r.status, r.submitted_at FROM requests r JOIN admins a ON a.id = r.maker_id',
    );
    expect(rows.every((r) => r.status === 'submitted' && r.submitted_at.getTime() <= s.api.clock.now().getTime() - HOUR)).toBe(true);
    expect(new Set(rows.filter((r) => r.kind === 'loan_extension').map((r) => r.maker))).toEqual(new Set(['callcentre', 'collector']));
    expect(new Set(rows.filter((r) => r.kind === 'loan_deactivation' || r.kind === 'imei_change').map((r) => r.maker))).toEqual(
      new Set(['callcentre']),
    );
    expect(await s.api.db.transaction((tx) => seedRequests(tx, { now: s.api.clock.now() }))).toEqual({});
  });

  it('gives the approver queues that clear: every list shows its requests and a bulk decision clears each', async () => {
    const queues: Array<[string, string, 'approve' | 'deny', number]> = [
      [P.pendingExtensions, P.approveExtension, 'approve', 10],
      [P.pendingImei, P.approveImei, 'approve', 10],
      [P.pendingDeactivations, P.approveDeactivation, 'deny', 10],
      [P.pendingBusiness, P.approveBusiness, 'approve', 1],
      [P.pendingPortal, P.approvePortal, 'approve', 7],
    ];
    for (const [list, decidePath, decision, expected] of queues) {
      const pending = await s.api.call('POST', list, { token: s.token.approver, body: {} });
      expect(pending.body.total, list).toBe(expected);
      const ids = pending.body.pending_requests.map((r: { id: number }) => r.id);
      const res = await s.decide(decidePath, ids, decision, s.token.approver, 'Checked with the customer');
      expect(
        res.body.refused,
        `${decidePath}: ${JSON.stringify(res.body.results.filter((r: { outcome: string }) => r.outcome === 'refused'))}`,
      ).toBe(0);
      expect((await s.api.call('POST', list, { token: s.token.approver, body: {} })).body.total).toBe(0);
    }
  });
});

describe('the loan-extension queue answers what its submission answered', () => {
  let v: World;
  beforeAll(async () => {
    v = await world();
  });
  afterAll(() => v.api.close());

  it('answers each extension exactly as its submission did, a late one and one without a store included', async () => {
    // One that would still be late after its extension, one on time, one made by the maker without a store.
    const late = await v.fx.borrower({ daysDefaulted: 20 });
    const onTime = await v.fx.borrower({ daysDefaulted: 0, storeId: v.fx.stores[1] });
    const submitted = [
      (await v.submit.extension(late, 7, v.token.collector)).body,
      (await v.submit.extension(onTime, 30, v.token.callcentre)).body,
    ];
    const noStore = await v.fx.borrower({ daysDefaulted: 3 });
    const third = (await v.submit.extension(noStore, 5, v.token.collector)).body;
    await v.api.db.query('UPDATE requests SET store_id = NULL WHERE id = $1', [third.id]);
    submitted.push({ ...third, store: null });
    expect(submitted[0]).toMatchObject({ proposed_in_past: true, proposed_days_defaulted: 13, after: { days_defaulted: 13 } });
    v.api.clock.advance(90_000);
    const res = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: {} });
    expect(res.status).toBe(200);
    const list = pendingLoanExtensions.parse(res.body);
    expect(list.pending_requests).toEqual(submitted.map((item) => ({ ...item, waited_ms: item.waited_ms + 90_000 })));
    expect(res.body).toEqual({ pending_requests: list.pending_requests, total: 3, limit: 50, skip: 0 });
  });

  it('answers an empty page with its total, and a filter that matches nothing with none', async () => {
    const past = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: { skip: 3 } });
    expect(past.body).toEqual({ pending_requests: [], total: 3, limit: 50, skip: 3 });
    const nobody = await v.api.call('POST', P.pendingExtensions, { token: v.token.approver, body: { requested_by: v.adminIds.approver } });
    expect(nobody.body).toEqual({ pending_requests: [], total: 0, limit: 50, skip: 0 });
  });
});
