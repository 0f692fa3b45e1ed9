import type { z } from 'zod';
import type { DepositStatus, RepaymentPeriod, depositPushRequest } from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { HttpError } from '../../errors';
import { audit } from '../../audit';
import { type Row, iso, isUniqueViolation, refuse } from '../shared';
import {
  DEPOSIT_RULES,
  PHONE_COLUMNS,
  agentOf,
  customerOf,
  holderOf,
  openWizardOf,
  planOf,
  refuseIfHeldElsewhere,
  unfinishedRefusal,
  wizardOf,
} from './wizard';
import { reserveBox } from './box';

// --- loan_deposit -----------------------------------------------------------------------------------------------

const attemptColumns = (a = '') => `${a}wizard_id::text AS wizard_id, ${a}attempt, ${a}idempotency_key, ${a}payment_msisdn, ${a}amount,
  ${a}status, ${a}failure, ${a}receipt, ${a}requested_at, ${a}push_accepted_at, ${a}completed_at, ${a}callbacks`;
export const ATTEMPT_COLUMNS = attemptColumns();

export function depositOut(a: Row): DepositStatus {
  return {
    wizard_id: a.wizard_id,
    attempt: a.attempt,
    status: a.status,
    failure: a.failure ?? null,
    amount: a.amount,
    payment_msisdn: a.payment_msisdn,
    transaction_id: a.status === 'completed' ? a.receipt : null,
    requested_at: iso(a.requested_at)!,
    completed_at: iso(a.completed_at),
  };
}

const WALLETS: ReadonlyArray<readonly [readonly string[], string]> = [
  [['74', '75', '76'], 'mpesa'],
  [['65', '67', '71', '77'], 'tigo_pesa'],
  [['68', '69', '78'], 'airtel_money'],
  [['61', '62'], 'halopesa'],
];
/** The wallet a number belongs to by its prefix (M-Pesa for a range not listed). */
const walletOf = (msisdn: string) => WALLETS.find(([prefixes]) => prefixes.includes(msisdn.slice(3, 5)))?.[1] ?? 'mpesa';

/**
 * A push's two records, as the wizard writes them (and the demo seed, for its wizards' pushes): its pending
 * transaction, keyed `<wizard>:<attempt>` (one charge per key), and its pending attempt. Returns the attempt.
 * `price`: the phone_prices row pushed for (deposit, daily_payment, installments, twelve_months_payment).
 */
export async function recordPush(
  tx: Queryable,
  push: {
    wizardId: string;
    attempt: number;
    payer: string;
    price: Row;
    period: RepaymentPeriod;
    customer: { id: number; msisdn: string; first_name: string; other_names: string };
    billerNumber: string | null;
    requestedBy: number;
    at: Date;
  },
): Promise<Row> {
  const key = `${push.wizardId}:${push.attempt}`;
  const plan = planOf(push.price, push.period);
  const deposit = Number(push.price.deposit);
  await tx.query(
    `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, debit, credit,
                               balance_before, balance_after, payment_phone, customer_name, account_keyed_in, business_short_code,
                               customer_id, idempotency_key, created_at)
     VALUES ($1, $2, $2, 'deposit', $3, 'pending', $4, 0, 0, $5, $6, $7, $8, $9, $10, $11, $2, $12)`,
    [
      `PUSH-${key}`,
      key,
      walletOf(push.payer),
      deposit,
      plan.total_repayable,
      plan.total_repayable - deposit,
      push.payer,
      `${push.customer.first_name} ${push.customer.other_names}`.toUpperCase(),
      `0${push.customer.msisdn.slice(3)}`,
      push.billerNumber,
      push.customer.id,
      push.at,
    ],
  );
  const [created] = await tx.query<Row>(
    `INSERT INTO deposit_attempts (wizard_id, attempt, idempotency_key, payment_msisdn, amount, requested_by, requested_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ATTEMPT_COLUMNS}`,
    [push.wizardId, push.attempt, key, push.payer, deposit, push.requestedBy, push.at],
  );
  return created!;
}

