import type { Db, Queryable } from '../../db/port';
import { watermark, wholeId } from '../rollup-watermark';

/**
 * Each account's debits and credits per EAT day (migration 029, decision 032), so that the balance sheet and the
 * profit and loss sum a few rows per account and day instead of every posting. Ledger entries are immutable and
 * only ever added, so the rollup is kept by id: `ledger_days` holds every entry up to `through_id`, and a statement
 * adds the entries after it live (a few, found by the primary key). The answer is the same sum as the postings'.
 */

const EAT_DAY = (column: string) => `((${column} AT TIME ZONE 'UTC') + interval '3 hours')::date`;

/** Both sides of each entry of `e` (debit, then credit) as (account, day, debit, credit). */
const POSTINGS = `SELECT p.account, ${EAT_DAY('e.posted_at')} AS day, p.debit, p.credit
    FROM ledger_entries e
    CROSS JOIN LATERAL (VALUES (e.debit_account, e.amount, 0::bigint), (e.credit_account, 0::bigint, e.amount)) p (account, debit, credit)`;

/** Up to which entry the rollup goes. */
export async function ledgerDaysThrough(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number | string }>("SELECT through_id AS id FROM report_snapshots WHERE report = 'ledger_days'");
  return Number(row?.id ?? 0);
}

/**
 * The postings of the EAT days from `from` (null: from the first) to `to`, each account's debit and credit sums, as
 * SQL over parameters $1 (to) and $2 (from or null). `through` is written into the statement (a whole number read from
 * report_snapshots): PostgreSQL then sees how few entries follow it and walks the primary key to them.
 */
export function ledgerSumsSql(through: number): string {
  return `SELECT b.account, sum(b.debit) AS debit, sum(b.credit) AS credit
      FROM (SELECT account, debit, credit FROM ledger_days WHERE day <= $1::date AND ($2::date IS NULL OR day >= $2::date)
            UNION ALL
            SELECT x.account, x.debit, x.credit FROM (${POSTINGS} WHERE e.id > ${wholeId(through)}) x
             WHERE x.day <= $1::date AND ($2::date IS NULL OR x.day >= $2::date)) b
     GROUP BY b.account`;
}

/** Adds the entries up to the watermark (rollup-watermark.ts) not in `ledger_days` yet (the ageing run, seed:scale). */
export async function refreshLedgerDays(db: Db, now: Date): Promise<{ entries: number }> {
  const last = await watermark(db, 'ledger_entries');
  if (last === null) return { entries: 0 };
  return db.transaction(async (tx) => {
    // The row lock keeps a second refresh from adding the same entries: it reads the through_id this one writes.
    const [row] = await tx.query<{ id: number | string }>(
      "SELECT through_id AS id FROM report_snapshots WHERE report = 'ledger_days' FOR UPDATE",
    );
    const through = Number(row!.id);
    if (last <= through) return { entries: 0 };
    const [added] = await tx.query<{ n: number | string }>(
      `WITH x AS (
         INSERT INTO ledger_days (account, day, debit, credit)
         SELECT account, day, sum(debit), sum(credit) FROM (${POSTINGS} WHERE e.id > $1 AND e.id <= $2) x GROUP BY account, day
         ON CONFLICT (account, day) DO UPDATE SET debit = ledger_days.debit + excluded.debit, credit = ledger_days.credit + excluded.credit
         RETURNING 1)
       SELECT count(*) AS n FROM x`,
      [through, last],
    );
    await tx.query("UPDATE report_snapshots SET through_id = $1, refreshed_at = $2, run = run + 1 WHERE report = 'ledger_days'", [
      last,
      now,
    ]);
    return { entries: Number(added!.n) };
  });
}
