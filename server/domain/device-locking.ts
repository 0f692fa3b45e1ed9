import type { Deps } from '../deps';
import type { Queryable } from '../db/port';
import type { LockSolutionType } from '../../src/contract/deposits';
import { audit } from '../audit';
import { syncDeviceLock } from './customer-actions';
import { eatDay } from './calendar';
import { standing, type ScheduledLoan } from './loan-standing';
import type { Row } from './shared';

/**
 * The handset's lock follows the loan (issue 4, decision 008):
 * - deliverLockCommands: the worker that hands the device_lock_commands outbox to the lock provider. It claims
 *   commands in one short transaction, calls the provider with no transaction open, and records each outcome in a
 *   second one; a failed command is tried again later, with a growing wait.
 * - ageLoans: the daily ageing run. For every active loan, amount_due and days_defaulted as of today, and the
 *   device locked (arrears past its future lock date) or unlocked (current) through syncDeviceLock.
 */

/** How long a claimed command is left to its worker before another may take it again. */
const LEASE_MS = 60_000;
const BATCH = 50;

/** The wait before the next try of a command that failed `attempts` times: 30 s, 1 min, 2 min ... at most 1 h. */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

export interface DeliveryReport {
  sent: number;
  failed: number;
  superseded: number;
}

type DeliveryDeps = Pick<Deps, 'db' | 'adapters'>;

