import type { Db } from '../../db/port';
import { addDays, eatDay } from '../calendar';

/**
 * Collections due of the day, per store, agent and assigned collector (migration 029, decision 032): the ageing run
 * writes it after it has aged the loans, and seed:scale after its load, so a call sums a few thousand rows instead of
 * every active loan's schedule. It is the figure of the moment it was written: a payment made since shows at the
 * next run (hourly), as the analyses do (decision 029). A day with no snapshot yet is read from the loans.
 */

/** Installments falling due between the days $a and $b (SQL dates) of the loan `l`, as SQL. */
export const fallingDue = (a: string, b: string) => {
  const remaining = 'l.installments - LEAST(l.installments, l.amount_paid / l.installment_amount + 1)';
  const first = `GREATEST(0, (${a} - l.next_repayment_date + l.interval_days - 1) / l.interval_days)`;
  const last = `LEAST(${remaining}, (${b} - l.next_repayment_date) / l.interval_days)`;
  return `GREATEST(0, ${last} - ${first} + 1)`;
};

/** Writes the snapshot of `now`'s EAT day in place of the one there was, in one transaction. */
export async function refreshCollectionsDue(db: Db, now: Date): Promise<{ rows: number }> {
  const today = eatDay(now);
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM collections_due_snapshot');
    const inserted = await tx.query(
      `INSERT INTO collections_due_snapshot (store_id, agent_id, collector_id, today_loans, today_amount, week_loans, week_amount)
       SELECT d.store_id, d.agent_id, k.collector_id,
              count(*) FILTER (WHERE d.n_today > 0), coalesce(sum(LEAST(d.n_today * d.installment_amount, d.loan_balance)), 0),
              count(*), coalesce(sum(LEAST(d.n_week * d.installment_amount, d.loan_balance)), 0)
         FROM (SELECT l.id, l.store_id, l.agent_id, l.installment_amount, l.loan_balance,
                      ${fallingDue('$1::date', '$1::date')} AS n_today, ${fallingDue('$1::date', '$2::date')} AS n_week
                 FROM loans l
                WHERE l.status = 'active' AND l.next_repayment_date <= $2::date) d
         LEFT JOIN collection_cases k ON k.loan_id = d.id
        WHERE d.n_week > 0
        GROUP BY d.store_id, d.agent_id, k.collector_id
       RETURNING 1`,
      [today, addDays(today, 6)],
    );
    await tx.query(
      `INSERT INTO report_snapshots (report, day, refreshed_at, run) VALUES ('collections_due', $1, $2, 1)
       ON CONFLICT (report) DO UPDATE SET day = excluded.day, refreshed_at = excluded.refreshed_at, run = report_snapshots.run + 1`,
      [today, now],
    );
    return { rows: inserted.length };
  });
}
