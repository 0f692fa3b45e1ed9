import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import {
  contractDetails,
  depositStatus,
  identityVerified,
  loanSummary,
  otpSent,
  qualifiedPhonesResponse,
  wizardStatus,
} from '../../src/contract/deposits';
import type { Role } from '../../src/contract/roles';
import { templateOfFinger } from '../../src/lib/fingerprint-template';
import { hashSecurityAnswer } from '../../server/domain/security-answers';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { testApi, type TestApi } from '../support/api';
import { businessFixtures, imeiFor, type BusinessFixtures } from '../support/business-fixtures';
import { userWith as approvedUser } from '../support/admin-changes';

const HOUR_MS = 3_600_000;
const P = Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, r.path])) as Record<keyof typeof routes, string>;

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
const adminIds: Record<string, number> = {};
let agentStore: number;

/** Phones on sale in the test store: the fixtures' dial-code phone (300,000) and these. */
const models: Record<'dial' | 'vivo' | 'oguard' | 'dear', { modelId: number; priceId: number }> = {} as never;

/** A user of a new group holding exactly these roles: made by the admin, approved by the approver (four eyes). */
async function userWith(username: string, roles: Role[]): Promise<string> {
  const user = await approvedUser(api, username, roles);
  adminIds[username] = user.id;
  return user.token;
}

let serial = 500;
let people = 0;

async function addModel(
  sku: string,
  name: string,
  lock: string,
  rrp: number,
  stock: number,
): Promise<{ modelId: number; priceId: number }> {
  const [m] = await api.db.query<{ id: number }>(
    `INSERT INTO phone_models (sku, brand, name, model, storage_gb, ram_gb, lock_solution_type, created_at)
     VALUES ($1, $2, $3, $1, 64, 4, $4, now()) RETURNING id`,
    [sku, name.split(' ')[0], name, lock],
  );
  const deposit = Math.round(rrp / 5);
  const daily = Math.ceil((rrp * 1.45 - deposit) / 210 / 100) * 100;
  const twelve = Math.ceil((rrp * 1.65 - deposit) / 12 / 500) * 500;
  const [p] = await api.db.query<{ id: number }>(
    `INSERT INTO phone_prices (phone_model_id, rrp, wholesale_price, credit_multiplier, deposit, daily_payment, installments,
                               twelve_months_payment, effective_from, created_at)
     VALUES ($1, $2, $3, 1.45, $4, $5, 210, $6, '2026-01-01', '2026-01-01') RETURNING id`,
    [m!.id, rrp, Math.round(rrp * 0.83), deposit, daily, twelve],
  );
  for (let i = 0; i < stock; i++) await stock1(m!.id);
  return { modelId: m!.id, priceId: p!.id };
}

async function stock1(modelId: number, storeId = agentStore): Promise<string> {
  const imei = imeiFor(++serial, '35888801');
  await api.db.query(
    "INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at) VALUES ($1, $2, $3, 'in_stock', now())",
    [modelId, storeId, imei],
  );
  return imei;
}

interface Buyer {
  id: number;
  msisdn: string;
  nida: string;
  answer: string;
  /** The full name on record: the contract's signature (issue 17). */
  name: string;
}

/** A customer who qualifies: no loan, a limit, a NIDA number and a security question. Their number ends in 0. */
async function buyer(o: { limit?: number; question?: boolean } = {}): Promise<Buyer> {
  const k = ++people;
  const msisdn = `25574${String(k).padStart(6, '0')}0`;
  const nida = `19900101${String(k).padStart(10, '0')}27`;
  const answer = 'Chipsi Mayai';
  const hash = o.question === false ? null : await hashSecurityAnswer(answer, randomBytes(16));
  const [c] = await api.db.query<{ id: number }>(
    `INSERT INTO customers (msisdn, first_name, other_names, sex, date_of_birth, national_id, nida_number, customer_key,
                            security_question, security_answer_hash, store_id, registered_at)
     VALUES ($1, 'Halima', $2, 'F', '1990-01-01', $3, $4, $5, $6, $7, $8, now()) RETURNING id`,
    [
      msisdn,
      `Buyer${k} Msuya`,
      `19900101-${nida.slice(8, 13)}-${nida.slice(13, 18)}-${nida.slice(18)}`,
      nida,
      `CKDEP${k}`,
      hash === null ? null : 'favourite_food',
      hash,
      agentStore,
    ],
  );
  await api.db.query('INSERT INTO customer_limits (customer_id, limit_amount, score, updated_at) VALUES ($1, $2, 700, now())', [
    c!.id,
    o.limit ?? 350_000,
  ]);
  return { id: c!.id, msisdn, nida, answer, name: `Halima Buyer${k} Msuya` };
}

const post = (path: string, body: unknown, by: string | null = token.agent!) => api.call('POST', path, { token: by ?? undefined, body });

/**
 * The box the agent scans, as the wizard sends it (its IMEI is required): the one this wizard took for the phone
 * (a retry sends it again), else the first handset of the phone on the shelf of the agent's store.
 */
async function boxFor(w: string, priceId: number): Promise<string> {
  const [box] = await api.db.query<{ imei: string }>(
    `SELECT i.imei FROM phone_prices p JOIN inventory_items i ON i.phone_model_id = p.phone_model_id
       LEFT JOIN first_deposits f ON f.wizard_id = $1 AND f.inventory_item_id = i.id
      WHERE p.id = $2 AND (f.wizard_id IS NOT NULL OR (i.store_id = $3 AND i.status = 'in_stock'))
      ORDER BY f.wizard_id IS NULL, i.received_at, i.id LIMIT 1`,
    [w, priceId, agentStore],
  );
  if (!box) throw new Error(`no box of price ${priceId} on the shelf for wizard ${w}`);
  return box.imei;
}

const push = async (
  w: string,
  b: Buyer,
  o: { attempt?: number; price?: number; period?: string; payer?: string; by?: string; imei?: string } = {},
) =>
  post(
    P.depositPush,
    {
      wizard_id: w,
      attempt: o.attempt ?? 1,
      msisdn: b.msisdn,
      phone_price_id: o.price ?? models.dial.priceId,
      repayment_period: o.period ?? 'daily',
      ...(o.payer ? { payment_msisdn: o.payer } : {}),
      imei: o.imei ?? (await boxFor(w, o.price ?? models.dial.priceId)),
    },
    o.by ?? token.agent!,
  );
const confirm = (w: string, attempt = 1) => post(P.depositConfirm, { wizard_id: w, attempt });

/** Lets the simulated customer answer (2 s) and delivers the callbacks that are due. */
async function customerAnswers(ms = 2_000) {
  api.clock.advance(ms);
  await api.mobileMoney.deliverDue();
}

