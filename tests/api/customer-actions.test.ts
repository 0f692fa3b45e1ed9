import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { callRating, depositTransactions, deviceStatus, loanStatements, offlinePin } from '../../src/contract/customer-actions';
import type { Role } from '../../src/contract/roles';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, imeiFor, plusDays, type Borrower, type BusinessFixtures } from '../support/business-fixtures';
import { userWith as approvedUser } from '../support/admin-changes';

const HOUR_MS = 3_600_000;

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};

/** A user of a new group holding exactly these roles: made by the admin, approved by the approver (four eyes). */
async function userWith(username: string, roles: Role[]): Promise<string> {
  return (await approvedUser(api, username, roles)).token;
}

/** A call as the call centre unless another token (or null: no token) is given. */
const post = (path: string, body: unknown, by: string | null = token.callcentre!) =>
  api.call('POST', path, { token: by ?? undefined, body });
const deviceRow = async (id: number) => (await api.db.query<any>('SELECT status, is_locked FROM devices WHERE id = $1', [id]))[0];

beforeAll(async () => {
  // Tokens outlive the day the rate-limit tests move the clock by.
  api = await testApi({ tokenTtlMs: 7 * 24 * HOUR_MS });
  fx = await businessFixtures(api.db);
  for (const u of ['admin', 'agent', 'callcentre', 'finance']) token[u] = await api.tokenFor(u);
  token.nobody = await userWith('nobody', ['VIEW_USERS']);
});
afterAll(() => api.close());

describe('every call: 401 without a token, 403 without its role, 400 naming the field', () => {
  let b: Borrower;
  beforeAll(async () => {
    b = await fx.borrower();
  });
  const today = '2026-11-02';
  const cases = () => [
    { route: routes.deviceStatus, bad: { search: '12345' }, field: 'search' },
    { route: routes.reportStolen, bad: { imei: '356938035643808', occurred_on: today }, field: 'imei' },
    { route: routes.recordRecovered, bad: { imei: b.imei, occurred_on: '2026-02-30' }, field: 'occurred_on' },
    { route: routes.offlinePin, bad: { msisdn: '0712' }, field: 'msisdn' },
    { route: routes.customerSms, bad: { msisdn: b.msisdn, limit: 0 }, field: 'limit' },
    { route: routes.rateCall, bad: { msisdn: b.msisdn, call_type: 'incoming', mood: 'furious', description: 'inquiry' }, field: 'mood' },
    { route: routes.callRatings, bad: {}, field: 'msisdn' },
    { route: routes.depositTransactions, bad: { msisdn: '+254712345678' }, field: 'msisdn' },
    { route: routes.loanStatements, bad: { msisdn: b.msisdn, loan_id: -1 }, field: 'loan_id' },
    { route: routes.resetPin, bad: { msisdn: 12 }, field: 'msisdn' },
    { route: routes.forgotPassword, bad: {}, field: 'msisdn' },
    { route: routes.awardData, bad: { msisdn: b.msisdn, bundle: '1GB', reason: '' }, field: 'reason' },
  ];

  it('401 for each', async () => {
    for (const { route } of cases()) {
      const res = await post(route.path, { msisdn: b.msisdn }, null);
      expect(res.status, route.path).toBe(401);
    }
  });

  it('403 naming the role for each (before the body is read, but for device_status, which takes either of two roles)', async () => {
    for (const { route, bad } of cases()) {
      const res = await post(route.path, route.auth === 'session' ? { search: b.imei } : bad, token.nobody);
      expect(res.status, route.path).toBe(403);
      expect(res.body.role, route.path).toBe(route.auth === 'session' ? 'REPORT_STOLEN_PHONE' : route.auth);
    }
  });

  it('400 naming the field for each, changing nothing', async () => {
    const before = (await api.db.query<any>('SELECT count(*)::int AS n FROM audit_log'))[0].n;
    for (const { route, bad, field } of cases()) {
      const res = await post(route.path, bad);
      expect(res.status, route.path).toBe(400);
      expect(Object.keys(res.body.fields), route.path).toContain(field);
    }
    expect((await api.db.query<any>('SELECT count(*)::int AS n FROM audit_log'))[0].n).toBe(before);
  });

  it('404 Customer record not found for an unknown customer', async () => {
    for (const route of [
      routes.offlinePin,
      routes.customerSms,
      routes.callRatings,
      routes.depositTransactions,
      routes.loanStatements,
      routes.resetPin,
      routes.forgotPassword,
    ]) {
      const res = await post(route.path, { msisdn: '0659999999' });
      expect(res.status, route.path).toBe(404);
      expect(res.body).toEqual({ message: 'Customer record not found', reason: 'not_found' });
    }
  });
});

