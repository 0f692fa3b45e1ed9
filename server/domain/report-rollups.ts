import type { Db } from '../db/port';
import { refreshCollectionsDue } from './collections/due-snapshot';
import { refreshReasonsRollup } from './collections/reasons-rollup';
import { refreshLedgerDays } from './finance/ledger-days';
import { refreshImeiExceptions } from './stores/exceptions-snapshot';

/**
 * The reports' rollups and snapshots (migration 029, decision 032), written by the ageing run right after the
 * analytics (server/workers.ts) and by seed:scale: the ledger's day sums and the reasons report's call counts (kept by
 * id, exact at every call), collections due of the day and the IMEI exceptions (figures of the run). Each in its own
 * transaction.
 */
export async function refreshReportRollups(db: Db, now: Date) {
  return {
    ledgerDays: await refreshLedgerDays(db, now),
    defaulterReasons: await refreshReasonsRollup(db, now),
    collectionsDue: await refreshCollectionsDue(db, now),
    imeiExceptions: await refreshImeiExceptions(db, now),
  };
}