async function lastCode(recipient: string): Promise<string> {
  const [row] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [recipient]);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${recipient}: ${row?.body}`);
  return code;
}
const AGENT_PHONE = '255754000902';

async function paid(b: Buyer, o: { price?: number; period?: string } = {}): Promise<string> {
  const w = randomUUID();
  const res = await push(w, b, o);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await customerAnswers();
  expect((await confirm(w)).body.status).toBe('completed');
  return w;
}

async function sendOtps(w: string) {
  expect((await post(P.agentOtp, { wizard_id: w })).status).toBe(200);
  expect((await post(P.customerOtp, { wizard_id: w })).status).toBe(200);
}

async function otpsChecked(b: Buyer, o: { price?: number; period?: string } = {}): Promise<string> {
  const w = await paid(b, o);
  await sendOtps(w);
  const res = await post(P.verifyOtps, { wizard_id: w, agent_code: await lastCode(AGENT_PHONE), customer_code: await lastCode(b.msisdn) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return w;
}

async function identified(b: Buyer, o: { price?: number; period?: string } = {}): Promise<{ w: string; ref: string }> {
  const w = await otpsChecked(b, o);
  const res = await post(P.verifyFingerprint, { wizard_id: w, nida_number: b.nida, fingerprint: templateOfFinger(b.nida) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { w, ref: res.body.contract_ref };
}

async function signed(b: Buyer, o: { price?: number; period?: string } = {}): Promise<{ w: string; ref: string }> {
  const s = await identified(b, o);
  const res = await post(P.signContract, { wizard_id: s.w, accept_terms: true, signed_by: b.name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return s;
}

const itemStatus = async (imei: string) =>
  (await api.db.query<{ status: string }>('SELECT status FROM inventory_items WHERE imei = $1', [imei]))[0]?.status;
const wizardImei = async (w: string) =>
  (
    await api.db.query<{ imei: string }>(
      'SELECT i.imei FROM first_deposits f JOIN inventory_items i ON i.id = f.inventory_item_id WHERE f.wizard_id = $1',
      [w],
    )
  )[0]!.imei;
const ledgerBalances = async () =>
  Object.fromEntries(
    (
      await api.db.query<{ account: string; balance: number }>(
        'SELECT account, (sum(debit) - sum(credit))::int8 AS balance FROM ledger_postings GROUP BY account',
      )
    ).map((r) => [r.account, r.balance]),
  );

beforeAll(async () => {
  api = await testApi({ tokenTtlMs: 7 * 24 * HOUR_MS });
  fx = await businessFixtures(api.db);
  agentStore = fx.stores[0]!;
  for (const u of ['admin', 'agent', 'finance']) token[u] = await api.tokenFor(u);
  for (const a of await api.db.query<{ id: number; username: string }>('SELECT id, username FROM admins')) adminIds[a.username] = a.id;
  await api.db.query("INSERT INTO agents (full_name, msisdn, store_id, admin_id, created_at) VALUES ('Baraka Mushi', $1, $2, $3, now())", [
    AGENT_PHONE,
    agentStore,
    adminIds.agent,
  ]);
  models.dial = { modelId: fx.modelId, priceId: fx.priceId };
  for (let i = 0; i < 30; i++) await stock1(fx.modelId);
  models.vivo = await addModel('VIV-Y03', 'vivo Y03', 'vivo', 289_000, 10);
  models.oguard = await addModel('TEC-POP8', 'TECNO POP 8', 'oguard', 235_000, 5);
  models.dear = await addModel('SAM-S24', 'Samsung Galaxy S24', 'trustonic', 2_400_000, 3);
  // A second agent at the other store, and a user with ADD_LOAN but no agent record (no store).
  token.agent2 = await userWith('agent2', ['ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES', 'FIND_CUSTOMER']);
  await api.db.query(
    "INSERT INTO agents (full_name, msisdn, store_id, admin_id, created_at) VALUES ('Second Agent', '255754000903', $1, $2, now())",
    [fx.stores[1], adminIds.agent2],
  );
  token.storeless = await userWith('storeless', ['ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES']);
});
afterAll(() => api.close());

describe('every call: 401 without a token, 403 without its role, 400 naming the field', () => {
  const w = randomUUID();
  const cases: Array<[keyof typeof routes, unknown, string]> = [
    ['qualifiedPhones', { msisdn: '12' }, 'msisdn'],
    ['depositPush', { wizard_id: w, attempt: 0, msisdn: '0754000000', phone_price_id: 1, repayment_period: 'daily' }, 'attempt'],
    ['depositConfirm', { wizard_id: 'nope', attempt: 1 }, 'wizard_id'],
    ['agentOtp', {}, 'wizard_id'],
    ['customerOtp', { wizard_id: 'x' }, 'wizard_id'],
    ['verifyOtps', { wizard_id: w, agent_code: '12345', customer_code: '123456' }, 'agent_code'],
    ['verifyFingerprint', { wizard_id: w, nida_number: '1990', fingerprint: 'QUJDREVGR0g=' }, 'nida_number'],
    ['verifySecurityAnswer', { wizard_id: w, answer: '' }, 'answer'],
    ['signContract', { wizard_id: w, accept_terms: false, signed_by: 'Halima Msuya' }, 'accept_terms'],
    ['sendVivoAuthCode', { imei: '123' }, 'imei'],
    ['verifyVivoAuthCode', { imei: imeiFor(1), code: 'abc' }, 'code'],
    ['confirmLockActivation', { wizard_id: w, lock_installed: true, app_installed: false }, 'app_installed'],
    ['wizardStatus', { wizard_id: 5 }, 'wizard_id'],
  ];
  it.each(cases)('%s', async (name, bad, field) => {
    const path = routes[name].path;
    expect((await post(path, bad, null)).status).toBe(401);
    const refused = await post(path, bad, token.finance!);
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe(routes[name].auth);
    const invalid = await post(path, bad);
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields)).toContain(field);
  });

  it('the public calls: the contract by reference and the callback check their input too', async () => {
    const bad = await post(P.contractDetails, { reference: 'short' }, null);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.reference).toBe('valid contract reference required');
    const missing = await post(P.contractDetails, { reference: 'A'.repeat(24) }, null);
    expect(missing.status).toBe(404);
    const control = await post(P.mobileMoneyControl, { payment_msisdn: '12', outcome: 'approved' }, null);
    expect(control.status).toBe(400);
    expect(control.body.fields.payment_msisdn).toBeDefined();
  });
});

describe('customer_limits: the phones a customer qualifies for', () => {
  it('lists the current prices within the limit in stock at the agent store, cheapest first', async () => {
    const b = await buyer({ limit: 300_000 });
    const res = await post(P.qualifiedPhones, { msisdn: `0${b.msisdn.slice(3)}` });
    expect(res.status).toBe(200);
    const body = qualifiedPhonesResponse.parse(res.body);
    expect(body.not_qualified_reason).toBeNull();
    expect(body.limit_amount).toBe(300_000);
    expect(body.customer).toMatchObject({ id: b.id, msisdn: b.msisdn, has_nida_number: true, security_question: 'favourite_food' });
    // Issue 17: the NIDA number on record comes with the customer, for the fingerprint check to prefill.
    expect(body.customer.nida_number).toBe(b.nida);
    expect(body.phones.map((p) => p.phone_price_id)).toEqual([models.oguard.priceId, models.vivo.priceId, models.dial.priceId]);
    const dial = body.phones.find((p) => p.phone_price_id === models.dial.priceId)!;
    expect(dial).toMatchObject({
      price: 300_000,
      deposit: 60_000,
      daily_payment: 1800,
      weekly_payment: 12_600,
      monthly_payment: 54_000,
      installments: 210,
      lock_solution_type: 'dial_code',
    });
    expect(dial.in_stock).toBeGreaterThan(10);
    // By national ID too.
    const byId = await post(P.qualifiedPhones, { national_id: b.nida });
    expect(byId.body.customer.id).toBe(b.id);
  });

  it('says why the list is empty: an active loan, no limit, no stock at the store (or no store)', async () => {
    const borrower = await fx.borrower();
    await api.db.query('INSERT INTO customer_limits (customer_id, limit_amount, score, updated_at) VALUES ($1, 900000, 800, now())', [
      borrower.customerId,
    ]);
    const withLoan = await post(P.qualifiedPhones, { msisdn: borrower.msisdn });
    expect(withLoan.body).toMatchObject({ not_qualified_reason: 'active_loan', phones: [] });
    const broke = await buyer({ limit: 0 });
    expect((await post(P.qualifiedPhones, { msisdn: broke.msisdn })).body).toMatchObject({ not_qualified_reason: 'no_limit', phones: [] });
    const b = await buyer({ limit: 300_000 });
    expect((await post(P.qualifiedPhones, { msisdn: b.msisdn }, token.agent2!)).body).toMatchObject({
      not_qualified_reason: 'no_stock',
      phones: [],
    });
    expect((await post(P.qualifiedPhones, { msisdn: b.msisdn }, token.storeless!)).body).toMatchObject({
      not_qualified_reason: 'no_stock',
      phones: [],
    });
    // And the push says so clearly.
    const refused = await push(randomUUID(), b, { by: token.storeless! });
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('no_stock');
    expect(refused.body.message).toMatch(/not linked to a store/);
  });

  it('an unknown customer: 404 Customer record not found', async () => {
    const res = await post(P.qualifiedPhones, { msisdn: '0799999990' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Customer record not found');
  });
});

describe('the whole wizard, from the deposit to the loan', () => {
  it('daily plan, fingerprint: creates the loan, the device, sells the handset, links the deposit and balances the ledger', async () => {
    const b = await buyer();
    const before = await ledgerBalances();
    const w = randomUUID();

    const pushed = await push(w, b);
    expect(pushed.status).toBe(200);
    expect(depositStatus.parse(pushed.body)).toMatchObject({
      wizard_id: w,
      attempt: 1,
      status: 'pending',
      failure: null,
      amount: 60_000,
      payment_msisdn: b.msisdn,
      transaction_id: null,
    });
    const imei = await wizardImei(w);
    expect(await itemStatus(imei)).toBe('reserved');
    expect(api.mobileMoney.charges(b.msisdn)).toEqual([{ reference: `${w}:1`, amount: 60_000, outcome: 'approved', pushes: 1 }]);

    // Nothing yet: the customer has not answered.
    await api.mobileMoney.deliverDue();
    expect((await confirm(w)).body.status).toBe('pending');
    await customerAnswers();
    const done = depositStatus.parse((await confirm(w)).body);
    expect(done.status).toBe('completed');
    expect(done.transaction_id).toMatch(/^SIM/);

    const status1 = wizardStatus.parse((await post(P.wizardStatus, { wizard_id: w })).body);
    expect(status1).toMatchObject({ imei, otp_sent: false, otp_verified: false, identity: null, contract_ref: null, loan: null });
    expect(status1.lock).toEqual({ lock_solution_type: 'dial_code', dial_code: expect.stringMatching(/^\*#\d{6}#$/), qr_payload: null });

    const sentA = await post(P.agentOtp, { wizard_id: w });
    expect(otpSent.parse(sentA.body).sent_to).toBe('2557******02');
    const sentC = await post(P.customerOtp, { wizard_id: w });
    expect(sentC.body.sent_to).toBe(`${b.msisdn.slice(0, 4)}******${b.msisdn.slice(-2)}`);
    expect((await post(P.wizardStatus, { wizard_id: w })).body.otp_sent).toBe(true);
    const codes = { agent_code: await lastCode(AGENT_PHONE), customer_code: await lastCode(b.msisdn) };
    expect((await post(P.verifyOtps, { wizard_id: w, ...codes })).body).toEqual({ verified: true });
    // The stored codes are hashes, single use.
    const stored = await api.db.query<{ code_hash: string; used_at: unknown }>(
      'SELECT code_hash, used_at FROM first_deposit_otps WHERE wizard_id = $1',
      [w],
    );
    expect(stored.every((r) => r.code_hash.startsWith('sha256$') && !r.code_hash.includes(codes.agent_code) && r.used_at !== null)).toBe(
      true,
    );

    const id = await post(P.verifyFingerprint, {
      wizard_id: w,
      nida_number: `${b.nida.slice(0, 8)}-${b.nida.slice(8, 13)}-${b.nida.slice(13, 18)}-${b.nida.slice(18)}`,
      fingerprint: templateOfFinger('any'),
    });
    expect(id.status).toBe(200);
    const identity = identityVerified.parse(id.body);
    expect(identity.method).toBe('fingerprint');
    expect(identity.contract_ref).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    const details = contractDetails.parse((await post(P.contractDetails, { reference: identity.contract_ref }, null)).body);
    expect(details).toMatchObject({
      reference: identity.contract_ref,
      company: 'Simu Test',
      msisdn: b.msisdn,
      imei,
      lock_solution_type: 'dial_code',
      repayment_period: 'daily',
      price: 300_000,
      deposit: 60_000,
      installment_amount: 1800,
      installments: 210,
      total_repayable: 438_000,
      signed_by: null,
      contract_url: null,
    });

    // Issue 17: another person's name, or a part of the customer's, is refused with a 400 naming the field and why;
    // the customer's full name in another order, case and accents signs.
    const johnDoe = await post(P.signContract, { wizard_id: w, accept_terms: true, signed_by: 'John Doe' });
    expect(johnDoe.status).toBe(400);
    expect(johnDoe.body).toMatchObject({ reason: 'signatureNotCustomer', fields: { signed_by: "must be the customer's own name" } });
    const partOnly = await post(P.signContract, { wizard_id: w, accept_terms: true, signed_by: 'Halima Msuya' });
    expect(partOnly.status).toBe(400);
    expect(partOnly.body.fields).toEqual({ signed_by: "must be the customer's full name, every name" });
    expect((await post(P.contractDetails, { reference: identity.contract_ref }, null)).body.signed_by).toBeNull();
    const reordered = b.name.split(' ').reverse().join(' ').toLowerCase().replace('a', 'á');
    const sign = await post(P.signContract, { wizard_id: w, accept_terms: true, signed_by: reordered });
    expect(sign.status).toBe(200);
    const url = `/portal_api/econtract/${identity.contract_ref}.pdf`;
    expect(sign.body).toMatchObject({ reference: identity.contract_ref, contract_url: url });
    const pdf = await api.app.request(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await api.app.request(`/portal_api/econtract/${'B'.repeat(24)}.pdf`)).status).toBe(404);
    const badFile = await api.app.request('/portal_api/econtract/short.pdf');
    expect(badFile.status).toBe(400);
    expect((await badFile.json()).fields.file).toBe('valid contract reference required');
    expect((await post(P.contractDetails, { reference: identity.contract_ref }, null)).body).toMatchObject({
      signed_by: reordered,
      contract_url: url,
    });

    const res = await post(P.confirmLockActivation, { wizard_id: w, lock_installed: true, app_installed: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const loan = loanSummary.parse(res.body);
    expect(loan).toMatchObject({
      msisdn: b.msisdn,
      imei,
      lock_solution_type: 'dial_code',
      repayment_period: 'daily',
      price: 300_000,
      deposit_paid: 60_000,
      principal: 240_000,
      installment_amount: 1800,
      installments: 210,
      total_repayable: 438_000,
      next_repayment_date: '2026-11-03',
      contract_url: url,
    });
    expect(loan.loan_number).toMatch(/^LN\d{7}$/);

    const [row] = await api.db.query<any>(
      `SELECT l.*, d.activation_status, d.lock_status, d.enrolled_at, d.imei AS device_imei, i.status AS item_status, t.status AS tx_status,
              t.loan_id AS tx_loan, t.idempotency_key, t.transaction_id AS receipt
         FROM loans l JOIN devices d ON d.id = l.device_id JOIN inventory_items i ON i.id = d.inventory_item_id
         JOIN transactions t ON t.idempotency_key = $2
        WHERE l.loan_number = $1`,
      [loan.loan_number, `${w}:1`],
    );
    expect(row).toMatchObject({
      customer_id: b.id,
      status: 'active',
      interval_days: 1,
      contract_ref: identity.contract_ref,
      contract_url: url,
      store_id: agentStore,
      activation_status: 'activated',
      lock_status: 'active',
      device_imei: imei,
      item_status: 'sold',
      tx_status: 'completed',
      tx_loan: row.id,
      receipt: done.transaction_id,
      loan_balance: 378_000,
    });
    expect(row.enrolled_at).not.toBeNull();

    // The ledger: every entry balances; the wallet holds the deposit, the receivable is the loan's balance, the sale is the price.
    const after = await ledgerBalances();
    const moved = (account: string) => (after[account] ?? 0) - (before[account] ?? 0);
    expect(moved('mobile_money_clearing')).toBe(60_000);
    expect(moved('customer_deposits')).toBe(0);
    expect(moved('loans_receivable')).toBe(378_000);
    expect(moved('handset_sales')).toBe(-300_000);
    expect(moved('deferred_finance_income')).toBe(-138_000);
    expect(Object.values(after).reduce((sum, v) => sum + v, 0)).toBe(0);

    // Idempotent: confirming again answers the same loan; the status has it all.
    expect((await post(P.confirmLockActivation, { wizard_id: w, lock_installed: true, app_installed: true })).body.loan_number).toBe(
      loan.loan_number,
    );
    expect((await api.db.query('SELECT 1 FROM loans WHERE customer_id = $1', [b.id])).length).toBe(1);
    const status = wizardStatus.parse((await post(P.wizardStatus, { wizard_id: w })).body);
    expect(status).toMatchObject({
      otp_verified: true,
      identity: 'fingerprint',
      contract_signed: true,
      loan: { loan_number: loan.loan_number },
    });

    // Every step wrote its audit row.
    const actions = (
      await api.db.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity_id = $1 OR (entity = 'loan' AND entity_id = $2) ORDER BY id",
        [w, String(row.id)],
      )
    ).map((r) => r.action);
    expect(actions).toEqual([
      'deposit.push_requested',
      'deposit.push_accepted',
      'deposit.completed',
      'first_deposit.otp_sent',
      'first_deposit.otp_sent',
      'first_deposit.otp_verified',
      'first_deposit.identity_verified',
      'first_deposit.contract_signed',
      'loan.created',
      'first_deposit.completed',
    ]);
    // The customer now has an active loan: they no longer qualify.
    expect((await post(P.qualifiedPhones, { msisdn: b.msisdn })).body.not_qualified_reason).toBe('active_loan');
  });

  it('vivo on the twelve-months plan, security question: the authorization code is needed before the loan', async () => {
    const b = await buyer();
    const w = await otpsChecked(b, { price: models.vivo.priceId, period: 'twelve_months' });
    const id = await post(P.verifySecurityAnswer, { wizard_id: w, answer: '  chipsi   MAYAI ' });
    expect(id.status, JSON.stringify(id.body)).toBe(200);
    expect(id.body.method).toBe('security_question');
    expect((await post(P.signContract, { wizard_id: w, accept_terms: true, signed_by: b.name })).status).toBe(200);

    const early = await post(P.confirmLockActivation, { wizard_id: w, lock_installed: true, app_installed: true });
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe('step_out_of_order');

    const imei = await wizardImei(w);
    const sent = await post(P.sendVivoAuthCode, { imei });
    expect(sent.status).toBe(200);
    expect(Date.parse(sent.body.expires_at) - Date.parse(sent.body.sent_at)).toBe(5 * 60_000);
    const code = await lastCode(AGENT_PHONE);
    expect((await post(P.verifyVivoAuthCode, { imei, code })).body).toEqual({ imei, verified: true });
    expect((await post(P.wizardStatus, { wizard_id: w })).body.vivo_verified).toBe(true);

    const loan = await post(P.confirmLockActivation, { wizard_id: w, lock_installed: true, app_installed: true });
    expect(loan.status, JSON.stringify(loan.body)).toBe(200);
    const price = (await api.db.query<any>('SELECT * FROM phone_prices WHERE id = $1', [models.vivo.priceId]))[0];
    expect(loan.body).toMatchObject({
      lock_solution_type: 'vivo',
      repayment_period: 'twelve_months',
      installments: 12,
      installment_amount: price.twelve_months_payment,
      total_repayable: price.twelve_months_total,
      next_repayment_date: '2026-12-02',
    });
  });

  it.each([
    ['weekly', 30, 7, 12_600],
    ['monthly', 7, 30, 54_000],
  ] as const)('%s plan: %i installments %i days apart', async (period, installments, interval, amount) => {
    const b = await buyer();
    const { w } = await signed(b, { period });
    const loan = await post(P.confirmLockActivation, { wizard_id: w, lock_installed: true, app_installed: true });
    expect(loan.body).toMatchObject({ installments, installment_amount: amount, total_repayable: 60_000 + installments * amount });
    const [row] = await api.db.query<any>('SELECT interval_days FROM loans WHERE loan_number = $1', [loan.body.loan_number]);
    expect(row.interval_days).toBe(interval);
  });

  it('oguard: the status shows the Android provisioning QR payload', async () => {
    const b = await buyer();
    const w = await paid(b, { price: models.oguard.priceId });
    const status = wizardStatus.parse((await post(P.wizardStatus, { wizard_id: w })).body);
    expect(status.lock.lock_solution_type).toBe('oguard');
    expect(JSON.parse(status.lock.qr_payload!)).toMatchObject({
      'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE': { imei: status.imei },
    });
  });
});

describe('the deposit push: every outcome of the mobile-money provider', () => {
  it('insufficient funds (payer ending in 1) and cancelled (ending in 2): failed, the handset back in stock, a new attempt may pay', async () => {
    for (const [ending, failure] of [
      ['1', 'insufficient_funds'],
      ['2', 'cancelled'],
    ] as const) {
      const b = await buyer();
      const w = randomUUID();
      await push(w, b, { payer: `0754${String(people).padStart(5, '0')}${ending}` });
      const imei = await wizardImei(w);
      await customerAnswers();
      const failed = (await confirm(w)).body;
      expect(failed).toMatchObject({ status: 'failed', failure, transaction_id: null });
      expect(await itemStatus(imei)).toBe('in_stock');
      expect((await api.db.query<any>('SELECT status FROM transactions WHERE idempotency_key = $1', [`${w}:1`]))[0].status).toBe('failed');
      // The next step is refused until a deposit is paid.
      expect((await post(P.agentOtp, { wizard_id: w })).body.reason).toBe('step_out_of_order');
      const again = await push(w, b, { attempt: 2 });
      expect(again.body).toMatchObject({ attempt: 2, status: 'pending' });
      expect(await wizardImei(w)).toBe(imei);
      expect(await itemStatus(imei)).toBe('reserved');
      await customerAnswers();
      expect((await confirm(w, 2)).body.status).toBe('completed');
    }
  });

  it('no answer (ending in 3): pending until the time-out, then the status query settles it as a time-out', async () => {
    const b = await buyer();
    const w = randomUUID();
    await push(w, b, { payer: '0754000003' });
    await customerAnswers(30_000);
    expect((await confirm(w)).body.status).toBe('pending');
    api.clock.advance(30_000);
    expect((await confirm(w)).body).toMatchObject({ status: 'failed', failure: 'timeout' });
    const [a] = await api.db.query<any>('SELECT settled_by, callbacks FROM deposit_attempts WHERE wizard_id = $1', [w]);
    expect(a).toMatchObject({ settled_by: 'status_query', callbacks: 0 });
  });

  it('duplicate callback (ending in 4): the second changes nothing', async () => {
    const b = await buyer();
    const before = await ledgerBalances();
    const w = randomUUID();
    await push(w, b, { payer: '0754000004' });
    await customerAnswers(3_000);
    expect((await confirm(w)).body.status).toBe('completed');
    const [a] = await api.db.query<any>('SELECT callbacks FROM deposit_attempts WHERE wizard_id = $1', [w]);
    expect(a.callbacks).toBe(2);
    expect((await api.db.query("SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'deposit.completed'", [w])).length).toBe(1);
    expect((await ledgerBalances()).mobile_money_clearing! - (before.mobile_money_clearing ?? 0)).toBe(60_000);
  });

  it('ambiguous (ending in 5): the callback is lost, the status query past the time-out finds it paid', async () => {
    const b = await buyer();
    const w = randomUUID();
    await push(w, b, { payer: '0754000005' });
    await customerAnswers(10_000);
    expect((await confirm(w)).body.status).toBe('pending');
    api.clock.advance(50_000);
    const done = (await confirm(w)).body;
    expect(done).toMatchObject({ status: 'completed', transaction_id: expect.stringMatching(/^SIM/) });
    expect((await api.db.query<any>('SELECT settled_by FROM deposit_attempts WHERE wizard_id = $1', [w]))[0].settled_by).toBe(
      'status_query',
    );
  });

  it('the demo control route forces the next push of a payer, once', async () => {
    const b = await buyer();
    expect((await post(P.mobileMoneyControl, { payment_msisdn: b.msisdn, outcome: 'cancelled' }, null)).body).toEqual({ ok: true });
    const w = randomUUID();
    await push(w, b);
    await customerAnswers();
    expect((await confirm(w)).body.failure).toBe('cancelled');
    await push(w, b, { attempt: 2 });
    await customerAnswers();
    expect((await confirm(w, 2)).body.status).toBe('completed');
    const prod = await testApi({ mode: 'production' });
    expect((await prod.call('POST', P.mobileMoneyControl, { body: { payment_msisdn: b.msisdn, outcome: 'approved' } })).status).toBe(404);
    await prod.close();
  });
});

describe('issue 17: the IMEI of the box handed over is checked against the store stock', () => {
  const attempts = async (w: string) =>
    (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM deposit_attempts WHERE wizard_id = $1', [w]))[0]!.n;

  it('reserves exactly the box scanned, shows it on the contract, and sells it', async () => {
    const b = await buyer();
    const box = await stock1(models.dial.modelId);
    const w = randomUUID();
    const res = await push(w, b, { imei: box });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await wizardImei(w)).toBe(box);
    expect(await itemStatus(box)).toBe('reserved');
  });

  it.each([
    ['an IMEI of another store', 'imei_not_in_store', async () => stock1(models.dial.modelId, fx.stores[1])],
    ['an IMEI in no stock at all', 'imei_not_in_store', async () => imeiFor(++serial, '35777701')],
    ['a box of another model', 'imei_other_model', async () => stock1(models.oguard.modelId)],
    [
      'a handset marked damaged',
      'imei_not_available',
      async () => {
        const imei = await stock1(models.dial.modelId);
        await api.db.query("UPDATE inventory_items SET status = 'damaged' WHERE imei = $1", [imei]);
        return imei;
      },
    ],
  ])('refuses %s with 400 naming imei (%s), and nothing is pushed or reserved', async (_what, reason, imeiOf) => {
    const b = await buyer();
    const imei = await imeiOf();
    const before = await itemStatus(imei);
    const w = randomUUID();
    const res = await push(w, b, { imei });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason, fields: { imei: expect.any(String) } });
    expect(await attempts(w)).toBe(0);
    expect(await itemStatus(imei)).toBe(before);
  });

  it('refuses a push without the IMEI with 400 naming imei, and changes nothing', async () => {
    const b = await buyer();
    const w = randomUUID();
    const state = async () =>
      (
        await api.db.query<Record<string, number>>(
          `SELECT (SELECT count(*) FROM first_deposits)::int AS wizards, (SELECT count(*) FROM deposit_attempts)::int AS attempts,
                  (SELECT count(*) FROM transactions)::int AS transactions, (SELECT count(*) FROM audit_log)::int AS audit_rows,
                  (SELECT count(*) FROM inventory_items WHERE status = 'reserved')::int AS reserved`,
        )
      )[0];
    const before = await state();
    const res = await post(P.depositPush, {
      wizard_id: w,
      attempt: 1,
      msisdn: b.msisdn,
      phone_price_id: models.dial.priceId,
      repayment_period: 'daily',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['imei']);
    expect(await state()).toEqual(before);
    expect(await attempts(w)).toBe(0);
    // The customer's wallet was never asked: nothing for the simulator to answer.
    await customerAnswers();
    expect((await post(P.depositConfirm, { wizard_id: w, attempt: 1 })).status).toBe(404);
  });

  it('refuses a box another wizard holds, and a malformed IMEI, naming imei', async () => {
    const [first, second] = [await buyer(), await buyer()];
    const box = await stock1(models.dial.modelId);
    expect((await push(randomUUID(), first, { imei: box })).status).toBe(200);
    const taken = await push(randomUUID(), second, { imei: box });
    expect(taken).toMatchObject({ status: 400, body: { reason: 'imei_not_available', fields: { imei: expect.any(String) } } });
    const malformed = await push(randomUUID(), second, { imei: '35888801000000' });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fields)).toEqual(['imei']);
  });

  it('after a declined push, a new attempt with another box puts the first back in stock', async () => {
    const b = await buyer();
    const [one, two] = [await stock1(models.dial.modelId), await stock1(models.dial.modelId)];
    const w = randomUUID();
    await push(w, b, { imei: one, payer: `0754${String(people).padStart(5, '0')}1` });
    await customerAnswers();
    expect((await confirm(w)).body.status).toBe('failed');
    expect(await itemStatus(one)).toBe('in_stock');
    const again = await push(w, b, { attempt: 2, imei: two });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await wizardImei(w)).toBe(two);
    expect([await itemStatus(one), await itemStatus(two)]).toEqual(['in_stock', 'reserved']);
    // The same box again on the attempt that holds it is fine (a retried push).
    expect((await push(w, b, { attempt: 2, imei: two })).status).toBe(200);
  });
});

describe('the deposit is never charged twice', () => {
  it('the same wizard and attempt sent 5 times at once: one push, one transaction, the same answer', async () => {
    const b = await buyer();
    const w = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => push(w, b)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(api.mobileMoney.charges(b.msisdn)).toEqual([expect.objectContaining({ reference: `${w}:1`, pushes: 1 })]);
    expect((await api.db.query("SELECT 1 FROM transactions WHERE idempotency_key LIKE $1 || '%'", [w])).length).toBe(1);
    expect(
      (
        await api.db.query(
          "SELECT 1 FROM inventory_items i JOIN first_deposits f ON f.inventory_item_id = i.id WHERE f.wizard_id = $1 AND i.status = 'reserved'",
          [w],
        )
      ).length,
    ).toBe(1);
    // A retry later still pushes nothing; another attempt while this one is pending is refused.
    await push(w, b);
    expect(api.mobileMoney.charges(b.msisdn)).toHaveLength(1);
    const second = await push(w, b, { attempt: 2 });
    expect(second.status).toBe(409);
    expect(second.body.reason).toBe('deposit_pending');
    await customerAnswers();
    expect((await push(w, b)).body.status).toBe('completed');
    const third = await push(w, b, { attempt: 3 });
    expect(third.body.reason).toBe('deposit_paid');
    expect(api.mobileMoney.charges(b.msisdn)).toHaveLength(1);
  });

  it('a server restart between the push and the callback: the new server takes the callback', async () => {
    const b = await buyer();
    const w = randomUUID();
    await push(w, b);
    api.restart();
    await customerAnswers();
    expect((await confirm(w)).body.status).toBe('completed');
    expect(api.mobileMoney.charges(b.msisdn)).toHaveLength(1);
  });

  it('a late callback after the client gave up is honoured; one after another attempt paid goes to suspense', async () => {
    const b = await buyer();
    const w = randomUUID();
    await push(w, b, { payer: '0754000013' });
    api.clock.advance(61_000);
    expect((await confirm(w)).body.failure).toBe('timeout');
    const callback = (attempt: number, receipt: string, payer = '255754000013') =>
      api.app.request('/portal_api/callbacks/mobile-money', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
        body: JSON.stringify({
          reference: `${w}:${attempt}`,
          status: 'SUCCESS',
          result_code: '0',
          transaction_id: receipt,
          amount: 60_000,
          msisdn: payer,
        }),
      });
    const late = await callback(1, 'LATE0001');
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ ok: true, duplicate: false });
    expect((await confirm(w)).body).toMatchObject({ status: 'completed', transaction_id: 'LATE0001' });
    expect(await itemStatus(await wizardImei(w))).toBe('reserved');

    // Another customer paying from the same number (b's paid wizard holds b: decision 010).
    const b2 = await buyer();
    const w2 = randomUUID();
    await push(w2, b2, { payer: '0754000013' });
    api.clock.advance(61_000);
    await confirm(w2);
    await push(w2, b2, { attempt: 2 });
    await customerAnswers();
    expect((await confirm(w2, 2)).body.status).toBe('completed');
    const orphan = await api.app.request('/portal_api/callbacks/mobile-money', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
      body: JSON.stringify({
        reference: `${w2}:1`,
        status: 'SUCCESS',
        result_code: '0',
        transaction_id: 'LATE0002',
        amount: 60_000,
        msisdn: '255754000013',
      }),
    });
    expect(orphan.status).toBe(200);
    expect((await api.db.query<any>('SELECT status FROM transactions WHERE idempotency_key = $1', [`${w2}:1`]))[0].status).toBe(
      'suspended',
    );
    expect((await confirm(w2, 1)).body.status).toBe('failed');
    // Both callbacks are in the log of the providers' callbacks (decision 027), with the push's provider.
    const logged = await api.db.query<any>(
      `SELECT c.receipt, c.source, c.status, c.amount, c.provider = t.payment_method AS same_provider
         FROM payment_callbacks c JOIN transactions t ON t.idempotency_key = c.reference WHERE c.receipt IN ('LATE0001', 'LATE0002') ORDER BY c.receipt`,
    );
    expect(logged).toEqual([
      { receipt: 'LATE0001', source: 'deposit', status: 'SUCCESS', amount: 60_000, same_provider: true },
      { receipt: 'LATE0002', source: 'deposit', status: 'SUCCESS', amount: 60_000, same_provider: true },
    ]);
  });

  it('the callback: 403 without the token, 404 for an unknown push, 400 for a bad body', async () => {
    const send = (body: unknown, headers: Record<string, string> = { 'x-callback-token': DEMO_CALLBACK_SECRET }) =>
      api.app.request('/portal_api/callbacks/mobile-money', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const good = {
      reference: `${randomUUID()}:1`,
      status: 'SUCCESS',
      result_code: '0',
      transaction_id: 'X1',
      amount: 1000,
      msisdn: '255754000000',
    };
    expect((await send(good, {})).status).toBe(403);
    expect((await send(good, { 'x-callback-token': 'guess' })).status).toBe(403);
    expect((await send(good)).status).toBe(404);
    const bad = await send({ ...good, amount: -1 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.amount).toBeDefined();
  });

  it("another agent's wizard is not found, and a wizard is for one customer", async () => {
    const b = await buyer();
    const w = randomUUID();
    await push(w, b);
    expect((await post(P.wizardStatus, { wizard_id: w }, token.agent2!)).status).toBe(404);
    expect((await post(P.depositConfirm, { wizard_id: w, attempt: 1 }, token.agent2!)).status).toBe(404);
    expect((await push(w, b, { by: token.agent2! })).status).toBe(404);
    const other = await buyer();
    const mixed = await push(w, other, { attempt: 2 });
    expect(mixed.status).toBe(400);
    expect(mixed.body.fields.msisdn).toBeDefined();
  });

  it('refuses a phone above the limit, a customer with a loan, and a model not in stock', async () => {
    const b = await buyer({ limit: 250_000 });
    const above = await push(randomUUID(), b);
    expect(above.body).toMatchObject({ reason: 'not_qualified' });
    const borrower = await fx.borrower();
    await api.db.query('INSERT INTO customer_limits (customer_id, limit_amount, score, updated_at) VALUES ($1, 900000, 800, now())', [
      borrower.customerId,
    ]);
    const loaned = await post(P.depositPush, {
      wizard_id: randomUUID(),
      attempt: 1,
      msisdn: borrower.msisdn,
      phone_price_id: models.dial.priceId,
      repayment_period: 'daily',
      imei: await boxFor(randomUUID(), models.dial.priceId),
    });
    expect(loaned.body.reason).toBe('not_qualified');
    const rich = await buyer({ limit: 5_000_000 });
    // The store's three handsets of the dear phone go to three paid deposits: a box of it scanned again is not available.
    const wizards: string[] = [];
    for (let i = 0; i < 3; i++) wizards.push(await paid(await buyer({ limit: 5_000_000 }), { price: models.dear.priceId }));
    const none = await push(randomUUID(), rich, { price: models.dear.priceId, imei: await wizardImei(wizards[0]!) });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ reason: 'imei_not_available', fields: { imei: expect.any(String) } });
  });
});

describe('the one-time codes', () => {
  it('wrong codes count down, then lock; new codes start again; a code expires after 5 minutes', async () => {
    const b = await buyer();
    const w = await paid(b);
    await sendOtps(w);
    const right = { agent_code: await lastCode(AGENT_PHONE), customer_code: await lastCode(b.msisdn) };
    const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const first = await post(P.verifyOtps, { wizard_id: w, agent_code: right.agent_code, customer_code: wrongCode(right.customer_code) });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ reason: 'otp_wrong', left: 4, fields: { customer_code: 'wrong code' } });
    for (let i = 0; i < 3; i++)
      await post(P.verifyOtps, { wizard_id: w, agent_code: right.agent_code, customer_code: wrongCode(right.customer_code) });
    const locked = await post(P.verifyOtps, { wizard_id: w, agent_code: right.agent_code, customer_code: wrongCode(right.customer_code) });
    expect(locked.body.reason).toBe('otp_locked');
    expect((await post(P.verifyOtps, { wizard_id: w, ...right })).body.reason).toBe('otp_locked');

    // Sending again too soon is refused; after the gap, new codes work.
    const soon = await post(P.customerOtp, { wizard_id: w });
    expect(soon.status).toBe(429);
    api.clock.advance(31_000);
    await sendOtps(w);
    api.clock.advance(5 * 60_000 + 1);
    const expired = await post(P.verifyOtps, {
      wizard_id: w,
      agent_code: await lastCode(AGENT_PHONE),
      customer_code: await lastCode(b.msisdn),
    });
    expect(expired.body.reason).toBe('otp_expired');
    await sendOtps(w);
    const ok = await post(P.verifyOtps, { wizard_id: w, agent_code: await lastCode(AGENT_PHONE), customer_code: await lastCode(b.msisdn) });
    expect(ok.body).toEqual({ verified: true });
    // Single use: the codes are spent, the wizard is past this step.
    expect((await post(P.agentOtp, { wizard_id: w })).body.reason).toBe('step_out_of_order');
  });

  it('both codes are needed: verifying with only one sent is refused', async () => {
    const b = await buyer();
    const w = await paid(b);
    await post(P.agentOtp, { wizard_id: w });
    const res = await post(P.verifyOtps, { wizard_id: w, agent_code: await lastCode(AGENT_PHONE), customer_code: '000000' });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('otp_expired');
  });
});

describe('issue 17: the customer reads their SMS in their own language', () => {
  const outboxOf = async (recipient: string) =>
    (await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id', [recipient])).map((r) => r.body);

  it('a Swahili customer (the default) gets the deposit receipt and the OTP in Swahili; an English one in English', async () => {
    const sw = await buyer();
    const w = await paid(sw);
    const [status] = await api.db.query<{ receipt: string }>(
      "SELECT receipt FROM deposit_attempts WHERE wizard_id = $1 AND status = 'completed'",
      [w],
    );
    await sendOtps(w);
    const swTexts = await outboxOf(sw.msisdn);
    expect(swTexts).toHaveLength(2);
    expect(swTexts[0]).toBe(
      `Simu: Halima, tumepokea amana yako ya TSh\u00a060,000 kwa ajili ya itel Test A1 (64 GB). Risiti ${status!.receipt}. Hifadhi ujumbe huu.`,
    );
    expect(swTexts[1]).toMatch(/^Simu: msimbo wako wa kuthibitisha mkopo wa simu ni \d{6}\. Unaisha baada ya dakika 5\./);

    const en = await buyer();
    await api.db.query("UPDATE customers SET language = 'en' WHERE id = $1", [en.id]);
    const w2 = await paid(en);
    await sendOtps(w2);
    const enTexts = await outboxOf(en.msisdn);
    expect(enTexts[0]).toMatch(/^Simu: Halima, we received your deposit of TZS\s60,000 for the .+\. Receipt \S+\. Keep this message\.$/);
    expect(enTexts[1]).toMatch(/^Simu: your code to confirm your phone loan is \d{6}\./);
    // The customer gets two messages: the receipt, then their code (the agent's code goes to the agent).
    expect(enTexts).toHaveLength(2);
  });

  it('refuses a language the portal does not speak', async () => {
    const b = await buyer();
    await expect(api.db.query("UPDATE customers SET language = 'fr' WHERE id = $1", [b.id])).rejects.toThrow();
  });
});

describe('the identity check', () => {
  it('a fingerprint that does not match, a NIDA number that is not the customer', async () => {
    const b = await buyer();
    const w = await otpsChecked(b);
    const stranger = await post(P.verifyFingerprint, { wizard_id: w, nida_number: b.nida, fingerprint: templateOfFinger('stranger') });
    expect(stranger.status).toBe(409);
    expect(stranger.body).toMatchObject({
      reason: 'fingerprint_mismatch',
      message: 'The fingerprint does not match the NIDA number provided',
    });
    const someoneElse = await post(P.verifyFingerprint, {
      wizard_id: w,
      nida_number: b.nida,
      fingerprint: templateOfFinger('19900101000000000127'),
    });
    expect(someoneElse.body.reason).toBe('fingerprint_mismatch');
    const notTheirs = await post(P.verifyFingerprint, {
      wizard_id: w,
      nida_number: '19900101000000000127',
      fingerprint: templateOfFinger('any'),
    });
    expect(notTheirs.body.reason).toBe('nida_mismatch');
    expect((await post(P.verifyFingerprint, { wizard_id: w, nida_number: b.nida, fingerprint: templateOfFinger(b.nida) })).status).toBe(
      200,
    );
    expect(
      (await api.db.query("SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'first_deposit.fingerprint_mismatch'", [w])).length,
    ).toBe(2);
  });

  it('security answers: wrong ones count down and lock after 3; no question on record', async () => {
    const b = await buyer();
    const w = await otpsChecked(b);
    const one = await post(P.verifySecurityAnswer, { wizard_id: w, answer: 'Ugali' });
    expect(one.body).toMatchObject({ reason: 'security_answer_wrong', left: 2 });
    expect((await post(P.verifySecurityAnswer, { wizard_id: w, answer: 'Wali' })).body.left).toBe(1);
    expect((await post(P.verifySecurityAnswer, { wizard_id: w, answer: 'Pilau' })).body.reason).toBe('security_answer_locked');
    expect((await post(P.verifySecurityAnswer, { wizard_id: w, answer: b.answer })).body.reason).toBe('security_answer_locked');
    // The fingerprint is still there.
    expect((await post(P.verifyFingerprint, { wizard_id: w, nida_number: b.nida, fingerprint: templateOfFinger('any') })).status).toBe(200);

    const silent = await buyer({ question: false });
    const w2 = await otpsChecked(silent);
    expect((await post(P.verifySecurityAnswer, { wizard_id: w2, answer: 'anything' })).body.reason).toBe('no_security_question');
  });
});

describe('the vivo authorization code', () => {
  it('not vivo, unknown IMEI, wrong code, expired code', async () => {
    const b = await buyer();
    const dial = await paid(b);
    const notVivo = await post(P.sendVivoAuthCode, { imei: await wizardImei(dial) });
    expect(notVivo.status).toBe(409);
    expect(notVivo.body.reason).toBe('not_vivo');
    expect((await post(P.sendVivoAuthCode, { imei: imeiFor(999_001) })).status).toBe(404);
    expect((await post(P.verifyVivoAuthCode, { imei: imeiFor(999_001), code: '123456' })).status).toBe(404);

    const v = await buyer();
    const w = await paid(v, { price: models.vivo.priceId });
    const imei = await wizardImei(w);
    await post(P.sendVivoAuthCode, { imei });
    const code = await lastCode(AGENT_PHONE);
    const wrong = await post(P.verifyVivoAuthCode, { imei, code: code === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({
      reason: 'auth_code_wrong',
      message: 'Failed to verify the authorization code entered, check and try again',
    });
    api.clock.advance(5 * 60_000);
    expect((await post(P.verifyVivoAuthCode, { imei, code })).body.reason).toBe('auth_code_expired');
    await post(P.sendVivoAuthCode, { imei });
    expect((await post(P.verifyVivoAuthCode, { imei, code: await lastCode(AGENT_PHONE) })).status).toBe(200);
  });
});

describe('steps out of order are refused', () => {
  it('OTP before the deposit, identity before the OTPs, signing before the identity, the loan before signing', async () => {
    const b = await buyer();
    const w = randomUUID();
    await push(w, b);
    for (const path of [P.agentOtp, P.customerOtp]) expect((await post(path, { wizard_id: w })).body.reason).toBe('step_out_of_order');
    expect((await post(P.verifyOtps, { wizard_id: w, agent_code: '123456', customer_code: '123456' })).body.reason).toBe(
      'step_out_of_order',
    );
    await customerAnswers();
    await confirm(w);
    expect((await post(P.verifyFingerprint, { wizard_id: w, nida_number: b.nida, fingerprint: templateOfFinger('any') })).body.reason).toBe(
      'step_out_of_order',
    );
    expect((await post(P.verifySecurityAnswer, { wizard_id: w, answer: b.answer })).body.reason).toBe('step_out_of_order');
    expect((await post(P.signContract, { wizard_id: w, accept_terms: true, signed_by: 'Halima Msuya' })).body.reason).toBe(
      'step_out_of_order',
    );
    expect((await post(P.confirmLockActivation, { wizard_id: w, lock_installed: true, app_installed: true })).body.reason).toBe(
      'step_out_of_order',
    );
    // An unknown wizard is not found.
    expect((await post(P.agentOtp, { wizard_id: randomUUID() })).status).toBe(404);
    expect((await post(P.wizardStatus, { wizard_id: randomUUID() })).status).toBe(404);
  });
});
