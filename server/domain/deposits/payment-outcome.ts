import type { z } from 'zod';
import type {
  DepositFailure,
  DepositStatus,
  depositConfirmRequest,
  mobileMoneyCallback as callbackSchema,
  mobileMoneyControl as controlSchema,
} from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import type { CallbackBody } from '../../adapters/mobile-money';
import { HttpError } from '../../errors';
import { audit } from '../../audit';
import { post } from '../ledger';
import { type Row, refuse } from '../shared';
import { releaseHandset, reserveHandset, touch } from './wizard';
import { deviceName } from '../devices';
import { depositReceiptText } from './sms-texts';
import { ATTEMPT_COLUMNS, attemptOf, depositOut } from './payment-push';

// --- confirm_customer_initial_deposit (the status query), the provider's callback ------------------------------

export async function depositConfirm(deps: Deps, caller: Caller, body: z.output<typeof depositConfirmRequest>): Promise<DepositStatus> {
  const now = deps.clock.now();
  const a = await attemptOf(deps.db, caller, body.wizard_id, body.attempt);
  const waited = now.getTime() - new Date(a.requested_at).getTime();
  if (a.status === 'pending' && waited >= deps.adapters.mobileMoney.timeoutMs) {
    await settleByStatusQuery(deps, a);
    return depositOut(await attemptOf(deps.db, caller, body.wizard_id, body.attempt));
  }
  return depositOut(a);
}

/**
 * A push with no answer within the provider's time-out: asks the provider what became of it (outside any
 * transaction) and settles it. `a`: its deposit_attempts row (idempotency_key, amount, payment_msisdn).
 */
export async function settleByStatusQuery(deps: Pick<Deps, 'db' | 'clock' | 'adapters'>, a: Row) {
  const status = await deps.adapters.mobileMoney.status(a.idempotency_key);
  if (status.state === 'completed' || status.state === 'failed') await settle(deps, status.result, 'status_query');
  if (status.state === 'unknown') {
    await settle(
      deps,
      {
        reference: a.idempotency_key,
        status: 'FAILED',
        result_code: 'TIMEOUT',
        transaction_id: `NONE-${a.idempotency_key}`,
        amount: a.amount,
        msisdn: a.payment_msisdn,
      },
      'status_query',
    );
  }
}

const FAILURES: Record<Exclude<CallbackBody['result_code'], '0'>, DepositFailure> = {
  INSUFFICIENT_FUNDS: 'insufficient_funds',
  CANCELLED: 'cancelled',
  TIMEOUT: 'timeout',
  REJECTED: 'rejected',
};

/**
 * Records the provider's outcome of a push, once: a callback or a status query that finds the attempt already
 * settled changes nothing (duplicate). A payment that arrives after its attempt was given up as failed is still
 * honoured when the wizard has no other live attempt; otherwise the money is put in suspense for finance.
 */
