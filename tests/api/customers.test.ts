import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerView } from '../../src/contract/customers';
import type { Role } from '../../src/contract/roles';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, imeiFor, type Borrower, type BusinessFixtures } from '../support/business-fixtures';
import { userWith as approvedUser } from '../support/admin-changes';

const FIND = '/api/v1/view_customer_msisdn';
const DAY_MS = 86_400_000;

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};

/** A user of a new group holding exactly these roles: made by the admin, approved by the approver (four eyes). */
async function userWith(username: string, roles: Role[]): Promise<string> {
  return (await approvedUser(api, username, roles)).token;
}

const find = (body: unknown, by = token.agent) => api.call('POST', FIND, { token: by, body });

/** What a lookup must leave as it was (it changes nothing, not even the audit log). */
async function state() {
  const [row] = await api.db.query(`
    SELECT (SELECT count(*)::int FROM audit_log) AS audit,
           (SELECT md5(coalesce(string_agg(c::text, '|' ORDER BY c.id), '')) FROM customers c) AS customers,
           (SELECT md5(coalesce(string_agg(d::text, '|' ORDER BY d.id), '')) FROM devices d) AS devices,
           (SELECT md5(coalesce(string_agg(l::text, '|' ORDER BY l.id), '')) FROM loans l) AS loans`);
  return row!;
}

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  for (const u of ['admin', 'agent', 'finance', 'callcentre', 'approver']) token[u] = await api.tokenFor(u);
  token.noFind = await userWith('nofind', ['VIEW_CUSTOMER_PHONE', 'VIEW_CUSTOMER_LOANS']);
  token.findOnly = await userWith('findonly', ['FIND_CUSTOMER']);
});
afterAll(() => api.close());

