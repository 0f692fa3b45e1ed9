import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { demoRepaymentAck, repaymentAck } from '../../src/contract/repayments';
import { fixedClock } from '../../server/clock';
import { createApp } from '../../server/app';
import { DEMO_JWT_SECRET } from '../../server/config';
import { createSimulators, type Simulators } from '../../server/adapters/simulators';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { appRepaymentTransport } from '../../server/adapters/mobile-money-repayments';
import { ageLoans, deliverLockCommands, retryDelayMs } from '../../server/domain/device-locking';
import type { Db } from '../../server/db/port';
import type { Deps } from '../../server/deps';
import { DEMO_PASSWORD, TEST_NOW } from '../support/api';
import { testDb } from '../support/api';
import { businessFixtures, type Borrower, type BusinessFixtures } from '../support/business-fixtures';

/**
 * The lock follows the loan (issue 4): the ageing run locks a loan in arrears past its lock date, a repayment that
 * brings it current unlocks it, the worker delivers both to the lock provider (its simulator records the handset),
 * and a stolen device stays locked whatever is paid. The fixture loan is daily, 210 x 1,800 TZS (378,000 owed after
 * the deposit), 90,000 paid: 50 installments, so its next due date is the 51st installment's.
 */

const OWED = 210 * 1800;
const DAY = '2026-11-08';
/** 09:00 in Dar es Salaam on DAY. */
const ON_DAY = new Date(`${DAY}T06:00:00Z`);

let db: Db;
let clock: ReturnType<typeof fixedClock>;
let sims: Simulators;
let deps: Deps;
let app: ReturnType<typeof createApp>['app'];
let fx: BusinessFixtures;
let agentToken: string;

beforeAll(async () => {
  db = await testDb();
  clock = fixedClock(TEST_NOW);
  sims = createSimulators(db, clock);
  ({ app, deps } = createApp({
    db,
    clock,
    adapters: sims.adapters,
    config: { mode: 'demo', jwtSecret: DEMO_JWT_SECRET, tokenTtlMs: 30 * 86_400_000 },
  }));
  sims.repayments.connect(appRepaymentTransport(app));
  fx = await businessFixtures(db);
  const login = await call('POST', routes.login.path, { body: { strategy: 'local', username: 'agent', password: DEMO_PASSWORD } });
  expect(login.body.user.otp_pending).toBe(false);
  agentToken = login.body.accessToken;
});
afterAll(() => db.close());
beforeEach(() => clock.set(TEST_NOW));