describe('stolen and recovered', () => {
  it('finds a device by IMEI or by the customer phone in any form', async () => {
    const b = await fx.borrower();
    for (const search of [b.imei, `0${b.msisdn.slice(3)}`, `+${b.msisdn}`, b.msisdn]) {
      const res = await post(routes.deviceStatus.path, { search }, token.agent);
      expect(res.status, search).toBe(200);
      expect(deviceStatus.parse(res.body)).toMatchObject({
        device_id: b.deviceId,
        imei: b.imei,
        status: 'active',
        is_locked: false,
        customer: { msisdn: b.msisdn },
      });
    }
    expect((await post(routes.deviceStatus.path, { search: imeiFor(99_999) })).status).toBe(404);
    const p = await fx.prospect();
    expect((await post(routes.deviceStatus.path, { search: p.msisdn })).body.reason).toBe('no_device');
  });

  it('stolen locks the device, records the incident, revokes codes and refuses every unlock until recovered', async () => {
    const b = await fx.borrower();
    const earlier = await post(routes.offlinePin.path, { msisdn: b.msisdn });
    expect(earlier.status).toBe(201);

    const stolen = await post(
      routes.reportStolen.path,
      { imei: b.imei, occurred_on: '2026-11-01', notes: 'Snatched at the bus stand' },
      token.agent,
    );
    expect(stolen.status).toBe(200);
    expect(deviceStatus.parse(stolen.body)).toMatchObject({
      status: 'stolen',
      is_locked: true,
      last_incident: { kind: 'stolen', occurred_on: '2026-11-01', notes: 'Snatched at the bus stand', reported_by: 'Baraka Mushi' },
    });
    expect(await deviceRow(b.deviceId)).toEqual({ status: 'stolen', is_locked: true });
    const revoked = await api.db.query<any>('SELECT revoked_at FROM offline_pins WHERE device_id = $1', [b.deviceId]);
    expect(revoked.map((r) => r.revoked_at)).toEqual([expect.anything()]);
    const commands = await api.db.query<any>('SELECT command, reason FROM device_lock_commands WHERE device_id = $1', [b.deviceId]);
    expect(commands).toEqual([{ command: 'lock', reason: 'stolen' }]);
    const [audit] = await api.auditRows('device.stolen');
    expect(audit).toMatchObject({ entity: 'device', entity_id: String(b.deviceId), before: { status: 'active', is_locked: false } });
    expect(audit!.after).toMatchObject({ status: 'stolen', is_locked: true, offline_pins_revoked: 1 });

    // Every unlock path is refused: the offline PIN, a second report, and the database itself.
    const pin = await post(routes.offlinePin.path, { msisdn: b.msisdn });
    expect(pin.status).toBe(409);
    expect(pin.body.reason).toBe('device_stolen');
    expect((await post(routes.reportStolen.path, { imei: b.imei, occurred_on: '2026-11-02' })).body.reason).toBe('already_stolen');
    await expect(api.db.query('UPDATE devices SET is_locked = false WHERE id = $1', [b.deviceId])).rejects.toThrow();
    // A payment that brings the loan current does not unlock it either.
    const { syncDeviceLock } = await import('../../server/domain/customer-actions');
    await api.db.transaction((tx) => syncDeviceLock(tx, b.deviceId, TEST_NOW));
    expect(await deviceRow(b.deviceId)).toEqual({ status: 'stolen', is_locked: true });

    const recovered = await post(routes.recordRecovered.path, { imei: b.imei, occurred_on: '2026-11-02' });
    expect(recovered.status).toBe(200);
    expect(recovered.body).toMatchObject({
      status: 'active',
      is_locked: false,
      last_incident: { kind: 'recovered', reported_by: 'Grace Mollel' },
    });
    expect((await api.auditRows('device.recovered')).at(-1)).toMatchObject({
      before: { status: 'stolen', is_locked: true },
      after: { status: 'active', is_locked: false },
    });
    expect((await post(routes.offlinePin.path, { msisdn: b.msisdn })).status).toBe(201);
    expect((await post(routes.recordRecovered.path, { imei: b.imei, occurred_on: '2026-11-02' })).body.reason).toBe('not_stolen');
  });

  it('a recovered device whose loan is in arrears past its lock date stays locked', async () => {
    const b = await fx.borrower({ daysDefaulted: 10 });
    expect(await deviceRow(b.deviceId)).toEqual({ status: 'active', is_locked: true });
    await post(routes.reportStolen.path, { imei: b.imei, occurred_on: '2026-11-02' });
    const res = await post(routes.recordRecovered.path, { imei: b.imei, occurred_on: '2026-11-02' });
    expect(res.body).toMatchObject({ status: 'active', is_locked: true });
  });

  it('refuses a date in the future, naming it', async () => {
    const b = await fx.borrower();
    const res = await post(routes.reportStolen.path, { imei: b.imei, occurred_on: plusDays('2026-11-02', 1) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ occurred_on: 'The date cannot be in the future' });
    expect(await deviceRow(b.deviceId)).toEqual({ status: 'active', is_locked: false });
  });
});

