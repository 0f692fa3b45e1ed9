import type { Queryable } from '../../db/port';
import type { Deps } from '../../deps';
import { addDays, daysBetween, eatDay, eatDayStart } from '../calendar';
import type { Row } from '../shared';
import { periodDays } from '../../../src/contract/analytics';

/**
 * The analytics snapshot tables (migration 015, decision 017), written by the ageing run right after it has aged
 * the loans (server/workers.ts):
 * - analytics_daily: today's row of the book, from the live loans (the same days_defaulted and loan_balance the
 *   defaulters list shows), rewritten on every run of the day, so the last run of a day is that day's snapshot;
 * - the days of the last HISTORY_DAYS with no row (a first start, or a server that was down) rebuilt from the loans'
 *   schedules and payments (late fees and extensions not known for a past day);
 * - analytics_cohorts and analytics_vintage, rebuilt once a day;
 * - the rollups of migration 026 (decision 029): the period tables (each analysis period's book, flows, cohort
 *   counts and stock turn, on every run) and the trend, vintage and migration without store and agent.
 * A dashboard then sums these pre-aggregated rows, never the loans.
 */

/** How far back the daily snapshot is rebuilt when days are missing. */
export const HISTORY_DAYS = 120;
/** A loan more than this many days late is written off (decision 017): out of the gross receivables and the PAR. */
export const WRITE_OFF_DAYS = 180;
/** The vintage curves follow a cohort this many months (30 days each). */
export const VINTAGE_MONTHS = 24;
/** First-payment default: the first installment not paid within this many days of its due date. */
export const FPD_GRACE_DAYS = 30;
/** How many loans the history rebuild reads at a time. */
const REBUILD_CHUNK = 20_000;

const eat = (column: string) => `((${column} AT TIME ZONE 'UTC') + interval '3 hours')::date`;

const DIMS = 'store_id, agent_id, phone_model_id, lock_type';

const DAILY_COLUMNS = `day, ${DIMS}, active_loans, gross_receivable, par1, par7, par30, par90, loans_late, due_amount,
  collected_amount, loans_started, deposits_taken, written_off, locked_arrears, locked_stolen, locked_lost`;

/** Every loan with the dimensions the analytics group by and its schedule. */
const LOANS = `SELECT l.id, l.store_id, coalesce(l.agent_id, 0) AS agent_id, d.phone_model_id, d.lock_solution_type AS lock_type,
         l.installment_amount AS inst, l.installments AS n, l.interval_days AS iv, l.deposit_paid, l.status,
         l.loan_balance, l.days_defaulted, d.is_locked, d.status AS device_status, l.closed_at,
         ${eat('l.started_at')} AS start_day, ${eat('l.closed_at')} AS closed_day
    FROM loans l JOIN devices d ON d.id = l.device_id`;

/** Repayments received, per loan and EAT day (deposits are not repayments: excluded from collections). */
const PAYMENTS = `SELECT loan_id, ${eat('date_processed')} AS day, sum(amount) AS amt
    FROM transactions WHERE kind = 'repayment' AND status = 'completed' AND loan_id IS NOT NULL GROUP BY 1, 2`;

/** The installment of a loan that falls due on `day` (0 on any other day): the schedule counts from the start day. */
const dueOn = (day: string, b = 'b') =>
  `CASE WHEN ${day} - ${b}.start_day > 0 AND (${day} - ${b}.start_day) % ${b}.iv = 0 AND (${day} - ${b}.start_day) / ${b}.iv <= ${b}.n
        THEN ${b}.inst ELSE 0 END`;

