import type { Queryable } from '../../db/port';
import { DIMS, LOANS, MIGRATION_MONTHS, REGION_DIMS, WRITE_OFF_DAYS, eat } from './snapshot-sql';

/**
 * A loan's ageing category at a month-end `d` from its schedule and payments (as the history rebuild reads a past
 * day): paid = its repayments up to d, days late = age - (whole installments paid + 1) x interval.
 */
const CATEGORY_AT = `CASE
    WHEN g.status = 'deactivated' AND g.closed_day <= g.d THEN 'written_off'
    WHEN g.paid >= g.inst * g.n OR (g.status <> 'active' AND g.closed_day <= g.d) THEN 'closed'
    WHEN g.late > ${WRITE_OFF_DAYS} THEN 'written_off'
    WHEN g.late = 0 THEN 'current'
    WHEN g.late <= 3 THEN 'days_1_3'
    WHEN g.late <= 7 THEN 'watchful'
    WHEN g.late <= 14 THEN 'substandard'
    WHEN g.late <= 30 THEN 'doubtful'
    ELSE 'non_performing' END`;

/**
 * analytics_migration (migration 020, decision 024): for each of the last MIGRATION_MONTHS month-ends, every loan's
 * category and balance there against the month-end before (new when it started in between). Loans already written
 * off or closed at the month-end before are out of the book and left out. Payments are summed per loan and month
 * straight from the transactions (one pass, never per day), so the work is loans x months, not loans x payments.
 */
export async function rebuildMigration(tx: Queryable, today: string) {
  await tx.query('DELETE FROM analytics_migration');
  await tx.query(
    `WITH me AS (SELECT (date_trunc('month', $1::date) - make_interval(months => k))::date - 1 AS d
                   FROM generate_series(0, ${MIGRATION_MONTHS}) k),
     first AS (SELECT min(d) AS d FROM me),
     b AS (${LOANS}),
     pay AS (SELECT t.loan_id, CASE WHEN ${eat('t.date_processed')} > first.d
                                    THEN (date_trunc('month', ${eat('t.date_processed')}) + interval '1 month')::date - 1 END AS d,
                    sum(t.amount) AS amt
               FROM transactions t, first
              WHERE t.kind = 'repayment' AND t.status = 'completed' AND t.loan_id IS NOT NULL GROUP BY 1, 2),
     base AS (SELECT loan_id, amt FROM pay WHERE d IS NULL),
     pm AS (SELECT loan_id, d, amt FROM pay WHERE d IS NOT NULL),
     grid AS (SELECT b.id, b.store_id, b.agent_id, b.phone_model_id, b.lock_type, b.inst, b.n, b.iv, b.status, b.closed_day,
                     b.start_day, me.d,
                     coalesce(base.amt, 0) + sum(coalesce(pm.amt, 0)) OVER (PARTITION BY b.id ORDER BY me.d) AS paid
                FROM b JOIN me ON b.start_day <= me.d AND (b.closed_day IS NULL OR b.closed_day > me.d - 70)
                LEFT JOIN base ON base.loan_id = b.id LEFT JOIN pm ON pm.loan_id = b.id AND pm.d = me.d),
     g AS (SELECT grid.*, greatest(0, (grid.d - grid.start_day) - (floor(grid.paid / grid.inst)::int + 1) * grid.iv) AS late FROM grid),
     st AS (SELECT g.id, g.store_id, g.agent_id, g.phone_model_id, g.lock_type, g.d, g.start_day, ${CATEGORY_AT} AS category,
                   CASE WHEN g.status = 'deactivated' AND g.closed_day <= g.d THEN greatest(0, g.inst * g.n - g.paid)
                        WHEN g.paid >= g.inst * g.n OR (g.status <> 'active' AND g.closed_day <= g.d) THEN 0
                        ELSE g.inst * g.n - g.paid END AS balance
              FROM g),
     -- The loan's row at the month-end before, read beside this one (its month-ends are consecutive), not by a self-join.
     mv AS (SELECT st.*, (date_trunc('month', st.d) - interval '1 day')::date AS prev_d, lag(st.d) OVER w AS before_d,
                   lag(st.category) OVER w AS before_category, lag(st.balance) OVER w AS before_balance
              FROM st WINDOW w AS (PARTITION BY st.id ORDER BY st.d)),
     mf AS (SELECT mv.*, CASE WHEN mv.before_d = mv.prev_d THEN mv.before_category END AS prev_category,
                   CASE WHEN mv.before_d = mv.prev_d THEN mv.before_balance END AS prev_balance
              FROM mv WHERE mv.d > (SELECT d FROM first))
     INSERT INTO analytics_migration (month_end, ${DIMS}, from_category, to_category, loans, balance_from, balance_to)
     SELECT mf.d, mf.store_id, mf.agent_id, mf.phone_model_id, mf.lock_type, coalesce(mf.prev_category, 'new'), mf.category,
            count(*), coalesce(sum(mf.prev_balance), 0), sum(mf.balance)
       FROM mf
      WHERE (mf.prev_category IS NOT NULL AND mf.prev_category NOT IN ('written_off', 'closed'))
         OR (mf.prev_category IS NULL AND mf.start_day > mf.prev_d)
      GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    [today],
  );
}

/** analytics_migration_region again from analytics_migration (decision 029). */
export async function rollupMigration(tx: Queryable) {
  await tx.query('DELETE FROM analytics_migration_region');
  await tx.query(
    `INSERT INTO analytics_migration_region (month_end, region_id, store_type, phone_model_id, lock_type, from_category, to_category, loans,
                                             balance_from, balance_to)
     SELECT a.month_end, ${REGION_DIMS}, a.from_category, a.to_category, sum(a.loans), sum(a.balance_from), sum(a.balance_to)
       FROM analytics_migration a JOIN stores s ON s.id = a.store_id
      GROUP BY a.month_end, ${REGION_DIMS}, a.from_category, a.to_category`,
  );
}
