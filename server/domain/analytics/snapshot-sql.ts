import { periodDays } from '../../../src/contract/analytics';

/**
 * What the refresh steps of the analytics snapshot share (decision 017): the policy constants of the measures and
 * the SQL fragments every step reads the loans and the payments with.
 */

/** How far back the daily snapshot is rebuilt when days are missing. */
export const HISTORY_DAYS = 120;
/** A loan more than this many days late is written off (decision 017): out of the gross receivables and the PAR. */
export const WRITE_OFF_DAYS = 180;
/** The vintage curves follow a cohort this many months (30 days each). */
export const VINTAGE_MONTHS = 24;
/** First-payment default: the first installment not paid within this many days of its due date. */
export const FPD_GRACE_DAYS = 30;

/** The ageing migration follows this many months (month-end to month-end). */
export const MIGRATION_MONTHS = 12;

/** The analysis periods the period tables hold, in days (src/contract/analytics periodDays). */
export const PERIODS: Array<[string, number]> = Object.entries(periodDays);

/** A timestamp's EAT day. */
export const eat = (column: string) => `((${column} AT TIME ZONE 'UTC') + interval '3 hours')::date`;

export const DIMS = 'store_id, agent_id, phone_model_id, lock_type';

export const DAILY_COLUMNS = `day, ${DIMS}, active_loans, gross_receivable, par1, par7, par30, par90, loans_late, due_amount,
  collected_amount, loans_started, deposits_taken, written_off, locked_arrears, locked_stolen, locked_lost`;

/** Every loan with the dimensions the analytics group by and its schedule. */
export const LOANS = `SELECT l.id, l.store_id, coalesce(l.agent_id, 0) AS agent_id, d.phone_model_id, d.lock_solution_type AS lock_type,
         l.installment_amount AS inst, l.installments AS n, l.interval_days AS iv, l.deposit_paid, l.status,
         l.loan_balance, l.days_defaulted, d.is_locked, d.status AS device_status, l.closed_at,
         ${eat('l.started_at')} AS start_day, ${eat('l.closed_at')} AS closed_day
    FROM loans l JOIN devices d ON d.id = l.device_id`;

/**
 * Each repayment received with its loan's start day and schedule (deposits are not repayments), not grouped: a step
 * sums them per loan at the grain it needs (a day, a month of age, a month-end) in one pass, instead of summing every
 * loan's payments per day first (2.4 million groups at 200,000 customers, a sort or a spill at a million).
 */
export const REPAYMENTS = `SELECT t.loan_id, ${eat('t.date_processed')} AS day, t.amount, ${eat('l.started_at')} AS start_day,
         l.interval_days AS iv, l.installments AS n
    FROM transactions t JOIN loans l ON l.id = t.loan_id
   WHERE t.kind = 'repayment' AND t.status = 'completed' AND t.loan_id IS NOT NULL`;

/** The installment of a loan that falls due on `day` (0 on any other day): the schedule counts from the start day. */
export const dueOn = (day: string, b = 'b') =>
  `CASE WHEN ${day} - ${b}.start_day > 0 AND (${day} - ${b}.start_day) % ${b}.iv = 0 AND (${day} - ${b}.start_day) / ${b}.iv <= ${b}.n
        THEN ${b}.inst ELSE 0 END`;

/** The region (and store type) of each snapshot row's store, as the region tables group them. */
export const REGION_DIMS = 's.region_id, s.store_type, a.phone_model_id, a.lock_type';
