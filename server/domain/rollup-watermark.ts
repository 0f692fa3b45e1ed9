import type { Db } from '../db/port';

/** The append-only tables whose rollups are kept by id (decision 032). */
export type AppendOnlyTable = 'ledger_entries' | 'debt_collection_calls';

/**
 * The highest id of `table` below which every row there will ever be is committed now. Ids come from a sequence,
 * and a transaction takes its id only after it holds its table's write lock: this lock waits for those writing now
 * and holds back new ones for a moment, so a row with a lower id that was not yet committed has committed (or is
 * gone) when the lock is granted, and every later row takes a higher id. A rollup of the rows up to it, read in a
 * later transaction, then misses none; the rows after it are read live. A writer that holds its transaction open
 * (a long reconciliation) would keep the lock waiting and every new writer queued behind it: after a second the
 * lock is given up and the answer is null, and the rollup stays as it is until the next run.
 */
export async function watermark(db: Db, table: AppendOnlyTable): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query("SET LOCAL lock_timeout = '1s'");
      await tx.query(`LOCK TABLE ${table} IN SHARE MODE`);
      const [row] = await tx.query<{ id: number | string }>(`SELECT coalesce(max(id), 0) AS id FROM ${table}`);
      return Number(row!.id);
    });
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return null;
    throw error;
  }
}

/** Checks an id before it is written into a statement. */
export function wholeId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`a rollup's id is a whole number, not ${id}`);
  return id;
}