describe('who may find a customer', () => {
  it('401 without a token', async () => {
    const res = await api.call('POST', FIND, { body: { msisdn: '0750000001' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
  });

  it('403 naming FIND_CUSTOMER for a group without it, even with the view roles and a bad body', async () => {
    const b = await fx.borrower();
    for (const body of [{ msisdn: b.msisdn }, { msisdn: 'abc' }]) {
      const res = await find(body, token.noFind);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'This needs the FIND_CUSTOMER role', role: 'FIND_CUSTOMER' });
    }
  });
});

describe('bad input is 400 with the field named', () => {
  it.each([
    { name: 'a foreign number', body: { msisdn: '+254712345678' }, field: 'msisdn', message: /valid phone number/ },
    { name: 'a number too short', body: { msisdn: '075412345' }, field: 'msisdn', message: /valid phone number/ },
    { name: 'a landline', body: { msisdn: '0222123456' }, field: 'msisdn', message: /valid phone number/ },
    { name: 'neither msisdn nor national_id', body: {}, field: 'msisdn', message: /phone number or national ID/ },
    { name: 'both blank', body: { msisdn: '  ', national_id: '   ' }, field: 'msisdn', message: /phone number or national ID/ },
    { name: 'a national ID of 41 characters', body: { national_id: '1'.repeat(41) }, field: 'national_id' },
    { name: 'a number as a JSON number', body: { msisdn: 754123456 }, field: 'msisdn' },
  ])('$name', async ({ body, field, message }) => {
    const before = await state();
    const res = await find(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toContain(field);
    if (message) expect(res.body.fields[field]).toMatch(message);
    expect(await state()).toEqual(before);
  });
});

describe('not found', () => {
  it.each([
    { name: 'an unknown phone number', body: { msisdn: '0659999999' } },
    { name: 'an unknown national ID', body: { national_id: '19000101-99999-99999-99' } },
    { name: 'an ID of separators only', body: { national_id: ' - - ' } },
  ])('404 Customer record not found for $name', async ({ body }) => {
    const res = await find(body);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Customer record not found', reason: 'not_found' });
  });
});

describe('finding a customer', () => {
  let b: Borrower;
  const local = (msisdn: string) => `0${msisdn.slice(3, 6)} ${msisdn.slice(6, 9)} ${msisdn.slice(9)}`;

  beforeAll(async () => {
    b = await fx.borrower({ daysDefaulted: 4, lateFee: 2000, amountPaid: 100_000 });
  });

  it('answers the whole view for the agent (profile, device, loans), changing nothing', async () => {
    const before = await state();
    const res = await find({ msisdn: b.msisdn });
    expect(res.status).toBe(200);
    const view = customerView.parse(res.body);
    expect(view).toEqual({
      customer: {
        id: b.customerId,
        msisdn: b.msisdn,
        first_name: 'Neema',
        other_names: b.name.replace(/^Neema /, ''),
        sex: 'F',
        date_of_birth: '1990-01-01',
        id_type: 'nida',
        national_id: expect.stringMatching(/^19900101-00000-00000-\d\d$/),
        nida_number: null,
        customer_key: expect.stringMatching(/^CKTEST\d+$/),
        registered_at: TEST_NOW.toISOString(),
        loan_status: 'active',
        birth_country: 'Tanzania',
        birth_region: null,
        birth_district: null,
        birth_ward: null,
        resident_postal_code: null,
        resident_region: null,
        resident_district: null,
        resident_village: null,
        resident_street: null,
        security_question: null,
        language: 'sw',
      },
      device: {
        id: b.deviceId,
        imei: b.imei,
        device_name: 'itel Test A1 (64 GB)',
        model: 'A1',
        sku: 'TST-A1-64-4',
        lock_solution_type: 'dial_code',
        lock_status: 'active',
        is_locked: true,
        status: 'active',
        last_check_in: null,
        enrolled_at: TEST_NOW.toISOString(),
        future_lock_date: b.futureLock,
      },
      loans: [
        {
          id: b.loanId,
          loan_number: b.loanNumber,
          status: 'active',
          repayment_period: 'daily',
          amount_due: 4 * 1800 + 2000,
          amount_paid: 100_000,
          deposit_paid: 60_000,
          late_fee: 2000,
          loan_balance: 1800 * 210 + 2000 - 100_000,
          days_defaulted: 4,
          // From the schedule today: 60 installments of 1800 fell due by today (55 paid and part of the 56th),
          // 59 by yesterday; the late fee is owed in both.
          due_now: 60 * 1800 - 100_000 + 2000,
          arrears: 59 * 1800 - 100_000 + 2000,
          last_repayment_date: null,
          next_repayment_date: b.nextDue,
          contract_url: null,
        },
      ],
    });
    expect(await state()).toEqual(before);
  });

  it.each([
    { form: '07xx with spaces', msisdn: (m: string) => local(m) },
    { form: '07xx', msisdn: (m: string) => `0${m.slice(3)}` },
    { form: '+255', msisdn: (m: string) => `+${m}` },
    { form: '+255 with spaces', msisdn: (m: string) => `+255 ${m.slice(3, 6)} ${m.slice(6)}` },
    { form: '255', msisdn: (m: string) => m },
    { form: '9 digits', msisdn: (m: string) => m.slice(3) },
  ])('by phone number in the $form form', async ({ msisdn }) => {
    const res = await find({ msisdn: msisdn(b.msisdn) });
    expect(res.status).toBe(200);
    expect(res.body.customer.id).toBe(b.customerId);
  });

  it('by national ID as printed, without dashes, with spaces, and in lower case', async () => {
    const { national_id } = (
      await api.db.query<{ national_id: string }>('SELECT national_id FROM customers WHERE id = $1', [b.customerId])
    )[0]!;
    for (const typed of [national_id, national_id.replaceAll('-', ''), national_id.replaceAll('-', ' '), ` ${national_id} `]) {
      const res = await find({ national_id: typed });
      expect(res.status, typed).toBe(200);
      expect(res.body.customer.id).toBe(b.customerId);
    }
    const voter = await fx.prospect();
    await api.db.query("UPDATE customers SET id_type = 'voter', national_id = 'T-1234-5678-9AB' WHERE id = $1", [voter.customerId]);
    for (const typed of ['T-1234-5678-9AB', 't12345678 9ab', 'T 1234 5678 9AB']) {
      const res = await find({ national_id: typed }, token.finance);
      expect(res.status, typed).toBe(200);
      expect(res.body.customer).toMatchObject({ id: voter.customerId, id_type: 'voter', national_id: 'T-1234-5678-9AB' });
    }
  });

  it('by the 20-digit NIDA number of a customer registered with another ID document', async () => {
    const p = await fx.prospect();
    const nida = '19850303123450000123';
    await api.db.query("UPDATE customers SET id_type = 'driving_licence', national_id = 'DL4000123456', nida_number = $2 WHERE id = $1", [
      p.customerId,
      nida,
    ]);
    for (const typed of [nida, '19850303-12345-00001-23', '19850303 12345 00001 23']) {
      const res = await find({ national_id: typed });
      expect(res.status, typed).toBe(200);
      expect(res.body.customer).toMatchObject({ id: p.customerId, national_id: 'DL4000123456', nida_number: nida });
    }
  });

  it('uses the phone number when both are given', async () => {
    const other = await fx.prospect();
    const { national_id } = (
      await api.db.query<{ national_id: string }>('SELECT national_id FROM customers WHERE id = $1', [other.customerId])
    )[0]!;
    expect((await find({ national_id })).body.customer.id).toBe(other.customerId);
    const res = await find({ msisdn: b.msisdn, national_id });
    expect(res.body.customer.id).toBe(b.customerId);
  });

  it('answers a customer with no device and no loan: inactive, device null, loans empty', async () => {
    const p = await fx.prospect();
    const res = await find({ msisdn: p.msisdn });
    expect(res.status).toBe(200);
    expect(customerView.parse(res.body)).toMatchObject({
      customer: { id: p.customerId, loan_status: 'inactive' },
      device: null,
      loans: [],
    });
  });
});

describe('the sections follow the roles', () => {
  it('finance (FIND_CUSTOMER, VIEW_CUSTOMER_LOANS, not VIEW_CUSTOMER_PHONE) sees the loans but not the device', async () => {
    const b = await fx.borrower();
    const res = await find({ msisdn: b.msisdn }, token.finance);
    expect(res.status).toBe(200);
    expect(res.body.device).toBeNull();
    expect(res.body.loans).toEqual([expect.objectContaining({ id: b.loanId, loan_number: b.loanNumber })]);
    expect(res.body.customer.loan_status).toBe('active');
  });

  it('a group with FIND_CUSTOMER alone sees the profile only', async () => {
    const b = await fx.borrower();
    const res = await find({ msisdn: b.msisdn }, token.findOnly);
    expect(res.status).toBe(200);
    expect(customerView.parse(res.body)).toMatchObject({
      customer: { id: b.customerId, loan_status: 'active' },
      device: null,
      loans: null,
    });
  });
});

describe('several loans and devices', () => {
  it('lists loans newest first; the device is the one of the newest loan; loan_status follows the active loan', async () => {
    const b = await fx.borrower();
    const newer = imeiFor(900);
    const older = new Date(TEST_NOW.getTime() - 400 * DAY_MS).toISOString();
    const [first] = await api.db.query<{ id: number }>(
      `INSERT INTO devices (customer_id, phone_model_id, imei, lock_solution_type, lock_status, created_at)
       VALUES ($1, $2, $3, 'dial_code', 'inactive', $4) RETURNING id`,
      [b.customerId, fx.modelId, imeiFor(901), older],
    );
    const [closed] = await api.db.query<{ id: number }>(
      `INSERT INTO loans (loan_number, customer_id, device_id, phone_price_id, store_id, repayment_period, price, deposit_paid,
                          installment_amount, installments, interval_days, amount_paid, status, started_at, closed_at, created_at)
       VALUES ('LNOLD0001', $1, $2, $3, $4, 'daily', 300000, 60000, 1800, 210, 1, 378000, 'closed', $5, $5, $5) RETURNING id`,
      [b.customerId, first!.id, fx.priceId, b.storeId, older],
    );
    // A device registered after the active loan's one, with no loan: the current device is still the active loan's.
    await api.db.query(
      "INSERT INTO devices (customer_id, phone_model_id, imei, lock_solution_type, created_at) VALUES ($1, $2, $3, 'dial_code', $4)",
      [b.customerId, fx.modelId, newer, TEST_NOW.toISOString()],
    );
    const res = await find({ msisdn: b.msisdn });
    expect(res.status).toBe(200);
    expect(res.body.loans.map((l: { id: number }) => l.id)).toEqual([b.loanId, closed!.id]);
    expect(res.body.loans[1]).toMatchObject({ status: 'closed', loan_balance: 0 });
    expect(res.body.device).toMatchObject({ id: b.deviceId, imei: b.imei });

    await api.db.query("UPDATE loans SET status = 'closed', closed_at = $2 WHERE id = $1", [b.loanId, TEST_NOW.toISOString()]);
    const after = await find({ msisdn: b.msisdn });
    expect(after.body.customer.loan_status).toBe('inactive');
    expect(after.body.device.id).toBe(b.deviceId);
  });

  it('shows a repayment day as a calendar day and a check-in as an instant', async () => {
    const b = await fx.borrower();
    await api.db.query("UPDATE loans SET last_repayment_date = '2026-01-31' WHERE id = $1", [b.loanId]);
    await api.db.query("UPDATE devices SET last_check_in = '2026-01-31T21:30:00.250Z' WHERE id = $1", [b.deviceId]);
    const res = await find({ msisdn: b.msisdn });
    expect(res.body.loans[0]).toMatchObject({ last_repayment_date: '2026-01-31', next_repayment_date: b.nextDue });
    expect(res.body.device).toMatchObject({ last_check_in: '2026-01-31T21:30:00.250Z', future_lock_date: b.futureLock });
  });
});

describe('after an approved IMEI change', () => {
  it('the view shows the new IMEI', async () => {
    const b = await fx.borrower();
    const next = imeiFor(777, '35888801');
    const made = await api.call('POST', '/api/v1/request/change/imei', {
      token: token.callcentre,
      body: { msisdn: b.msisdn, new_imei: next, reason: 'Handset replaced under warranty' },
    });
    expect(made.status).toBe(201);
    expect((await find({ msisdn: b.msisdn })).body.device.imei).toBe(b.imei);
    const decided = await api.call('POST', '/api/v1/approve/change/imei', {
      token: token.approver,
      body: { ids: [made.body.id], decision: 'approve' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.results[0].outcome).toBe('approved');
    const res = await find({ msisdn: b.msisdn });
    expect(res.body.device).toMatchObject({ id: b.deviceId, imei: next });
  });
});

describe("the customer's request history", () => {
  const HISTORY = '/api/v1/customer_requests';
  const history = (body: unknown, by = token.callcentre) => api.call('POST', HISTORY, { token: by, body });

  it("shows the agent and the call centre a denied request with the checker's comment, newest first", async () => {
    const b = await fx.borrower({ daysDefaulted: 5 });
    const made = await api.call('POST', '/api/v1/request/loan/extension', {
      token: token.callcentre,
      body: { msisdn: b.msisdn, days_to_extend: 14, reason: 'Customer was in hospital' },
    });
    expect(made.status).toBe(201);
    const denied = await api.call('POST', '/api/v1/approve/loan/extension', {
      token: token.approver,
      body: { ids: [made.body.id], decision: 'deny', comment: 'Two extensions already this year' },
    });
    expect(denied.status).toBe(200);
    const imei = await api.call('POST', '/api/v1/request/change/imei', {
      token: token.callcentre,
      body: { msisdn: b.msisdn, new_imei: imeiFor(900_001, '35888802'), reason: 'Handset replaced under warranty' },
    });
    expect(imei.status).toBe(201);
    for (const who of [token.callcentre, token.agent]) {
      const res = await history({ msisdn: `0${b.msisdn.slice(3)}` }, who);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(2);
      expect(res.body.requests.map((r: { kind: string; status: string }) => [r.kind, r.status])).toEqual([
        ['imei_change', 'submitted'],
        ['loan_extension', 'denied'],
      ]);
      expect(res.body.requests[1]).toMatchObject({
        days_to_extend: 14,
        reason: 'Customer was in hospital',
        comment: 'Two extensions already this year',
        decided_by: expect.any(String),
        decided_at: expect.any(String),
      });
    }
  });

  it('pages on the server', async () => {
    const b = await fx.borrower();
    await api.call('POST', '/api/v1/request/loan/extension', { token: token.callcentre, body: { msisdn: b.msisdn, days_to_extend: 3 } });
    await api.call('POST', '/api/v1/request/change/imei', {
      token: token.callcentre,
      body: { msisdn: b.msisdn, new_imei: imeiFor(900_002, '35888802'), reason: 'Handset replaced' },
    });
    const res = await history({ msisdn: b.msisdn, limit: 1, skip: 1 });
    expect(res.body.total).toBe(2);
    expect(res.body.requests).toHaveLength(1);
    expect(res.body.requests[0].kind).toBe('loan_extension');
    // Past the last request: the total still, and no request.
    const past = await history({ msisdn: b.msisdn, limit: 5, skip: 2 });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ total: 2, requests: [] });
  });

  it('answers a customer who never made a request with none, not as an unknown customer', async () => {
    const b = await fx.borrower();
    const res = await history({ msisdn: b.msisdn });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total: 0, requests: [] });
  });

  it('is 400 naming the field for a bad number, 404 for an unknown customer, 403 without FIND_CUSTOMER', async () => {
    const bad = await history({ msisdn: 'abc' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('msisdn');
    expect((await history({ msisdn: '0759999991' })).status).toBe(404);
    expect((await history({ msisdn: '0759999991' }, token.noFind)).status).toBe(403);
  });
});
