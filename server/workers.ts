import type { Deps } from './deps';
import { ageLoans, deliverLockCommands } from './domain/device-locking';
import { releaseAbandonedDeposits } from './domain/deposits/release';
import { JOB_LOCKS, exclusive } from './db/exclusive';
import { refreshAnalytics } from './domain/analytics/refresh';
import { refreshReportRollups } from './domain/report-rollups';
import { vacuumEmbedded } from './db/vacuum';

type JobDeps = Pick<Deps, 'db' | 'clock' | 'adapters'>;

/** The ageing run, on one copy of the server at a time (server/db/exclusive.ts). */
export const runAgeing = (deps: JobDeps, pageSize?: number) =>
  exclusive(deps.db, JOB_LOCKS.ageing, () => ageLoans(deps, deps.clock.now(), pageSize));
/** The release of unfinished deposits, on one copy of the server at a time. */
export const runDepositRelease = (deps: JobDeps) =>
  exclusive(deps.db, JOB_LOCKS.depositRelease, () => releaseAbandonedDeposits(deps, deps.clock.now()));
import { breakOverduePromises } from './domain/collections/promises';
import { endPromiseUnlocks } from './domain/collections/unlock';

export interface WorkerOptions {
  /** How often pending lock commands go to the lock provider (default 3 s). */
  lockEveryMs?: number;
  /** How often the ageing run looks at the loans (default 1 h: the same day gives the same answer). */
  ageEveryMs?: number;
  /** How often unfinished deposits are looked at: stale pushes settled, abandoned paid deposits released (default 5 min). */
  depositEveryMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * The server's own background work: the lock-command worker, the loan ageing run (decision 008), the release of
 * unfinished deposits (decision 010) and, on the embedded database, what autovacuum does elsewhere once a day
 * (decisions 066, 069). The ageing and the release run once at start, so a server that was down over midnight
 * catches up. A tick never overlaps the one before; a failed tick is logged and the next one tries again. Answers a
 * stop function.
 */
export function startWorkers(deps: Pick<Deps, 'db' | 'clock' | 'adapters'>, options: WorkerOptions = {}): () => void {
  const log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  const serial = (name: string, work: () => Promise<unknown>) => {
    let running: Promise<void> | null = null;
    return () => {
      if (running) return running;
      running = work()
        .then(() => undefined)
        .catch((error: unknown) => log(`${name} failed`, error))
        .finally(() => {
          running = null;
        });
      return running;
    };
  };
  const deliver = serial('lock-command delivery', () => deliverLockCommands(deps, deps.clock.now()));
  // Several copies of the server may run on one database: the lock commands are claimed with leases and SKIP LOCKED
  // (device-locking.ts), the ageing and the release run on one copy at a time.
  const age = serial('loan ageing', async () => {
    const run = await runAgeing(deps);
    const report = run.ran ? run.result : { updated: 0, locked: 0, unlocked: 0 };
    if (report.updated || report.locked || report.unlocked) {
      console.log(`loan ageing: ${report.updated} loans updated, ${report.locked} devices locked, ${report.unlocked} unlocked`);
    }
    const broken = await breakOverduePromises(deps, deps.clock.now());
    if (broken) console.log(`promises to pay: ${broken} broken`);
    const unlocks = await endPromiseUnlocks(deps, deps.clock.now());
    if (unlocks.ended) console.log(`unlocks until a promise date: ${unlocks.ended} ended, ${unlocks.relocked} devices locked again`);
    await deliver();
    // The analytics snapshot of the day, from the loans just aged (decision 017), by the copy that aged them.
    if (run.ran) await refreshAnalytics(deps, deps.clock.now());
    // The reports' rollups and snapshots (decision 032), likewise.
    if (run.ran) await refreshReportRollups(deps.db, deps.clock.now());
    // On the embedded database, what autovacuum does elsewhere, once a day (decisions 066, 069).
    await vacuumEmbedded(deps.db, deps.clock.now());
  });
  const release = serial('deposit release', async () => {
    const run = await runDepositRelease(deps);
    const report = run.ran ? run.result : { settled: 0, released: 0 };
    if (report.settled || report.released) {
      console.log(`deposit release: ${report.settled} stale pushes settled, ${report.released} abandoned deposits released to suspense`);
    }
  });
  void age();
  void release();
  const timers = [
    setInterval(deliver, options.lockEveryMs ?? 3_000),
    setInterval(age, options.ageEveryMs ?? 3_600_000),
    setInterval(release, options.depositEveryMs ?? 300_000),
  ];
  for (const timer of timers) timer.unref?.();
  return () => timers.forEach((timer) => clearInterval(timer));
}