async function call(
  method: string,
  path: string,
  o: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string>; on?: typeof app } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await (o.on ?? app).request(`/portal_api${path}`, {
    method,
    headers,
    body: o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let receipts = 0;
/** The provider's confirmation of a payment, as it would POST it. */
const confirmation = (account: string, amount: number, extra: Record<string, unknown> = {}) => ({
  transaction_id: `MPTEST${String(++receipts).padStart(6, '0')}`,
  msisdn: '255754300100',
  account,
  amount,
  paid_at: clock.now().toISOString(),
  network: 'mpesa',
  ...extra,
});
const confirm = (body: unknown, token: string | null = DEMO_CALLBACK_SECRET) =>
  call('POST', routes.repaymentCallback.path, { body, headers: token === null ? {} : { 'x-callback-token': token } });

const loanOf = async (b: Borrower) =>
  (
    await db.query<any>(
      `SELECT amount_paid, amount_due, days_defaulted, status, loan_balance, to_char(next_repayment_date, 'YYYY-MM-DD') AS next_due,
          to_char(last_repayment_date, 'YYYY-MM-DD') AS last_paid
     FROM loans WHERE id = $1`,
      [b.loanId],
    )
  )[0];
const deviceOf = async (b: Borrower) =>
  (
    await db.query<any>(
      "SELECT status, is_locked, lock_status, to_char(future_lock_date, 'YYYY-MM-DD') AS future_lock FROM devices WHERE id = $1",
      [b.deviceId],
    )
  )[0];
const commandsOf = (b: Borrower) =>
  db.query<any>('SELECT command, reason, status, attempts FROM device_lock_commands WHERE device_id = $1 ORDER BY id', [b.deviceId]);
const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;

describe('the ageing run and the lock-command worker', () => {
  it('locks a loan in arrears past its lock date, and the worker delivers the lock to the handset', async () => {
    const late = await fx.borrower({ dueInDays: 1 }); // due 11-03, lock date 11-06
    const grace = await fx.borrower({ dueInDays: 4 }); // due 11-06, lock date 11-09
    const current = await fx.borrower({ dueInDays: 10 });
    clock.set(ON_DAY);

    await ageLoans(deps, clock.now());
    expect(await loanOf(late)).toMatchObject({ days_defaulted: 5, amount_due: 6 * 1800, next_due: '2026-11-03', status: 'active' });
    expect(await deviceOf(late)).toMatchObject({ is_locked: true, future_lock: '2026-11-06' });
    expect(await commandsOf(late)).toEqual([{ command: 'lock', reason: 'arrears', status: 'pending', attempts: 0 }]);
    // In arrears but within the grace: due, not locked. Current: nothing due, not locked.
    expect(await loanOf(grace)).toMatchObject({ days_defaulted: 2, amount_due: 3 * 1800 });
    expect(await deviceOf(grace)).toMatchObject({ is_locked: false });
    expect(await loanOf(current)).toMatchObject({ days_defaulted: 0, amount_due: 0 });
    expect(await commandsOf(grace)).toEqual([]);
    const aged = await db.query<any>("SELECT before, after FROM audit_log WHERE action = 'loan.aged' AND entity_id = $1", [
      String(late.loanId),
    ]);
    expect(aged).toEqual([{ before: { amount_due: 0, days_defaulted: 0 }, after: { amount_due: 10_800, days_defaulted: 5, as_of: DAY } }]);
    expect(await count("audit_log WHERE action = 'device.locked' AND entity_id = $1", [String(late.deviceId)])).toBe(1);

    // The command reaches the provider only when the worker runs, after the ageing's commit.
    expect(sims.lockProvider.handset(late.imei)).toBeUndefined();
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ sent: 1, failed: 0 });
    expect(sims.lockProvider.handset(late.imei)).toBe('locked');
    expect(await commandsOf(late)).toEqual([{ command: 'lock', reason: 'arrears', status: 'sent', attempts: 1 }]);

    // The same day again changes nothing, and there is nothing left to send.
    const before = await count('audit_log');
    expect(await ageLoans(deps, clock.now())).toMatchObject({ updated: 0, locked: 0, unlocked: 0 });
    expect(await count('audit_log')).toBe(before);
    expect(await deliverLockCommands(deps, clock.now())).toEqual({ sent: 0, failed: 0, superseded: 0 });
  });

  it('a command the provider refuses is tried again later; an overtaken command is never sent', async () => {
    const b = await fx.borrower({ dueInDays: 1 });
    clock.set(ON_DAY);
    await ageLoans(deps, clock.now());
    sims.lockProvider.failNext(1);
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ sent: 0, failed: 1 });
    const [failed] = await db.query<any>(
      'SELECT status, attempts, last_error, next_attempt_at FROM device_lock_commands WHERE device_id = $1',
      [b.deviceId],
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('unreachable') });
    expect(new Date(failed.next_attempt_at).getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ sent: 0, failed: 0 });
    clock.advance(retryDelayMs(1));
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ sent: 1 });
    expect(sims.lockProvider.handset(b.imei)).toBe('locked');
    expect(await commandsOf(b)).toEqual([{ command: 'lock', reason: 'arrears', status: 'sent', attempts: 2 }]);

    // A lock then an unlock before the worker ran: only the unlock goes out.
    const c = await fx.borrower({ dueInDays: 5 });
    for (const command of ['lock', 'unlock']) {
      await db.query("INSERT INTO device_lock_commands (device_id, command, reason, requested_at) VALUES ($1, $2, 'arrears', $3)", [
        c.deviceId,
        command,
        clock.now(),
      ]);
    }
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ sent: 1, superseded: 1 });
    expect((await commandsOf(c)).map((r) => r.status)).toEqual(['superseded', 'sent']);
    expect(sims.lockProvider.calls.filter((x) => x.imei === c.imei)).toEqual([{ command: 'unlock', imei: c.imei, lockType: 'dial_code' }]);
  });
});