export async function settle(
  deps: Pick<Deps, 'db' | 'clock' | 'adapters'>,
  result: CallbackBody,
  source: 'callback' | 'status_query',
): Promise<{ found: boolean; duplicate: boolean }> {
  const now = deps.clock.now();
  let receipt: { recipient: string; text: string } | null = null;
  const outcome = await deps.db.transaction(async (tx) => {
    // The callback log (decision 027): every callback as it came, for the reconciliation's three-way match.
    if (source === 'callback')
      await tx.query(
        `INSERT INTO payment_callbacks (source, provider, receipt, reference, status, result_code, amount, msisdn, paid_at, received_at)
         VALUES ('deposit', (SELECT payment_method FROM transactions WHERE idempotency_key = $1 AND payment_method <> 'pos'), $2, $1, $3, $4, $5, $6, $7, $7)`,
        [result.reference, result.transaction_id, result.status, result.result_code, result.amount, result.msisdn, now],
      );
    const [ref] = await tx.query<Row>(
      `SELECT a.wizard_id::text AS wizard_id, f.customer_id FROM deposit_attempts a JOIN first_deposits f ON f.wizard_id = a.wizard_id
        WHERE a.idempotency_key = $1`,
      [result.reference],
    );
    if (!ref) return { found: false, duplicate: false };
    // The customer, the wizard, then the attempt: the same order as the push, so the two never wait on each other.
    await tx.query('SELECT id FROM customers WHERE id = $1 FOR NO KEY UPDATE', [ref.customer_id]);
    const [wizard] = await tx.query<Row>('SELECT * FROM first_deposits WHERE wizard_id = $1 FOR UPDATE', [ref.wizard_id]);
    const [a] = await tx.query<Row>(`SELECT ${ATTEMPT_COLUMNS} FROM deposit_attempts WHERE idempotency_key = $1 FOR UPDATE`, [
      result.reference,
    ]);
    if (result.amount !== a!.amount || result.msisdn !== a!.payment_msisdn) {
      throw new HttpError(400, 'The amount or the number is not those of the push', { fields: { amount: 'not the amount of the push' } });
    }
    if (source === 'callback')
      await tx.query('UPDATE deposit_attempts SET callbacks = callbacks + 1 WHERE idempotency_key = $1', [result.reference]);
    const paid = result.status === 'SUCCESS';
    const entity = { actorId: null, entity: 'first_deposit', entityId: ref.wizard_id as string, at: now };

    if (a!.status !== 'pending') {
      const late = a!.status === 'failed' && paid && a!.receipt === null;
      if (!late) {
        // Nothing changes but the count of callbacks, which the audit shows.
        if (source === 'callback') {
          await audit(tx, {
            ...entity,
            action: 'deposit.callback_repeated',
            before: { callbacks: a!.callbacks },
            after: { callbacks: a!.callbacks + 1, attempt: a!.attempt, status: a!.status, provider_reference: result.transaction_id },
            at: now,
          });
        }
        return { found: true, duplicate: true };
      }
      // A late payment is honoured only by a wizard still open with no other live attempt, while no other wizard
      // holds the customer and they have no loan yet; otherwise the money waits in suspense for finance.
      const [blocked] = await tx.query<Row>(
        `SELECT EXISTS (SELECT 1 FROM deposit_attempts WHERE wizard_id = $1 AND status IN ('pending', 'completed')) AS live,
                EXISTS (SELECT 1 FROM first_deposits WHERE customer_id = $2 AND holds_customer AND wizard_id <> $1) AS held_elsewhere,
                EXISTS (SELECT 1 FROM loans WHERE customer_id = $2 AND status = 'active') AS active_loan`,
        [ref.wizard_id, ref.customer_id],
      );
      if (
        blocked!.live ||
        blocked!.held_elsewhere ||
        blocked!.active_loan ||
        wizard!.deposit_paid_at ||
        wizard!.abandoned_at ||
        wizard!.loan_id
      ) {
        await tx.query('UPDATE deposit_attempts SET receipt = $2 WHERE idempotency_key = $1', [result.reference, result.transaction_id]);
        await tx.query(
          "UPDATE transactions SET status = 'suspended', transaction_id = $2, credit = amount, date_processed = $3 WHERE idempotency_key = $1",
          [result.reference, result.transaction_id, now],
        );
        // The cash is in the wallet, owed to the payer until finance allocates or refunds it.
        await post(tx, {
          kind: 'deposit_suspended',
          debit: 'mobile_money_clearing',
          credit: 'unallocated_payments',
          amount: a!.amount,
          description: `Late deposit payment ${result.transaction_id} (${result.reference}) of a push given up: in suspense`,
          postedBy: null,
          at: now,
        });
        await audit(tx, {
          ...entity,
          action: 'deposit.late_payment_suspended',
          before: { status: 'failed' },
          after: { receipt: result.transaction_id, attempt: a!.attempt, amount: a!.amount },
          at: now,
        });
        return { found: true, duplicate: false };
      }
      // Honoured: the failed attempt becomes the paid one, with its handset back if it is still there.
      if (!wizard!.item_held) {
        const [again] = await tx.query<{ id: number }>(
          "UPDATE inventory_items SET status = 'reserved' WHERE id = $1 AND status = 'in_stock' RETURNING id",
          [wizard!.inventory_item_id],
        );
        const itemId = again?.id ?? (await reserveHandset(tx, wizard!.store_id, wizard!.phone_model_id));
        if (itemId !== null)
          await tx.query('UPDATE first_deposits SET inventory_item_id = $2, item_held = true WHERE wizard_id = $1', [
            ref.wizard_id,
            itemId,
          ]);
      }
      await tx.query(
        "UPDATE deposit_attempts SET status = 'pending', failure = NULL, settled_by = NULL, completed_at = NULL WHERE idempotency_key = $1",
        [result.reference],
      );
      await tx.query('UPDATE first_deposits SET holds_customer = true WHERE wizard_id = $1', [ref.wizard_id]);
    }

    if (paid) {
      await tx.query(
        "UPDATE deposit_attempts SET status = 'completed', receipt = $2, settled_by = $3, completed_at = $4 WHERE idempotency_key = $1",
        [result.reference, result.transaction_id, source, now],
      );
      await tx.query(
        "UPDATE transactions SET status = 'completed', transaction_id = $2, credit = amount, date_processed = $3 WHERE idempotency_key = $1",
        [result.reference, result.transaction_id, now],
      );
      await tx.query('UPDATE first_deposits SET deposit_paid_at = $2, updated_at = $2 WHERE wizard_id = $1', [ref.wizard_id, now]);
      // The cash is in: the wallet holds it, owed to the customer as a deposit until the sale.
      await post(tx, {
        kind: 'deposit_received',
        debit: 'mobile_money_clearing',
        credit: 'customer_deposits',
        amount: a!.amount,
        description: `First deposit ${result.transaction_id} (${result.reference})`,
        postedBy: null,
        at: now,
      });
      await audit(tx, {
        ...entity,
        action: 'deposit.completed',
        before: { status: a!.status },
        after: { status: 'completed', attempt: a!.attempt, receipt: result.transaction_id, amount: a!.amount, settled_by: source },
        at: now,
      });
      // Issue 17: the customer's receipt SMS, in their language, sent once this commits.
      const [c] = await tx.query<Row>(
        `SELECT c.msisdn, c.first_name, c.language, m.brand, m.name FROM customers c, phone_models m WHERE c.id = $1 AND m.id = $2`,
        [ref.customer_id, wizard!.phone_model_id],
      );
      receipt = {
        recipient: c!.msisdn,
        text: depositReceiptText({
          language: c!.language,
          firstName: c!.first_name,
          amount: a!.amount,
          receipt: result.transaction_id,
          device: deviceName(c!.brand, c!.name),
        }),
      };
    } else {
      const failure = result.result_code === '0' ? 'rejected' : FAILURES[result.result_code];
      await tx.query(
        "UPDATE deposit_attempts SET status = 'failed', failure = $2, receipt = NULL, settled_by = $3, completed_at = $4 WHERE idempotency_key = $1",
        [result.reference, failure, source, now],
      );
      await tx.query("UPDATE transactions SET status = 'failed' WHERE idempotency_key = $1", [result.reference]);
      // The handset goes back to stock until the next attempt, and the customer is free for another deposit.
      await releaseHandset(tx, wizard!);
      await tx.query('UPDATE first_deposits SET holds_customer = false WHERE wizard_id = $1', [ref.wizard_id]);
      await touch(tx, ref.wizard_id, now);
      await audit(tx, {
        ...entity,
        action: 'deposit.failed',
        before: { status: 'pending' },
        after: { status: 'failed', attempt: a!.attempt, failure, provider_reference: result.transaction_id, settled_by: source },
        at: now,
      });
    }
    return { found: true, duplicate: false };
  });
  // Sent after the commit: the SMS gateway is an outside party (a failed send loses the receipt, never the payment).
  if (receipt) {
    const { recipient, text } = receipt;
    await deps.adapters.messages.send({ channel: 'sms', recipient, text }).catch(() => undefined);
  }
  return outcome;
}

export async function mobileMoneyCallback(deps: Deps, body: z.output<typeof callbackSchema>) {
  const outcome = await settle(deps, body, 'callback');
  if (!outcome.found) throw refuse(404, 'not_found', 'No such push');
  return { ok: true as const, duplicate: outcome.duplicate };
}

export function mobileMoneyControl(deps: Deps, body: z.output<typeof controlSchema>) {
  const simulate = deps.adapters.mobileMoney.simulate;
  if (!simulate) throw refuse(404, 'not_found', 'The mobile-money provider is not the simulator');
  simulate(body.payment_msisdn, body.outcome);
  return { ok: true as const };
}
