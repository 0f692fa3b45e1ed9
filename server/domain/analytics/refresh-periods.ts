import type { Queryable } from '../../db/port';
import { addDays, eatDayStart } from '../calendar';
import { DIMS, PERIODS, eat } from './snapshot-sql';

/** The period tables' book: as on the period's last day (the same for every period). */
const BOOK_COLUMNS = [
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
];
/** The period tables' flows: summed over the period's days (gross_days: the days' gross receivables). */
const FLOW_SUMS: Array<[column: string, summed: string]> = [
  ...['due_amount', 'collected_amount', 'loans_started', 'deposits_taken', 'written_off'].map((c): [string, string] => [c, c]),
  ['gross_days', 'gross_receivable'],
];
const COHORT_COLUMNS = ['fpd_eligible', 'fpd', 'own_eligible', 'owned'];
const PERIOD_TABLE_COLUMNS = [...BOOK_COLUMNS, ...FLOW_SUMS.map(([c]) => c), ...COHORT_COLUMNS].join(', ');

/**
 * The period tables (migration 026, decision 029) as of `asOf`, from analytics_daily, analytics_cohorts and the
 * handsets: for each analysis period, per (store, agent, phone model, lock type) and per (store, phone model, lock
 * type) the book on asOf, the flows of the period's days, the cohorts' counts; per (store, phone model) the stock
 * turn's parts. What an analysis then reads instead of the days, the cohorts and the handsets. Every period from one
 * read of the longest period's days, the cohorts and the handsets (each period's flows summed side by side), not one
 * read per period.
 */
export async function rebuildPeriods(tx: Queryable, asOf: string, now: Date) {
  await tx.query('DELETE FROM analytics_period');
  await tx.query('DELETE FROM analytics_period_store');
  await tx.query('DELETE FROM analytics_period_stock');
  // $1 asOf, then each period's code and first day: $2/$3, $4/$5, ...
  const params: unknown[] = [asOf];
  const periods = PERIODS.map(([period, days], i) => {
    params.push(period, addDays(asOf, -(days - 1)));
    return { i, code: `$${2 + 2 * i}::text`, from: `$${3 + 2 * i}::date`, start: addDays(asOf, -(days - 1)) };
  });
  const widest = periods.reduce((a, b) => (b.start < a.start ? b : a));
  await tx.query(
    `WITH d AS (SELECT ${DIMS}, ${BOOK_COLUMNS.map((c) => `sum(${c}) FILTER (WHERE day = $1::date) AS ${c}`).join(', ')},
                       ${periods
                         .map((p) =>
                           [
                             `count(*) FILTER (WHERE day >= ${p.from}) AS days_${p.i}`,
                             ...FLOW_SUMS.map(([c, summed]) => `sum(${summed}) FILTER (WHERE day >= ${p.from}) AS ${c}_${p.i}`),
                           ].join(', '),
                         )
                         .join(', ')}
                  FROM analytics_daily WHERE day BETWEEN ${widest.from} AND $1::date GROUP BY ${DIMS}),
     c AS (SELECT ${DIMS}, true AS cohorts, ${COHORT_COLUMNS.map((c) => `sum(${c}) AS ${c}`).join(', ')} FROM analytics_cohorts GROUP BY ${DIMS}),
     dc AS (SELECT * FROM d FULL JOIN c USING (${DIMS}))
     INSERT INTO analytics_period (period, ${DIMS}, ${PERIOD_TABLE_COLUMNS})
     ${periods
       .map(
         (p) => `SELECT ${p.code}, ${DIMS}, ${[
           ...BOOK_COLUMNS.map((c) => `CASE WHEN days_${p.i} > 0 THEN coalesce(${c}, 0) ELSE 0 END`),
           ...FLOW_SUMS.map(([c]) => `coalesce(${c}_${p.i}, 0)`),
           ...COHORT_COLUMNS.map((c) => `coalesce(${c}, 0)`),
         ].join(', ')}
       FROM dc WHERE days_${p.i} > 0 OR cohorts`,
       )
       .join('\n     UNION ALL\n     ')}`,
    params,
  );
  // Without the agent: the agent's rows summed (a few thousand rows, not the days again).
  await tx.query(
    `INSERT INTO analytics_period_store (period, store_id, phone_model_id, lock_type, ${PERIOD_TABLE_COLUMNS})
     SELECT period, store_id, phone_model_id, lock_type, ${PERIOD_TABLE_COLUMNS.split(', ')
       .map((c) => `sum(${c})`)
       .join(', ')}
       FROM analytics_period GROUP BY period, store_id, phone_model_id, lock_type`,
  );
  const stockParams: unknown[] = [asOf, eatDayStart(widest.start)];
  const stockPeriods = periods.map((p) => {
    stockParams.push(params[2 * p.i + 1], p.start, eatDayStart(p.start));
    const at = 3 + 3 * p.i;
    return { code: `$${at}::text`, from: `$${at + 1}::date`, since: `$${at + 2}` };
  });
  await tx.query(
    `WITH i AS (
       SELECT a.store_id, a.phone_model_id, a.sold_at, ${eat('a.received_at')} AS in_day, ${eat('a.sold_at')} AS sold_day,
              coalesce(${eat('a.sold_at')}, ${eat('x.left_at')}) AS out_day
         FROM inventory_items a
         LEFT JOIN LATERAL (
           SELECT min(c.changed_at) AS left_at FROM inventory_status_changes c
            WHERE c.inventory_item_id = a.id AND c.from_status IN ('in_stock', 'reserved') AND c.to_status NOT IN ('in_stock', 'reserved')
         ) x ON true
        WHERE ${eat('a.received_at')} <= $1::date AND (a.sold_at IS NULL OR a.sold_at >= $2)
          AND (a.status IN ('in_stock', 'reserved') OR a.sold_at IS NOT NULL OR x.left_at IS NOT NULL))
     INSERT INTO analytics_period_stock (period, store_id, phone_model_id, handsets_sold, stock_days)
     ${stockPeriods
       .map(
         (p) => `SELECT ${p.code}, store_id, phone_model_id, count(*) FILTER (WHERE sold_day BETWEEN ${p.from} AND $1::date),
            sum(greatest(0, least($1::date, coalesce(out_day - 1, $1::date)) - greatest(${p.from}, in_day) + 1))
       FROM i WHERE sold_at IS NULL OR sold_at >= ${p.since} GROUP BY store_id, phone_model_id`,
       )
       .join('\n     UNION ALL\n     ')}`,
    stockParams,
  );
  await tx.query(
    `INSERT INTO analytics_refreshes (part, day, refreshed_at) VALUES ('periods', $1, $2)
     ON CONFLICT (part) DO UPDATE SET day = EXCLUDED.day, refreshed_at = EXCLUDED.refreshed_at`,
    [asOf, now],
  );
}
