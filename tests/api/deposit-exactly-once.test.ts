import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../src/contract/routes';
import { depositStatus, depositUnfinishedRefusal, loanSummary, qualifiedPhonesResponse, wizardStatus } from '../../src/contract/deposits';
import { depositTransactions } from '../../src/contract/customer-actions';
import { templateOfFinger } from '../../src/lib/fingerprint-template';
import { hashSecurityAnswer } from '../../server/domain/security-answers';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { releaseAbandonedDeposits } from '../../server/domain/deposits/release';
import { startWorkers } from '../../server/workers';
import { testApi, type TestApi } from '../support/api';
import { userWith } from '../support/admin-changes';
import { businessFixtures, imeiFor, type BusinessFixtures } from '../support/business-fixtures';

/**
 * Issue 11, item 1 (decision 010): a customer's first deposit is taken once. A paid deposit whose wizard is left
 * (the agent clicks "Start a new deposit") is handed back to be resumed, never taken again; pushes of several
 * wizards for one customer at once: one is accepted; a duplicate callback changes nothing; a paid deposit left
 * past the limit goes to suspense, its handset back to stock, with its audit row, once.
 */

const HOUR_MS = 3_600_000;
const P = Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, r.path])) as Record<keyof typeof routes, string>;
const AGENT_PHONE = '255754000902';

let api: TestApi;
let fx: BusinessFixtures;
let agentStore: number;
const token: Record<string, string> = {};
let serial = 700;
let people = 0;

interface Buyer {
  id: number;
  msisdn: string;
  nida: string;
  /** The full name on record: the contract's signature (issue 17). */
  name: string;
}

/** A customer who qualifies for the fixtures' phone (300,000, deposit 60,000). Their number ends in 0. */
async function buyer(): Promise<Buyer> {
  const k = ++people;
  const msisdn = `25575${String(k).padStart(6, '0')}0`;
  const nida = `19910101${String(k).padStart(10, '0')}27`;
  const [c] = await api.db.query<{ id: number }>(
    `INSERT INTO customers (msisdn, first_name, other_names, sex, date_of_birth, national_id, nida_number, customer_key,
                            security_question, security_answer_hash, store_id, registered_at)
     VALUES ($1, 'Zuhura', $2, 'F', '1991-01-01', $3, $4, $5, 'favourite_food', $6, $7, now()) RETURNING id`,
    [
      msisdn,
      `Once${k} Mollel`,
      `19910101-${nida.slice(8, 13)}-${nida.slice(13, 18)}-${nida.slice(18)}`,
      nida,
      `CKONCE${k}`,
      await hashSecurityAnswer('Wali', randomBytes(16)),
      agentStore,
    ],
  );
  await api.db.query('INSERT INTO customer_limits (customer_id, limit_amount, score, updated_at) VALUES ($1, 350000, 700, now())', [c!.id]);
  return { id: c!.id, msisdn, nida, name: `Zuhura Once${k} Mollel` };
}

const post = (path: string, body: unknown, by: string | null = token.agent!) => api.call('POST', path, { token: by ?? undefined, body });
/**
 * The box the agent scans, as the wizard sends it (its IMEI is required): the one this wizard took (a retry sends it
 * again), else the first handset of the phone on the shelf of the agent's store.
 */
async function boxFor(w: string): Promise<string> {
  const [box] = await api.db.query<{ imei: string }>(
    `SELECT i.imei FROM inventory_items i LEFT JOIN first_deposits f ON f.wizard_id = $1 AND f.inventory_item_id = i.id
      WHERE i.phone_model_id = $2 AND (f.wizard_id IS NOT NULL OR (i.store_id = $3 AND i.status = 'in_stock'))
      ORDER BY f.wizard_id IS NULL, i.received_at, i.id LIMIT 1`,
    [w, fx.modelId, agentStore],
  );
  if (!box) throw new Error(`no box on the shelf for wizard ${w}`);
  return box.imei;
}

