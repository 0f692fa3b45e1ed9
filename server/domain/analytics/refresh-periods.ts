import type { Queryable } from '../../db/port';
import { addDays, eatDayStart } from '../calendar';
import { DIMS, PERIODS, eat } from './snapshot-sql';

/** The period tables' columns: the book on the period's last day ($2), the flows summed over its days. */
const PERIOD_SUMS: Array<[column: string, sum: string]> = [
  ...[
    'active_loans',
    'gross_receivable',
    'par1',
    'par7',
    'par30',
    'par90',
    'loans_late',
    'locked_arrears',
    'locked_stolen',
    'locked_lost',
  ].map((c): [string, string] => [c, `sum(${c}) FILTER (WHERE day = $2::date)`]),
  ...['due_amount', 'collected_amount', 'loans_started', 'deposits_taken', 'written_off'].map((c): [string, string] => [c, `sum(${c})`]),
  ['gross_days', 'sum(gross_receivable)'],
];
const COHORT_COLUMNS = ['fpd_eligible', 'fpd', 'own_eligible', 'owned'];
const PERIOD_TABLE_COLUMNS = [...PERIOD_SUMS.map(([c]) => c), ...COHORT_COLUMNS].join(', ');

/**
 * The period tables (migration 026, decision 029) as of `asOf`, from analytics_daily, analytics_cohorts and the
 * handsets: for each analysis period, per (store, agent, phone model, lock type) and per (store, phone model, lock
 * type) the book on asOf, the flows of the period's days, the cohorts' counts; per (store, phone model) the stock
 * turn's parts. What an analysis then reads instead of the days, the cohorts and the handsets.
 */
export async function rebuildPeriods(tx: Queryable, asOf: string, now: Date) {
  await tx.query('DELETE FROM analytics_period');
  await tx.query('DELETE FROM analytics_period_store');
  await tx.query('DELETE FROM analytics_period_stock');
  for (const [period, days] of PERIODS) {
    const from = addDays(asOf, -(days - 1));
    await tx.query(
      `WITH d AS (SELECT ${DIMS}, ${PERIOD_SUMS.map(([c, sum]) => `${sum} AS ${c}`).join(', ')}
                    FROM analytics_daily WHERE day BETWEEN $1::date AND $2::date GROUP BY ${DIMS}),
       c AS (SELECT ${DIMS}, ${COHORT_COLUMNS.map((c) => `sum(${c}) AS ${c}`).join(', ')} FROM analytics_cohorts GROUP BY ${DIMS})
       INSERT INTO analytics_period (period, ${DIMS}, ${PERIOD_TABLE_COLUMNS})
       SELECT $3, ${DIMS}, ${[...PERIOD_SUMS.map(([c]) => `coalesce(d.${c}, 0)`), ...COHORT_COLUMNS.map((c) => `coalesce(c.${c}, 0)`)].join(', ')}
         FROM d FULL JOIN c USING (${DIMS})`,
      [from, asOf, period],
    );
    // Without the agent: the agent's rows summed (a few thousand rows, not the days again).
    await tx.query(
      `INSERT INTO analytics_period_store (period, store_id, phone_model_id, lock_type, ${PERIOD_TABLE_COLUMNS})
       SELECT period, store_id, phone_model_id, lock_type, ${PERIOD_TABLE_COLUMNS.split(', ')
         .map((c) => `sum(${c})`)
         .join(', ')}
         FROM analytics_period WHERE period = $1 GROUP BY period, store_id, phone_model_id, lock_type`,
      [period],
    );
    await tx.query(
      `WITH i AS (
         SELECT a.store_id, a.phone_model_id, ${eat('a.received_at')} AS in_day, ${eat('a.sold_at')} AS sold_day,
                coalesce(${eat('a.sold_at')}, ${eat('x.left_at')}) AS out_day
           FROM inventory_items a
           LEFT JOIN LATERAL (
             SELECT min(c.changed_at) AS left_at FROM inventory_status_changes c
              WHERE c.inventory_item_id = a.id AND c.from_status IN ('in_stock', 'reserved') AND c.to_status NOT IN ('in_stock', 'reserved')
           ) x ON true
          WHERE ${eat('a.received_at')} <= $2::date AND (a.sold_at IS NULL OR a.sold_at >= $3)
            AND (a.status IN ('in_stock', 'reserved') OR a.sold_at IS NOT NULL OR x.left_at IS NOT NULL))
       INSERT INTO analytics_period_stock (period, store_id, phone_model_id, handsets_sold, stock_days)
       SELECT $4, store_id, phone_model_id, count(*) FILTER (WHERE sold_day BETWEEN $1::date AND $2::date),
              sum(greatest(0, least($2::date, coalesce(out_day - 1, $2::date)) - greatest($1::date, in_day) + 1))
         FROM i GROUP BY store_id, phone_model_id`,
      [from, asOf, eatDayStart(from), period],
    );
  }
  await tx.query(
    `INSERT INTO analytics_refreshes (part, day, refreshed_at) VALUES ('periods', $1, $2)
     ON CONFLICT (part) DO UPDATE SET day = EXCLUDED.day, refreshed_at = EXCLUDED.refreshed_at`,
    [asOf, now],
  );
}
