import type { Db } from './port';

/**
 * Background jobs that several copies of the server all schedule (server/workers.ts), keyed for PostgreSQL's
 * advisory locks. One number per job, never reused for another.
 */
export const JOB_LOCKS = {
  ageing: 16_000_001,
  depositRelease: 16_000_002,
} as const;

export type Exclusive<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` only if no other copy of the server is running the same job now (issue 16: background work runs once
 * however many copies there are). On PostgreSQL a transaction takes the job's advisory lock
 * (pg_try_advisory_xact_lock) and holds it while `work` runs on the pool's other connections: a copy that finds the
 * lock taken skips the round. The lock goes when the work ends, fails, or its copy dies (PostgreSQL ends the
 * transaction with the connection), so a stopped copy never blocks the job. The lock is the job's in this schema
 * (advisory locks are the whole database's): portals that share a database in schemas of their own, as the API
 * tests' files do, do not skip each other's rounds. The jobs are idempotent on their own
 * (each change is a guarded transaction), so a later round on another copy finds nothing left to do.
 * PGlite is one process's database: there is only one copy, and its single connection cannot hold a transaction
 * open while the work runs, so the work just runs.
 */
export async function exclusive<T>(db: Db, key: number, work: () => Promise<T>): Promise<Exclusive<T>> {
  if (db.kind !== 'postgres') return { ran: true, result: await work() };
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_xact_lock($1::int, hashtext(coalesce(current_schema(), ''))) AS locked`,
      [key],
    );
    if (!row?.locked) return { ran: false } as const;
    return { ran: true, result: await work() } as const;
  });
}