/** Today's snapshot from the live loans (run after the ageing run). */
async function refreshToday(tx: Queryable, today: string) {
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

/**
 * The days from `first` to `last` that have no snapshot, rebuilt from the schedules and the payments: a loan's
 * paid amount at the end of a day is its repayments so far, its days late count from the due date of its first
 * installment not fully paid (late fees and extensions of a past day are not known). Devices locked then are not
 * known either (0). The loans and their payments per day are read in chunks of loans and walked here (a set-based SQL version
 * was 30 times slower on PGlite), and the rows written in chunks.
 */
export async function rebuildMissingDays(tx: Queryable, first: string, last: string): Promise<number> {
  if (first > last) return 0;
  const have = new Set(
    (
      await tx.query<{ day: string }>(
        "SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_daily WHERE day BETWEEN $1 AND $2",
        [first, last],
      )
    ).map((r) => r.day),
  );
  const missing: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) if (!have.has(day)) missing.push(day);
  if (!missing.length) return 0;
  const from = missing[0]!;
  const wanted = new Set(missing);
  const groups = new Map<string, number[]>();
  // day, active, gross, par1, par7, par30, par90, late, due, collected, started, deposits, written off
  const add = (key: string, values: number[]) => {
    const g = groups.get(key);
    if (!g) groups.set(key, values);
    else for (let i = 0; i < values.length; i++) g[i]! += values[i]!;
  };
  // The loans a chunk at a time (by id), each chunk with its payments: what was paid before the first missing day
  // as one sum per loan, the days in the window one by one. A million loans and their years of payments are never
  // all in memory at once.
  for (let after = 0; ;) {
    const loans = await tx.query<Row>(
      `SELECT b.id, b.store_id, b.agent_id, b.phone_model_id, b.lock_type, b.inst, b.n, b.iv, b.deposit_paid, b.status,
              to_char(b.start_day, 'YYYY-MM-DD') AS start_day, to_char(b.closed_day, 'YYYY-MM-DD') AS closed_day
         FROM (${LOANS} WHERE l.id > $3) b WHERE b.start_day <= $1::date AND (b.closed_day IS NULL OR b.closed_day >= $2::date)
        ORDER BY b.id LIMIT ${REBUILD_CHUNK}`,
      [last, from, after],
    );
    if (!loans.length) break;
    const low = Number(loans[0]!.id);
    after = Number(loans[loans.length - 1]!.id);
    const earlier = await tx.query<Row>(
      `SELECT loan_id, sum(amount) AS amt FROM transactions
        WHERE kind = 'repayment' AND status = 'completed' AND loan_id BETWEEN $1 AND $2 AND date_processed < $3 GROUP BY loan_id`,
      [low, after, eatDayStart(from)],
    );
    const paidBefore = new Map(earlier.map((p) => [Number(p.loan_id), Number(p.amt)]));
    const payments = await tx.query<Row>(
      `SELECT p.loan_id, to_char(p.day, 'YYYY-MM-DD') AS day, p.amt
         FROM (SELECT loan_id, ${eat('date_processed')} AS day, sum(amount) AS amt FROM transactions
                WHERE kind = 'repayment' AND status = 'completed' AND loan_id BETWEEN $1 AND $2
                  AND date_processed >= $3 AND date_processed < $4 GROUP BY 1, 2) p
        ORDER BY p.loan_id, p.day`,
      [low, after, eatDayStart(from), eatDayStart(addDays(last, 1))],
    );
    const paysOf = new Map<number, Array<[string, number]>>();
    for (const p of payments) {
      const list = paysOf.get(Number(p.loan_id)) ?? [];
      list.push([String(p.day), Number(p.amt)]);
      paysOf.set(Number(p.loan_id), list);
    }
    for (const [i, l] of loans.entries()) {
      // A long walk lets the server answer requests now and then.
      if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
      const inst = Number(l.inst);
      const total = inst * Number(l.n);
      const iv = Number(l.iv);
      const start = String(l.start_day);
      const end = l.closed_day === null ? last : String(l.closed_day) < last ? String(l.closed_day) : last;
      const pays = paysOf.get(Number(l.id)) ?? [];
      let paid = paidBefore.get(Number(l.id)) ?? 0;
      let next = 0;
      const dims = `${l.store_id}|${l.agent_id}|${l.phone_model_id}|${l.lock_type}`;
      for (let day = start > from ? start : from; day <= end; day = addDays(day, 1)) {
        let collected = 0;
        while (next < pays.length && pays[next]![0] <= day) {
          if (pays[next]![0] === day) collected += pays[next]![1];
          paid += pays[next]![1];
          next++;
        }
        if (!wanted.has(day)) continue;
        const age = daysBetween(start, day);
        const balance = total - paid;
        const open = (l.closed_day === null || String(l.closed_day) > day) && paid < total;
        const late = paid >= total ? 0 : Math.max(0, age - (Math.floor(paid / inst) + 1) * iv);
        // An installment falling due counts against collections unless the loan is written off.
        const due = late <= WRITE_OFF_DAYS && age > 0 && age % iv === 0 && age / iv <= Number(l.n) ? inst : 0;
        const book = open && late <= WRITE_OFF_DAYS;
        const started = start === day;
        const writtenOff = (open && late === WRITE_OFF_DAYS + 1) || (l.status === 'deactivated' && l.closed_day === day) ? balance : 0;
        add(`${day}|${dims}`, [
          book ? 1 : 0,
          book ? balance : 0,
          book && late > 1 ? balance : 0,
          book && late > 7 ? balance : 0,
          book && late > 30 ? balance : 0,
          book && late > 90 ? balance : 0,
          book && late > 0 ? 1 : 0,
          due,
          collected,
          started ? 1 : 0,
          started ? Number(l.deposit_paid) : 0,
          writtenOff,
        ]);
      }
    }
  }
  const entries = [...groups.entries()];
  const CHUNK = 5000;
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    const cols: unknown[][] = Array.from({ length: 17 }, () => []);
    for (const [key, v] of chunk) {
      const [day, store, agent, model, lock] = key.split('|');
      const row = [day, Number(store), Number(agent), Number(model), lock, ...v];
      row.forEach((value, c) => cols[c]!.push(value));
    }
    await tx.query(
      `INSERT INTO analytics_daily (day, ${DIMS}, active_loans, gross_receivable, par1, par7, par30, par90, loans_late, due_amount,
                                    collected_amount, loans_started, deposits_taken, written_off)
       SELECT * FROM unnest($1::date[], $2::int8[], $3::int8[], $4::int8[], $5::text[], $6::int4[], $7::int8[], $8::int8[], $9::int8[],
                            $10::int8[], $11::int8[], $12::int4[], $13::int8[], $14::int8[], $15::int4[], $16::int8[], $17::int8[])`,
      cols,
    );
  }
  await rollupTrend(tx, from, last);
  return missing.length;
}

