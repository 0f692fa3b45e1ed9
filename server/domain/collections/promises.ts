import type { Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { audit } from '../../audit';
import { eatDay } from '../calendar';
import type { Row } from '../shared';

/**
 * Promises to pay are kept or broken by themselves (decision 015). A repayment counts towards the loan's open
 * promise in the repayment's own transaction: the promise is kept once what was paid since it was made reaches its
 * amount on or before its day (or the loan is repaid). The ageing run breaks the open promises whose day has passed:
 * the customer goes back to the top of their collector's list, to be called today.
 */

/** In the repayment's transaction, after the loan row is updated: `paidDay` is the EAT day the money was paid. */
export async function settlePromise(tx: Queryable, loanId: number, paidDay: string, now: Date): Promise<void> {
  const [promise] = await tx.query<Row>(
    `SELECT p.id, p.amount, p.paid_before, to_char(p.promised_on, 'YYYY-MM-DD') AS promised_on, l.amount_paid, l.status AS loan_status
       FROM payment_promises p JOIN loans l ON l.id = p.loan_id
      WHERE p.loan_id = $1 AND p.status = 'open' FOR UPDATE OF p`,
    [loanId],
  );
  if (!promise) return;
  const paidSince = Math.max(0, Number(promise.amount_paid) - Number(promise.paid_before));
  const kept = promise.loan_status === 'closed' || (paidSince >= Number(promise.amount) && paidDay <= promise.promised_on);
  await tx.query(`UPDATE payment_promises SET paid_since = $2, status = $3, resolved_at = $4 WHERE id = $1`, [
    promise.id,
    paidSince,
    kept ? 'kept' : 'open',
    kept ? now : null,
  ]);
  if (kept) {
    await audit(tx, {
      actorId: null,
      action: 'promise.kept',
      entity: 'loan',
      entityId: loanId,
      after: { promise_id: Number(promise.id), amount: Number(promise.amount), paid_since: paidSince, promised_on: promise.promised_on },
      at: now,
    });
  }
}

/** The ageing run's part: every open promise whose day is over is broken, each in its own short transaction. */
export async function breakOverduePromises(deps: Pick<Deps, 'db'>, now: Date): Promise<number> {
  const today = eatDay(now);
  const due = await deps.db.query<{ id: number }>(
    "SELECT id FROM payment_promises WHERE status = 'open' AND promised_on < $1 ORDER BY promised_on, id",
    [today],
  );
  let broken = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      // The loan first, as a repayment and a logged call lock it: a repayment that moves the loan's days writes its
      // case (migration 037's trigger) before it reads the promise, so taking the promise, then the case, without the
      // loan could wait on it while it waits on the promise (decision 055).
      await tx.query('SELECT l.id FROM loans l WHERE l.id = (SELECT p.loan_id FROM payment_promises p WHERE p.id = $1) FOR UPDATE OF l', [
        id,
      ]);
      const [p] = await tx.query<Row>(
        "SELECT id, loan_id, amount, paid_since, to_char(promised_on, 'YYYY-MM-DD') AS promised_on FROM payment_promises WHERE id = $1 AND status = 'open' FOR UPDATE",
        [id],
      );
      if (!p || p.promised_on >= today) return false;
      await tx.query("UPDATE payment_promises SET status = 'broken', resolved_at = $2 WHERE id = $1", [p.id, now]);
      await tx.query(
        `INSERT INTO collection_cases (loan_id, next_action_date, broken_promise_at, updated_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (loan_id) DO UPDATE SET next_action_date = $2, broken_promise_at = $3, updated_at = $3`,
        [p.loan_id, today, now],
      );
      await audit(tx, {
        actorId: null,
        action: 'promise.broken',
        entity: 'loan',
        entityId: Number(p.loan_id),
        after: { promise_id: Number(p.id), amount: Number(p.amount), paid_since: Number(p.paid_since), promised_on: p.promised_on },
        at: now,
      });
      return true;
    });
    if (done) broken++;
  }
  return broken;
}
