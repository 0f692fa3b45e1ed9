import type { z } from 'zod';
import type { LoanCandidate, correctWrongAccount, suspenseRequest, wrongAccountRequest } from '../../../src/contract/finance';
import { parseMsisdn } from '../../../src/lib/msisdn';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { post } from '../ledger';
import { addDays, daysBetween, eatDay } from '../calendar';
import { activeLoan, followLoan, scheduleOf } from '../device-locking';
import { applyPayment } from '../loan-standing';
import { applyToLoan } from '../repayments';
import { settlePromise } from '../collections/promises';
import { type Row, type Tx, iso, refuse } from '../shared';
import { insertRequest } from '../requests/record';
import { pendingPage } from '../requests/queues';
import type { Change } from '../requests/record';
import { TRANSACTION_COLUMNS, TRANSACTION_JOINS, toTransaction, tzs, whereBuilder } from './shared';

/**
 * Money in suspense (issue 13): a payment whose account keyed in matched no active loan waits in
 * unallocated_payments. Finance lists it, finds the right loan and asks to allocate it; a second person approves
 * in the business inbox, and the approval applies it as the repayment it should have been (allocateSuspended).
 */

const PENDING_ALLOCATION = `(SELECT json_build_object('request_id', r.id, 'loan_number', r.payload -> 'after' ->> 'loan_number',
     'requested_by', a.full_name, 'requested_at', r.submitted_at)
   FROM requests r JOIN admins a ON a.id = r.maker_id
  WHERE r.kind = 'suspense_allocation' AND r.status = 'submitted' AND r.subject = 'transaction:' || t.id) AS pending_allocation`;

function suspenseItem(r: Row, today: string) {
  const p = r.pending_allocation as Row | null;
  return {
    ...toTransaction(r),
    age_days: Math.max(0, daysBetween(eatDay(new Date(r.date_processed ?? r.created_at)), today)),
    pending_allocation: p
      ? { request_id: Number(p.request_id), loan_number: p.loan_number, requested_by: p.requested_by, requested_at: iso(p.requested_at)! }
      : null,
  };
}

/** queue/suspense/accounts: oldest first (the partial index transactions_suspended_idx holds only these). */
export async function suspenseQueue(deps: Deps, q: z.output<typeof suspenseRequest>) {
  const today = eatDay(deps.clock.now());
  const w = whereBuilder();
  w.add("t.status = 'suspended'");
  if (q.search) {
    const msisdn = parseMsisdn(q.search);
    if (msisdn) w.add('t.payment_phone = ?', msisdn);
    else
      w.add(
        '(t.transaction_id = ? OR upper(t.account_keyed_in) LIKE ?)',
        q.search,
        `%${q.search.toUpperCase().replace(/[%_\\]/g, '\\$&')}%`,
      );
  }
  const [sum] = (await deps.db.query<Row>(
    `SELECT count(*)::int AS n, coalesce(sum(t.amount), 0)::bigint AS amount FROM transactions t${w.sql()}`,
    w.params,
  )) as [Row];
  const rows = await deps.db.query<Row>(
    `SELECT ${TRANSACTION_COLUMNS}, ${PENDING_ALLOCATION} FROM transactions t ${TRANSACTION_JOINS}${w.sql()}
      ORDER BY t.date_processed, t.id LIMIT ${q.limit} OFFSET ${q.skip}`,
    w.params,
  );
  return {
    response: rows.map((r) => suspenseItem(r, today)),
    total: sum.n,
    total_amount: Number(sum.amount),
    limit: q.limit,
    skip: q.skip,
  };
}

async function suspended(tx: Tx, transactionId: string, today: string, lock = false) {
  const [row] = await tx.query<Row>(
    `SELECT ${TRANSACTION_COLUMNS}, ${PENDING_ALLOCATION} FROM transactions t ${TRANSACTION_JOINS}
      WHERE t.transaction_id = $1 AND t.status = 'suspended'${lock ? ' FOR UPDATE OF t' : ''}`,
    [transactionId],
  );
  if (!row) throw refuse(404, 'not_found', `No payment in suspense with transaction id ${transactionId}`);
  return { row, item: suspenseItem(row, today) };
}

const CANDIDATE = `SELECT l.id, l.loan_number, l.loan_balance, l.amount_due, l.days_defaulted, d.is_locked,
         c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS name
    FROM loans l JOIN customers c ON c.id = l.customer_id JOIN devices d ON d.id = l.device_id
   WHERE l.status = 'active'`;

const candidateOf = (r: Row, why: LoanCandidate['why']): LoanCandidate => ({
  loan_id: Number(r.id),
  loan_number: r.loan_number,
  customer: { id: Number(r.customer_id), msisdn: r.msisdn, name: r.name },
  loan_balance: Number(r.loan_balance),
  amount_due: Number(r.amount_due),
  days_defaulted: Number(r.days_defaulted),
  is_locked: r.is_locked,
  why,
});

