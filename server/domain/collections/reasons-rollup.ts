import type { Db } from '../../db/port';
import { watermark, wholeId } from '../rollup-watermark';
import { categoryCase } from './shared';

/**
 * The defaulters reasons report's rollup (migration 029, decision 032). The report counts each loan called in a
 * period once, by its last call there; a call is a loan's last in the period when its EAT day is in the period and
 * the loan's next call falls on a later day (or there is none). So the calls are counted once per day, next call's
 * day, reason, ageing category (when called) and region, and a period sums the rows of its days whose next call is
 * after it. Calls are never changed, only added: the rollup holds the calls up to `through_id`, and a report takes
 * back, for each loan called since, what the rollup counted for it and counts its last call of the period live.
 */

const EAT_DAY = (column: string) => `((${column} AT TIME ZONE 'UTC') + interval '3 hours')::date`;

/** The region each call is counted in: the region of the store that sold the loan, as the report joins it. */
const REGION_JOIN = 'JOIN loans l ON l.id = c.loan_id JOIN stores s ON s.id = l.store_id JOIN regions r ON r.id = s.region_id';

/** Rebuilds the rollup from the calls up to the watermark (the ageing run, seed:scale). */
export async function refreshReasonsRollup(db: Db, now: Date): Promise<{ rows: number }> {
  const last = await watermark(db, 'debt_collection_calls');
  if (last === null) return { rows: 0 };
  return db.transaction(async (tx) => {
    await tx.query("SELECT 1 FROM report_snapshots WHERE report = 'defaulter_reasons' FOR UPDATE");
    await tx.query('DELETE FROM defaulter_reasons_days');
    const [n] = await tx.query<{ n: number | string }>(
      `WITH x AS (
         INSERT INTO defaulter_reasons_days (call_day, next_day, reason, category, region_id, defaulters, amount_due)
         SELECT c.call_day, c.next_day, coalesce(c.reason, 'not_given'), ${categoryCase('c.days_defaulted')}, s.region_id,
                count(*), sum(c.amount_due)
           FROM (SELECT k.loan_id, k.reason, k.days_defaulted, k.amount_due, ${EAT_DAY('k.created_at')} AS call_day,
                        ${EAT_DAY('lead(k.created_at) OVER (PARTITION BY k.loan_id ORDER BY k.created_at, k.id)')} AS next_day
                   FROM debt_collection_calls k WHERE k.id <= $1) c
           ${REGION_JOIN}
          GROUP BY 1, 2, 3, 4, 5
         RETURNING 1)
       SELECT count(*) AS n FROM x`,
      [last],
    );
    await tx.query("UPDATE report_snapshots SET through_id = $1, refreshed_at = $2, run = run + 1 WHERE report = 'defaulter_reasons'", [
      last,
      now,
    ]);
    return { rows: Number(n!.n) };
  });
}

/**
 * What the rollup counts for the period: parameters $1 and $2 its first and last EAT days, and `region` a condition
 * on `region_id`. The same for every call until the next run, so it is kept (kept-answers.ts).
 */
export const rolledUpSql = (
  region: string,
) => `SELECT reason, category, region_id, sum(defaulters)::int AS defaulters, sum(amount_due)::bigint AS amount_due
    FROM defaulter_reasons_days
   WHERE call_day >= $1::date AND call_day <= $2::date AND (next_day IS NULL OR next_day > $2::date) AND ${region}
   GROUP BY reason, category, region_id`;

/**
 * The report's rows: the rollup's counts (parameters $3 to $7, arrays of reason, category, region, defaulters and
 * amount due) with, for each loan called after `through`, what the rollup counted for it taken back and its last call
 * of the period counted instead; $1 and $2 the period's start and the next day's start (timestamps), `region` a
 * condition on the region `p.region_id`.
 */
export function reasonsSql(through: number, region: string): string {
  const after = wholeId(through);
  const lastCall = (upTo: string) => `SELECT DISTINCT ON (k.loan_id) k.loan_id, k.reason, k.days_defaulted, k.amount_due
           FROM debt_collection_calls k JOIN touched t ON t.loan_id = k.loan_id
          WHERE k.created_at >= $1 AND k.created_at < $2 ${upTo}
          ORDER BY k.loan_id, k.created_at DESC, k.id DESC`;
  const counted = (alias: string, sign: string) =>
    `SELECT coalesce(c.reason, 'not_given') AS reason, ${categoryCase('c.days_defaulted')} AS category, s.region_id,
            ${sign}1 AS defaulters, ${sign}c.amount_due AS amount_due
       FROM ${alias} c ${REGION_JOIN}`;
  return `WITH touched AS (SELECT DISTINCT loan_id FROM debt_collection_calls WHERE id > ${after}),
          counted AS (${lastCall(`AND k.id <= ${after}`)}),
          now_last AS (${lastCall('')}),
          parts AS (
            SELECT * FROM unnest($3::text[], $4::text[], $5::bigint[], $6::int[], $7::bigint[])
                       AS x (reason, category, region_id, defaulters, amount_due)
            UNION ALL ${counted('counted', '-')}
            UNION ALL ${counted('now_last', '')})
     SELECT p.reason, p.category, r.id AS region_id, r.name AS region_name, sum(p.defaulters)::int AS defaulters,
            sum(p.amount_due)::bigint AS amount_due
       FROM parts p JOIN regions r ON r.id = p.region_id
      WHERE ${region}
      GROUP BY 1, 2, 3, 4
     HAVING sum(p.defaulters) > 0
      ORDER BY defaulters DESC, reason, region_name, category`;
}
