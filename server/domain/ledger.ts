import type { Queryable } from '../db/port';
import { refuse } from './shared';
import { eatDay } from './calendar';

export interface LedgerEntry {
  kind: string;
  /** The account debited and the one credited, by the same amount: the entry balances by construction. */
  debit: string;
  credit: string;
  /** Whole TZS, more than zero. */
  amount: number;
  description: string;
  loanId?: number | null;
  requestId?: number | null;
  postedBy: number | null;
  at: Date;
}

/** Posts one journal entry (two postings, debit = credit); call it inside the transaction of what it records. */
export async function post(tx: Queryable, entry: LedgerEntry): Promise<number> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0)
    throw new RangeError(`a ledger amount is whole TZS above 0, not ${entry.amount}`);
  // Month-end close (decision 018): a closed month takes no posting, so its statements never change.
  const [closed] = await tx.query<{ d: string | null }>("SELECT to_char(max(closed_through), 'YYYY-MM-DD') AS d FROM closed_periods");
  if (closed?.d && eatDay(entry.at) <= closed.d)
    throw refuse(409, 'period_closed', `The books are closed through ${closed.d}: nothing may be posted on ${eatDay(entry.at)}`);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO ledger_entries (kind, debit_account, credit_account, amount, description, loan_id, request_id, posted_by, posted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      entry.kind,
      entry.debit,
      entry.credit,
      entry.amount,
      entry.description,
      entry.loanId ?? null,
      entry.requestId ?? null,
      entry.postedBy,
      entry.at,
    ],
  );
  return row!.id;
}
