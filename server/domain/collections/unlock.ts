import type { z } from 'zod';
import type { promiseUnlockRequest } from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { audit } from '../../audit';
import { syncDeviceLock } from '../customer-actions';
import { followLoan } from '../device-locking';
import { eatDay } from '../calendar';
import { refuse, type Row, type Tx } from '../shared';
import { insertRequest, refuse as refuseRequest, type Change } from '../requests/record';
import { pendingPage } from '../requests/queues';
import { workableLoan } from './calls';

/**
 * A defaulter's device unlocked until the day they promised to pay (issue 14, decision 020). A collector who may
 * work the loan asks for it (a `promise_unlock` request in the business maker-checker inbox); when a second person
 * approves it, a grant (promise_unlocks) is opened and the device follows its loan again: arrears do not lock it
 * while the grant is open and its day has not passed, so syncDeviceLock queues the unlock command with its audit
 * row. The sweep after the ageing run ends the grants: a broken promise re-locks the device at once, a kept one or
 * a passed day ends the grant and the device follows the loan.
 */

/** The open promise of the loan whose day is today or later, or undefined. */
async function openPromise(db: Queryable, loanId: number, today: string): Promise<Row | undefined> {
  const [p] = await db.query<Row>(
    `SELECT id, amount, to_char(promised_on, 'YYYY-MM-DD') AS promised_on FROM payment_promises
      WHERE loan_id = $1 AND status = 'open' AND promised_on >= $2::date`,
    [loanId, today],
  );
  return p;
}

export async function proposePromiseUnlock(deps: Deps, caller: Caller, body: z.output<typeof promiseUnlockRequest>) {
  const now = deps.clock.now();
  const today = eatDay(now);
  return deps.db.transaction(async (tx) => {
    const row = await workableLoan(tx, caller, body.loan_id);
    const [loan] = (await tx.query<Row>(
      `SELECT l.id, l.loan_number, l.customer_id, l.device_id, l.store_id, l.status, l.days_defaulted, d.is_locked, d.imei
         FROM loans l JOIN devices d ON d.id = l.device_id WHERE l.id = $1 FOR UPDATE OF l`,
      [row.id],
    )) as [Row];
    if (loan.status !== 'active' || Number(loan.days_defaulted) === 0) throw refuse(409, 'not_defaulted', 'The loan is not in default');
    if (!loan.is_locked) throw refuse(409, 'not_locked', 'The device is not locked');
    const promise = await openPromise(tx, loan.id, today);
    if (!promise) throw refuse(409, 'no_open_promise', 'The customer has no open promise to pay: log the promise first');
    const id = await insertRequest(tx, {
      kind: 'promise_unlock',
      subject: `loan:${loan.id}`,
      maker: caller,
      reason: body.reason,
      payload: {
        summary: `Unlock the device of loan ${loan.loan_number} until ${promise.promised_on}, the day the customer promised to pay TZS ${promise.amount}`,
        before: { loan_number: loan.loan_number, imei: loan.imei, is_locked: true, unlocked_until: null },
        after: { loan_number: loan.loan_number, imei: loan.imei, is_locked: false, unlocked_until: promise.promised_on },
        params: { loan_id: Number(loan.id), device_id: Number(loan.device_id), promise_id: Number(promise.id) },
      },
      customerId: Number(loan.customer_id),
      loanId: Number(loan.id),
      deviceId: Number(loan.device_id),
      storeId: Number(loan.store_id),
      now,
      open: 'An unlock of this loan already awaits approval',
    });
    const [item] = (await pendingPage(tx, 'maker_checker', now, { ids: [id] })).items as Row[];
    return { ...item, status: 'submitted' as const } as never;
  });
}