export async function deliverLockCommands(deps: DeliveryDeps, now: Date): Promise<DeliveryReport> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const { claimed, superseded } = await deps.db.transaction(async (tx) => {
    // Only the newest wish for a handset matters: an older command not yet out is never sent (unless it is out
    // already, being delivered by a worker right now: leased).
    const superseded = await tx.query<Row>(
      `UPDATE device_lock_commands c SET status = 'superseded', next_attempt_at = NULL
        WHERE c.status IN ('pending', 'failed')
          AND NOT (c.status = 'pending' AND c.next_attempt_at IS NOT NULL AND c.next_attempt_at > $1)
          AND EXISTS (SELECT 1 FROM device_lock_commands n WHERE n.device_id = c.device_id AND n.id > c.id)
        RETURNING c.id, c.device_id, c.command`,
      [now],
    );
    // Every outcome of a command is audited in the transaction that records it (issue 11 item 7); the worker is
    // nobody, so no actor.
    for (const c of superseded) {
      await audit(tx, {
        actorId: null,
        action: 'device_lock.command_superseded',
        entity: 'device_lock_command',
        entityId: c.id,
        after: { device_id: c.device_id, command: c.command },
        at: now,
      });
    }
    // A claimed command is 'pending' with a lease (next_attempt_at) while it is out. A device with a command out
    // waits for its outcome, so two commands for one handset never race.
    const claimed = await tx.query<Row>(
      `UPDATE device_lock_commands c SET status = 'pending', attempts = c.attempts + 1, next_attempt_at = $2
         FROM devices d
        WHERE d.id = c.device_id AND c.id IN (
          SELECT x.id FROM device_lock_commands x
           WHERE x.status IN ('pending', 'failed') AND (x.next_attempt_at IS NULL OR x.next_attempt_at <= $1)
             AND NOT EXISTS (SELECT 1 FROM device_lock_commands o WHERE o.device_id = x.device_id AND o.id <> x.id
                               AND o.status = 'pending' AND o.next_attempt_at > $1)
           ORDER BY x.requested_at, x.id LIMIT $3 FOR UPDATE OF x SKIP LOCKED)
        RETURNING c.id, c.device_id, c.command, c.attempts, d.imei, d.lock_solution_type`,
      [now, lease, BATCH],
    );
    return { claimed, superseded: superseded.length };
  });

  // The provider is an outside party: no transaction is open while it is called.
  const outcomes: Array<{ id: number; deviceId: number; command: string; attempts: number; error: string | null }> = [];
  for (const c of claimed) {
    const target = { imei: c.imei as string, lockType: c.lock_solution_type as LockSolutionType };
    try {
      if (c.command === 'lock') await deps.adapters.lockProvider.lock(target);
      else await deps.adapters.lockProvider.unlock(target);
      outcomes.push({ id: c.id, deviceId: c.device_id, command: c.command, attempts: c.attempts, error: null });
    } catch (error) {
      outcomes.push({
        id: c.id,
        deviceId: c.device_id,
        command: c.command,
        attempts: c.attempts,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  if (outcomes.length) {
    await deps.db.transaction(async (tx) => {
      for (const o of outcomes) {
        if (o.error === null) {
          await tx.query(
            "UPDATE device_lock_commands SET status = 'sent', sent_at = $2, next_attempt_at = NULL, last_error = NULL WHERE id = $1",
            [o.id, now],
          );
          await audit(tx, {
            actorId: null,
            action: 'device_lock.command_sent',
            entity: 'device_lock_command',
            entityId: o.id,
            after: { device_id: o.deviceId, command: o.command, attempt: o.attempts },
            at: now,
          });
        } else {
          const error = o.error.slice(0, 500);
          const nextAttemptAt = new Date(now.getTime() + retryDelayMs(o.attempts));
          await tx.query("UPDATE device_lock_commands SET status = 'failed', last_error = $2, next_attempt_at = $3 WHERE id = $1", [
            o.id,
            error,
            nextAttemptAt,
          ]);
          await audit(tx, {
            actorId: null,
            action: 'device_lock.command_failed',
            entity: 'device_lock_command',
            entityId: o.id,
            after: { device_id: o.deviceId, command: o.command, attempt: o.attempts, error, next_attempt_at: nextAttemptAt.toISOString() },
            at: now,
          });
        }
      }
    });
  }
  const failed = outcomes.filter((o) => o.error !== null).length;
  return { sent: outcomes.length - failed, failed, superseded };
}

/**
 * syncDeviceLock for a device whose loan changed, but for a handset whose lock was never installed (activation
 * not confirmed): a lock command would reach nothing, so it is not locked for arrears (it is still unlocked, and a
 * stolen one stays locked). Answers whether the device is locked.
 */
export async function followLoan(tx: Queryable, deviceId: number, now: Date): Promise<boolean> {
  const [d] = await tx.query<Row>('SELECT activation_status, is_locked FROM devices WHERE id = $1', [deviceId]);
  if (!d) return false;
  if (d.activation_status !== 'activated' && !d.is_locked) return false;
  return syncDeviceLock(tx, deviceId, now);
}

/** An active loan with what the schedule needs, read for ageing or a repayment (FOR UPDATE when `lock`). */
export async function activeLoan(tx: Queryable, where: 'id' | 'customer_id', value: number, lock: boolean): Promise<Row | undefined> {
  const [loan] = await tx.query<Row>(
    `SELECT l.id, l.loan_number, l.customer_id, l.device_id, l.installment_amount, l.installments, l.interval_days, l.amount_paid,
            l.late_fee, l.loan_balance, l.amount_due, l.days_defaulted, l.status,
            to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date,
            to_char(l.last_repayment_date, 'YYYY-MM-DD') AS last_repayment_date
       FROM loans l WHERE l.${where} = $1 AND l.status = 'active'${lock ? ' FOR UPDATE' : ''}`,
    [value],
  );
  return loan;
}

export const scheduleOf = (l: Row): ScheduledLoan => ({
  installment_amount: Number(l.installment_amount),
  installments: Number(l.installments),
  interval_days: Number(l.interval_days),
  amount_paid: Number(l.amount_paid),
  late_fee: Number(l.late_fee),
  next_repayment_date: l.next_repayment_date,
});

export interface AgeingReport {
  loans: number;
  updated: number;
  locked: number;
  unlocked: number;
}

/**
 * The daily ageing run (at server start, then every hour: it is the same on the same day). Reads every active loan
 * once, and changes only the loans whose standing or lock is not what today says, a page at a time in one short
 * transaction with an audit row per loan (device.locked / device.unlocked are written by syncDeviceLock).
 */
export async function ageLoans(deps: Pick<Deps, 'db'>, now: Date, pageSize = AGEING_PAGE): Promise<AgeingReport> {
  const today = eatDay(now);
  const report: AgeingReport = { loans: 0, updated: 0, locked: 0, unlocked: 0 };
  // A page of active loans at a time (by id), so a million loans are never all in memory at once.
  for (let after = 0; ;) {
    const loans = await deps.db.query<Row>(
      `SELECT l.id, l.device_id, l.installment_amount, l.installments, l.interval_days, l.amount_paid, l.late_fee, l.amount_due,
              l.days_defaulted, to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date,
              d.status AS device_status, d.is_locked, d.activation_status, to_char(d.future_lock_date, 'YYYY-MM-DD') AS future_lock_date,
              to_char(u.until_day, 'YYYY-MM-DD') AS unlocked_until
         FROM loans l JOIN devices d ON d.id = l.device_id
         LEFT JOIN promise_unlocks u ON u.device_id = d.id AND u.ended_at IS NULL
        WHERE l.status = 'active' AND l.id > $1 ORDER BY l.id LIMIT ${pageSize}`,
      [after],
    );
    if (!loans.length) break;
    after = Number(loans[loans.length - 1]!.id);
    report.loans += loans.length;
    await ageLoanPage(deps, loans, today, now, report);
  }
  return report;
}

/** How many active loans the ageing run reads at a time. */
const AGEING_PAGE = 5_000;

/** Whether the device's lock should change: lost or stolen, or in arrears past its future lock date, unlike now. */
function lockChanges(l: Row, s: { days_defaulted: number }, today: string): boolean {
  const wantsLock =
    l.device_status === 'stolen' ||
    l.device_status === 'lost' ||
    (s.days_defaulted > 0 &&
      l.future_lock_date !== null &&
      l.future_lock_date < today &&
      // unlocked until a promise date (decision 020), as syncDeviceLock's wantsLock
      !(l.unlocked_until !== null && l.unlocked_until >= today));
  return wantsLock !== l.is_locked && (l.activation_status === 'activated' || l.is_locked);
}

/**
 * One page of the ageing run in one transaction: the loans whose standing or lock is not what today says are locked
 * (in id order, as a repayment locks one) and read again, since a repayment may have moved them after the page was
 * read; their standing is written with one UPDATE and their audit rows with one INSERT, and the devices whose lock
 * changes follow their loan (device.locked / device.unlocked written by syncDeviceLock). A million loans are a few
 * hundred transactions, not one per late loan.
 */
async function ageLoanPage(deps: Pick<Deps, 'db'>, loans: Row[], today: string, now: Date, report: AgeingReport): Promise<void> {
  const stale = loans
    .filter((l) => {
      const s = standing(scheduleOf(l), today);
      return s.amount_due !== Number(l.amount_due) || s.days_defaulted !== Number(l.days_defaulted) || lockChanges(l, s, today);
    })
    .map((l) => Number(l.id));
  if (!stale.length) return;
  const outcome = await deps.db.transaction(async (tx) => {
    const fresh = await tx.query<Row>(
      `SELECT l.id, l.device_id, l.installment_amount, l.installments, l.interval_days, l.amount_paid, l.late_fee, l.amount_due,
              l.days_defaulted, to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date,
              d.status AS device_status, d.is_locked, d.activation_status, to_char(d.future_lock_date, 'YYYY-MM-DD') AS future_lock_date,
              to_char(u.until_day, 'YYYY-MM-DD') AS unlocked_until
         FROM loans l JOIN devices d ON d.id = l.device_id
         LEFT JOIN promise_unlocks u ON u.device_id = d.id AND u.ended_at IS NULL
        WHERE l.id = ANY($1::bigint[]) AND l.status = 'active' ORDER BY l.id FOR UPDATE OF l`,
      [stale],
    );
    const aged = { ids: [] as number[], due: [] as number[], days: [] as number[], before: [] as string[], after: [] as string[] };
    const follow: Row[] = [];
    for (const loan of fresh) {
      const s = standing(scheduleOf(loan), today);
      if (s.amount_due !== Number(loan.amount_due) || s.days_defaulted !== Number(loan.days_defaulted)) {
        aged.ids.push(Number(loan.id));
        aged.due.push(s.amount_due);
        aged.days.push(s.days_defaulted);
        aged.before.push(JSON.stringify({ amount_due: Number(loan.amount_due), days_defaulted: Number(loan.days_defaulted) }));
        aged.after.push(JSON.stringify({ ...s, as_of: today }));
      }
      if (lockChanges(loan, s, today)) follow.push(loan);
    }
    if (aged.ids.length) {
      await tx.query(
        `UPDATE loans l SET amount_due = u.amount_due, days_defaulted = u.days_defaulted
           FROM unnest($1::bigint[], $2::int8[], $3::int4[]) AS u(id, amount_due, days_defaulted) WHERE l.id = u.id`,
        [aged.ids, aged.due, aged.days],
      );
      await tx.query(
        `INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after, at)
         SELECT NULL, 'loan.aged', 'loan', u.id::text, u.before::jsonb, u.after::jsonb, $4
           FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, before, after)`,
        [aged.ids, aged.before, aged.after, now],
      );
    }
    let locked = 0;
    let unlocked = 0;
    for (const loan of follow) {
      const isLocked = await followLoan(tx, Number(loan.device_id), now);
      if (!loan.is_locked && isLocked) locked++;
      if (loan.is_locked && !isLocked) unlocked++;
    }
    return { updated: aged.ids.length, locked, unlocked };
  });
  report.updated += outcome.updated;
  report.locked += outcome.locked;
  report.unlocked += outcome.unlocked;
}