const push = async (w: string, b: Buyer, o: { attempt?: number; payer?: string; by?: string } = {}) =>
  post(
    P.depositPush,
    {
      wizard_id: w,
      attempt: o.attempt ?? 1,
      msisdn: b.msisdn,
      phone_price_id: fx.priceId,
      repayment_period: 'daily',
      ...(o.payer ? { payment_msisdn: o.payer } : {}),
      imei: await boxFor(w),
    },
    o.by ?? token.agent!,
  );
const confirm = (w: string, attempt = 1) => post(P.depositConfirm, { wizard_id: w, attempt });
const search = (b: Buyer, by = token.agent!) => post(P.qualifiedPhones, { msisdn: b.msisdn }, by);
const status = async (w: string) => wizardStatus.parse((await post(P.wizardStatus, { wizard_id: w })).body);

async function customerAnswers(ms = 2_000) {
  api.clock.advance(ms);
  await api.mobileMoney.deliverDue();
}

async function paid(b: Buyer): Promise<string> {
  const w = randomUUID();
  expect((await push(w, b)).status).toBe(200);
  await customerAnswers();
  expect((await confirm(w)).body.status).toBe('completed');
  return w;
}

async function lastCode(recipient: string): Promise<string> {
  const [row] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [recipient]);
  return row!.body.match(/\b(\d{6})\b/)![1]!;
}

async function sendOtps(w: string) {
  expect((await post(P.agentOtp, { wizard_id: w })).status).toBe(200);
  expect((await post(P.customerOtp, { wizard_id: w })).status).toBe(200);
}

async function verifyOtps(w: string, b: Buyer) {
  const otp = await post(P.verifyOtps, { wizard_id: w, agent_code: await lastCode(AGENT_PHONE), customer_code: await lastCode(b.msisdn) });
  expect(otp.status, JSON.stringify(otp.body)).toBe(200);
}

/** From the OTP step (codes sent, or checked when `checked`) to the loan, as a resumed wizard goes on. */
async function finish(w: string, b: Buyer, checked = false) {
  if (!checked) await verifyOtps(w, b);
  expect((await post(P.verifyFingerprint, { wizard_id: w, nida_number: b.nida, fingerprint: templateOfFinger(b.nida) })).status).toBe(200);
  expect((await post(P.signContract, { wizard_id: w, accept_terms: true, signed_by: b.name })).status).toBe(200);
  const loan = await post(P.confirmLockActivation, { wizard_id: w, lock_installed: true, app_installed: true });
  expect(loan.status, JSON.stringify(loan.body)).toBe(200);
  return loanSummary.parse(loan.body);
}

const callback = (reference: string, receipt: string, msisdn: string, o: { status?: 'SUCCESS' | 'FAILED'; amount?: number } = {}) =>
  api.app.request('/portal_api/callbacks/mobile-money', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
    body: JSON.stringify({
      reference,
      status: o.status ?? 'SUCCESS',
      result_code: (o.status ?? 'SUCCESS') === 'SUCCESS' ? '0' : 'CANCELLED',
      transaction_id: receipt,
      amount: o.amount ?? 60_000,
      msisdn,
    }),
  });

const itemStatus = async (imei: string) =>
  (await api.db.query<{ status: string }>('SELECT status FROM inventory_items WHERE imei = $1', [imei]))[0]?.status;
const wizardImei = async (w: string) =>
  (
    await api.db.query<{ imei: string }>(
      'SELECT i.imei FROM first_deposits f JOIN inventory_items i ON i.id = f.inventory_item_id WHERE f.wizard_id = $1',
      [w],
    )
  )[0]!.imei;
const ledger = async () =>
  Object.fromEntries(
    (
      await api.db.query<{ account: string; balance: number }>(
        'SELECT account, (sum(debit) - sum(credit))::int8 AS balance FROM ledger_postings GROUP BY account',
      )
    ).map((r) => [r.account, r.balance]),
  );
