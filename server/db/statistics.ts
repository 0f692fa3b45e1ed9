import type { Db } from './port';

/** How often the embedded database's planner statistics are gathered again while the server runs. */
export const STATISTICS_EVERY_MS = 24 * 3_600_000;

const gathered = new WeakMap<Db, number>();

/**
 * Gathers the planner's statistics (ANALYZE) on the embedded PGlite, which runs no autovacuum: without them its
 * planner guesses every table's rows and every filter's selectivity, and chose a sequential scan of the payments for
 * one loan's statement (0.83 ms a call against 0.14 ms with them, on the demo data; docs/decisions/066). On
 * PostgreSQL autovacuum keeps them, and this does nothing. The server calls it at its start and on every tick of the
 * ageing run; it gathers them at most once every STATISTICS_EVERY_MS of `now`. Answers whether it ran.
 */
export async function gatherPlannerStatistics(db: Db, now: Date): Promise<boolean> {
  if (db.kind !== 'pglite') return false;
  const last = gathered.get(db);
  if (last !== undefined && now.getTime() - last < STATISTICS_EVERY_MS) return false;
  await db.exec('ANALYZE');
  gathered.set(db, now.getTime());
  return true;
}