describe('repayments by mobile money', () => {
  it('a payment short of current keeps the lock; one that brings the loan current unlocks it', async () => {
    const b = await fx.borrower({ dueInDays: 1 });
    clock.set(ON_DAY);
    await ageLoans(deps, clock.now());
    await deliverLockCommands(deps, clock.now());
    expect(sims.lockProvider.handset(b.imei)).toBe('locked');

    // Less than one installment, paid through the demo control (the simulator's customer pays, its callback follows).
    const paid = await call('POST', routes.demoRepayment.path, {
      body: { payer_msisdn: `0${b.msisdn.slice(3)}`, account: b.loanNumber.toLowerCase(), amount: 1000 },
    });
    expect(paid.status).toBe(200);
    expect(demoRepaymentAck.parse(paid.body).transaction_id).toMatch(/^MP/);
    expect(await sims.repayments.deliverAll()).toBe(1);
    expect(await loanOf(b)).toMatchObject({ amount_paid: 91_000, amount_due: 9_800, days_defaulted: 5, next_due: '2026-11-03' });
    expect(await deviceOf(b)).toMatchObject({ is_locked: true });

    const res = await confirm(confirmation(b.loanNumber, 9_800));
    expect(res.status).toBe(200);
    expect(repaymentAck.parse(res.body)).toEqual({
      ok: true,
      duplicate: false,
      status: 'completed',
      loan_number: b.loanNumber,
      balance_after: OWED - 100_800,
      loan_closed: false,
    });
    // 56 installments paid: the 57th is due tomorrow, and the lock date keeps its 3 days of grace after it.
    expect(await loanOf(b)).toMatchObject({
      amount_paid: 100_800,
      amount_due: 0,
      days_defaulted: 0,
      next_due: '2026-11-09',
      last_paid: DAY,
      status: 'active',
    });
    expect(await deviceOf(b)).toMatchObject({ is_locked: false, future_lock: '2026-11-12', lock_status: 'active' });
    expect(await commandsOf(b)).toEqual([
      { command: 'lock', reason: 'arrears', status: 'sent', attempts: 1 },
      { command: 'unlock', reason: 'current', status: 'pending', attempts: 0 },
    ]);
    await deliverLockCommands(deps, clock.now());
    expect(sims.lockProvider.handset(b.imei)).toBe('unlocked');

    const [t] = await db.query<any>('SELECT * FROM transactions WHERE loan_id = $1 AND amount = 9800', [b.loanId]);
    expect(t).toMatchObject({
      kind: 'repayment',
      status: 'completed',
      payment_method: 'mpesa',
      balance_before: OWED - 91_000,
      balance_after: OWED - 100_800,
      credit: 9800,
      account_keyed_in: b.loanNumber,
      allocated_to: b.loanNumber,
      customer_id: b.customerId,
      business_short_code: '400200',
    });
    const [sms] = await db.query<any>('SELECT body, category FROM customer_sms WHERE customer_id = $1 ORDER BY id DESC LIMIT 1', [
      b.customerId,
    ]);
    expect(sms).toMatchObject({ category: 'receipt', body: expect.stringContaining('TZS 277,200') });
    expect(await count('outbox WHERE recipient = $1', [b.msisdn])).toBe(2);
    const [audit] = await db.query<any>(
      "SELECT before, after FROM audit_log WHERE action = 'loan.repayment' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [String(b.loanId)],
    );
    expect(audit.before).toMatchObject({ amount_paid: 91_000, is_locked: true, days_defaulted: 5 });
    expect(audit.after).toMatchObject({ amount_paid: 100_800, is_locked: false, days_defaulted: 0, next_repayment_date: '2026-11-09' });
    const entries = await db.query<any>(
      'SELECT kind, debit_account, credit_account, amount FROM ledger_entries WHERE loan_id = $1 ORDER BY id',
      [b.loanId],
    );
    expect(entries).toEqual([
      { kind: 'repayment', debit_account: 'mobile_money_clearing', credit_account: 'loans_receivable', amount: 1000 },
      { kind: 'repayment', debit_account: 'mobile_money_clearing', credit_account: 'loans_receivable', amount: 9800 },
    ]);
  });

  it("the account may be the customer's phone number in any form", async () => {
    const b = await fx.borrower({ dueInDays: 3 });
    for (const account of [`0${b.msisdn.slice(3)}`, `+${b.msisdn}`, `${b.msisdn.slice(0, 6)} ${b.msisdn.slice(6)}`]) {
      const res = await confirm(confirmation(account, 1800));
      expect(res.body, account).toMatchObject({ status: 'completed', loan_number: b.loanNumber });
    }
    expect(await loanOf(b)).toMatchObject({ amount_paid: 90_000 + 3 * 1800 });
  });

  it('a stolen device stays locked whatever is paid, its lock goes out like any other, and a repaid loan closes', async () => {
    const b = await fx.borrower({ dueInDays: 1 });
    const stolen = await call('POST', routes.reportStolen.path, { token: agentToken, body: { imei: b.imei, occurred_on: '2026-11-02' } });
    expect(stolen.status).toBe(200);
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ sent: 1 });
    expect(sims.lockProvider.handset(b.imei)).toBe('locked');

    clock.set(ON_DAY);
    await ageLoans(deps, clock.now());
    expect(await loanOf(b)).toMatchObject({ days_defaulted: 5 });
    // Brought current: still locked.
    expect((await confirm(confirmation(b.loanNumber, 6 * 1800))).body).toMatchObject({ status: 'completed', loan_closed: false });
    expect(await loanOf(b)).toMatchObject({ days_defaulted: 0, amount_due: 0 });
    expect(await deviceOf(b)).toMatchObject({ status: 'stolen', is_locked: true });
    // Paid in full, and 500 more: the loan closes, the lock solution is released, the handset stays locked.
    const rest = OWED - 90_000 - 6 * 1800;
    const res = await confirm(confirmation(b.loanNumber, rest + 500));
    expect(res.body).toEqual({
      ok: true,
      duplicate: false,
      status: 'completed',
      loan_number: b.loanNumber,
      balance_after: 0,
      loan_closed: true,
    });
    expect(await loanOf(b)).toMatchObject({ status: 'closed', loan_balance: 0, amount_due: 0, amount_paid: OWED });
    expect(await deviceOf(b)).toEqual({ status: 'stolen', is_locked: true, lock_status: 'inactive', future_lock: null });
    expect(await commandsOf(b)).toEqual([{ command: 'lock', reason: 'stolen', status: 'sent', attempts: 1 }]);
    await deliverLockCommands(deps, clock.now());
    expect(sims.lockProvider.handset(b.imei)).toBe('locked');
    const overpaid = await db.query<any>("SELECT credit_account, amount FROM ledger_entries WHERE loan_id = $1 AND kind = 'overpayment'", [
      b.loanId,
    ]);
    expect(overpaid).toEqual([{ credit_account: 'unallocated_payments', amount: 500 }]);
    const [sms] = await db.query<any>('SELECT category FROM customer_sms WHERE customer_id = $1 ORDER BY id DESC LIMIT 1', [b.customerId]);
    expect(sms.category).toBe('closed');
  });

  it('a repeated confirmation changes nothing', async () => {
    const b = await fx.borrower({ dueInDays: 2 });
    const body = confirmation(b.loanNumber, 3600);
    const first = await confirm(body);
    expect(first.body.duplicate).toBe(false);
    const tables = ['transactions', 'ledger_entries', 'audit_log', 'customer_sms', 'outbox', 'device_lock_commands'];
    const counts = await Promise.all(tables.map((t) => count(t)));
    const loan = await loanOf(b);
    const again = await confirm(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, duplicate: true });
    expect(await Promise.all(tables.map((t) => count(t)))).toEqual(counts);
    expect(await loanOf(b)).toEqual(loan);

    // The simulator sending its confirmation twice: one payment.
    await call('POST', routes.demoRepayment.path, {
      body: { payer_msisdn: b.msisdn, account: b.loanNumber, amount: 1800, duplicate: true, network: 'airtel_money' },
    });
    expect(await sims.repayments.deliverAll()).toBe(2);
    expect(await count("transactions WHERE loan_id = $1 AND payment_method = 'airtel_money'", [b.loanId])).toBe(1);
    expect(await loanOf(b)).toMatchObject({ amount_paid: 90_000 + 3600 + 1800 });
  });

  it('an account that matches no active loan is kept in suspense', async () => {
    const p = await fx.prospect();
    for (const [account, customerId] of [
      ['LN9999999', null],
      [p.msisdn, p.customerId],
      ['my phone', null],
    ] as const) {
      const body = confirmation(account, 5000);
      const res = await confirm(body);
      expect(res.body, account).toEqual({
        ok: true,
        duplicate: false,
        status: 'suspended',
        loan_number: null,
        balance_after: null,
        loan_closed: false,
      });
      const [t] = await db.query<any>(
        'SELECT status, loan_id, customer_id, account_keyed_in, credit FROM transactions WHERE transaction_id = $1',
        [body.transaction_id],
      );
      expect(t, account).toEqual({ status: 'suspended', loan_id: null, customer_id: customerId, account_keyed_in: account, credit: 5000 });
      expect((await confirm(body)).body).toMatchObject({ duplicate: true, status: 'suspended' });
    }
    const held = await db.query<any>("SELECT debit_account, credit_account, amount FROM ledger_entries WHERE kind = 'payment_suspended'");
    expect(held).toHaveLength(3);
    expect(held[0]).toEqual({ debit_account: 'mobile_money_clearing', credit_account: 'unallocated_payments', amount: 5000 });
    expect(await count("audit_log WHERE action = 'repayment.suspended'")).toBe(3);
  });

  it('bad input is a 400 naming the field and changes nothing; a wrong or missing token is a 403', async () => {
    const b = await fx.borrower({ dueInDays: 2 });
    const good = () => confirmation(b.loanNumber, 1800);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good(), transaction_id: undefined }, 'transaction_id'],
      [{ ...good(), msisdn: '0754300100' }, 'msisdn'],
      [{ ...good(), account: '  ' }, 'account'],
      [{ ...good(), amount: 0 }, 'amount'],
      [{ ...good(), amount: 1800.5 }, 'amount'],
      [{ ...good(), amount: '1800' }, 'amount'],
      [{ ...good(), paid_at: 'yesterday' }, 'paid_at'],
      [{ ...good(), paid_at: new Date(clock.now().getTime() + 3_600_000).toISOString() }, 'paid_at'],
      [{ ...good(), network: 'mpesa_kenya' }, 'network'],
    ];
    const before = await count('transactions');
    for (const [body, field] of cases) {
      const res = await confirm(body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields), field).toContain(field);
    }
    const notJson = await call('POST', routes.repaymentCallback.path, {
      rawBody: '{',
      headers: { 'x-callback-token': DEMO_CALLBACK_SECRET },
    });
    expect(notJson.status).toBe(400);
    for (const token of ['wrong-token', null]) {
      const res = await confirm(good(), token);
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('bad_callback_token');
    }
    expect(await count('transactions')).toBe(before);
    const badDemo = await call('POST', routes.demoRepayment.path, { body: { payer_msisdn: '12345', account: b.loanNumber, amount: 1800 } });
    expect(badDemo.status).toBe(400);
    expect(Object.keys(badDemo.body.fields)).toContain('payer_msisdn');
  });

  it('the demo route answers 404 outside demo mode, and the callback wants the configured token there', async () => {
    const production = createApp({
      db,
      clock,
      adapters: sims.adapters,
      config: {
        mode: 'production',
        jwtSecret: DEMO_JWT_SECRET,
        tokenTtlMs: 3_600_000,
        mobileMoneyCallbackSecret: 'a-production-callback-secret',
      },
    }).app;
    const b = await fx.borrower({ dueInDays: 2 });
    const demo = await call('POST', routes.demoRepayment.path, {
      on: production,
      body: { payer_msisdn: b.msisdn, account: b.loanNumber, amount: 1800 },
    });
    expect(demo.status).toBe(404);
    expect(sims.repayments.pendingCallbacks()).toBe(0);
    const demoToken = await call('POST', routes.repaymentCallback.path, {
      on: production,
      body: confirmation(b.loanNumber, 1800),
      headers: { 'x-callback-token': DEMO_CALLBACK_SECRET },
    });
    expect(demoToken.status).toBe(403);
    const ok = await call('POST', routes.repaymentCallback.path, {
      on: production,
      body: confirmation(b.loanNumber, 1800),
      headers: { 'x-callback-token': 'a-production-callback-secret' },
    });
    expect(ok.body).toMatchObject({ status: 'completed' });
  });
});