describe('offline PIN', () => {
  it('is 8 digits, stored only hashed, audited without the code', async () => {
    const b = await fx.borrower();
    const res = await post(routes.offlinePin.path, { msisdn: `0${b.msisdn.slice(3)}` });
    expect(res.status).toBe(201);
    const pin = offlinePin.parse(res.body);
    expect(pin).toMatchObject({ imei: b.imei, left_for_device: 2, expires_at: new Date(TEST_NOW.getTime() + 24 * HOUR_MS).toISOString() });
    const [row] = await api.db.query<any>('SELECT code_hash FROM offline_pins WHERE device_id = $1', [b.deviceId]);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(pin.code);
    const audit = (await api.auditRows('offline_pin.issued')).at(-1);
    expect(audit).toMatchObject({ entity_id: String(b.deviceId) });
    expect(JSON.stringify(audit)).not.toContain(pin.code);
  });

  it('gives a device at most 3 codes in 24 hours: 429 with Retry-After', async () => {
    const b = await fx.borrower();
    for (let i = 0; i < 3; i++) {
      expect((await post(routes.offlinePin.path, { msisdn: b.msisdn, imei: b.imei })).status).toBe(201);
      api.clock.advance(HOUR_MS);
    }
    const refused = await post(routes.offlinePin.path, { msisdn: b.msisdn });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'This device already got 3 offline PINs in the last 24 hours', reason: 'device_rate_limited' });
    expect(refused.headers.get('retry-after')).toBe(String(21 * 3600));
    api.clock.advance(21 * HOUR_MS);
    expect((await post(routes.offlinePin.path, { msisdn: b.msisdn })).status).toBe(201);
    api.clock.set(TEST_NOW);
  });

  it('gives a staff member at most 20 codes an hour, whatever the devices', async () => {
    const staff = await userWith('pinner', ['REQUEST_OFFLINE_PIN']);
    for (let i = 0; i < 20; i++) {
      const b = await fx.borrower();
      expect((await post(routes.offlinePin.path, { msisdn: b.msisdn }, staff)).status).toBe(201);
    }
    const b = await fx.borrower();
    const refused = await post(routes.offlinePin.path, { msisdn: b.msisdn }, staff);
    expect(refused.status).toBe(429);
    expect(refused.body.reason).toBe('staff_rate_limited');
    // Another staff member may still help this customer.
    expect((await post(routes.offlinePin.path, { msisdn: b.msisdn })).status).toBe(201);
  });

  it("404 for an IMEI that is not the customer's", async () => {
    const b = await fx.borrower();
    const other = await fx.borrower();
    const res = await post(routes.offlinePin.path, { msisdn: b.msisdn, imei: other.imei });
    expect(res.status).toBe(404);
    expect(res.body.reason).toBe('no_device');
  });
});

describe('SMS and call ratings', () => {
  it('lists the SMS newest first', async () => {
    const b = await fx.borrower();
    for (const [body, at] of [
      ['Karibu Simu', '2026-10-01T08:00:00Z'],
      ['Kumbusho: lipa leo', '2026-10-20T08:00:00Z'],
    ]) {
      await api.db.query("INSERT INTO customer_sms (customer_id, msisdn, body, category, sent_at) VALUES ($1, $2, $3, 'other', $4)", [
        b.customerId,
        b.msisdn,
        body,
        at,
      ]);
    }
    const res = await post(routes.customerSms.path, { msisdn: b.msisdn });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.texts.map((t: { body: string }) => t.body)).toEqual(['Kumbusho: lipa leo', 'Karibu Simu']);
  });

  it('rates a call, audited, and lists the ratings newest first', async () => {
    const b = await fx.borrower();
    const first = await post(routes.rateCall.path, {
      msisdn: b.msisdn,
      call_type: 'incoming',
      mood: 'angry',
      description: 'phone_unlock',
      comment: '  Locked after paying ',
    });
    expect(first.status).toBe(201);
    expect(callRating.parse(first.body)).toMatchObject({
      call_type: 'incoming',
      mood: 'angry',
      description: 'phone_unlock',
      comment: 'Locked after paying',
      rated_by: 'Grace Mollel',
    });
    api.clock.advance(60_000);
    await post(routes.rateCall.path, { msisdn: b.msisdn, call_type: 'outgoing', mood: 'happy', description: 'inquiry' });
    api.clock.set(TEST_NOW);
    const list = await post(routes.callRatings.path, { msisdn: b.msisdn }, token.agent);
    expect(list.body.total).toBe(2);
    expect(list.body.ratings.map((r: { mood: string; comment: string | null }) => [r.mood, r.comment])).toEqual([
      ['happy', null],
      ['angry', 'Locked after paying'],
    ]);
    expect((await api.auditRows('call_rating.created')).at(-1)).toMatchObject({ entity: 'customer', entity_id: String(b.customerId) });
  });
});