/** The active loan an account names: a loan number (any case, spaces ignored) or the customer's phone number. */
async function loansNamed(tx: Tx, account: string): Promise<Row[]> {
  const msisdn = parseMsisdn(account);
  if (msisdn) return tx.query<Row>(`${CANDIDATE} AND c.msisdn = $1`, [msisdn]);
  return tx.query<Row>(`${CANDIDATE} AND upper(l.loan_number) = $1`, [account.replace(/\s+/g, '').toUpperCase()]);
}

/**
 * get_wrong_account_transactions: the payment and the loans it may belong to: the payer's own active loan, loans
 * whose number differs from the account keyed in by its last character (a typing slip), and what was searched.
 */
export async function wrongAccountTransaction(deps: Deps, q: z.output<typeof wrongAccountRequest>) {
  const today = eatDay(deps.clock.now());
  const { row, item } = await suspended(deps.db, q.transaction_id, today);
  const found = new Map<number, LoanCandidate>();
  const add = (rows: Row[], why: LoanCandidate['why']) => {
    for (const r of rows) if (!found.has(Number(r.id))) found.set(Number(r.id), candidateOf(r, why));
  };
  if (q.search) add(await loansNamed(deps.db, q.search), 'search');
  if (row.payment_phone) add(await deps.db.query<Row>(`${CANDIDATE} AND c.msisdn = $1`, [row.payment_phone]), 'payer_phone');
  const keyed = String(row.account_keyed_in ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();
  if (keyed.length >= 4) {
    const stem = keyed.slice(0, -1).replace(/[%_\\]/g, '\\$&');
    add(await deps.db.query<Row>(`${CANDIDATE} AND upper(l.loan_number) LIKE $1 LIMIT 10`, [`${stem}_`]), 'similar_account');
    const msisdn = parseMsisdn(keyed);
    if (msisdn) add(await deps.db.query<Row>(`${CANDIDATE} AND c.msisdn LIKE $1 LIMIT 10`, [`${msisdn.slice(0, -1)}_`]), 'similar_account');
  }
  return { transaction: item, candidates: [...found.values()] };
}

/** correct_wrong_account_transactions: records the allocation as a business request for a second person. */
export async function proposeAllocation(deps: Deps, caller: Caller, body: z.output<typeof correctWrongAccount>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { row } = await suspended(tx, body.transaction_id, eatDay(now));
    const [loan] = await tx.query<Row>(
      'SELECT id, loan_number, status, customer_id, device_id, store_id, loan_balance FROM loans WHERE upper(loan_number) = $1',
      [body.loan_number.replace(/\s+/g, '').toUpperCase()],
    );
    if (!loan) throw refuse(404, 'not_found', `No loan with number ${body.loan_number}`);
    if (loan.status !== 'active') throw refuse(409, 'no_active_loan', `The loan ${loan.loan_number} is not active`);
    const amount = Number(row.amount);
    const balance = Number(loan.loan_balance);
    const id = await insertRequest(tx, {
      kind: 'suspense_allocation',
      subject: `transaction:${row.id}`,
      maker: caller,
      reason: body.reason,
      payload: {
        summary: `Apply ${tzs(amount)} of ${row.transaction_id} (account keyed in "${row.account_keyed_in}") to ${loan.loan_number}`,
        before: { transaction_id: row.transaction_id, amount, status: 'suspended', loan_number: null, loan_balance: balance },
        after: {
          transaction_id: row.transaction_id,
          amount,
          status: 'completed',
          loan_number: loan.loan_number,
          loan_balance: balance - Math.min(amount, balance),
        },
        params: { transaction_row_id: Number(row.id), loan_id: Number(loan.id) },
      },
      customerId: loan.customer_id,
      loanId: loan.id,
      deviceId: loan.device_id,
      storeId: loan.store_id,
      now,
      open: 'An allocation of this payment already awaits approval',
    });
    const [item] = (await pendingPage(tx, 'maker_checker', now, { ids: [id] })).items as Row[];
    return { ...item, status: 'submitted' as const } as never;
  });
}

export interface Sms {
  recipient: string;
  text: string;
}

/**
 * The approval of a suspense allocation, in the deciding transaction: the payment leaves suspense for the loan
 * as a repayment would have applied it (installments, then the late fee; beyond the balance it stays owed back in
 * unallocated_payments), the loan's standing is recomputed, the device lock follows the loan (a customer now
 * current is unlocked), the receipt goes to the customer's SMS list (and to the gateway after the commit), and
 * the audit row names who proposed and who approved.
 */