describe('the ledger', () => {
  it('stays balanced: every entry debits what it credits, and the wallets hold every payment received', async () => {
    const b = await fx.borrower({ dueInDays: 2 });
    await confirm(confirmation(b.loanNumber, 2500));
    await confirm(confirmation('LN0000000', 700));
    const [totals] = await db.query<any>('SELECT sum(debit)::int8 AS debit, sum(credit)::int8 AS credit FROM ledger_postings');
    expect(totals.debit).toBeGreaterThan(0);
    expect(totals.debit).toBe(totals.credit);
    const [wallet] = await db.query<any>(
      "SELECT coalesce(sum(debit) - sum(credit), 0)::int8 AS held FROM ledger_postings WHERE account = 'mobile_money_clearing'",
    );
    const [received] = await db.query<any>(
      "SELECT coalesce(sum(amount), 0)::int8 AS total FROM transactions WHERE kind = 'repayment' AND status IN ('completed', 'suspended')",
    );
    expect(wallet.held).toBe(received.total);
    const [applied] = await db.query<any>(
      "SELECT coalesce(sum(credit), 0)::int8 AS total FROM ledger_postings WHERE account = 'loans_receivable'",
    );
    const [paid] = await db.query<any>('SELECT coalesce(sum(amount_paid - 90000), 0)::int8 AS total FROM loans');
    expect(applied.total).toBe(paid.total);
  });
});
