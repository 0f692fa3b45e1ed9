import type { Queryable } from '../../db/port';
import { DIMS, LOANS, MIGRATION_MONTHS, PAYMENTS, REGION_DIMS, WRITE_OFF_DAYS } from './snapshot-sql';

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
 * off or closed at the month-end before are out of the book and left out. Payments are summed per loan and month,
 * so the work is loans x months, not loans x payments.
 */
export async function rebuildMigration(tx: Queryable, today: string) {
  await tx.query('DELETE FROM analytics_migration');
  await tx.query(
    `WITH me AS (SELECT (date_trunc('month', $1::date) - make_interval(months => k))::date - 1 AS d
                   FROM generate_series(0, ${MIGRATION_MONTHS}) k),
     first AS (SELECT min(d) AS d FROM me),
     b AS (${LOANS}),
     pay AS (${PAYMENTS}),
     base AS (SELECT p.loan_id, sum(p.amt) AS amt FROM pay p, first WHERE p.day <= first.d GROUP BY 1),
     pm AS (SELECT p.loan_id, (date_trunc('month', p.day) + interval '1 month')::date - 1 AS d, sum(p.amt) AS amt
              FROM pay p, first WHERE p.day > first.d GROUP BY 1, 2),
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
     mv AS (SELECT cur.*, ((date_trunc('month', cur.d) - interval '1 day')::date) AS prev_d FROM st cur
             WHERE cur.d > (SELECT d FROM first))
     INSERT INTO analytics_migration (month_end, ${DIMS}, from_category, to_category, loans, balance_from, balance_to)
     SELECT mv.d, mv.store_id, mv.agent_id, mv.phone_model_id, mv.lock_type, coalesce(prev.category, 'new'), mv.category,
            count(*), coalesce(sum(prev.balance), 0), sum(mv.balance)
       FROM mv LEFT JOIN st prev ON prev.id = mv.id AND prev.d = mv.prev_d
      WHERE (prev.id IS NOT NULL AND prev.category NOT IN ('written_off', 'closed')) OR (prev.id IS NULL AND mv.start_day > mv.prev_d)
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