export async function allocateSuspended(
  tx: Tx,
  ctx: { request: Row; params: Record<string, any>; checker: Caller; now: Date; sms: Sms[] },
): Promise<Change> {
  const { request, params, checker, now } = ctx;
  const changed = (message: string) => refuse(409, 'changed_since_request', message);
  const [t] = await tx.query<Row>('SELECT * FROM transactions WHERE id = $1 FOR UPDATE', [params.transaction_row_id]);
  if (!t || t.status !== 'suspended') throw changed('This payment is no longer in suspense');
  const loan = await activeLoan(tx, 'id', params.loan_id, true);
  if (!loan) throw refuse(409, 'no_active_loan', 'The loan is no longer active: deny the request instead');
  const amount = Number(t.amount);
  const schedule = scheduleOf(loan);
  const effect = applyPayment(schedule, amount);
  const balanceBefore = Number(loan.loan_balance);
  const paidDay = eatDay(new Date(t.date_processed ?? t.created_at));
  const s = await applyToLoan(tx, loan, schedule, effect, paidDay, now);
  // The money counts towards the customer's open promise to pay as the repayment would have (decision 018).
  await settlePromise(tx, loan.id, paidDay, now);
  const [device] = (await tx.query<Row>(
    "SELECT is_locked, to_char(future_lock_date, 'YYYY-MM-DD') AS future_lock_date FROM devices WHERE id = $1 FOR UPDATE",
    [loan.device_id],
  )) as [Row];
  if (effect.closed) {
    await tx.query("UPDATE devices SET lock_status = 'inactive', future_lock_date = NULL WHERE id = $1", [loan.device_id]);
  } else if (effect.movedDays > 0 && device.future_lock_date !== null) {
    await tx.query('UPDATE devices SET future_lock_date = $2 WHERE id = $1', [
      loan.device_id,
      addDays(device.future_lock_date, effect.movedDays),
    ]);
  }
  const locked = await followLoan(tx, loan.device_id, now);
  await tx.query(
    `UPDATE transactions SET status = 'completed', loan_id = $2, customer_id = $3, allocated_to = $4, balance_before = $5,
            balance_after = $6, allocation_request_id = $7 WHERE id = $1`,
    [t.id, loan.id, loan.customer_id, loan.loan_number, balanceBefore, effect.balance_after, request.id],
  );
  const entry = { loanId: loan.id, requestId: request.id, postedBy: checker.adminId, at: now };
  if (effect.toInstallments > 0) {
    await post(tx, {
      ...entry,
      kind: 'suspense_allocated',
      debit: 'unallocated_payments',
      credit: 'loans_receivable',
      amount: effect.toInstallments,
      description: `Payment ${t.transaction_id} taken out of suspense for ${loan.loan_number} (request ${request.id})`,
    });
  }
  if (effect.toLateFee > 0) {
    await post(tx, {
      ...entry,
      kind: 'suspense_allocated_late_fee',
      debit: 'unallocated_payments',
      credit: 'late_fee_income',
      amount: effect.toLateFee,
      description: `Late fee of ${loan.loan_number} paid by ${t.transaction_id} out of suspense (request ${request.id})`,
    });
  }
  const [customer] = (await tx.query<Row>('SELECT msisdn, first_name FROM customers WHERE id = $1', [loan.customer_id])) as [Row];
  const text = `Malipo yako ${t.transaction_id} ya ${tzs(amount)} yamewekwa kwenye mkopo ${loan.loan_number}. Salio la mkopo: ${tzs(effect.balance_after)}.${effect.excess ? ` Ziada ya ${tzs(effect.excess)} itarejeshwa kwako.` : ''} Asante ${customer.first_name}!`;
  await tx.query('INSERT INTO customer_sms (customer_id, msisdn, body, category, sent_at) VALUES ($1, $2, $3, $4, $5)', [
    loan.customer_id,
    customer.msisdn,
    text,
    effect.closed ? 'closed' : 'receipt',
    now,
  ]);
  ctx.sms.push({ recipient: customer.msisdn, text });
  const before = {
    transaction_id: t.transaction_id,
    amount,
    status: 'suspended',
    loan_number: null,
    loan_balance: balanceBefore,
    amount_due: Number(loan.amount_due),
    days_defaulted: Number(loan.days_defaulted),
    is_locked: device.is_locked,
  };
  const afterValues = {
    transaction_id: t.transaction_id,
    amount,
    status: 'completed',
    loan_number: loan.loan_number,
    loan_balance: effect.balance_after,
    amount_due: s.amount_due,
    days_defaulted: s.days_defaulted,
    is_locked: locked,
  };
  await audit(tx, {
    actorId: checker.adminId,
    action: 'suspense.allocated',
    entity: 'transaction',
    entityId: t.id,
    before,
    after: { ...afterValues, excess: effect.excess, request_id: request.id, proposed_by: request.maker_id, approved_by: checker.adminId },
    at: now,
  });
  return { before, after: afterValues };
}