const moved = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(
    Object.keys({ ...before, ...after })
      .map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)])
      .filter(([, v]) => v !== 0),
  );
const balanced = async () => expect(Object.values(await ledger()).reduce((sum, v) => sum + v, 0)).toBe(0);
const customerTransactions = (b: Buyer) =>
  api.db.query<{ status: string; amount: number; idempotency_key: string | null }>(
    'SELECT status, amount, idempotency_key FROM transactions WHERE customer_id = $1 ORDER BY id',
    [b.id],
  );
const wizardsOf = (b: Buyer) =>
  api.db.query<{ wizard_id: string; holds_customer: boolean; abandoned_at: unknown }>(
    'SELECT wizard_id::text AS wizard_id, holds_customer, abandoned_at FROM first_deposits WHERE customer_id = $1 ORDER BY created_at',
    [b.id],
  );
const workerDeps = () =>
  ({ db: api.db, clock: api.clock, adapters: { mobileMoney: api.mobileMoney.gateway } }) as unknown as Parameters<
    typeof releaseAbandonedDeposits
  >[0];

beforeAll(async () => {
  api = await testApi({ tokenTtlMs: 30 * 24 * HOUR_MS });
  fx = await businessFixtures(api.db);
  agentStore = fx.stores[0]!;
  for (const u of ['admin', 'agent']) token[u] = await api.tokenFor(u);
  const ids = Object.fromEntries(
    (await api.db.query<{ id: number; username: string }>('SELECT id, username FROM admins')).map((a) => [a.username, a.id]),
  );
  await api.db.query("INSERT INTO agents (full_name, msisdn, store_id, admin_id, created_at) VALUES ('Baraka Mushi', $1, $2, $3, now())", [
    AGENT_PHONE,
    agentStore,
    ids.agent,
  ]);
  for (let i = 0; i < 40; i++) {
    await api.db.query(
      "INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at) VALUES ($1, $2, $3, 'in_stock', now())",
      [fx.modelId, agentStore, imeiFor(++serial, '35888802')],
    );
  }
  // A second agent at the same store (a colleague of the first).
  // Made as every admin change is since issue 11: one admin asks, a second approves.
  const colleague = await userWith(api, 'colleague', ['ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES', 'FIND_CUSTOMER']);
  await api.db.query(
    "INSERT INTO agents (full_name, msisdn, store_id, admin_id, created_at) VALUES ('Test Colleague', '255754000904', $1, $2, now())",
    [agentStore, colleague.id],
  );
  token.colleague = colleague.token;
});
afterAll(() => api.close());