describe('payments and statements', () => {
  it('lists payments newest first and builds each loan statement with its running balance', async () => {
    const b = await fx.borrower({ lateFee: 500 });
    let n = 0;
    for (const [kind, amount, at] of [
      ['deposit', 60_000, '2026-09-03T08:00:00Z'],
      ['repayment', 1800, '2026-09-04T08:00:00Z'],
      ['repayment', 3600, '2026-09-06T08:00:00Z'],
    ] as const) {
      await api.db.query(
        `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit, customer_id, loan_id, date_processed, created_at)
         VALUES ($1, $1, $2, $3, 'mpesa', 'completed', $4, $4, $5, $6, $7, $7)`,
        [`TX${b.loanId}-${++n}`, b.loanNumber, kind, amount, b.customerId, b.loanId, at],
      );
    }
    const pays = await post(routes.depositTransactions.path, { msisdn: b.msisdn }, token.finance);
    expect(pays.status).toBe(200);
    expect(depositTransactions.parse(pays.body).transactions.map((t) => [t.kind, t.amount, t.loan_number])).toEqual([
      ['repayment', 3600, b.loanNumber],
      ['repayment', 1800, b.loanNumber],
      ['deposit', 60_000, b.loanNumber],
    ]);
    const st = await post(routes.loanStatements.path, { msisdn: b.msisdn, loan_id: b.loanId }, token.finance);
    expect(st.status).toBe(200);
    const [statement] = loanStatements.parse(st.body).statements;
    expect(statement!.entries.map((e) => [e.description, e.debit, e.credit, e.balance])).toEqual([
      ['price', 438_000, 0, 438_000],
      ['deposit', 0, 60_000, 378_000],
      ['payment', 0, 1800, 376_200],
      ['payment', 0, 3600, 372_600],
      ['late_fee', 500, 0, 373_100],
    ]);
    const other = await fx.borrower();
    expect((await post(routes.loanStatements.path, { msisdn: b.msisdn, loan_id: other.loanId })).status).toBe(404);
  });
});

describe('reset PIN, forgot password, data bundles', () => {
  it('resets the PIN: the temporary PIN goes by SMS only, the record keeps a hash', async () => {
    const b = await fx.borrower();
    const res = await post(routes.resetPin.path, { msisdn: b.msisdn });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent_to: b.msisdn, sent_at: TEST_NOW.toISOString(), expires_at: null });
    const outbox = await api.call('GET', '/dev/outbox');
    const pin = outbox.body.data[0].text.match(/temporary PIN is (\d{4})/)[1];
    const [cred] = await api.db.query<any>('SELECT pin_hash, must_change FROM customer_credentials WHERE customer_id = $1', [b.customerId]);
    expect(cred.must_change).toBe(true);
    expect(cred.pin_hash).not.toContain(pin);
    const sms = await post(routes.customerSms.path, { msisdn: b.msisdn });
    expect(sms.body.texts[0].body).not.toContain(pin);
    expect((await api.auditRows('customer.pin_reset')).at(-1)).toMatchObject({ entity_id: String(b.customerId) });
  });

  it('sends a forgot-password code valid 15 minutes', async () => {
    const b = await fx.borrower();
    const res = await post(routes.forgotPassword.path, { msisdn: b.msisdn });
    expect(res.status).toBe(200);
    expect(res.body.expires_at).toBe(new Date(TEST_NOW.getTime() + 15 * 60_000).toISOString());
    expect((await api.call('GET', '/dev/outbox')).body.data[0].text).toMatch(/reset code is \d{6}/);
    expect(await api.auditRows('customer.password_reset_code')).not.toEqual([]);
  });

  it('awards a data bundle at most once in 7 days', async () => {
    const b = await fx.borrower();
    const res = await post(routes.awardData.path, { msisdn: b.msisdn, bundle: '1GB', reason: 'Sorry for the wrong lock' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ bundle: '1GB', msisdn: b.msisdn });
    const again = await post(routes.awardData.path, { msisdn: b.msisdn, bundle: '100MB', reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('bundle_recent');
    expect((await api.auditRows('data_bundle.awarded')).length).toBe(1);
  });
});