export async function depositPush(deps: Deps, caller: Caller, body: z.output<typeof depositPushRequest>): Promise<DepositStatus> {
  const now = deps.clock.now();
  const customer = await customerOf(deps, caller, { msisdn: body.msisdn, national_id: undefined });
  const agent = await agentOf(deps.db, caller);
  if (agent.storeId === null) {
    throw refuse(
      409,
      'no_stock',
      'You are not linked to a store, so no handset can be reserved: ask an admin to link your agent record to your store',
    );
  }
  const storeId = agent.storeId;
  const key = `${body.wizard_id}:${body.attempt}`;
  const payer = body.payment_msisdn ?? customer.msisdn;

  const attempt = await deps.db
    .transaction(async (tx) => {
      // One push at a time per customer, whichever wizard sends it: the customer's row is the lock (NO KEY UPDATE, so
      // rows that only reference the customer are not held up). The unique index on holds_customer backs it.
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR NO KEY UPDATE', [customer.id]);
      const [price] = await tx.query<Row>(
        `SELECT ${PHONE_COLUMNS} FROM phone_prices p JOIN phone_models m ON m.id = p.phone_model_id
        WHERE p.id = $1 AND p.effective_to IS NULL AND m.active`,
        [body.phone_price_id],
      );
      if (!price) throw refuse(409, 'not_qualified', 'This phone is not on sale at this price');
      await tx.query(
        `INSERT INTO first_deposits (wizard_id, agent_admin_id, agent_id, store_id, customer_id, phone_price_id, phone_model_id,
                                   repayment_period, deposit_amount, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (wizard_id) DO NOTHING`,
        [
          body.wizard_id,
          caller.adminId,
          agent.agentId,
          storeId,
          customer.id,
          price.phone_price_id,
          price.phone_model_id,
          body.repayment_period,
          price.deposit,
          now,
        ],
      );
      const wizard = await wizardOf(tx, caller, body.wizard_id, true);
      if (wizard.customer_id !== customer.id) {
        throw new HttpError(400, 'This wizard is for another customer', { fields: { msisdn: 'This wizard is for another customer' } });
      }
      // The same attempt again: no second push, the attempt as it stands.
      const [existing] = await tx.query<Row>(`SELECT ${ATTEMPT_COLUMNS} FROM deposit_attempts WHERE wizard_id = $1 AND attempt = $2`, [
        body.wizard_id,
        body.attempt,
      ]);
      if (existing) return { row: existing, created: false };
      // The customer's deposit in progress in another wizard is resumed there, never taken again (decision 010).
      await refuseIfHeldElsewhere(tx, caller, customer.id, body.wizard_id);
      await openWizardOf(tx, caller, body.wizard_id);
      const [live] = await tx.query<Row>(
        "SELECT status FROM deposit_attempts WHERE wizard_id = $1 AND status IN ('pending', 'completed')",
        [body.wizard_id],
      );
      if (live?.status === 'completed' || wizard.deposit_paid_at)
        throw refuse(409, 'deposit_paid', 'The deposit of this wizard is already paid');
      if (live) throw refuse(409, 'deposit_pending', 'An earlier push of this deposit is still waiting for the customer');

      const [standing] = await tx.query<Row>(
        `SELECT coalesce((SELECT limit_amount FROM customer_limits WHERE customer_id = $1), 0) AS limit_amount,
              EXISTS (SELECT 1 FROM loans WHERE customer_id = $1 AND status = 'active') AS active_loan`,
        [customer.id],
      );
      if (standing!.active_loan)
        throw refuse(409, 'not_qualified', 'The customer has an active loan and does not qualify for another phone');
      if (price.rrp > standing!.limit_amount) throw refuse(409, 'not_qualified', "The phone's price is above the customer's limit");

      // Issue 17: the handset is the box in the agent's hand (its IMEI is required), never one the server picks.
      const itemId = await reserveBox(tx, wizard, storeId, price.phone_model_id, body.imei);

      await tx.query(
        `UPDATE first_deposits SET phone_price_id = $2, phone_model_id = $3, repayment_period = $4, deposit_amount = $5,
              inventory_item_id = $6, item_held = true, store_id = $7, holds_customer = true, updated_at = $8
        WHERE wizard_id = $1`,
        [body.wizard_id, price.phone_price_id, price.phone_model_id, body.repayment_period, price.deposit, itemId, storeId, now],
      );
      const [store] = await tx.query<Row>('SELECT biller_number FROM stores WHERE id = $1', [storeId]);
      const created = await recordPush(tx, {
        wizardId: body.wizard_id,
        attempt: body.attempt,
        payer,
        price,
        period: body.repayment_period,
        customer,
        billerNumber: store?.biller_number ?? null,
        requestedBy: caller.adminId,
        at: now,
      });
      const [item] = await tx.query<Row>('SELECT imei FROM inventory_items WHERE id = $1', [itemId]);
      await audit(tx, {
        actorId: caller.adminId,
        action: 'deposit.push_requested',
        entity: 'first_deposit',
        entityId: body.wizard_id,
        after: {
          attempt: body.attempt,
          amount: price.deposit,
          payment_msisdn: payer,
          customer_id: customer.id,
          phone_price_id: price.phone_price_id,
          repayment_period: body.repayment_period,
          imei: item?.imei,
        },
        at: now,
      });
      return { row: created, created: true };
    })
    .catch(async (error: unknown) => {
      // Two first pushes of one new attempt at the same moment (PostgreSQL): the loser answers the winner's attempt.
      // Two wizards of one customer at once cannot get here past the customer's lock, but if they did, the
      // holds_customer index refuses the second, which hands back the first.
      if (!isUniqueViolation(error)) throw error;
      const [same] = await deps.db.query('SELECT 1 FROM deposit_attempts WHERE wizard_id = $1 AND attempt = $2', [
        body.wizard_id,
        body.attempt,
      ]);
      if (same) return null;
      const holder = await holderOf(deps.db, caller, customer.id);
      if (holder && holder.wizard_id !== body.wizard_id) throw unfinishedRefusal(holder);
      throw error;
    });

  const current = attempt?.row ?? (await attemptOf(deps.db, caller, body.wizard_id, body.attempt));
  // The push goes out after the commit. A retry sends it again only when the first call may have failed (the
  // provider does not charge one reference twice either way).
  const fresh = attempt?.created === true;
  const stale =
    current.push_accepted_at === null && now.getTime() - new Date(current.requested_at).getTime() >= DEPOSIT_RULES.repushAfterMs;
  if (current.status === 'pending' && (fresh || stale)) {
    try {
      await deps.adapters.mobileMoney.push({
        reference: key,
        msisdn: current.payment_msisdn,
        amount: current.amount,
        description: `Deposit for a phone from ${customer.first_name} ${customer.other_names}`,
      });
      await pushAccepted(deps, caller, key);
    } catch {
      // The provider did not take the push: the attempt stays pending; a retry pushes again, and past the
      // time-out the status query settles it (a push the provider never saw fails).
    }
  }
  return depositOut(await attemptOf(deps.db, caller, body.wizard_id, body.attempt));
}

/** The provider took the push: recorded once, with its audit row. */
async function pushAccepted(deps: Deps, caller: Caller, key: string) {
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      'UPDATE deposit_attempts SET push_accepted_at = $2 WHERE idempotency_key = $1 AND push_accepted_at IS NULL RETURNING wizard_id::text AS wizard_id, attempt',
      [key, at],
    );
    if (!row) return;
    await audit(tx, {
      actorId: caller.adminId,
      action: 'deposit.push_accepted',
      entity: 'first_deposit',
      entityId: row.wizard_id,
      before: { push_accepted_at: null },
      after: { attempt: row.attempt, push_accepted_at: at.toISOString() },
      at,
    });
  });
}

export async function attemptOf(db: Queryable, caller: Caller, wizardId: string, attempt: number): Promise<Row> {
  const [a] = await db.query<Row>(
    `SELECT ${attemptColumns('a.')}, f.agent_admin_id
       FROM deposit_attempts a JOIN first_deposits f ON f.wizard_id = a.wizard_id
      WHERE a.wizard_id = $1 AND a.attempt = $2`,
    [wizardId, attempt],
  );
  if (!a || a.agent_admin_id !== caller.adminId) throw refuse(404, 'not_found', 'No such deposit attempt for this agent');
  return a;
}
