import type { Deps } from '../../deps';
import { audit } from '../../audit';
import { post } from '../ledger';
import type { Row } from '../shared';
import { DEPOSIT_RULES, releaseHandset, stepOf } from './wizard';
import { ATTEMPT_COLUMNS } from './payment-push';
import { settleByStatusQuery } from './payment-outcome';

/**
 * The deposit wizards nobody finishes (decision 010), run by the server's worker loop with the injected clock:
 *
 * - a push still pending well past the provider's time-out (the agent left before the answer and nobody asked) is
 *   settled by the provider's status query, so it does not hold the customer for ever;
 * - a deposit paid but left without a step for DEPOSIT_RULES.releaseAfterMs, with no loan, is released: the money
 *   moves from the customer's deposit to suspense (finance refunds or allocates it), the transaction shows as
 *   suspended in the customer's payments, the reserved handset returns to stock, the wizard is abandoned and no
 *   longer holds the customer; one transaction with its audit row.
 *
 * Each wizard is claimed with FOR UPDATE SKIP LOCKED and its conditions checked again under the lock, so two
 * server copies running this at once never release one deposit twice.
 */

export type WorkerDeps = Pick<Deps, 'db' | 'clock' | 'adapters'>;

export interface ReleaseReport {
  /** Pending pushes settled by a status query. */
  settled: number;
  /** Paid deposits released to suspense. */
  released: number;
}

/** How long past the provider's time-out the worker leaves a pending push to the agent's own status query. */
const PENDING_GRACE_MS = 60_000;
const BATCH = 100;

export async function releaseAbandonedDeposits(deps: WorkerDeps, now: Date): Promise<ReleaseReport> {
  const report: ReleaseReport = { settled: 0, released: 0 };

  const stale = await deps.db.query<Row>(
    `SELECT ${ATTEMPT_COLUMNS} FROM deposit_attempts WHERE status = 'pending' AND requested_at <= $1 ORDER BY requested_at LIMIT ${BATCH}`,
    [new Date(now.getTime() - deps.adapters.mobileMoney.timeoutMs - PENDING_GRACE_MS)],
  );
  for (const a of stale) {
    // The provider is an outside party: asked outside any transaction; settling twice is a duplicate.
    await settleByStatusQuery(deps, a);
    report.settled++;
  }

  const cutoff = new Date(now.getTime() - DEPOSIT_RULES.releaseAfterMs);
  const due = await deps.db.query<{ wizard_id: string }>(
    `SELECT wizard_id::text AS wizard_id FROM first_deposits
      WHERE deposit_paid_at IS NOT NULL AND loan_id IS NULL AND abandoned_at IS NULL AND updated_at <= $1
      ORDER BY updated_at LIMIT ${BATCH}`,
    [cutoff],
  );
  for (const { wizard_id } of due) {
    if (await releaseOne(deps, wizard_id, cutoff, now)) report.released++;
  }
  return report;
}

async function releaseOne(deps: WorkerDeps, wizardId: string, cutoff: Date, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // The claim: skipped when another copy holds it; the conditions again, as they stand under the lock.
    const [w] = await tx.query<Row>(
      `SELECT f.*, f.wizard_id::text AS wizard_id, i.imei FROM first_deposits f LEFT JOIN inventory_items i ON i.id = f.inventory_item_id
        WHERE f.wizard_id = $1 AND f.deposit_paid_at IS NOT NULL AND f.loan_id IS NULL AND f.abandoned_at IS NULL AND f.updated_at <= $2
        FOR UPDATE OF f SKIP LOCKED`,
      [wizardId, cutoff],
    );
    if (!w) return false;
    const [paid] = await tx.query<Row>(
      "SELECT idempotency_key, attempt, amount, receipt FROM deposit_attempts WHERE wizard_id = $1 AND status = 'completed'",
      [wizardId],
    );
    const [moved] = await tx.query<Row>(
      "UPDATE transactions SET status = 'suspended' WHERE idempotency_key = $1 AND status = 'completed' RETURNING id",
      [paid!.idempotency_key],
    );
    // The deposit is no longer held for a sale: owed to the customer in suspense until finance refunds or allocates it.
    await post(tx, {
      kind: 'deposit_released',
      debit: 'customer_deposits',
      credit: 'unallocated_payments',
      amount: paid!.amount,
      description: `First deposit ${paid!.receipt} (${paid!.idempotency_key}) left unfinished since ${new Date(w.updated_at).toISOString()}: to suspense`,
      postedBy: null,
      at: now,
    });
    await releaseHandset(tx, w);
    await tx.query('UPDATE first_deposits SET abandoned_at = $2, holds_customer = false, updated_at = $2 WHERE wizard_id = $1', [
      wizardId,
      now,
    ]);
    await audit(tx, {
      actorId: null,
      action: 'first_deposit.abandoned',
      entity: 'first_deposit',
      entityId: wizardId,
      before: {
        step: stepOf(w),
        last_step_at: new Date(w.updated_at).toISOString(),
        item_held: w.item_held,
        holds_customer: w.holds_customer,
      },
      after: {
        abandoned_at: now.toISOString(),
        customer_id: w.customer_id,
        amount: paid!.amount,
        receipt: paid!.receipt,
        attempt: paid!.attempt,
        transaction_id: moved?.id ?? null,
        transaction_status: 'suspended',
        ledger: 'customer_deposits -> unallocated_payments',
        imei: w.imei ?? null,
        handset: w.item_held ? 'in_stock' : 'not held',
        agent_admin_id: w.agent_admin_id,
      },
      at: now,
    });
    return true;
  });
}
