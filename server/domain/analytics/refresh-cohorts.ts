import type { Queryable } from '../../db/port';
import { DIMS, FPD_GRACE_DAYS, LOANS, PAYMENTS, REGION_DIMS, VINTAGE_MONTHS } from './snapshot-sql';

/** First-payment default, ownership and the vintage curves, as of `today`. */
export async function rebuildCohorts(tx: Queryable, today: string) {
  await tx.query('DELETE FROM analytics_cohorts');
  await tx.query('DELETE FROM analytics_vintage');
  await tx.query(
    `WITH b AS (${LOANS}), pay AS (${PAYMENTS}),
     pl AS (SELECT b.id, b.store_id, b.agent_id, b.phone_model_id, b.lock_type, b.start_day, b.iv, b.n, b.inst,
                   coalesce(sum(p.amt) FILTER (WHERE p.day <= b.start_day + b.iv + ${FPD_GRACE_DAYS}), 0) AS paid_first,
                   coalesce(sum(p.amt) FILTER (WHERE p.day <= b.start_day + 2 * b.n * b.iv), 0) AS paid_by_twice
              FROM b LEFT JOIN pay p ON p.loan_id = b.id
             WHERE b.start_day <= $1::date
             GROUP BY b.id, b.store_id, b.agent_id, b.phone_model_id, b.lock_type, b.start_day, b.iv, b.n, b.inst)
     INSERT INTO analytics_cohorts (cohort, ${DIMS}, loans, fpd_eligible, fpd, own_eligible, owned)
     SELECT date_trunc('month', start_day)::date, ${DIMS}, count(*),
            count(*) FILTER (WHERE start_day + iv + ${FPD_GRACE_DAYS} <= $1::date),
            count(*) FILTER (WHERE start_day + iv + ${FPD_GRACE_DAYS} <= $1::date AND paid_first < inst),
            count(*) FILTER (WHERE start_day + 2 * n * iv <= $1::date),
            count(*) FILTER (WHERE start_day + 2 * n * iv <= $1::date AND paid_by_twice >= inst * n)
       FROM pl GROUP BY 1, ${DIMS}`,
    [today],
  );
  await tx.query(
    `WITH b AS (${LOANS}), pay AS (${PAYMENTS}),
     ages AS (SELECT b.*, m FROM b CROSS JOIN generate_series(1, ${VINTAGE_MONTHS}) m WHERE b.start_day + 30 * m <= $1::date),
     pa AS (SELECT p.loan_id, greatest(1, ceil((p.day - b.start_day) / 30.0))::int AS m, sum(p.amt) AS amt
              FROM pay p JOIN b ON b.id = p.loan_id GROUP BY 1, 2),
     x AS (SELECT ages.*, least(ages.n, (30 * ages.m) / ages.iv) * ages.inst AS cum_due,
                  sum(coalesce(pa.amt, 0)) OVER (PARTITION BY ages.id ORDER BY ages.m) AS cum_paid
             FROM ages LEFT JOIN pa ON pa.loan_id = ages.id AND pa.m = ages.m)
     INSERT INTO analytics_vintage (cohort, age_months, ${DIMS}, loans, cum_due, cum_paid)
     SELECT date_trunc('month', start_day)::date, m, ${DIMS}, count(*), sum(cum_due), sum(cum_paid)
       FROM x GROUP BY 1, 2, ${DIMS}`,
    [today],
  );
}

/** analytics_vintage_region again from analytics_vintage (decision 029). */
export async function rollupVintage(tx: Queryable) {
  await tx.query('DELETE FROM analytics_vintage_region');
  await tx.query(
    `INSERT INTO analytics_vintage_region (cohort, age_months, region_id, store_type, phone_model_id, lock_type, loans, cum_due, cum_paid)
     SELECT a.cohort, a.age_months, ${REGION_DIMS}, sum(a.loans), sum(a.cum_due), sum(a.cum_paid)
       FROM analytics_vintage a JOIN stores s ON s.id = a.store_id GROUP BY a.cohort, a.age_months, ${REGION_DIMS}`,
  );
}