/**
 * The same days as rebuildMissingDays, computed set-based inside PostgreSQL (loans x days, no rows through Node):
 * for the scale seed, where a million loans and their payments would not fit the walk. Replaces the days' rows.
 */
export async function rebuildDaysInSql(tx: Queryable, first: string, last: string): Promise<void> {
  await tx.query('DELETE FROM analytics_daily WHERE day BETWEEN $1 AND $2', [first, last]);
  await tx.query(
    `WITH b AS (SELECT * FROM (${LOANS}) l WHERE l.start_day <= $2::date AND (l.closed_day IS NULL OR l.closed_day >= $1::date)),
     pay AS (${PAYMENTS}),
     base AS (SELECT loan_id, sum(amt) AS amt FROM pay WHERE day < $1::date GROUP BY 1),
     pd AS (SELECT loan_id, day, amt FROM pay WHERE day BETWEEN $1::date AND $2::date),
     grid AS (SELECT b.id, b.store_id, b.agent_id, b.phone_model_id, b.lock_type, b.inst, b.n, b.iv, b.deposit_paid, b.status,
                     b.start_day, b.closed_day, d::date AS day
                FROM b CROSS JOIN LATERAL generate_series(greatest(b.start_day, $1::date), least(coalesce(b.closed_day, $2::date), $2::date),
                                                          interval '1 day') d),
     g AS (SELECT grid.*, coalesce(pd.amt, 0)::bigint AS collected,
                  (coalesce(base.amt, 0) + sum(coalesce(pd.amt, 0)) OVER (PARTITION BY grid.id ORDER BY grid.day))::bigint AS paid
             FROM grid LEFT JOIN base ON base.loan_id = grid.id LEFT JOIN pd ON pd.loan_id = grid.id AND pd.day = grid.day),
     x AS (SELECT g.*, g.day - g.start_day AS age, g.inst * g.n - g.paid AS balance,
                  CASE WHEN g.paid >= g.inst * g.n THEN 0
                       ELSE greatest(0, (g.day - g.start_day) - (floor(g.paid / g.inst)::int + 1) * g.iv) END AS late,
                  ((g.closed_day IS NULL OR g.closed_day > g.day) AND g.paid < g.inst * g.n) AS open
             FROM g),
     y AS (SELECT x.*, (x.open AND x.late <= ${WRITE_OFF_DAYS}) AS book FROM x)
     INSERT INTO analytics_daily (day, ${DIMS}, active_loans, gross_receivable, par1, par7, par30, par90, loans_late, due_amount,
                                  collected_amount, loans_started, deposits_taken, written_off)
     SELECT day, ${DIMS}, count(*) FILTER (WHERE book), coalesce(sum(balance) FILTER (WHERE book), 0),
            coalesce(sum(balance) FILTER (WHERE book AND late > 1), 0), coalesce(sum(balance) FILTER (WHERE book AND late > 7), 0),
            coalesce(sum(balance) FILTER (WHERE book AND late > 30), 0), coalesce(sum(balance) FILTER (WHERE book AND late > 90), 0),
            count(*) FILTER (WHERE book AND late > 0),
            coalesce(sum(inst) FILTER (WHERE late <= ${WRITE_OFF_DAYS} AND age > 0 AND age % iv = 0 AND age / iv <= n), 0),
            sum(collected), count(*) FILTER (WHERE start_day = day), coalesce(sum(deposit_paid) FILTER (WHERE start_day = day), 0),
            coalesce(sum(balance) FILTER (WHERE (open AND late = ${WRITE_OFF_DAYS + 1}) OR (status = 'deactivated' AND closed_day = day)), 0)
       FROM y GROUP BY day, ${DIMS}`,
    [first, last],
  );
  await rollupTrend(tx, first, last);
}

