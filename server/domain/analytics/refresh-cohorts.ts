import type { Queryable } from '../../db/port';
import { DIMS, FPD_GRACE_DAYS, LOANS, REGION_DIMS, REPAYMENTS, VINTAGE_MONTHS } from './snapshot-sql';

/**
 * First-payment default, ownership and the vintage curves, as of `today`. Each reads the repayments once, summed per
 * loan (the cohorts) or per loan and month of age (the vintage), never per day.
 */
export async function rebuildCohorts(tx: Queryable, today: string) {
  await tx.query('DELETE FROM analytics_cohorts');
  await tx.query('DELETE FROM analytics_vintage');
  await tx.query(
    `WITH b AS (${LOANS}),
     pt AS (SELECT p.loan_id,
                   sum(p.amount) FILTER (WHERE p.day <= p.start_day + p.iv + ${FPD_GRACE_DAYS}) AS paid_first,
                   sum(p.amount) FILTER (WHERE p.day <= p.start_day + 2 * p.n * p.iv) AS paid_by_twice
              FROM (${REPAYMENTS}) p GROUP BY p.loan_id),
     pl AS (SELECT b.*, coalesce(pt.paid_first, 0) AS paid_first, coalesce(pt.paid_by_twice, 0) AS paid_by_twice
              FROM b LEFT JOIN pt ON pt.loan_id = b.id
             WHERE b.start_day <= $1::date)
     INSERT INTO analytics_cohorts (cohort, ${DIMS}, loans, fpd_eligible, fpd, own_eligible, owned)
     SELECT date_trunc('month', start_day)::date, ${DIMS}, count(*),
            count(*) FILTER (WHERE start_day + iv + ${FPD_GRACE_DAYS} <= $1::date),
            count(*) FILTER (WHERE start_day + iv + ${FPD_GRACE_DAYS} <= $1::date AND paid_first < inst),
            count(*) FILTER (WHERE start_day + 2 * n * iv <= $1::date),
            count(*) FILTER (WHERE start_day + 2 * n * iv <= $1::date AND paid_by_twice >= inst * n)
       FROM pl GROUP BY 1, ${DIMS}`,
    [today],
  );
  // A loan reaches `top` months of age by today (at most VINTAGE_MONTHS). Its row at age m (1..top) counts it, its
  // installments due by then and its repayments of months 1..m. Summed per cohort and dimensions, that is: the loans
  // grouped by (top, schedule) each spread over ages 1..top, and the repayments grouped by (top, month paid) each
  // spread over ages month..top; no loan-by-month grid and no running sum per loan.
  await tx.query(
    `WITH b AS (SELECT x.*, date_trunc('month', x.start_day)::date AS cohort, least(${VINTAGE_MONTHS}, ($1::date - x.start_day) / 30) AS top
                  FROM (${LOANS}) x WHERE x.start_day + 30 <= $1::date),
     pa AS (SELECT p.loan_id, greatest(1, ceil((p.day - p.start_day) / 30.0))::int AS m, sum(p.amount) AS amt
              FROM (${REPAYMENTS}) p WHERE p.start_day + 30 <= $1::date GROUP BY 1, 2),
     lg AS (SELECT cohort, ${DIMS}, top, n, iv, inst, count(*) AS loans FROM b GROUP BY cohort, ${DIMS}, top, n, iv, inst),
     pg AS (SELECT b.cohort, ${DIMS.split(', ')
       .map((d) => `b.${d}`)
       .join(', ')}, b.top, pa.m, sum(pa.amt) AS amt
              FROM pa JOIN b ON b.id = pa.loan_id WHERE pa.m <= b.top GROUP BY 1, 2, 3, 4, 5, 6, 7),
     parts AS (SELECT lg.cohort, a.m, ${DIMS}, lg.loans, lg.loans * least(lg.n, (30 * a.m) / lg.iv) * lg.inst AS due, 0 AS paid
                 FROM lg CROSS JOIN LATERAL generate_series(1, lg.top) a(m)
               UNION ALL
               SELECT pg.cohort, a.m, ${DIMS}, 0, 0, pg.amt FROM pg CROSS JOIN LATERAL generate_series(pg.m, pg.top) a(m))
     INSERT INTO analytics_vintage (cohort, age_months, ${DIMS}, loans, cum_due, cum_paid)
     SELECT cohort, m, ${DIMS}, sum(loans), sum(due), sum(paid) FROM parts GROUP BY 1, 2, ${DIMS}`,
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
