import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import * as f from '../../src/contract/finance';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { testApi, type TestApi } from '../support/api';
import { businessFixtures, eatDay, type Borrower, type BusinessFixtures } from '../support/business-fixtures';

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
const post = (path: string, body: unknown, by: string | null = token.finance!) => api.call('POST', path, { token: by ?? undefined, body });

let receipts = 0;
/** A payment confirmed by the provider into the paybill, with this account keyed in. */
async function pay(account: string, amount: number, msisdn = '255754300100') {
  const transaction_id = `MPFIN${String(++receipts).padStart(5, '0')}`;
  const res = await api.app.request(`/portal_api${routes.repaymentCallback.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
    body: JSON.stringify({ transaction_id, msisdn, account, amount, paid_at: api.clock.now().toISOString(), network: 'mpesa' }),
  });
  const body = (await res.json()) as { status: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { transaction_id, status: body.status };
}

async function balanced() {
  const res = await post(routes.balanceSheet.path, { at: eatDay() });
  expect(res.status).toBe(200);
  const sheet = f.balanceSheet.parse(res.body);
  expect(sheet.total_assets).toBe(sheet.total_liabilities + sheet.total_equity);
  return sheet;
}

let late: Borrower;
beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  for (const u of ['finance', 'approver', 'agent', 'callcentre', 'admin']) token[u] = await api.tokenFor(u);
  late = await fx.borrower({ daysDefaulted: 10 });
});
afterAll(() => api.close());

describe('who may call', () => {
  it('401 without a token, 403 naming the role without it', async () => {
    expect((await post(routes.suspenseQueue.path, {}, null)).status).toBe(401);
    const res = await post(routes.suspenseQueue.path, {}, token.agent!);
    expect(res.status).toBe(403);
    expect(res.body.role).toBe('VIEW_SUSPENSE_TRANSACTIONS');
    expect((await post(routes.balanceSheet.path, { at: '2026-11-01' }, token.agent!)).status).toBe(403);
    expect(
      (await post(routes.capitalDeduction.path, { account: 'bank_operating', amount: 1, reference: 'x', reason: 'why not' }, token.agent!))
        .status,
    ).toBe(403);
  });

  it('400 naming the field', async () => {
    const none = await post(routes.searchTransaction.path, {});
    expect(none.status).toBe(400);
    expect(none.body.fields.transaction_id).toMatch(/at least one/);
    const phone = await post(routes.searchTransaction.path, { payment_phone: '12' });
    expect(phone.body.fields.payment_phone).toMatch(/phone/);
    const zero = await post(routes.capitalInjection.path, { account: 'bank_operating', amount: 0, reference: 'R1', reason: 'Top up' });
    expect(zero.status).toBe(400);
    expect(zero.body.fields.amount).toBe('must be more than 0');
    const backwards = await post(routes.profitAndLoss.path, { from: '2026-11-10', to: '2026-11-01' });
    expect(backwards.body.fields.to).toMatch(/before/);
  });
});

describe('a payment to a wrong account, fixed by two people', () => {
  let receipt: string;
  let requestId: number;

  it('lands in suspense and is listed with its age and the total', async () => {
    const paid = await pay(`${late.loanNumber.slice(0, -1)}9`, 19_800, late.msisdn);
    expect(paid.status).toBe('suspended');
    receipt = paid.transaction_id;
    const res = await post(routes.suspenseQueue.path, {});
    expect(res.status).toBe(200);
    const queue = f.suspenseQueue.parse(res.body);
    const item = queue.response.find((t) => t.transaction_id === receipt)!;
    expect(item).toMatchObject({ amount: 19_800, status: 'suspended', age_days: 0, pending_allocation: null, payment_phone: late.msisdn });
    expect(queue.total_amount).toBeGreaterThanOrEqual(19_800);
    // Found by the payer's phone in another form.
    const byPhone = f.suspenseQueue.parse((await post(routes.suspenseQueue.path, { search: `0${late.msisdn.slice(3)}` })).body);
    expect(byPhone.response.map((t) => t.transaction_id)).toEqual([receipt]);
  });

  it('suggests the payer’s own loan', async () => {
    const res = await post(routes.wrongAccountTransactions.path, { transaction_id: receipt });
    expect(res.status).toBe(200);
    const answer = f.wrongAccountAnswer.parse(res.body);
    expect(answer.candidates[0]).toMatchObject({ loan_number: late.loanNumber, why: 'payer_phone', is_locked: true });
    expect((await post(routes.wrongAccountTransactions.path, { transaction_id: 'NOPE' })).status).toBe(404);
  });

  it('is asked for (202) and waits in the business inbox; a second ask is refused', async () => {
    const res = await post(routes.correctWrongAccount.path, {
      transaction_id: receipt,
      loan_number: late.loanNumber,
      reason: 'Customer typed 9 for 1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ kind: 'suspense_allocation', status: 'submitted' });
    requestId = res.body.id;
    const again = await post(routes.correctWrongAccount.path, {
      transaction_id: receipt,
      loan_number: late.loanNumber,
      reason: 'Again please',
    });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('request_open');
    const inbox = await post(routes.pendingMakerChecker.path, {}, token.approver!);
    expect(inbox.body.pending_requests.map((r: { id: number }) => r.id)).toContain(requestId);
    const queue = f.suspenseQueue.parse((await post(routes.suspenseQueue.path, {})).body);
    expect(queue.response.find((t) => t.transaction_id === receipt)!.pending_allocation).toMatchObject({
      request_id: requestId,
      loan_number: late.loanNumber,
    });
  });
});

describe('own request refused, approval applies everything in one go', () => {
  it('applies the payment to the loan, unlocks the device, sends the receipt, audits both people', async () => {
    const b = await fx.borrower({ daysDefaulted: 10 });
    const { transaction_id } = await pay('WRONG-ACC', 19_800, b.msisdn);
    const asked = await post(routes.correctWrongAccount.path, {
      transaction_id,
      loan_number: b.loanNumber.toLowerCase(),
      reason: 'Typed the wrong account',
    });
    expect(asked.status).toBe(202);
    // The maker may never decide their own, even holding every role.
    const other = await pay('ANOTHER-WRONG', 500, b.msisdn);
    const byAdmin = await post(
      routes.correctWrongAccount.path,
      { transaction_id: other.transaction_id, loan_number: b.loanNumber, reason: 'Admin asks' },
      token.admin!,
    );
    expect(byAdmin.status).toBe(202);
    const own = await post(routes.decideMakerChecker.path, { ids: [byAdmin.body.id], decision: 'approve' }, token.admin!);
    expect(own.status).toBe(403);
    expect(own.body.reason).toBe('own_request');
    const before = await balanced();
    const [device0] = await api.db.query<{ is_locked: boolean }>('SELECT is_locked FROM devices WHERE id = $1', [b.deviceId]);
    expect(device0!.is_locked).toBe(true);

    const approved = await post(routes.decideMakerChecker.path, { ids: [asked.body.id], decision: 'approve' }, token.approver!);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.approved).toBe(1);

    const [loan] = await api.db.query<Record<string, any>>('SELECT days_defaulted, amount_paid FROM loans WHERE id = $1', [b.loanId]);
    expect(loan).toMatchObject({ days_defaulted: 0, amount_paid: 90_000 + 19_800 });
    const [device] = await api.db.query<{ is_locked: boolean }>('SELECT is_locked FROM devices WHERE id = $1', [b.deviceId]);
    expect(device!.is_locked).toBe(false);
    const [t] = await api.db.query<Record<string, any>>(
      'SELECT status, loan_id, allocated_to FROM transactions WHERE transaction_id = $1',
      [transaction_id],
    );
    expect(t).toMatchObject({ status: 'completed', allocated_to: b.loanNumber });
    const sms = await api.db.query<{ body: string }>('SELECT body FROM customer_sms WHERE customer_id = $1 ORDER BY id DESC LIMIT 1', [
      b.customerId,
    ]);
    expect(sms[0]!.body).toContain(transaction_id);
    const outbox = await api.call('GET', '/dev/outbox');
    expect(JSON.stringify(outbox.body.data)).toContain(transaction_id);
    const [auditRow] = (await api.auditRows('suspense.allocated')).slice(-1) as Array<{ after: Record<string, unknown> }>;
    const [finance] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'finance'");
    const [approver] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'approver'");
    expect(auditRow!.after).toMatchObject({ proposed_by: finance!.id, approved_by: approver!.id, is_locked: false });
    // Out of suspense and onto the loan: the suspense liability falls by what the loan receivable falls.
    const after = await balanced();
    const line = (s: f.BalanceSheet, code: string) => [...s.assets, ...s.liabilities].find((l) => l.code === code)!.amount;
    expect(line(after, 'loans_receivable') - line(before, 'loans_receivable')).toBe(-19_800);
    expect(line(after, 'unallocated_payments') - line(before, 'unallocated_payments')).toBe(-19_800);
    expect(line(after, 'mobile_money_clearing')).toBe(line(before, 'mobile_money_clearing'));
    // Gone from the queue, found by the transaction search linked to its customer.
    const found = f.transactionPage.parse((await post(routes.searchTransaction.path, { transaction_id }, token.callcentre!)).body);
    expect(found.data[0]).toMatchObject({ status: 'completed', loan: { id: b.loanId }, customer: { id: b.customerId } });
  });
});

describe('finding transactions', () => {
  it('by payment phone in any form, amount, status and date range', async () => {
    const b = await fx.borrower();
    await pay(b.loanNumber, 1_800, b.msisdn);
    await pay(b.loanNumber, 3_600, b.msisdn);
    const local = `0${b.msisdn.slice(3, 6)} ${b.msisdn.slice(6)}`;
    const all = f.transactionPage.parse((await post(routes.searchTransaction.path, { payment_phone: local })).body);
    expect(all.total).toBe(2);
    expect(all.data.map((t) => t.amount)).toEqual([3_600, 1_800]);
    const byAmount = f.transactionPage.parse(
      (await post(routes.searchTransaction.path, { payment_phone: `+${b.msisdn}`, amount: 1_800 })).body,
    );
    expect(byAmount.data).toHaveLength(1);
    expect(byAmount.data[0]).toMatchObject({ status: 'completed', allocated_to: b.loanNumber, balance_before: expect.any(Number) });
    const tomorrow = new Date(api.clock.now().getTime() + 86_400_000 * 2).toISOString().slice(0, 10);
    const none = f.transactionPage.parse((await post(routes.searchTransaction.path, { payment_phone: b.msisdn, from: tomorrow })).body);
    expect(none.total).toBe(0);
    const suspended = f.transactionPage.parse((await post(routes.searchTransaction.path, { status: 'suspended' })).body);
    expect(suspended.data.every((t) => t.status === 'suspended')).toBe(true);
  });

  it('reconciliation_deposits lists a range with totals by status', async () => {
    const res = await post(routes.reconciliationDeposits.path, { from: eatDay(), to: eatDay() });
    expect(res.status).toBe(200);
    const page = f.reconciliationDeposits.parse(res.body);
    expect(page.total).toBeGreaterThan(0);
    expect(page.totals.completed).toBe(page.data.filter((t) => t.status === 'completed').reduce((s, t) => s + t.amount, 0));
  });

  it('check_shop_payment: 404 for no store, the store’s deposits otherwise', async () => {
    expect((await post(routes.checkShopPayment.path, { store_id: 999999, day: eatDay() })).status).toBe(404);
    const res = await post(routes.checkShopPayment.path, { store_id: fx.stores[0], day: eatDay() });
    expect(res.status).toBe(200);
    expect(f.shopPayment.parse(res.body)).toMatchObject({ store: { id: fx.stores[0] }, received: 0, outstanding: 0 });
  });
});

describe('capital', () => {
  it('an injection is a request, balanced when approved; a deduction below the minimum is refused with the reason', async () => {
    const chart = f.chartOfAccounts.parse((await post(routes.chartOfAccounts.path, undefined)).body);
    const bank = chart.data.find((a) => a.code === 'bank_operating')!;
    expect(bank).toMatchObject({ account_number: '1000', min_balance: 1_000_000, capital: true, balance: 0 });

    const asked = await post(routes.capitalInjection.path, {
      account: 'bank_operating',
      amount: 5_000_000,
      reference: 'CRDB-778',
      reason: 'Owners top-up',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect((await post(routes.decideMakerChecker.path, { ids: [asked.body.id], decision: 'approve' }, token.approver!)).body.approved).toBe(
      1,
    );
    const sheet = await balanced();
    expect(sheet.equity.find((l) => l.code === 'paid_in_capital')!.amount).toBe(5_000_000);

    const tooMuch = await post(routes.capitalDeduction.path, {
      account: 'bank_operating',
      amount: 4_500_000,
      reference: 'CRDB-779',
      reason: 'Dividend',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.reason).toBe('below_minimum_balance');
    expect(tooMuch.body.message).toContain('minimum balance of TZS 1,000,000');
    const fine = await post(routes.capitalDeduction.path, {
      account: 'bank_operating',
      amount: 4_000_000,
      reference: 'CRDB-780',
      reason: 'Dividend',
    });
    expect(fine.status).toBe(202);
    expect((await post(routes.decideMakerChecker.path, { ids: [fine.body.id], decision: 'approve' }, token.approver!)).body.approved).toBe(
      1,
    );
    const after = f.chartOfAccounts.parse((await post(routes.chartOfAccounts.path, undefined)).body);
    expect(after.data.find((a) => a.code === 'bank_operating')).toMatchObject({ balance: 1_000_000, available_amount: 0 });
    expect((await post(routes.capitalInjection.path, { account: 'nope', amount: 5, reference: 'R', reason: 'Top up' })).status).toBe(404);
    await balanced();
  });
});

describe('statements', () => {
  it('profit and loss, cashflow and journal lines follow the ledger', async () => {
    const pl = f.profitAndLoss.parse((await post(routes.profitAndLoss.path, { from: eatDay(), to: eatDay() })).body);
    expect(pl.net_profit).toBe(pl.total_income - pl.total_expenses);
    const cash = f.cashflow.parse((await post(routes.cashflow.path, { from: eatDay(), to: eatDay() })).body);
    expect(cash.days).toHaveLength(1);
    expect(cash.closing).toBe(cash.opening + cash.days[0]!.net);
    const sheet = await balanced();
    const cashOnSheet = sheet.assets
      .filter((l) => ['mobile_money_clearing', 'bank_operating', 'working_capital_float'].includes(l.code))
      .reduce((s, l) => s + l.amount, 0);
    expect(cash.closing).toBe(cashOnSheet);
    const lines = f.journalPage.parse((await post(routes.journal.path, { account: 'paid_in_capital' })).body);
    expect(lines.data.map((l) => [l.debit, l.credit])).toEqual([
      [4_000_000, 0],
      [0, 5_000_000],
    ]);
    expect((await post(routes.journal.path, { account: 'nope' })).status).toBe(404);
  });
});

describe('a wrong-account fix keeps a promise to pay', () => {
  it('the allocation counts towards the loan’s open promise, as a repayment would', async () => {
    const b = await fx.borrower({ daysDefaulted: 10 });
    const [collector] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'approver'");
    const [loan] = await api.db.query<{ amount_paid: number; amount_due: number }>(
      'SELECT amount_paid, amount_due FROM loans WHERE id = $1',
      [b.loanId],
    );
    const [call] = await api.db.query<{ id: number }>(
      `INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, days_defaulted, amount_due, called_by, created_at)
       VALUES ($1, $2, 'outgoing', 'promised_to_pay', 10, $3, $4, $5) RETURNING id`,
      [b.loanId, b.customerId, loan!.amount_due, collector!.id, api.clock.now()],
    );
    await api.db.query(
      `INSERT INTO payment_promises (loan_id, call_id, promised_on, amount, paid_before, created_by, created_at)
       VALUES ($1, $2, $3, 15000, $4, $5, $6)`,
      [b.loanId, call!.id, eatDay(), loan!.amount_paid, collector!.id, api.clock.now()],
    );
    const { transaction_id } = await pay('MISTYPED-1', 19_800, b.msisdn);
    const asked = await post(routes.correctWrongAccount.path, {
      transaction_id,
      loan_number: b.loanNumber,
      reason: 'Typed the wrong account',
    });
    expect(asked.status).toBe(202);
    const [open] = await api.db.query<{ status: string }>('SELECT status FROM payment_promises WHERE loan_id = $1', [b.loanId]);
    expect(open!.status).toBe('open');
    expect((await post(routes.decideMakerChecker.path, { ids: [asked.body.id], decision: 'approve' }, token.approver!)).body.approved).toBe(
      1,
    );
    const [kept] = await api.db.query<{ status: string; paid_since: number }>(
      'SELECT status, paid_since FROM payment_promises WHERE loan_id = $1',
      [b.loanId],
    );
    expect(kept).toMatchObject({ status: 'kept', paid_since: 19_800 });
  });
});

describe('the balance sheet is never stale (decision 075: kept on PGlite until the next write)', () => {
  it('read twice, then an approved injection: the next reading has it, line by line', async () => {
    const line = (sheet: f.BalanceSheet, code: string) => [...sheet.assets, ...sheet.equity].find((l) => l.code === code)!.amount;
    const first = await balanced();
    expect(await balanced()).toEqual(first);
    const asked = await post(routes.capitalInjection.path, {
      account: 'bank_operating',
      amount: 700_000,
      reference: 'CRDB-990',
      reason: 'Top up',
    });
    expect(asked.status).toBe(202);
    // Asking is not posting: until the checker approves, the sheet is as it was.
    expect(await balanced()).toEqual(first);
    expect((await post(routes.decideMakerChecker.path, { ids: [asked.body.id], decision: 'approve' }, token.approver!)).status).toBe(200);
    const after = await balanced();
    expect(line(after, 'bank_operating')).toBe(line(first, 'bank_operating') + 700_000);
    expect(line(after, 'paid_in_capital')).toBe(line(first, 'paid_in_capital') + 700_000);
    expect(after.total_assets).toBe(first.total_assets + 700_000);
  });
});