/** The approval, in the deciding transaction: the grant, then the device follows its loan (the unlock command). */
export async function applyPromiseUnlock(
  tx: Tx,
  { request, params, checker, now }: { request: Row; params: Record<string, any>; checker: Caller; now: Date },
): Promise<Change> {
  const today = eatDay(now);
  const [loan] = await tx.query<Row>(
    `SELECT l.id, l.loan_number, l.status, l.days_defaulted, d.id AS device_id, d.imei, d.is_locked
       FROM loans l JOIN devices d ON d.id = l.device_id WHERE l.id = $1 FOR UPDATE OF l`,
    [params.loan_id],
  );
  if (!loan || loan.status !== 'active')
    throw refuseRequest(409, 'no_active_loan', 'The loan is no longer active: deny the request instead');
  const promise = await openPromise(tx, loan.id, today);
  if (!promise || Number(promise.id) !== Number(params.promise_id)) {
    throw refuseRequest(
      409,
      'changed_since_request',
      'The promise to pay is no longer open (kept, broken or replaced): deny the request instead',
    );
  }
  if (!loan.is_locked) throw refuseRequest(409, 'changed_since_request', 'The device is no longer locked: deny the request instead');
  const [grant] = (await tx.query<{ id: number }>(
    `INSERT INTO promise_unlocks (request_id, loan_id, device_id, promise_id, until_day, granted_by, granted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [request.id, loan.id, loan.device_id, promise.id, promise.promised_on, checker.adminId, now],
  )) as [{ id: number }];
  const locked = await syncDeviceLock(tx, Number(loan.device_id), now, checker.adminId);
  await audit(tx, {
    actorId: checker.adminId,
    action: 'promise_unlock.granted',
    entity: 'loan',
    entityId: Number(loan.id),
    after: {
      grant_id: Number(grant.id),
      device_id: Number(loan.device_id),
      promise_id: Number(promise.id),
      until: promise.promised_on,
      request_id: Number(request.id),
      requested_by: Number(request.maker_id),
    },
    at: now,
  });
  const before = { loan_number: loan.loan_number, imei: loan.imei, is_locked: true, unlocked_until: null };
  return { before, after: { ...before, is_locked: locked, unlocked_until: promise.promised_on } };
}

/**
 * After the ageing run and the breaking of promises: ends the open grants whose promise was broken or replaced, or
 * whose day has passed, each in its
 * own short transaction with its audit row, and lets the device follow its loan (a broken promise locks it again).
 * Idempotent and safe with several copies of the server: a grant is ended once (WHERE ended_at IS NULL, row lock).
 */
export async function endPromiseUnlocks(deps: Pick<Deps, 'db'>, now: Date): Promise<{ ended: number; relocked: number }> {
  const today = eatDay(now);
  const due = await deps.db.query<{ id: number }>(
    `SELECT u.id FROM promise_unlocks u JOIN payment_promises p ON p.id = u.promise_id
      WHERE u.ended_at IS NULL AND (u.until_day < $1::date OR p.status IN ('broken', 'superseded')) ORDER BY u.id`,
    [today],
  );
  const report = { ended: 0, relocked: 0 };
  for (const { id } of due) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [u] = await tx.query<Row>(
        `SELECT u.id, u.loan_id, u.device_id, to_char(u.until_day, 'YYYY-MM-DD') AS until_day, p.status AS promise_status, d.is_locked
           FROM promise_unlocks u JOIN payment_promises p ON p.id = u.promise_id JOIN devices d ON d.id = u.device_id
          WHERE u.id = $1 AND u.ended_at IS NULL FOR UPDATE OF u`,
        [id],
      );
      // A kept promise keeps its unlock until its day; a broken or replaced one ends it now.
      if (!u || (u.until_day >= today && u.promise_status !== 'broken' && u.promise_status !== 'superseded')) return null;
      const reason =
        u.promise_status === 'broken'
          ? 'broken'
          : u.promise_status === 'kept'
            ? 'kept'
            : u.promise_status === 'superseded'
              ? 'superseded'
              : 'expired';
      await tx.query('UPDATE promise_unlocks SET ended_at = $2, end_reason = $3 WHERE id = $1', [u.id, now, reason]);
      const locked = await followLoan(tx, Number(u.device_id), now);
      await audit(tx, {
        actorId: null,
        action: 'promise_unlock.ended',
        entity: 'loan',
        entityId: Number(u.loan_id),
        after: { grant_id: Number(u.id), device_id: Number(u.device_id), until: u.until_day, reason, is_locked: locked },
        at: now,
      });
      return { relocked: locked && !u.is_locked };
    });
    if (!outcome) continue;
    report.ended++;
    if (outcome.relocked) report.relocked++;
  }
  return report;
}
