/**
 * Where a loan stands on a day, from its schedule (migration 002): `installments` payments of installment_amount,
 * interval_days apart. Repayments count against the installments first, oldest first; the late fee is paid after
 * the last installment (the loan keeps one amount_paid, so a late fee paid earlier could not be told apart).
 *
 * The schedule is anchored on next_repayment_date, the due date of the earliest installment not fully paid: a loan
 * extension moves that date (and so every installment after it), and the ageing run and repayments keep the move.
 * Days are calendar days in EAT as 'YYYY-MM-DD'.
 */

import { addDays, daysBetween } from './calendar';

export interface ScheduledLoan {
  installment_amount: number;
  installments: number;
  interval_days: number;
  amount_paid: number;
  late_fee: number;
  /** The due date of the earliest installment not fully paid (of the last one once all are paid). */
  next_repayment_date: string;
}

export interface Standing {
  /** What is overdue or due today (installments due up to today not yet paid, plus the late fee). */
  amount_due: number;
  /** Days since next_repayment_date, never below 0. */
  days_defaulted: number;
}

const owedOnSchedule = (l: ScheduledLoan) => l.installment_amount * l.installments;
export const loanBalance = (l: ScheduledLoan) => owedOnSchedule(l) + l.late_fee - l.amount_paid;

/** The installment (1-based) next_repayment_date is the due date of. */
export function nextInstallment(l: Pick<ScheduledLoan, 'installment_amount' | 'installments' | 'amount_paid'>): number {
  return Math.min(l.installments, Math.floor(l.amount_paid / l.installment_amount) + 1);
}

export function standing(l: ScheduledLoan, today: string): Standing {
  const k = nextInstallment(l);
  const late = daysBetween(l.next_repayment_date, today);
  // Installments from k on that fell due by today (k itself when today is its due date or later).
  const fallen = late < 0 ? 0 : Math.min(l.installments - k + 1, Math.floor(late / l.interval_days) + 1);
  const scheduled = (k - 1 + fallen) * l.installment_amount;
  const due = Math.max(0, scheduled - l.amount_paid) + l.late_fee;
  return { amount_due: Math.max(0, Math.min(due, loanBalance(l))), days_defaulted: Math.max(0, late) };
}

export interface PaymentEffect {
  /** What the loan takes of the payment (never more than its balance). */
  applied: number;
  /** Of it, what pays installments and what pays the late fee. */
  toInstallments: number;
  toLateFee: number;
  /** More than the balance: owed back to the customer. */
  excess: number;
  amount_paid: number;
  balance_after: number;
  closed: boolean;
  /** The new due date of the earliest installment not fully paid, and by how many days it moved. */
  next_repayment_date: string;
  movedDays: number;
}

/** A payment applied to the loan: installments first, then the late fee; what is left is an overpayment. */
export function applyPayment(l: ScheduledLoan, amount: number): PaymentEffect {
  const balance = loanBalance(l);
  const applied = Math.min(amount, balance);
  const toInstallments = Math.min(applied, Math.max(0, owedOnSchedule(l) - l.amount_paid));
  const amount_paid = l.amount_paid + applied;
  const movedDays = (nextInstallment({ ...l, amount_paid }) - nextInstallment(l)) * l.interval_days;
  return {
    applied,
    toInstallments,
    toLateFee: applied - toInstallments,
    excess: amount - applied,
    amount_paid,
    balance_after: balance - applied,
    closed: balance - applied === 0,
    next_repayment_date: addDays(l.next_repayment_date, movedDays),
    movedDays,
  };
}