describe('a paid deposit whose wizard is left is resumed, never taken again', () => {
  it('paid, "Start a new deposit": the search and a second push are refused with the first wizard handed back; resumed and finished', async () => {
    const b = await buyer();
    const before = await ledger();
    const w1 = await paid(b);
    await sendOtps(w1);
    const imei = await wizardImei(w1);
    const [{ paid_at }] = (await api.db.query<{ paid_at: Date }>(
      'SELECT deposit_paid_at AS paid_at FROM first_deposits WHERE wizard_id = $1',
      [w1],
    )) as [{ paid_at: Date }];

    // The agent starts a new deposit and searches the same customer: refused at once, the paid wizard handed back.
    api.clock.advance(60_000);
    const found = await search(b);
    expect(found.status).toBe(409);
    const refusal = depositUnfinishedRefusal.parse(found.body);
    expect(refusal).toMatchObject({
      reason: 'paid_deposit_unfinished',
      wizard: {
        wizard_id: w1,
        step: 'otp',
        customer_id: b.id,
        customer_name: expect.stringMatching(/^Zuhura Once\d+ Mollel$/),
        amount: 60_000,
        deposit_status: 'completed',
        receipt: expect.stringMatching(/^SIM/),
        device: expect.any(String),
        started_by: { name: expect.any(String) },
        yours: true,
      },
    });
    expect(refusal.message).toMatch(/already paid/);
    // The limit counts from the wizard's last step (the second OTP sent at payment time).
    expect(Date.parse(refusal.wizard.release_after!)).toBe(new Date(paid_at).getTime() + 24 * HOUR_MS);

    // Had the client skipped the search, the push of a new wizard is refused the same way: nothing charged, nothing kept.
    const w2 = randomUUID();
    const second = await push(w2, b);
    expect(second.status).toBe(409);
    expect(depositUnfinishedRefusal.parse(second.body).wizard.wizard_id).toBe(w1);
    expect(api.mobileMoney.charges(b.msisdn)).toHaveLength(1);
    expect((await wizardsOf(b)).map((w) => w.wizard_id)).toEqual([w1]);
    expect(await customerTransactions(b)).toEqual([{ status: 'completed', amount: 60_000, idempotency_key: `${w1}:1` }]);

    // A colleague at the same store sees whose it is, but cannot resume another agent's wizard.
    const theirs = depositUnfinishedRefusal.parse((await search(b, token.colleague!)).body);
    expect(theirs.wizard).toMatchObject({ wizard_id: w1, yours: false });
    expect((await post(P.wizardStatus, { wizard_id: w1 }, token.colleague!)).status).toBe(404);

    // Resumed: the status tells the step and everything the screens need; the wizard goes on to the loan.
    const resumed = await status(w1);
    expect(resumed).toMatchObject({
      wizard_id: w1,
      step: 'otp',
      abandoned_at: null,
      imei,
      deposit: { status: 'completed', amount: 60_000 },
      otp_sent: true,
    });
    api.clock.advance(31_000);
    await sendOtps(w1);
    const loan = await finish(w1, b);
    expect(loan).toMatchObject({ deposit_paid: 60_000, imei });
    expect(await status(w1)).toMatchObject({ step: 'done', release_after: null });

    // One deposit, credited to the loan; the customer now has a loan and no wizard holds them.
    const txs = await customerTransactions(b);
    expect(txs).toEqual([{ status: 'completed', amount: 60_000, idempotency_key: `${w1}:1` }]);
    expect(await wizardsOf(b)).toEqual([{ wizard_id: w1, holds_customer: false, abandoned_at: null }]);
    expect(qualifiedPhonesResponse.parse((await search(b)).body).not_qualified_reason).toBe('active_loan');
    const change = moved(before, await ledger());
    expect(change.mobile_money_clearing).toBe(60_000);
    expect(change.customer_deposits).toBeUndefined();
    await balanced();
  });

  it('a push waiting for the customer: another wizard is refused (deposit_push_pending); once it failed, the other may push', async () => {
    const b = await buyer();
    const payer = '0754000021'; // ends in 1: insufficient funds
    const w1 = randomUUID();
    expect((await push(w1, b, { payer })).body.status).toBe('pending');
    const refused = await push(randomUUID(), b);
    expect(refused.status).toBe(409);
    expect(depositUnfinishedRefusal.parse(refused.body)).toMatchObject({
      reason: 'deposit_push_pending',
      wizard: { wizard_id: w1, step: 'deposit', deposit_status: 'pending', receipt: null, paid_at: null, release_after: null },
    });
    expect((await search(b)).body.reason).toBe('deposit_push_pending');
    await customerAnswers();
    expect((await confirm(w1)).body).toMatchObject({ status: 'failed', failure: 'insufficient_funds' });
    // Free again: the same wizard may try again, or another one.
    expect((await search(b)).status).toBe(200);
    const w2 = randomUUID();
    expect((await push(w2, b)).status).toBe(200);
    expect((await push(w1, b, { attempt: 2 })).body.reason).toBe('deposit_push_pending');
  });
});

