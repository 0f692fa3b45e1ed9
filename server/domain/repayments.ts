import type { z } from 'zod';
import type { RepaymentAck, demoRepayment, repaymentCallback } from '../../src/contract/repayments';
import { parseMsisdn } from '../../src/lib/msisdn';
import type { Deps } from '../deps';
import type { Queryable } from '../db/port';
import { HttpError, badRequest } from '../errors';
import { audit } from '../audit';
import { post } from './ledger';
import { PAYBILL } from '../adapters/mobile-money-repayments';
import { activeLoan, followLoan, scheduleOf } from './device-locking';
import { addDays, eatDay } from './calendar';
import { applyPayment, standing } from './loan-standing';
import type { Row } from './shared';
import { settlePromise } from './collections/promises';

/**
 * A customer's payment into the paybill, as the provider confirms it (decision 008 addendum). One transaction
 * records it whole: the payment row, the loan (paid, due dates, standing, closed when repaid), the device (its lock
 * date moves with the due date, its lock follows the loan, released when the loan closes), the ledger, the receipt
 * in the customer's SMS list and the audit row. The receipt SMS goes out after the commit. The provider's
 * transaction id is unique in `transactions`: a repeated confirmation finds its row and changes nothing.
 */

type Callback = z.output<typeof repaymentCallback>;

