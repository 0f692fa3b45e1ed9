import type { Queryable } from '../../db/port';
import { addDays, eatDayStart } from '../calendar';
import { DAILY_COLUMNS, DIMS, LOANS, REGION_DIMS, WRITE_OFF_DAYS, dueOn } from './snapshot-sql';

/**
 * Today's row of analytics_daily (migration 015, decision 017) and its rollup by region, analytics_trend_region
 * (migration 026, decision 029).
 */

/** Today's snapshot from the live loans (run after the ageing run). */
export async function refreshToday(tx: Queryable, today: string) {
  const from = eatDayStart(today);
  const to = eatDayStart(addDays(today, 1));
  await tx.query('DELETE FROM analytics_daily WHERE day = $1', [today]);
  await tx.query(
    `INSERT INTO analytics_daily (${DAILY_COLUMNS})
     SELECT $1::date, ${DIMS},
            count(*) FILTER (WHERE book),
            coalesce(sum(loan_balance) FILTER (WHERE book), 0),
            coalesce(sum(loan_balance) FILTER (WHERE book AND days_defaulted > 1), 0),
            coalesce(sum(loan_balance) FILTER (WHERE book AND days_defaulted > 7), 0),
            coalesce(sum(loan_balance) FILTER (WHERE book AND days_defaulted > 30), 0),
            coalesce(sum(loan_balance) FILTER (WHERE book AND days_defaulted > 90), 0),
            count(*) FILTER (WHERE book AND days_defaulted > 0),
            coalesce(sum(due) FILTER (WHERE (status = 'active' AND days_defaulted <= ${WRITE_OFF_DAYS}) OR (status <> 'active' AND closed_at >= $2)), 0),
            coalesce(sum(collected), 0),
            count(*) FILTER (WHERE start_day = $1::date),
            coalesce(sum(deposit_paid) FILTER (WHERE start_day = $1::date), 0),
            coalesce(sum(loan_balance) FILTER (WHERE (status = 'active' AND days_defaulted = ${WRITE_OFF_DAYS + 1})
                                                  OR (status = 'deactivated' AND closed_at >= $2 AND closed_at < $3)), 0),
            count(*) FILTER (WHERE status = 'active' AND is_locked AND device_status NOT IN ('stolen', 'lost')),
            count(*) FILTER (WHERE status = 'active' AND is_locked AND device_status = 'stolen'),
            count(*) FILTER (WHERE status = 'active' AND is_locked AND device_status = 'lost')
       FROM (SELECT b.*, (b.status = 'active' AND b.days_defaulted <= ${WRITE_OFF_DAYS}) AS book,
                    ${dueOn('$1::date')} AS due, coalesce(t.amt, 0) AS collected
               FROM (${LOANS}) b
               LEFT JOIN (SELECT loan_id, sum(amount) AS amt FROM transactions
                           WHERE kind = 'repayment' AND status = 'completed' AND date_processed >= $2 AND date_processed < $3
                           GROUP BY loan_id) t ON t.loan_id = b.id
              WHERE b.start_day <= $1::date) x
      GROUP BY ${DIMS}`,
    [today, from, to],
  );
  await rollupTrend(tx, today, today);
}

/** analytics_trend_region's days from `first` to `last` again from analytics_daily (migration 026, decision 029). */
export async function rollupTrend(tx: Queryable, first: string, last: string) {
  await tx.query('DELETE FROM analytics_trend_region WHERE day BETWEEN $1 AND $2', [first, last]);
  await tx.query(
    `INSERT INTO analytics_trend_region (day, region_id, store_type, phone_model_id, lock_type, gross_receivable, par1, par30, par90,
                                         due_amount, collected_amount, loans_started)
     SELECT a.day, ${REGION_DIMS}, sum(a.gross_receivable), sum(a.par1), sum(a.par30), sum(a.par90), sum(a.due_amount),
            sum(a.collected_amount), sum(a.loans_started)
       FROM analytics_daily a JOIN stores s ON s.id = a.store_id
      WHERE a.day BETWEEN $1 AND $2 GROUP BY a.day, ${REGION_DIMS}`,
    [first, last],
  );
}

/**
 * Trend days the snapshot has and analytics_trend_region lacks (a database from before migration 026, or days written
 * by other code), rolled up one by one: an index probe per day of the last HISTORY_DAYS.
 */
export async function rollupMissingTrend(tx: Queryable, first: string, last: string) {
  const days = await tx.query<{ day: string }>(
    `SELECT to_char(g, 'YYYY-MM-DD') AS day FROM generate_series($1::date, $2::date, interval '1 day') g
      WHERE EXISTS (SELECT 1 FROM analytics_daily WHERE day = g::date) AND NOT EXISTS (SELECT 1 FROM analytics_trend_region WHERE day = g::date)`,
    [first, last],
  );
  for (const { day } of days) await rollupTrend(tx, day, day);
}
