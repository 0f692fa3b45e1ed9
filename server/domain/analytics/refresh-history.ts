import type { Db, Queryable } from '../../db/port';
import { addDays, daysBetween, eatDayStart } from '../calendar';
import type { Row } from '../shared';
import { rollupTrend } from './refresh-daily';
import { DIMS, LOANS, WRITE_OFF_DAYS, eat } from './snapshot-sql';

/** How many loans the history rebuild reads at a time. */
const REBUILD_CHUNK = 20_000;

/** The days from `first` to `last` that have no snapshot, oldest first. */
async function missingDays(tx: Queryable, first: string, last: string): Promise<string[]> {
  if (first > last) return [];
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
  return missing;
}

/**
 * The days from `first` to `last` that have no snapshot, rebuilt from the schedules and the payments: a loan's
 * paid amount at the end of a day is its repayments so far, its days late count from the due date of its first
 * installment not fully paid (late fees and extensions of a past day are not known). Devices locked then are not
 * known either (0). The loans and their payments per day are read in chunks of loans and walked here (a set-based SQL version
 * was 30 times slower on PGlite), and the rows written in chunks.
 */
export async function rebuildMissingDays(tx: Queryable, first: string, last: string): Promise<number> {
  const missing = await missingDays(tx, first, last);
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
 * What was paid before the window is one sum per loan, and each loan's days come from the steps between its days
 * of payment: summing every repayment per loan and day, and a running sum over every loan's every day, made it
 * 167 s for 35 days at a million loans (decision 054).
 */
export async function rebuildDaysInSql(tx: Queryable, first: string, last: string): Promise<void> {
  await tx.query('DELETE FROM analytics_daily WHERE day BETWEEN $1 AND $2', [first, last]);
  await tx.query(
    `WITH b AS (SELECT l.*, greatest(l.start_day, $1::date) AS s0, least(coalesce(l.closed_day, $2::date), $2::date) AS e
                 FROM (${LOANS}) l WHERE l.start_day <= $2::date AND (l.closed_day IS NULL OR l.closed_day >= $1::date)),
     base AS (SELECT loan_id, sum(amount)::bigint AS amt FROM transactions
               WHERE kind = 'repayment' AND status = 'completed' AND loan_id IS NOT NULL AND date_processed < $3 GROUP BY 1),
     pd AS (SELECT loan_id, ${eat('date_processed')} AS day, sum(amount) AS amt FROM transactions
             WHERE kind = 'repayment' AND status = 'completed' AND loan_id IS NOT NULL AND date_processed >= $3 AND date_processed < $4
             GROUP BY 1, 2),
     -- Each loan's days in the window, from its first to its last, split where it was paid: a step starts on the
     -- first day and on each day of payment, and holds the paid amount until the next. (A window function over
     -- every loan's every day, sorted, cost most of the rebuild at a million loans.)
     ev AS (SELECT b.id, b.s0 AS day, 0::bigint AS amt FROM b
            UNION ALL
            SELECT pd.loan_id, pd.day, pd.amt FROM pd JOIN b ON b.id = pd.loan_id AND pd.day BETWEEN b.s0 AND b.e),
     step AS (SELECT ev.id, ev.day AS d0, ev.amt::bigint AS collected, lead(ev.day) OVER w AS d1,
                     (sum(ev.amt) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::bigint AS cum
                FROM ev WINDOW w AS (PARTITION BY ev.id ORDER BY ev.day, ev.amt)),
     g AS (SELECT b.id, b.store_id, b.agent_id, b.phone_model_id, b.lock_type, b.inst, b.n, b.iv, b.deposit_paid, b.status,
                  b.start_day, b.closed_day, d::date AS day,
                  CASE WHEN d::date = step.d0 THEN step.collected ELSE 0 END AS collected, coalesce(base.amt, 0) + step.cum AS paid
             FROM b JOIN step ON step.id = b.id LEFT JOIN base ON base.loan_id = b.id
            CROSS JOIN LATERAL generate_series(step.d0, coalesce(step.d1 - 1, b.e), interval '1 day') d),
     x AS (SELECT g.*, g.day - g.start_day AS age, g.inst * g.n - g.paid AS balance,
                  CASE WHEN g.paid >= g.inst * g.n THEN 0
                       ELSE greatest(0, (g.day - g.start_day) - (floor(g.paid / g.inst)::int + 1) * g.iv) END AS late,
                  ((g.closed_day IS NULL OR g.closed_day > g.day) AND g.paid < g.inst * g.n) AS open
             -- OFFSET 0: a day's late, balance and open are worked out once, not again in each aggregate that names
             -- them (7 days of a million loans: 38.4 -> 32.5 s without JIT).
             FROM g OFFSET 0),
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
    [first, last, eatDayStart(first), eatDayStart(addDays(last, 1))],
  );
  await rollupTrend(tx, first, last);
}

/**
 * PostgreSQL's own planner settings for rebuildDaysInSql, to the end of the transaction (decision 054): JIT, as it
 * works out millions of loan-days, and random page reads 4 times dearer than sequential ones, as it reads whole tables
 * (the server's connections set 1.1 for their short lookups, server/db/postgres.ts).
 */
export async function planHistory(tx: Queryable): Promise<void> {
  await tx.query('SET LOCAL jit = on');
  await tx.query('SET LOCAL random_page_cost = 4');
}

/**
 * The days from `first` to `last` that have no snapshot, rebuilt set-based (rebuildDaysInSql) on PostgreSQL: each run
 * of consecutive missing days in a transaction of its own, with the settings the scale seed found fastest for it
 * (JIT on, random_page_cost 4: 193 -> 96 s for 35 days at a million loans, decision 054). After `seed:scale` the
 * server's first refresh has the 85 days the seed does not build to fill, and the walk of the loans through Node had
 * not finished after 4 minutes (decision 074). Other connections serve the portal meanwhile: PGlite, with one, keeps
 * the walk, which lets requests in between its chunks.
 */
export async function rebuildMissingDaysInSql(db: Db, first: string, last: string): Promise<number> {
  const missing = await missingDays(db, first, last);
  for (let i = 0; i < missing.length;) {
    let j = i;
    while (j + 1 < missing.length && missing[j + 1] === addDays(missing[j]!, 1)) j++;
    const [from, to] = [missing[i]!, missing[j]!];
    await db.transaction(async (tx) => {
      await planHistory(tx);
      await rebuildDaysInSql(tx, from, to);
    });
    i = j + 1;
  }
  return missing.length;
}
