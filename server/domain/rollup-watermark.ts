import type { Db } from '../db/port';

/** The append-only tables whose rollups are kept by id (decision 032). */
export type AppendOnlyTable = 'ledger_entries' | 'debt_collection_calls';

/**
 * The highest id of `table` below which every row there will ever be is committed now. Ids come from a sequence,
 * and a transaction takes its id only after it holds its table's write lock: this lock waits for those writing now
 * and holds back new ones for a moment, so a row with a lower id that was not yet committed has committed (or is
 * gone) when the lock is granted, and every later row takes a higher id. A rollup of the rows up to it, read in a
 * later transaction, then misses none; the rows after it are read live.
 */
export async function watermark(db: Db, table: AppendOnlyTable): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`LOCK TABLE ${table} IN SHARE MODE`);
    const [row] = await tx.query<{ id: number | string }>(`SELECT coalesce(max(id), 0) AS id FROM ${table}`);
    return Number(row!.id);
  });
}

/** Checks an id before it is written into a statement. */
export function wholeId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`a rollup's id is a whole number, not ${id}`);
  return id;
}