const WALLET: Record<Callback['network'], string> = {
  mpesa: 'M-Pesa',
  tigo_pesa: 'Mixx by Yas',
  airtel_money: 'Airtel Money',
  halopesa: 'HaloPesa',
};
const tzs = (amount: number) => `TZS ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
/** How far ahead of our clock the provider's time may be (clocks drift). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The customer the account keyed in names: a phone number in any form, or a loan number (any case, spaces ignored). */
/**
 * A payment applied to its loan: what it has paid, its next due date, its standing today, the day it was last paid
 * and whether it is now closed, in one UPDATE. Used by the repayment callback and by a suspense payment moved to its
 * loan (finance/suspense.ts). Returns the loan's standing after the payment.
 */
export async function applyToLoan(
  tx: Queryable,
  loan: Row,
  schedule: ReturnType<typeof scheduleOf>,
  effect: ReturnType<typeof applyPayment>,
  paidDay: string,
  now: Date,
): Promise<{ amount_due: number; days_defaulted: number }> {
  const after = { ...schedule, amount_paid: effect.amount_paid, next_repayment_date: effect.next_repayment_date };
  const s = effect.closed ? { amount_due: 0, days_defaulted: 0 } : standing(after, eatDay(now));
  const lastPaid = loan.last_repayment_date && loan.last_repayment_date > paidDay ? loan.last_repayment_date : paidDay;
  await tx.query(
    `UPDATE loans SET amount_paid = $2, next_repayment_date = $3, amount_due = $4, days_defaulted = $5, last_repayment_date = $6,
                      status = $7, closed_at = $8 WHERE id = $1`,
    [
      loan.id,
      effect.amount_paid,
      effect.next_repayment_date,
      s.amount_due,
      s.days_defaulted,
      lastPaid,
      effect.closed ? 'closed' : 'active',
      effect.closed ? now : null,
    ],
  );
  return s;
}

async function customerOfAccount(tx: Queryable, account: string): Promise<number | null> {
  const msisdn = parseMsisdn(account);
  if (msisdn) {
    const [c] = await tx.query<{ id: number }>('SELECT id FROM customers WHERE msisdn = $1', [msisdn]);
    return c?.id ?? null;
  }
  const [l] = await tx.query<{ customer_id: number }>('SELECT customer_id FROM loans WHERE upper(loan_number) = $1', [
    account.replace(/\s+/g, '').toUpperCase(),
  ]);
  return l?.customer_id ?? null;
}

const ack = (a: Omit<RepaymentAck, 'ok'>): RepaymentAck => ({ ok: true, ...a });

async function seenBefore(tx: Queryable, transactionId: string): Promise<RepaymentAck | null> {
  const [t] = await tx.query<Row>(
    `SELECT t.status, t.balance_after, l.loan_number, l.status AS loan_status
       FROM transactions t LEFT JOIN loans l ON l.id = t.loan_id WHERE t.transaction_id = $1`,
    [transactionId],
  );
  if (!t) return null;
  const suspended = t.status === 'suspended';
  return ack({
    duplicate: true,
    status: suspended ? 'suspended' : 'completed',
    loan_number: t.loan_number ?? null,
    balance_after: t.balance_after === null ? null : Number(t.balance_after),
    loan_closed: !suspended && t.loan_status === 'closed',
  });
}

export async function recordRepayment(deps: Deps, body: Callback): Promise<RepaymentAck> {
  const now = deps.clock.now();
  const paidAt = new Date(body.paid_at);
  if (paidAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest('paid_at', 'must not be in the future');
  const shortCode = body.short_code ?? PAYBILL[body.network];

  const outcome = await deps.db.transaction(async (tx) => {
    // The callback log (decision 027): every callback as it came, a repeat too, for the reconciliation's three-way match.
    await tx.query(
      `INSERT INTO payment_callbacks (source, provider, receipt, reference, status, amount, msisdn, paid_at, received_at)
       VALUES ('repayment', $1, $2, $3, 'SUCCESS', $4, $5, $6, $7)`,
      [body.network, body.transaction_id, body.account, body.amount, body.msisdn, paidAt, now],
    );
    const seen = await seenBefore(tx, body.transaction_id);
    if (seen) return { ack: seen, sms: null };
    const customerId = await customerOfAccount(tx, body.account);
    const loan = customerId === null ? undefined : await activeLoan(tx, 'customer_id', customerId, true);
    const row = {
      transaction_id: body.transaction_id,
      amount: body.amount,
      payment_method: body.network,
      payment_phone: body.msisdn,
      customer_name: body.payer_name ?? null,
      account_keyed_in: body.account,
      business_short_code: shortCode,
      date_processed: paidAt,
      created_at: now,
    };

    if (!loan) {
      // No active loan to apply it to: the money is in the wallet, owed to whoever paid until finance allocates it.
      const [t] = await tx.query<{ id: number }>(
        `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                   payment_phone, customer_name, account_keyed_in, business_short_code, customer_id, date_processed, created_at)
         VALUES ($1, $1, $2, 'repayment', $3, 'suspended', $4, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (transaction_id) DO NOTHING RETURNING id`,
        [
          row.transaction_id,
          body.account,
          row.payment_method,
          row.amount,
          row.payment_phone,
          row.customer_name,
          row.account_keyed_in,
          row.business_short_code,
          customerId,
          row.date_processed,
          row.created_at,
        ],
      );
      if (!t) return { ack: (await seenBefore(tx, body.transaction_id))!, sms: null };
      await post(tx, {
        kind: 'payment_suspended',
        debit: 'mobile_money_clearing',
        credit: 'unallocated_payments',
        amount: body.amount,
        description: `Payment ${body.transaction_id} from ${body.msisdn}, account "${body.account}" matches no active loan`,
        postedBy: null,
        at: now,
      });
      await audit(tx, {
        actorId: null,
        action: 'repayment.suspended',
        entity: 'transaction',
        entityId: t.id,
        after: {
          transaction_id: body.transaction_id,
          amount: body.amount,
          account_keyed_in: body.account,
          payer: body.msisdn,
          customer_id: customerId,
        },
        at: now,
      });
      return { ack: ack({ duplicate: false, status: 'suspended', loan_number: null, balance_after: null, loan_closed: false }), sms: null };
    }

    const schedule = scheduleOf(loan);
    const effect = applyPayment(schedule, body.amount);
    const balanceBefore = Number(loan.loan_balance);
    const [t] = await tx.query<{ id: number }>(
      `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                 balance_before, balance_after, payment_phone, customer_name, account_keyed_in, business_short_code,
                                 allocated_to, customer_id, loan_id, date_processed, created_at)
       VALUES ($1, $1, $2, 'repayment', $3, 'completed', $4, $4, $5, $6, $7, $8, $9, $10, $2, $11, $12, $13, $14)
       ON CONFLICT (transaction_id) DO NOTHING RETURNING id`,
      [
        row.transaction_id,
        loan.loan_number,
        row.payment_method,
        row.amount,
        balanceBefore,
        effect.balance_after,
        row.payment_phone,
        row.customer_name,
        row.account_keyed_in,
        row.business_short_code,
        loan.customer_id,
        loan.id,
        row.date_processed,
        row.created_at,
      ],
    );
    if (!t) return { ack: (await seenBefore(tx, body.transaction_id))!, sms: null };

    const paidDay = eatDay(paidAt);
    const s = await applyToLoan(tx, loan, schedule, effect, paidDay, now);
    // What this pays counts towards the customer's promise to pay, if one is open (decision 015).
    await settlePromise(tx, loan.id, paidDay, now);
    const [device] = (await tx.query<Row>(
      "SELECT is_locked, lock_status, to_char(future_lock_date, 'YYYY-MM-DD') AS future_lock_date FROM devices WHERE id = $1 FOR UPDATE",
      [loan.device_id],
    )) as [Row];
    let futureLock: string | null = device.future_lock_date;
    if (effect.closed) {
      // Repaid: the phone is the customer's; the lock solution is released.
      futureLock = null;
      await tx.query("UPDATE devices SET lock_status = 'inactive', future_lock_date = NULL WHERE id = $1", [loan.device_id]);
    } else if (effect.movedDays > 0 && futureLock !== null) {
      // The lock date keeps its grace after the due date: it moves with it.
      futureLock = addDays(futureLock, effect.movedDays);
      await tx.query('UPDATE devices SET future_lock_date = $2 WHERE id = $1', [loan.device_id, futureLock]);
    }
    const locked = await followLoan(tx, loan.device_id, now);

    const entry = { loanId: loan.id, postedBy: null, at: now };
    if (effect.toInstallments > 0) {
      await post(tx, {
        ...entry,
        kind: 'repayment',
        debit: 'mobile_money_clearing',
        credit: 'loans_receivable',
        amount: effect.toInstallments,
        description: `Repayment ${body.transaction_id} of ${loan.loan_number}`,
      });
    }
    if (effect.toLateFee > 0) {
      await post(tx, {
        ...entry,
        kind: 'late_fee_paid',
        debit: 'mobile_money_clearing',
        credit: 'late_fee_income',
        amount: effect.toLateFee,
        description: `Late fee paid by ${body.transaction_id}, ${loan.loan_number}`,
      });
    }
    if (effect.excess > 0) {
      await post(tx, {
        ...entry,
        kind: 'overpayment',
        debit: 'mobile_money_clearing',
        credit: 'unallocated_payments',
        amount: effect.excess,
        description: `Paid beyond the balance of ${loan.loan_number} by ${body.transaction_id}: owed back`,
      });
    }

    const [customer] = (await tx.query<Row>('SELECT msisdn, first_name FROM customers WHERE id = $1', [loan.customer_id])) as [Row];
    const text = effect.closed
      ? `Hongera ${customer.first_name}! Tumepokea ${tzs(body.amount)} kupitia ${WALLET[body.network]}, kumb. ${body.transaction_id}. Umemaliza kulipa mkopo ${loan.loan_number}: simu yako sasa ni mali yako kamili.${effect.excess ? ` Ziada ya ${tzs(effect.excess)} itarejeshwa kwako.` : ''} Asante!`
      : `Tumepokea ${tzs(body.amount)} kupitia ${WALLET[body.network]}, kumb. ${body.transaction_id}. Salio la mkopo ${loan.loan_number}: ${tzs(effect.balance_after)}.${s.amount_due > 0 ? ` Kiasi kinachodaiwa sasa: ${tzs(s.amount_due)}.` : ''} Asante ${customer.first_name}!`;
    await tx.query('INSERT INTO customer_sms (customer_id, msisdn, body, category, sent_at) VALUES ($1, $2, $3, $4, $5)', [
      loan.customer_id,
      customer.msisdn,
      text,
      effect.closed ? 'closed' : 'receipt',
      now,
    ]);
    await audit(tx, {
      actorId: null,
      action: 'loan.repayment',
      entity: 'loan',
      entityId: loan.id,
      before: {
        amount_paid: schedule.amount_paid,
        loan_balance: balanceBefore,
        amount_due: Number(loan.amount_due),
        days_defaulted: Number(loan.days_defaulted),
        next_repayment_date: loan.next_repayment_date,
        future_lock_date: device.future_lock_date,
        is_locked: device.is_locked,
        status: 'active',
      },
      after: {
        transaction_id: body.transaction_id,
        amount: body.amount,
        applied: effect.applied,
        excess: effect.excess,
        amount_paid: effect.amount_paid,
        loan_balance: effect.balance_after,
        ...s,
        next_repayment_date: effect.next_repayment_date,
        future_lock_date: futureLock,
        is_locked: locked,
        status: effect.closed ? 'closed' : 'active',
      },
      at: now,
    });
    return {
      ack: ack({
        duplicate: false,
        status: 'completed',
        loan_number: loan.loan_number,
        balance_after: effect.balance_after,
        loan_closed: effect.closed,
      }),
      sms: { recipient: customer.msisdn as string, text },
    };
  });
  // The SMS gateway is an outside party: after the commit.
  if (outcome.sms) await deps.adapters.messages.send({ channel: 'sms', ...outcome.sms });
  return outcome.ack;
}

export function simulateRepayment(deps: Deps, body: z.output<typeof demoRepayment>) {
  const simulator = deps.adapters.repaymentSimulator;
  if (!simulator) throw new HttpError(404, 'The mobile-money provider is not the simulator', { reason: 'not_found' });
  const { transactionId, callbackDueAt } = simulator.pay({
    msisdn: body.payer_msisdn,
    account: body.account,
    amount: body.amount,
    network: body.network,
    duplicate: body.duplicate,
  });
  return { ok: true as const, transaction_id: transactionId, callback_due_at: callbackDueAt.toISOString() };
}