/** The region (and store type) of each snapshot row's store, as the region tables group them. */
const REGION_DIMS = 's.region_id, s.store_type, a.phone_model_id, a.lock_type';

/** analytics_trend_region's days from `first` to `last` again from analytics_daily (migration 026, decision 029). */
async function rollupTrend(tx: Queryable, first: string, last: string) {
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

/** The analysis periods the period tables hold, in days (src/contract/analytics periodDays). */
const PERIODS: Array<[string, number]> = Object.entries(periodDays);

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

/** First-payment default, ownership and the vintage curves, as of `today`. */
async function rebuildCohorts(tx: Queryable, today: string) {
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

/** The ageing migration follows this many months (month-end to month-end). */
export const MIGRATION_MONTHS = 12;

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

/** analytics_vintage_region and analytics_migration_region again from their detailed tables (decision 029). */
async function rollupCohorts(tx: Queryable) {
  await tx.query('DELETE FROM analytics_vintage_region');
  await tx.query(
    `INSERT INTO analytics_vintage_region (cohort, age_months, region_id, store_type, phone_model_id, lock_type, loans, cum_due, cum_paid)
     SELECT a.cohort, a.age_months, ${REGION_DIMS}, sum(a.loans), sum(a.cum_due), sum(a.cum_paid)
       FROM analytics_vintage a JOIN stores s ON s.id = a.store_id GROUP BY a.cohort, a.age_months, ${REGION_DIMS}`,
  );
  await tx.query('DELETE FROM analytics_migration_region');
  await tx.query(
    `INSERT INTO analytics_migration_region (month_end, region_id, store_type, phone_model_id, lock_type, from_category, to_category, loans,
                                             balance_from, balance_to)
     SELECT a.month_end, ${REGION_DIMS}, a.from_category, a.to_category, sum(a.loans), sum(a.balance_from), sum(a.balance_to)
       FROM analytics_migration a JOIN stores s ON s.id = a.store_id
      GROUP BY a.month_end, ${REGION_DIMS}, a.from_category, a.to_category`,
  );
}

/**
 * Trend days the snapshot has and analytics_trend_region lacks (a database from before migration 026, or days written
 * by other code), rolled up one by one: an index probe per day of the last HISTORY_DAYS.
 */
async function rollupMissingTrend(tx: Queryable, first: string, last: string) {
  const days = await tx.query<{ day: string }>(
    `SELECT to_char(g, 'YYYY-MM-DD') AS day FROM generate_series($1::date, $2::date, interval '1 day') g
      WHERE EXISTS (SELECT 1 FROM analytics_daily WHERE day = g::date) AND NOT EXISTS (SELECT 1 FROM analytics_trend_region WHERE day = g::date)`,
    [first, last],
  );
  for (const { day } of days) await rollupTrend(tx, day, day);
}

export interface RefreshReport {
  day: string;
  cohorts: boolean;
}

/**
 * The ageing run's last step: the missing days of the last HISTORY_DAYS, then in one transaction (a dashboard never
 * reads half of it) today's snapshot and, once a day, the cohorts.
 */
export async function refreshAnalytics(deps: Pick<Deps, 'db'>, now: Date): Promise<RefreshReport> {
  // Missing history (a first start: months of days) is written chunk by chunk, each its own statement, so the
  // portal's requests are served between the chunks instead of waiting for the whole rebuild.
  const today = eatDay(now);
  await rebuildMissingDays(deps.db, addDays(today, -HISTORY_DAYS), addDays(today, -1));
  return deps.db.transaction((tx) => refreshAnalyticsIn(tx, now));
}

/** refreshAnalytics inside a transaction already open (the demo seed's, which leaves the history to the first run). */
export async function refreshAnalyticsIn(tx: Queryable, now: Date, options: { history?: boolean } = {}): Promise<RefreshReport> {
  const today = eatDay(now);
  if (options.history !== false) await rebuildMissingDays(tx, addDays(today, -HISTORY_DAYS), addDays(today, -1));
  await refreshToday(tx, today);
  const [last] = await tx.query<{ day: string }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_refreshes WHERE part = 'cohorts'",
  );
  const cohorts = last?.day !== today;
  if (cohorts) {
    await rebuildCohorts(tx, today);
    await rebuildMigration(tx, today);
  }
  // The region rollups with the cohorts, or the first time after migration 026.
  const [rolled] = await tx.query<{ ok: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM analytics_vintage_region) AND EXISTS (SELECT 1 FROM analytics_migration_region) AS ok',
  );
  if (cohorts || !rolled?.ok) await rollupCohorts(tx);
  await rollupMissingTrend(tx, addDays(today, -HISTORY_DAYS), today);
  await rebuildPeriods(tx, today, now);
  for (const part of cohorts ? ['daily', 'cohorts'] : ['daily']) {
    await tx.query(
      `INSERT INTO analytics_refreshes (part, day, refreshed_at) VALUES ($1, $2, $3)
       ON CONFLICT (part) DO UPDATE SET day = EXCLUDED.day, refreshed_at = EXCLUDED.refreshed_at`,
      [part, today, now],
    );
  }
  return { day: today, cohorts };
}