describe('concurrent pushes for one customer: at most one accepted', () => {
  it('5 pushes at once across two wizards: one wizard pushes once, the other is refused with it handed back', async () => {
    const b = await buyer();
    const [wa, wb] = [randomUUID(), randomUUID()];
    const answers = await Promise.all([wa, wb, wa, wb, wa].map((w) => push(w, b)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(ok.length + refused.length).toBe(5);
    const winner = depositStatus.parse(ok[0]!.body).wizard_id;
    expect(ok.every((a) => a.body.wizard_id === winner)).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(depositUnfinishedRefusal.parse(r.body).wizard.wizard_id).toBe(winner);
    expect(api.mobileMoney.charges(b.msisdn)).toEqual([expect.objectContaining({ reference: `${winner}:1`, pushes: 1 })]);
    expect((await customerTransactions(b)).length).toBe(1);
    expect((await wizardsOf(b)).map((w) => w.wizard_id)).toEqual([winner]);
    const reserved = await api.db.query(
      "SELECT 1 FROM first_deposits f JOIN inventory_items i ON i.id = f.inventory_item_id WHERE f.customer_id = $1 AND i.status = 'reserved'",
      [b.id],
    );
    expect(reserved.length).toBe(1);
  });

  it('5 wizards at once: exactly one accepted; the database refuses a second holder whatever the code does', async () => {
    const b = await buyer();
    const wizards = Array.from({ length: 5 }, () => randomUUID());
    const answers = await Promise.all(wizards.map((w) => push(w, b)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.reason === 'deposit_push_pending')).toHaveLength(4);
    expect(api.mobileMoney.charges(b.msisdn)).toHaveLength(1);

    // The constraint behind the lock: a second wizard of the customer cannot hold them.
    const other = await buyer();
    const w = await paid(other);
    await expect(
      api.db.query(
        `INSERT INTO first_deposits (wizard_id, agent_admin_id, store_id, customer_id, phone_price_id, phone_model_id, repayment_period,
                                     deposit_amount, holds_customer, created_at, updated_at)
         SELECT $1, agent_admin_id, store_id, customer_id, phone_price_id, phone_model_id, repayment_period, deposit_amount, true, now(), now()
           FROM first_deposits WHERE wizard_id = $2`,
        [randomUUID(), w],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('duplicate callbacks change nothing', () => {
  it('the provider repeats a success callback (and the simulator sends it twice): one deposit, one posting, counted and audited', async () => {
    const b = await buyer();
    const before = await ledger();
    const payer = '255754000034'; // ends in 4: the simulator sends the callback twice
    const w = randomUUID();
    await push(w, b, { payer: `0${payer.slice(3)}` });
    await customerAnswers(3_000);
    const done = depositStatus.parse((await confirm(w)).body);
    expect(done.status).toBe('completed');
    const snapshot = async () => ({
      attempt: (
        await api.db.query<any>('SELECT status, receipt, completed_at, settled_by FROM deposit_attempts WHERE wizard_id = $1', [w])
      )[0],
      wizard: (
        await api.db.query<any>(
          'SELECT deposit_paid_at, updated_at, holds_customer, item_held, abandoned_at FROM first_deposits WHERE wizard_id = $1',
          [w],
        )
      )[0],
      txs: await customerTransactions(b),
      ledger: await ledger(),
      item: await itemStatus(await wizardImei(w)),
    });
    const settled = await snapshot();
    for (let i = 0; i < 3; i++) {
      const again = await callback(`${w}:1`, done.transaction_id!, payer);
      expect(await again.json()).toEqual({ ok: true, duplicate: true });
    }
    // A contradicting failure for the settled push changes nothing either.
    expect(await (await callback(`${w}:1`, 'OTHER', payer, { status: 'FAILED' })).json()).toEqual({ ok: true, duplicate: true });
    expect(await snapshot()).toEqual(settled);
    expect((await api.db.query<any>('SELECT callbacks FROM deposit_attempts WHERE wizard_id = $1', [w]))[0].callbacks).toBe(6);
    expect((await api.db.query("SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'deposit.completed'", [w])).length).toBe(1);
    expect((await api.db.query("SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'deposit.callback_repeated'", [w])).length).toBe(
      5,
    );
    expect(moved(before, await ledger())).toEqual({ mobile_money_clearing: 60_000, customer_deposits: -60_000 });
  });

  it('a late payment of a push given up, once another wizard has the customer: to suspense, posted once, nothing else moves', async () => {
    const b = await buyer();
    const payer = '255754000043'; // ends in 3: no answer
    const w1 = randomUUID();
    await push(w1, b, { payer: `0${payer.slice(3)}` });
    api.clock.advance(61_000);
    expect((await confirm(w1)).body.failure).toBe('timeout');
    const w2 = await paid(b);
    const before = await ledger();
    for (let i = 0; i < 2; i++) expect((await callback(`${w1}:1`, 'LATE-ONCE-1', payer)).status).toBe(200);
    expect(moved(before, await ledger())).toEqual({ mobile_money_clearing: 60_000, unallocated_payments: -60_000 });
    expect((await customerTransactions(b)).map((t) => t.status)).toEqual(['suspended', 'completed']);
    expect((await wizardsOf(b)).map((w) => [w.wizard_id, w.holds_customer])).toEqual([
      [w1, false],
      [w2, true],
    ]);
    expect((await confirm(w1)).body.status).toBe('failed');
    await balanced();
  });
});

describe('a paid deposit abandoned past the limit is released to suspense', () => {
  it('24 h after the last step: suspense, the handset back in stock, the wizard abandoned, the audit row; once, however many workers', async () => {
    // Other tests' wizards share this database: what is asserted is this wizard's story, and that none is released twice.
    const b = await buyer();
    const w = await paid(b);
    const imei = await wizardImei(w);
    expect(await itemStatus(imei)).toBe('reserved');
    const releaseAt = Date.parse((await status(w)).release_after!);
    expect(releaseAt).toBe(api.clock.now().getTime() + 24 * HOUR_MS);
    const abandoned = async () => (await wizardsOf(b))[0]!.abandoned_at;

    // Not a moment early.
    api.clock.set(new Date(releaseAt - 1_000));
    await releaseAbandonedDeposits(workerDeps(), api.clock.now());
    expect(await abandoned()).toBeNull();
    expect(await itemStatus(imei)).toBe('reserved');

    // Past the limit, two workers (two server copies) at once, then a third: released once.
    api.clock.set(new Date(releaseAt + 1_000));
    await Promise.all([releaseAbandonedDeposits(workerDeps(), api.clock.now()), releaseAbandonedDeposits(workerDeps(), api.clock.now())]);
    await releaseAbandonedDeposits(workerDeps(), api.clock.now());
    expect(await abandoned()).not.toBeNull();
    const twice = await api.db.query(
      "SELECT entity_id FROM audit_log WHERE action = 'first_deposit.abandoned' GROUP BY entity_id HAVING count(*) > 1",
    );
    expect(twice).toEqual([]);

    expect(await itemStatus(imei)).toBe('in_stock');
    expect(await customerTransactions(b)).toEqual([{ status: 'suspended', amount: 60_000, idempotency_key: `${w}:1` }]);
    // The deposit's postings: received into the customer's deposits, then released from them to suspense; all balanced.
    const entries = await api.db.query<any>(
      'SELECT kind, debit_account, credit_account, amount FROM ledger_entries WHERE description LIKE $1 ORDER BY id',
      [`%${w}:1%`],
    );
    expect(entries).toEqual([
      { kind: 'deposit_received', debit_account: 'mobile_money_clearing', credit_account: 'customer_deposits', amount: 60_000 },
      { kind: 'deposit_released', debit_account: 'customer_deposits', credit_account: 'unallocated_payments', amount: 60_000 },
    ]);
    await balanced();
    const audits = await api.db.query<any>(
      "SELECT actor_id, before, after FROM audit_log WHERE entity_id = $1 AND action = 'first_deposit.abandoned'",
      [w],
    );
    expect(audits).toHaveLength(1);
    const after = typeof audits[0].after === 'string' ? JSON.parse(audits[0].after) : audits[0].after;
    expect(after).toMatchObject({ amount: 60_000, imei, handset: 'in_stock', transaction_status: 'suspended', customer_id: b.id });
    expect(audits[0].actor_id).toBeNull();

    // Visible: the customer's payments show it suspended; the wizard says abandoned and takes no step.
    const list = depositTransactions.parse((await post(routes.depositTransactions.path, { msisdn: b.msisdn }, token.admin!)).body);
    expect(list.transactions.map((t) => t.status)).toEqual(['suspended']);
    expect(await status(w)).toMatchObject({ step: 'abandoned', abandoned_at: api.clock.now().toISOString(), release_after: null });
    for (const [path, body] of [
      [P.agentOtp, { wizard_id: w }],
      [P.verifyOtps, { wizard_id: w, agent_code: '123456', customer_code: '123456' }],
      [P.confirmLockActivation, { wizard_id: w, lock_installed: true, app_installed: true }],
    ] as const) {
      expect((await post(path, body)).body.reason).toBe('wizard_abandoned');
    }
    expect((await push(w, b, { attempt: 2 })).body.reason).toBe('wizard_abandoned');
    // A repeated callback of the released deposit changes nothing.
    const receipt = (await api.db.query<any>('SELECT receipt FROM deposit_attempts WHERE wizard_id = $1', [w]))[0].receipt;
    const ledgerNow = await ledger();
    expect(await (await callback(`${w}:1`, receipt, b.msisdn)).json()).toEqual({ ok: true, duplicate: true });
    expect(await ledger()).toEqual(ledgerNow);

    // The customer is free for a new deposit (the old one waits with finance).
    expect(qualifiedPhonesResponse.parse((await search(b)).body).phones.length).toBeGreaterThan(0);
    expect((await wizardsOf(b))[0]).toMatchObject({ wizard_id: w, holds_customer: false });
  });

  it('a wizard the agent keeps working on keeps its deposit past 24 h from payment; a loan made in time is never released', async () => {
    const b = await buyer();
    const w = await paid(b);
    api.clock.advance(20 * HOUR_MS);
    await sendOtps(w);
    await verifyOtps(w, b);
    api.clock.advance(20 * HOUR_MS); // 40 h after payment, 20 h after the last step
    await releaseAbandonedDeposits(workerDeps(), api.clock.now());
    expect((await wizardsOf(b))[0]!.abandoned_at).toBeNull();
    await finish(w, b, true);
    api.clock.advance(48 * HOUR_MS);
    await releaseAbandonedDeposits(workerDeps(), api.clock.now());
    expect((await wizardsOf(b))[0]!.abandoned_at).toBeNull();
    expect((await customerTransactions(b)).map((t) => t.status)).toEqual(['completed']);
  });

  it('the worker loop runs it: a paid deposit left, and a push nobody asked about settled by the status query', async () => {
    const b = await buyer();
    const w = await paid(b);
    const c = await buyer();
    const pending = randomUUID();
    await push(pending, c, { payer: '0754000053' }); // ends in 3: no answer, no callback
    api.clock.advance(25 * HOUR_MS);
    // The test's deps carry only the mobile-money adapter: the other runs of the loop may fail here, the release may not.
    const failed: string[] = [];
    const stop = startWorkers(workerDeps(), { log: (message) => failed.push(message) });
    try {
      await vi.waitFor(
        async () => {
          expect((await wizardsOf(b))[0]!.abandoned_at).not.toBeNull();
          expect((await api.db.query<any>('SELECT status, failure FROM deposit_attempts WHERE wizard_id = $1', [pending]))[0]).toEqual({
            status: 'failed',
            failure: 'timeout',
          });
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      stop();
    }
    expect(failed.filter((m) => m.startsWith('deposit release'))).toEqual([]);
    expect((await wizardsOf(c))[0]!.holds_customer).toBe(false);
    expect((await search(c)).status).toBe(200);
    expect((await status(w)).step).toBe('abandoned');
  });
});
