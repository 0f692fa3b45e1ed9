import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  ContractDetails,
  DepositFailure,
  DepositStatus,
  LoanSummary,
  LockSolutionType,
  QualifiedPhone,
  QualifiedPhonesResponse,
  RepaymentPeriod,
  WizardCustomer,
  WizardStatus,
  confirmLockRequest,
  depositConfirmRequest,
  depositPushRequest,
  fingerprintVerifyRequest,
  mobileMoneyCallback as callbackSchema,
  mobileMoneyControl as controlSchema,
  otpVerifyRequest,
  qualifiedPhonesRequest,
  securityAnswerRequest,
  signContractRequest,
  vivoSendRequest,
  vivoVerifyRequest,
} from '../../src/contract/deposits';
import type { Caller, Deps } from '../deps';
import type { Queryable } from '../db/port';
import type { CallbackBody } from '../adapters/mobile-money';
import { HttpError } from '../errors';
import { audit } from '../audit';
import { post } from './ledger';
import { addDays, eatDay } from './calendar';
import { codeMatches, hashCode, newCode } from './codes';
import { deviceName } from './devices';
import { findCustomer } from './customers';
import { verifySecurityAnswer } from '../db/seed-business';
import { renderContractPdf } from './contract-pdf';

/**
 * The customer first-time deposit wizard (issue 3). Each step is one domain function; a step that changes state
 * does it in one transaction with its audit row, and a step that calls an outside party (the mobile-money
 * provider, the NIDA registry, the lock provider, the SMS gateway) records its intent, commits, calls out, and
 * records the outcome in a second transaction. The order of the steps is the server's rule: a step whose
 * predecessor is not done is refused with 409 step_out_of_order, and the wizard's CHECK constraints say the same.
 */

type Row = Record<string, any>;
type Tx = Queryable;

export const DEPOSIT_RULES = {
  otpValidityMs: 5 * 60_000,
  otpMaxWrong: 5,
  /** A new code for the same party not sooner than this after the last one. */
  otpResendGapMs: 30_000,
  /** At most this many codes per party and wizard in an hour. */
  otpPerHour: 10,
  securityMaxWrong: 3,
  vivoValidityMs: 5 * 60_000,
  vivoMaxWrong: 5,
  /** A retried push whose first call may have failed is sent again (same reference) after this long. */
  repushAfterMs: 5_000,
} as const;

/** The terms and conditions the wizard's contracts accept (the /tnc page of this version). */
export const TERMS_VERSION = '2026-01';

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const refuse = (status: 404 | 409 | 429, reason: string, message: string, extra: { left?: number; fields?: Record<string, string>; retryAfterSeconds?: number } = {}) =>
  new HttpError(status, message, { reason, ...extra });
const outOfOrder = (message: string) => refuse(409, 'step_out_of_order', message);
const noWizard = () => refuse(404, 'not_found', 'No such wizard');

export const contractUrl = (reference: string) => `/portal_api/econtract/${reference}.pdf`;

/** 2557******12: the first four and the last two digits. */
export const maskMsisdn = (msisdn: string) => `${msisdn.slice(0, 4)}${'*'.repeat(Math.max(0, msisdn.length - 6))}${msisdn.slice(-2)}`;

// --- Reading -----------------------------------------------------------------------------------------------------

const PHONE_COLUMNS = `p.id AS phone_price_id, m.id AS phone_model_id, m.sku, m.brand, m.name, m.model, m.storage_gb, m.ram_gb,
  m.lock_solution_type, p.rrp, p.deposit, p.daily_payment, p.weekly_payment, p.monthly_payment, p.installments,
  p.total_repayable, p.twelve_months_payment, p.twelve_months_total`;

function phoneOut(r: Row): Omit<QualifiedPhone, 'in_stock'> {
  return {
    phone_price_id: r.phone_price_id,
    phone_model_id: r.phone_model_id,
    sku: r.sku,
    brand: r.brand,
    name: r.name,
    model: r.model,
    storage_gb: r.storage_gb,
    ram_gb: r.ram_gb,
    lock_solution_type: r.lock_solution_type,
    price: r.rrp,
    deposit: r.deposit,
    daily_payment: r.daily_payment,
    weekly_payment: r.weekly_payment,
    monthly_payment: r.monthly_payment,
    installments: r.installments,
    total_repayable: r.total_repayable,
    twelve_months_payment: r.twelve_months_payment,
    twelve_months_total: r.twelve_months_total,
  };
}

export interface Plan {
  installment_amount: number;
  installments: number;
  interval_days: 1 | 7 | 30;
  total_repayable: number;
}

/** The schedule of a price under a repayment period (the daily plan's installments are a multiple of 7 and 30). */
/** `price`: a phone_prices row (deposit, daily_payment, installments, twelve_months_payment). */
export function planOf(price: Row, period: RepaymentPeriod): Plan {
  const [installment_amount, installments, interval_days] =
    period === 'daily' ? [price.daily_payment, price.installments, 1 as const]
    : period === 'weekly' ? [price.daily_payment * 7, price.installments / 7, 7 as const]
    : period === 'monthly' ? [price.daily_payment * 30, price.installments / 30, 30 as const]
    : [price.twelve_months_payment, 12, 30 as const];
  return { installment_amount, installments, interval_days, total_repayable: price.deposit + installment_amount * installments };
}

/** The agents row of the caller (linked by admin_id): their store is where handsets come from. */
export async function agentOf(db: Queryable, caller: Caller): Promise<{ agentId: number | null; storeId: number | null; phone: string | null }> {
  const [row] = await db.query<Row>(
    `SELECT g.id AS agent_id, g.store_id, coalesce(g.msisdn, a.phone) AS phone
       FROM admins a LEFT JOIN agents g ON g.admin_id = a.id WHERE a.id = $1`,
    [caller.adminId],
  );
  return { agentId: row?.agent_id ?? null, storeId: row?.store_id ?? null, phone: row?.phone ?? null };
}

async function customerOf(deps: Deps, caller: Caller, body: z.output<typeof qualifiedPhonesRequest>) {
  // The profile only: the caller's roles decide nothing here (the route checked them).
  const view = await findCustomer(deps, { ...caller, roles: [] }, body);
  return view.customer;
}

function wizardCustomerOut(c: Row): WizardCustomer {
  return {
    id: c.id,
    msisdn: c.msisdn,
    first_name: c.first_name,
    other_names: c.other_names,
    national_id: c.national_id,
    has_nida_number: c.nida_number !== null && c.nida_number !== undefined,
    security_question: c.security_question ?? null,
  };
}

// --- customer_limits -----------------------------------------------------------------------------------------

export async function qualifiedPhones(deps: Deps, caller: Caller, body: z.output<typeof qualifiedPhonesRequest>): Promise<QualifiedPhonesResponse> {
  const customer = await customerOf(deps, caller, body);
  const { storeId } = await agentOf(deps.db, caller);
  const [limit] = await deps.db.query<Row>('SELECT limit_amount FROM customer_limits WHERE customer_id = $1', [customer.id]);
  const limitAmount: number = limit?.limit_amount ?? 0;
  // The view leaves out customers with an active loan and prices above the limit; stock narrows it to the store.
  const rows =
    storeId === null
      ? []
      : await deps.db.query<Row>(
          `SELECT ${PHONE_COLUMNS}, count(i.id)::int AS in_stock
             FROM customer_qualified_phones q
             JOIN phone_prices p ON p.id = q.phone_price_id
             JOIN phone_models m ON m.id = q.phone_model_id
             JOIN inventory_items i ON i.phone_model_id = m.id AND i.store_id = $2 AND i.status = 'in_stock'
            WHERE q.customer_id = $1
            GROUP BY p.id, m.id ORDER BY p.rrp, m.brand, m.name, p.id`,
          [customer.id, storeId],
        );
  const reason =
    customer.loan_status === 'active' ? 'active_loan' as const
    : limitAmount <= 0 ? 'no_limit' as const
    : rows.length === 0 ? 'no_stock' as const
    : null;
  return {
    customer: wizardCustomerOut(customer),
    limit_amount: limitAmount,
    not_qualified_reason: reason,
    phones: reason === null ? rows.map((r) => ({ ...phoneOut(r), in_stock: r.in_stock })) : [],
  };
}

// --- The wizard record -----------------------------------------------------------------------------------------

/** The caller's wizard, locked when `lock` (inside a transaction); another agent's wizard is not found. */
async function wizardOf(db: Queryable, caller: Caller, wizardId: string, lock = false): Promise<Row> {
  const [w] = await db.query<Row>(`SELECT * FROM first_deposits WHERE wizard_id = $1${lock ? ' FOR UPDATE' : ''}`, [wizardId]);
  if (!w || w.agent_admin_id !== caller.adminId) throw noWizard();
  return w;
}

async function touch(tx: Tx, wizardId: string, now: Date) {
  await tx.query('UPDATE first_deposits SET updated_at = $2 WHERE wizard_id = $1', [wizardId, now]);
}

// --- loan_deposit, confirm_customer_initial_deposit, the provider's callback ---------------------------------

const attemptColumns = (a = '') => `${a}wizard_id::text AS wizard_id, ${a}attempt, ${a}idempotency_key, ${a}payment_msisdn, ${a}amount,
  ${a}status, ${a}failure, ${a}receipt, ${a}requested_at, ${a}push_accepted_at, ${a}completed_at`;
const ATTEMPT_COLUMNS = attemptColumns();

function depositOut(a: Row): DepositStatus {
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

async function reserveHandset(tx: Tx, storeId: number, modelId: number): Promise<number | null> {
  const [item] = await tx.query<{ id: number }>(
    `UPDATE inventory_items SET status = 'reserved'
      WHERE id = (SELECT id FROM inventory_items WHERE store_id = $1 AND phone_model_id = $2 AND status = 'in_stock'
                  ORDER BY received_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND status = 'in_stock'
      RETURNING id`,
    [storeId, modelId],
  );
  return item?.id ?? null;
}

async function releaseHandset(tx: Tx, wizard: Row) {
  if (!wizard.item_held) return;
  await tx.query("UPDATE inventory_items SET status = 'in_stock' WHERE id = $1 AND status = 'reserved'", [wizard.inventory_item_id]);
  await tx.query('UPDATE first_deposits SET item_held = false WHERE wizard_id = $1', [wizard.wizard_id]);
}

export async function depositPush(deps: Deps, caller: Caller, body: z.output<typeof depositPushRequest>): Promise<DepositStatus> {
  const now = deps.clock.now();
  const customer = await customerOf(deps, caller, { msisdn: body.msisdn, national_id: undefined });
  const agent = await agentOf(deps.db, caller);
  if (agent.storeId === null) {
    throw refuse(409, 'no_stock', 'You are not linked to a store, so no handset can be reserved: ask an admin to link your agent record to your store');
  }
  const storeId = agent.storeId;
  const key = `${body.wizard_id}:${body.attempt}`;
  const payer = body.payment_msisdn ?? customer.msisdn;

  const attempt = await deps.db.transaction(async (tx) => {
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
      [body.wizard_id, caller.adminId, agent.agentId, storeId, customer.id, price.phone_price_id, price.phone_model_id, body.repayment_period, price.deposit, now],
    );
    const wizard = await wizardOf(tx, caller, body.wizard_id, true);
    if (wizard.customer_id !== customer.id) {
      throw new HttpError(400, 'This wizard is for another customer', { fields: { msisdn: 'This wizard is for another customer' } });
    }
    // The same attempt again: no second push, the attempt as it stands.
    const [existing] = await tx.query<Row>(`SELECT ${ATTEMPT_COLUMNS} FROM deposit_attempts WHERE wizard_id = $1 AND attempt = $2`, [body.wizard_id, body.attempt]);
    if (existing) return { row: existing, created: false };
    const [live] = await tx.query<Row>("SELECT status FROM deposit_attempts WHERE wizard_id = $1 AND status IN ('pending', 'completed')", [body.wizard_id]);
    if (live?.status === 'completed' || wizard.deposit_paid_at) throw refuse(409, 'deposit_paid', 'The deposit of this wizard is already paid');
    if (live) throw refuse(409, 'deposit_pending', 'An earlier push of this deposit is still waiting for the customer');

    const [standing] = await tx.query<Row>(
      `SELECT coalesce((SELECT limit_amount FROM customer_limits WHERE customer_id = $1), 0) AS limit_amount,
              EXISTS (SELECT 1 FROM loans WHERE customer_id = $1 AND status = 'active') AS active_loan`,
      [customer.id],
    );
    if (standing!.active_loan) throw refuse(409, 'not_qualified', 'The customer has an active loan and does not qualify for another phone');
    if (price.rrp > standing!.limit_amount) throw refuse(409, 'not_qualified', "The phone's price is above the customer's limit");

    // The handset: keep the one held for this model, take it back if it went back to stock, else another.
    let itemId: number | null = null;
    if (wizard.inventory_item_id !== null && wizard.phone_model_id === price.phone_model_id) {
      if (wizard.item_held) itemId = wizard.inventory_item_id;
      else {
        const [again] = await tx.query<{ id: number }>(
          "UPDATE inventory_items SET status = 'reserved' WHERE id = $1 AND store_id = $2 AND status = 'in_stock' RETURNING id",
          [wizard.inventory_item_id, storeId],
        );
        itemId = again?.id ?? null;
      }
    } else {
      await releaseHandset(tx, wizard);
    }
    itemId ??= await reserveHandset(tx, storeId, price.phone_model_id);
    if (itemId === null) throw refuse(409, 'no_stock', 'No handset of this phone is in stock at your store');

    await tx.query(
      `UPDATE first_deposits SET phone_price_id = $2, phone_model_id = $3, repayment_period = $4, deposit_amount = $5,
              inventory_item_id = $6, item_held = true, store_id = $7, updated_at = $8
        WHERE wizard_id = $1`,
      [body.wizard_id, price.phone_price_id, price.phone_model_id, body.repayment_period, price.deposit, itemId, storeId, now],
    );
    const [store] = await tx.query<Row>('SELECT biller_number FROM stores WHERE id = $1', [storeId]);
    const plan = planOf(price, body.repayment_period);
    await tx.query(
      `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, debit, credit,
                                 balance_before, balance_after, payment_phone, customer_name, account_keyed_in, business_short_code,
                                 customer_id, idempotency_key, created_at)
       VALUES ($1, $2, $2, 'deposit', $3, 'pending', $4, 0, 0, $5, $6, $7, $8, $9, $10, $11, $2, $12)`,
      [
        `PUSH-${key}`, key, walletOf(payer), price.deposit, plan.total_repayable, plan.total_repayable - price.deposit, payer,
        `${customer.first_name} ${customer.other_names}`.toUpperCase(), `0${customer.msisdn.slice(3)}`, store?.biller_number ?? null,
        customer.id, now,
      ],
    );
    const [created] = await tx.query<Row>(
      `INSERT INTO deposit_attempts (wizard_id, attempt, idempotency_key, payment_msisdn, amount, requested_by, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ATTEMPT_COLUMNS}`,
      [body.wizard_id, body.attempt, key, payer, price.deposit, caller.adminId, now],
    );
    const [item] = await tx.query<Row>('SELECT imei FROM inventory_items WHERE id = $1', [itemId]);
    await audit(tx, {
      actorId: caller.adminId, action: 'deposit.push_requested', entity: 'first_deposit', entityId: body.wizard_id,
      after: {
        attempt: body.attempt, amount: price.deposit, payment_msisdn: payer, customer_id: customer.id, phone_price_id: price.phone_price_id,
        repayment_period: body.repayment_period, imei: item?.imei,
      },
      at: now,
    });
    return { row: created!, created: true };
  }).catch((error: unknown) => {
    // Two first pushes of one new attempt at the same moment (PostgreSQL): the loser answers the winner's attempt.
    if ((error as { code?: unknown } | null)?.code === '23505') return null;
    throw error;
  });

  const current = attempt?.row ?? (await attemptOf(deps.db, caller, body.wizard_id, body.attempt));
  // The push goes out after the commit. A retry sends it again only when the first call may have failed (the
  // provider does not charge one reference twice either way).
  const fresh = attempt?.created === true;
  const stale = current.push_accepted_at === null && now.getTime() - new Date(current.requested_at).getTime() >= DEPOSIT_RULES.repushAfterMs;
  if (current.status === 'pending' && (fresh || stale)) {
    try {
      await deps.adapters.mobileMoney.push({
        reference: key,
        msisdn: current.payment_msisdn,
        amount: current.amount,
        description: `Deposit for a phone from ${customer.first_name} ${customer.other_names}`,
      });
      await deps.db.query('UPDATE deposit_attempts SET push_accepted_at = $2 WHERE idempotency_key = $1 AND push_accepted_at IS NULL', [key, deps.clock.now()]);
    } catch {
      // The provider did not take the push: the attempt stays pending; a retry pushes again, and past the
      // time-out the status query settles it (a push the provider never saw fails).
    }
  }
  return depositOut(await attemptOf(deps.db, caller, body.wizard_id, body.attempt));
}

async function attemptOf(db: Queryable, caller: Caller, wizardId: string, attempt: number): Promise<Row> {
  const [a] = await db.query<Row>(
    `SELECT ${attemptColumns('a.')}, f.agent_admin_id
       FROM deposit_attempts a JOIN first_deposits f ON f.wizard_id = a.wizard_id
      WHERE a.wizard_id = $1 AND a.attempt = $2`,
    [wizardId, attempt],
  );
  if (!a || a.agent_admin_id !== caller.adminId) throw refuse(404, 'not_found', 'No such deposit attempt for this agent');
  return a;
}

export async function depositConfirm(deps: Deps, caller: Caller, body: z.output<typeof depositConfirmRequest>): Promise<DepositStatus> {
  const now = deps.clock.now();
  const a = await attemptOf(deps.db, caller, body.wizard_id, body.attempt);
  const waited = now.getTime() - new Date(a.requested_at).getTime();
  if (a.status === 'pending' && waited >= deps.adapters.mobileMoney.timeoutMs) {
    // No answer within the provider's time-out: ask the provider what became of the push (outside any transaction).
    const status = await deps.adapters.mobileMoney.status(a.idempotency_key);
    if (status.state === 'completed' || status.state === 'failed') await settle(deps, status.result, 'status_query');
    if (status.state === 'unknown') {
      await settle(deps, {
        reference: a.idempotency_key, status: 'FAILED', result_code: 'TIMEOUT', transaction_id: `NONE-${a.idempotency_key}`,
        amount: a.amount, msisdn: a.payment_msisdn,
      }, 'status_query');
    }
    return depositOut(await attemptOf(deps.db, caller, body.wizard_id, body.attempt));
  }
  return depositOut(a);
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
export async function settle(deps: Deps, result: CallbackBody, source: 'callback' | 'status_query'): Promise<{ found: boolean; duplicate: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [ref] = await tx.query<Row>('SELECT wizard_id::text AS wizard_id FROM deposit_attempts WHERE idempotency_key = $1', [result.reference]);
    if (!ref) return { found: false, duplicate: false };
    // The wizard first, then the attempt: the same order as the push, so the two never wait on each other.
    const [wizard] = await tx.query<Row>('SELECT * FROM first_deposits WHERE wizard_id = $1 FOR UPDATE', [ref.wizard_id]);
    const [a] = await tx.query<Row>(`SELECT ${ATTEMPT_COLUMNS} FROM deposit_attempts WHERE idempotency_key = $1 FOR UPDATE`, [result.reference]);
    if (result.amount !== a!.amount || result.msisdn !== a!.payment_msisdn) {
      throw new HttpError(400, 'The amount or the number is not those of the push', { fields: { amount: 'not the amount of the push' } });
    }
    if (source === 'callback') await tx.query('UPDATE deposit_attempts SET callbacks = callbacks + 1 WHERE idempotency_key = $1', [result.reference]);
    const paid = result.status === 'SUCCESS';
    const entity = { actorId: null, entity: 'first_deposit', entityId: ref.wizard_id as string, at: now };

    if (a!.status !== 'pending') {
      const late = a!.status === 'failed' && paid && a!.receipt === null;
      if (!late) return { found: true, duplicate: true };
      const [live] = await tx.query<Row>("SELECT 1 FROM deposit_attempts WHERE wizard_id = $1 AND status IN ('pending', 'completed')", [ref.wizard_id]);
      if (live || wizard!.deposit_paid_at) {
        await tx.query('UPDATE deposit_attempts SET receipt = $2 WHERE idempotency_key = $1', [result.reference, result.transaction_id]);
        await tx.query(
          "UPDATE transactions SET status = 'suspended', transaction_id = $2, credit = amount, date_processed = $3 WHERE idempotency_key = $1",
          [result.reference, result.transaction_id, now],
        );
        await audit(tx, { ...entity, action: 'deposit.late_payment_suspended', before: { status: 'failed' }, after: { receipt: result.transaction_id, attempt: a!.attempt }, at: now });
        return { found: true, duplicate: false };
      }
      // Honoured: the failed attempt becomes the paid one, with its handset back if it is still there.
      if (!wizard!.item_held) {
        const [again] = await tx.query<{ id: number }>(
          "UPDATE inventory_items SET status = 'reserved' WHERE id = $1 AND status = 'in_stock' RETURNING id",
          [wizard!.inventory_item_id],
        );
        const itemId = again?.id ?? (await reserveHandset(tx, wizard!.store_id, wizard!.phone_model_id));
        if (itemId !== null) await tx.query('UPDATE first_deposits SET inventory_item_id = $2, item_held = true WHERE wizard_id = $1', [ref.wizard_id, itemId]);
      }
      await tx.query('UPDATE deposit_attempts SET status = \'pending\', failure = NULL, settled_by = NULL, completed_at = NULL WHERE idempotency_key = $1', [result.reference]);
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
        kind: 'deposit_received', debit: 'mobile_money_clearing', credit: 'customer_deposits', amount: a!.amount,
        description: `First deposit ${result.transaction_id} (${result.reference})`, postedBy: null, at: now,
      });
      await audit(tx, {
        ...entity, action: 'deposit.completed', before: { status: a!.status },
        after: { status: 'completed', attempt: a!.attempt, receipt: result.transaction_id, amount: a!.amount, settled_by: source }, at: now,
      });
    } else {
      const failure = result.result_code === '0' ? 'rejected' : FAILURES[result.result_code];
      await tx.query(
        "UPDATE deposit_attempts SET status = 'failed', failure = $2, receipt = NULL, settled_by = $3, completed_at = $4 WHERE idempotency_key = $1",
        [result.reference, failure, source, now],
      );
      await tx.query("UPDATE transactions SET status = 'failed' WHERE idempotency_key = $1", [result.reference]);
      // The handset goes back to stock until the next attempt.
      await releaseHandset(tx, wizard!);
      await touch(tx, ref.wizard_id, now);
      await audit(tx, {
        ...entity, action: 'deposit.failed', before: { status: 'pending' },
        after: { status: 'failed', attempt: a!.attempt, failure, provider_reference: result.transaction_id, settled_by: source }, at: now,
      });
    }
    return { found: true, duplicate: false };
  });
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

// --- agent_otp, customer_otp, customer/login/check -------------------------------------------------------------

export async function sendOtp(deps: Deps, caller: Caller, party: 'agent' | 'customer', wizardId: string) {
  const now = deps.clock.now();
  const w = await wizardOf(deps.db, caller, wizardId);
  if (!w.deposit_paid_at) throw outOfOrder('The deposit is not paid yet');
  if (w.otp_verified_at) throw outOfOrder('The codes are already checked');
  const [c] = await deps.db.query<Row>('SELECT msisdn, first_name, other_names FROM customers WHERE id = $1', [w.customer_id]);
  const recipient = party === 'customer' ? (c!.msisdn as string) : (await agentOf(deps.db, caller)).phone;
  if (!recipient) throw refuse(409, 'no_phone', 'Your user has no phone number on record to send the code to');
  const code = newCode();
  const expiresAt = new Date(now.getTime() + DEPOSIT_RULES.otpValidityMs);
  await deps.db.transaction(async (tx) => {
    await wizardOf(tx, caller, wizardId, true);
    const [sent] = await tx.query<Row>(
      `SELECT max(created_at) AS last, count(*) FILTER (WHERE created_at > $3)::int AS last_hour
         FROM first_deposit_otps WHERE wizard_id = $1 AND party = $2`,
      [wizardId, party, new Date(now.getTime() - 3_600_000)],
    );
    const sinceLast = sent?.last ? now.getTime() - new Date(sent.last).getTime() : Infinity;
    if (sinceLast < DEPOSIT_RULES.otpResendGapMs) {
      const wait = Math.ceil((DEPOSIT_RULES.otpResendGapMs - sinceLast) / 1000);
      throw refuse(429, 'throttled', `A code was sent moments ago: wait ${wait} seconds before sending another`, { retryAfterSeconds: wait });
    }
    if ((sent?.last_hour ?? 0) >= DEPOSIT_RULES.otpPerHour) {
      throw refuse(429, 'throttled', 'Too many codes sent in the last hour: try again later', { retryAfterSeconds: 600 });
    }
    await tx.query('UPDATE first_deposit_otps SET replaced_at = $3 WHERE wizard_id = $1 AND party = $2 AND used_at IS NULL AND replaced_at IS NULL', [wizardId, party, now]);
    await tx.query(
      'INSERT INTO first_deposit_otps (wizard_id, party, recipient, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [wizardId, party, recipient, hashCode(code), now, expiresAt],
    );
    await touch(tx, wizardId, now);
    await audit(tx, { actorId: caller.adminId, action: 'first_deposit.otp_sent', entity: 'first_deposit', entityId: wizardId, after: { party, sent_to: maskMsisdn(recipient) }, at: now });
  });
  // Sent after the commit: the SMS gateway is an outside party.
  const name = `${c!.first_name} ${c!.other_names}`;
  await deps.adapters.messages.send({
    channel: 'sms',
    recipient,
    text:
      party === 'agent'
        ? `Simu agent code for the phone loan of ${name}: ${code}. It expires in 5 minutes.`
        : `Simu: your code to confirm your phone loan is ${code}. It expires in 5 minutes. Give it only to the agent serving you.`,
  });
  return { sent_to: maskMsisdn(recipient), expires_at: expiresAt.toISOString() };
}

export async function verifyOtps(deps: Deps, caller: Caller, body: z.output<typeof otpVerifyRequest>) {
  const now = deps.clock.now();
  const w = await wizardOf(deps.db, caller, body.wizard_id);
  if (w.otp_verified_at) return { verified: true as const };
  if (!w.deposit_paid_at) throw outOfOrder('The deposit is not paid yet');
  const outcome = await deps.db.transaction(async (tx) => {
    const wizard = await wizardOf(tx, caller, body.wizard_id, true);
    if (wizard.otp_verified_at) return { kind: 'verified' as const };
    const codes = await tx.query<Row>(
      'SELECT * FROM first_deposit_otps WHERE wizard_id = $1 AND used_at IS NULL AND replaced_at IS NULL ORDER BY party FOR UPDATE',
      [body.wizard_id],
    );
    const agent = codes.find((r) => r.party === 'agent');
    const customer = codes.find((r) => r.party === 'customer');
    if (!agent || !customer) return { kind: 'missing' as const };
    if (new Date(agent.expires_at) <= now || new Date(customer.expires_at) <= now) return { kind: 'expired' as const };
    if (agent.failed_attempts >= DEPOSIT_RULES.otpMaxWrong || customer.failed_attempts >= DEPOSIT_RULES.otpMaxWrong) return { kind: 'locked' as const };
    const wrong = [
      ...(codeMatches(body.agent_code, agent.code_hash) ? [] : [['agent_code', agent] as const]),
      ...(codeMatches(body.customer_code, customer.code_hash) ? [] : [['customer_code', customer] as const]),
    ];
    if (wrong.length === 0) {
      await tx.query('UPDATE first_deposit_otps SET used_at = $2 WHERE id = ANY($1::bigint[])', [[agent.id, customer.id], now]);
      await tx.query('UPDATE first_deposits SET otp_verified_at = $2, updated_at = $2 WHERE wizard_id = $1', [body.wizard_id, now]);
      await audit(tx, { actorId: caller.adminId, action: 'first_deposit.otp_verified', entity: 'first_deposit', entityId: body.wizard_id, at: now });
      return { kind: 'verified' as const };
    }
    let left: number = DEPOSIT_RULES.otpMaxWrong;
    for (const [, code] of wrong) {
      await tx.query('UPDATE first_deposit_otps SET failed_attempts = failed_attempts + 1 WHERE id = $1', [code.id]);
      left = Math.min(left, DEPOSIT_RULES.otpMaxWrong - (code.failed_attempts + 1));
    }
    const fields = Object.fromEntries(wrong.map(([field]) => [field, 'wrong code']));
    await audit(tx, {
      actorId: caller.adminId, action: 'first_deposit.otp_wrong', entity: 'first_deposit', entityId: body.wizard_id,
      after: { wrong: wrong.map(([field]) => field), left }, at: now,
    });
    return { kind: left <= 0 ? ('locked' as const) : ('wrong' as const), left, fields };
  });
  switch (outcome.kind) {
    case 'verified':
      return { verified: true as const };
    case 'missing':
      throw refuse(409, 'otp_expired', 'Both codes must be sent first: send new codes');
    case 'expired':
      throw refuse(409, 'otp_expired', 'A code has expired: send new codes');
    case 'locked':
      throw refuse(409, 'otp_locked', 'Too many wrong codes: send new codes', { left: 0 });
    case 'wrong':
      throw refuse(409, 'otp_wrong', `Wrong code, ${outcome.left} tries left`, { left: outcome.left, fields: outcome.fields });
  }
}

// --- biometric/verification, rq/verification -------------------------------------------------------------------

const newContractRef = () => randomBytes(18).toString('base64url');

function identityOut(w: Row) {
  return { verified: true as const, method: w.identity_method as 'fingerprint' | 'security_question', contract_ref: w.contract_ref as string };
}

async function recordIdentity(deps: Deps, caller: Caller, wizardId: string, method: 'fingerprint' | 'security_question', now: Date) {
  return deps.db.transaction(async (tx) => {
    const w = await wizardOf(tx, caller, wizardId, true);
    if (w.identity_verified_at) return identityOut(w);
    const [updated] = await tx.query<Row>(
      `UPDATE first_deposits SET identity_method = $2, identity_verified_at = $3, contract_ref = $4, updated_at = $3
        WHERE wizard_id = $1 RETURNING identity_method, contract_ref`,
      [wizardId, method, now, newContractRef()],
    );
    await audit(tx, { actorId: caller.adminId, action: 'first_deposit.identity_verified', entity: 'first_deposit', entityId: wizardId, after: { method }, at: now });
    return identityOut(updated!);
  });
}

export async function verifyFingerprint(deps: Deps, caller: Caller, body: z.output<typeof fingerprintVerifyRequest>) {
  const now = deps.clock.now();
  const w = await wizardOf(deps.db, caller, body.wizard_id);
  if (w.identity_verified_at) return identityOut(w);
  if (!w.otp_verified_at) throw outOfOrder('The OTP codes are not checked yet');
  const [c] = await deps.db.query<Row>('SELECT nida_number FROM customers WHERE id = $1', [w.customer_id]);
  if (!c?.nida_number || c.nida_number !== body.nida_number) {
    throw refuse(409, 'nida_mismatch', "The NIDA number is not the customer's", { fields: { nida_number: "not the customer's NIDA number" } });
  }
  // The registry is an outside party: asked outside any transaction.
  const check = await deps.adapters.nida.verifyFingerprint(body.nida_number, body.fingerprint);
  if (check !== 'match') {
    await deps.db.transaction((tx) =>
      audit(tx, { actorId: caller.adminId, action: 'first_deposit.fingerprint_mismatch', entity: 'first_deposit', entityId: body.wizard_id, after: { check }, at: now }),
    );
    throw refuse(409, 'fingerprint_mismatch', 'The fingerprint does not match the NIDA number provided');
  }
  return recordIdentity(deps, caller, body.wizard_id, 'fingerprint', now);
}

export async function verifySecurity(deps: Deps, caller: Caller, body: z.output<typeof securityAnswerRequest>) {
  const now = deps.clock.now();
  const w = await wizardOf(deps.db, caller, body.wizard_id);
  if (w.identity_verified_at) return identityOut(w);
  if (!w.otp_verified_at) throw outOfOrder('The OTP codes are not checked yet');
  const [c] = await deps.db.query<Row>('SELECT security_answer_hash FROM customers WHERE id = $1', [w.customer_id]);
  if (!c?.security_answer_hash) throw refuse(409, 'no_security_question', 'The customer has no security question on record: check the fingerprint');
  const locked = () => refuse(409, 'security_answer_locked', 'Too many wrong answers: check the fingerprint instead', { left: 0 });
  if (w.security_wrong_answers >= DEPOSIT_RULES.securityMaxWrong) throw locked();
  if (await verifySecurityAnswer(body.answer, c.security_answer_hash)) return recordIdentity(deps, caller, body.wizard_id, 'security_question', now);
  const wrong = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ n: number }>(
      `UPDATE first_deposits SET security_wrong_answers = least(security_wrong_answers + 1, $2), updated_at = $3
        WHERE wizard_id = $1 RETURNING security_wrong_answers AS n`,
      [body.wizard_id, DEPOSIT_RULES.securityMaxWrong, now],
    );
    await audit(tx, { actorId: caller.adminId, action: 'first_deposit.security_answer_wrong', entity: 'first_deposit', entityId: body.wizard_id, after: { wrong: row!.n }, at: now });
    return row!.n;
  });
  const left = DEPOSIT_RULES.securityMaxWrong - wrong;
  if (left <= 0) throw locked();
  throw refuse(409, 'security_answer_wrong', `Wrong answer, ${left} ${left === 1 ? 'try' : 'tries'} left`, { left, fields: { answer: 'wrong answer' } });
}

// --- fetch_econtract_details, upload_pdf_contracts, the PDF -----------------------------------------------------

async function contractRow(db: Queryable, where: 'contract_ref' | 'wizard_id', value: string): Promise<Row | undefined> {
  const [r] = await db.query<Row>(
    `SELECT f.wizard_id::text AS wizard_id, f.agent_admin_id, f.contract_ref, f.repayment_period, f.signed_by, f.signed_at, f.terms_version,
            c.first_name, c.other_names, c.msisdn, c.national_id, m.brand, m.name, m.lock_solution_type, i.imei,
            p.rrp, p.deposit, p.daily_payment, p.installments, p.twelve_months_payment,
            (SELECT value FROM settings WHERE key = 'company_name') AS company
       FROM first_deposits f
       JOIN customers c ON c.id = f.customer_id
       JOIN phone_models m ON m.id = f.phone_model_id
       JOIN phone_prices p ON p.id = f.phone_price_id
       JOIN inventory_items i ON i.id = f.inventory_item_id
      WHERE f.${where} = $1 AND f.contract_ref IS NOT NULL`,
    [value],
  );
  return r;
}

function contractOut(r: Row): ContractDetails {
  const plan = planOf(r, r.repayment_period);
  return {
    reference: r.contract_ref,
    company: r.company ?? 'Simu',
    customer_name: `${r.first_name} ${r.other_names}`,
    msisdn: r.msisdn,
    national_id: r.national_id,
    device: deviceName(r.brand, r.name),
    imei: r.imei,
    lock_solution_type: r.lock_solution_type,
    repayment_period: r.repayment_period,
    price: r.rrp,
    deposit: r.deposit,
    installment_amount: plan.installment_amount,
    installments: plan.installments,
    total_repayable: plan.total_repayable,
    terms_version: r.terms_version ?? TERMS_VERSION,
    signed_by: r.signed_by ?? null,
    signed_at: iso(r.signed_at),
    contract_url: r.signed_at ? contractUrl(r.contract_ref) : null,
  };
}

export async function contractDetails(deps: Deps, reference: string): Promise<ContractDetails> {
  const r = await contractRow(deps.db, 'contract_ref', reference);
  if (!r) throw refuse(404, 'not_found', 'No such contract');
  return contractOut(r);
}

export async function signContract(deps: Deps, caller: Caller, body: z.output<typeof signContractRequest>) {
  const now = deps.clock.now();
  const w = await wizardOf(deps.db, caller, body.wizard_id);
  const signedOut = (r: Row) => ({ reference: r.contract_ref as string, contract_url: contractUrl(r.contract_ref), signed_at: iso(r.signed_at)! });
  if (w.signed_at) return signedOut(w);
  if (!w.identity_verified_at) throw outOfOrder("The customer's identity is not checked yet");
  const row = (await contractRow(deps.db, 'wizard_id', body.wizard_id))!;
  const details = { ...contractOut(row), terms_version: TERMS_VERSION, signed_by: body.signed_by, signed_at: now.toISOString() };
  const pdf = await renderContractPdf(details);
  return deps.db.transaction(async (tx) => {
    const again = await wizardOf(tx, caller, body.wizard_id, true);
    if (again.signed_at) return signedOut(again);
    const [signed] = await tx.query<Row>(
      `UPDATE first_deposits SET signed_by = $2, signed_at = $3, terms_version = $4, updated_at = $3 WHERE wizard_id = $1
       RETURNING contract_ref, signed_at`,
      [body.wizard_id, body.signed_by, now, TERMS_VERSION],
    );
    await tx.query('INSERT INTO first_deposit_contracts (wizard_id, pdf, created_at) VALUES ($1, $2, $3)', [body.wizard_id, pdf, now]);
    await audit(tx, {
      actorId: caller.adminId, action: 'first_deposit.contract_signed', entity: 'first_deposit', entityId: body.wizard_id,
      after: { contract_ref: signed!.contract_ref, signed_by: body.signed_by, terms_version: TERMS_VERSION, pdf_bytes: pdf.length }, at: now,
    });
    return signedOut(signed!);
  });
}

/** The stored PDF of a signed contract, by its reference (public, like the contract's page). */
export async function contractPdf(deps: Deps, reference: string): Promise<Uint8Array | null> {
  const [r] = await deps.db.query<{ pdf: Uint8Array }>(
    'SELECT d.pdf FROM first_deposit_contracts d JOIN first_deposits f ON f.wizard_id = d.wizard_id WHERE f.contract_ref = $1',
    [reference],
  );
  return r ? new Uint8Array(r.pdf) : null;
}

// --- send_auth_code/vivo/device, verify_auth_code/vivo/device ---------------------------------------------------

export async function sendVivoCode(deps: Deps, caller: Caller, body: z.output<typeof vivoSendRequest>) {
  const now = deps.clock.now();
  const [held] = await deps.db.query<Row>(
    `SELECT f.wizard_id::text AS wizard_id, m.lock_solution_type
       FROM first_deposits f JOIN inventory_items i ON i.id = f.inventory_item_id JOIN phone_models m ON m.id = i.phone_model_id
      WHERE i.imei = $1 AND f.agent_admin_id = $2 AND f.item_held ORDER BY f.updated_at DESC LIMIT 1`,
    [body.imei, caller.adminId],
  );
  const [device] = held ? [] : await deps.db.query<Row>('SELECT lock_solution_type FROM devices WHERE imei = $1', [body.imei]);
  const lock = (held ?? device)?.lock_solution_type as LockSolutionType | undefined;
  if (!lock) throw refuse(404, 'not_found', 'No vivo handset with this IMEI in a wizard of yours or on a customer');
  if (lock !== 'vivo') throw refuse(409, 'not_vivo', `This handset's lock is ${lock}, not vivo: it needs no authorization code`);
  const recipient = (await agentOf(deps.db, caller)).phone;
  if (!recipient) throw refuse(409, 'no_phone', 'Your user has no phone number on record to send the code to');
  const code = newCode();
  const expiresAt = new Date(now.getTime() + DEPOSIT_RULES.vivoValidityMs);
  await deps.db.transaction(async (tx) => {
    await tx.query('UPDATE vivo_auth_codes SET replaced_at = $2 WHERE imei = $1 AND verified_at IS NULL AND replaced_at IS NULL', [body.imei, now]);
    await tx.query(
      `INSERT INTO vivo_auth_codes (imei, wizard_id, requested_by, recipient, code_hash, sent_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [body.imei, held?.wizard_id ?? null, caller.adminId, recipient, hashCode(code), now, expiresAt],
    );
    await audit(tx, { actorId: caller.adminId, action: 'vivo.auth_code_sent', entity: 'device_imei', entityId: body.imei, after: { wizard_id: held?.wizard_id ?? null }, at: now });
  });
  await deps.adapters.lockProvider.sendVivoAuthCode({ imei: body.imei, code, recipient, expiresInMinutes: DEPOSIT_RULES.vivoValidityMs / 60_000 });
  return { sent_at: now.toISOString(), expires_at: expiresAt.toISOString() };
}

export async function verifyVivoCode(deps: Deps, caller: Caller, body: z.output<typeof vivoVerifyRequest>) {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [live] = await tx.query<Row>(
      'SELECT * FROM vivo_auth_codes WHERE imei = $1 AND verified_at IS NULL AND replaced_at IS NULL FOR UPDATE',
      [body.imei],
    );
    if (!live) {
      // The same right code again (a retried call): verified already.
      const [done] = await tx.query<Row>('SELECT code_hash FROM vivo_auth_codes WHERE imei = $1 AND verified_at IS NOT NULL ORDER BY verified_at DESC LIMIT 1', [body.imei]);
      return done && codeMatches(body.code, done.code_hash) ? 'verified' : 'none';
    }
    if (new Date(live.expires_at) <= now || live.failed_attempts >= DEPOSIT_RULES.vivoMaxWrong) return 'expired';
    if (!codeMatches(body.code, live.code_hash)) {
      await tx.query('UPDATE vivo_auth_codes SET failed_attempts = failed_attempts + 1 WHERE id = $1', [live.id]);
      await audit(tx, { actorId: caller.adminId, action: 'vivo.auth_code_wrong', entity: 'device_imei', entityId: body.imei, after: { wrong: live.failed_attempts + 1 }, at: now });
      return 'wrong';
    }
    await tx.query('UPDATE vivo_auth_codes SET verified_at = $2 WHERE id = $1', [live.id, now]);
    if (live.wizard_id) await tx.query('UPDATE first_deposits SET vivo_verified_at = $2, updated_at = $2 WHERE wizard_id = $1', [live.wizard_id, now]);
    await audit(tx, { actorId: caller.adminId, action: 'vivo.auth_code_verified', entity: 'device_imei', entityId: body.imei, after: { wizard_id: live.wizard_id ?? null }, at: now });
    return 'verified';
  });
  if (outcome === 'none') throw refuse(404, 'not_found', 'No code sent for this IMEI');
  if (outcome === 'expired') throw refuse(409, 'auth_code_expired', 'The authorization code has expired: send a new one');
  if (outcome === 'wrong') {
    throw refuse(409, 'auth_code_wrong', 'Failed to verify the authorization code entered, check and try again', { fields: { code: 'wrong code' } });
  }
  return { imei: body.imei, verified: true as const };
}

// --- confirm_lock_activation -----------------------------------------------------------------------------------

async function loanSummary(db: Queryable, loanId: number): Promise<LoanSummary> {
  const [l] = await db.query<Row>(
    `SELECT l.loan_number, c.first_name, c.other_names, c.msisdn, m.brand, m.name, d.imei, d.lock_solution_type, l.repayment_period,
            l.price, l.deposit_paid, l.principal, l.installment_amount, l.installments, l.total_repayable,
            to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date, l.contract_url, l.created_at
       FROM loans l JOIN customers c ON c.id = l.customer_id JOIN devices d ON d.id = l.device_id JOIN phone_models m ON m.id = d.phone_model_id
      WHERE l.id = $1`,
    [loanId],
  );
  return {
    loan_number: l!.loan_number,
    customer_name: `${l!.first_name} ${l!.other_names}`,
    msisdn: l!.msisdn,
    device: deviceName(l!.brand, l!.name),
    imei: l!.imei,
    lock_solution_type: l!.lock_solution_type,
    repayment_period: l!.repayment_period,
    price: l!.price,
    deposit_paid: l!.deposit_paid,
    principal: l!.principal,
    installment_amount: l!.installment_amount,
    installments: l!.installments,
    total_repayable: l!.total_repayable,
    next_repayment_date: l!.next_repayment_date,
    contract_url: l!.contract_url,
    created_at: iso(l!.created_at)!,
  };
}

/** The wizard with its handset, customer and price, for the last step. */
async function saleRow(db: Queryable, wizardId: string, lock = false): Promise<Row | undefined> {
  const [r] = await db.query<Row>(
    `SELECT f.*, f.wizard_id::text AS wizard_id, i.imei, i.status AS item_status, m.lock_solution_type, c.msisdn,
            p.rrp, p.deposit, p.daily_payment, p.installments, p.twelve_months_payment
       FROM first_deposits f
       JOIN inventory_items i ON i.id = f.inventory_item_id
       JOIN phone_models m ON m.id = f.phone_model_id
       JOIN phone_prices p ON p.id = f.phone_price_id
       JOIN customers c ON c.id = f.customer_id
      WHERE f.wizard_id = $1${lock ? ' FOR UPDATE OF f' : ''}`,
    [wizardId],
  );
  return r;
}

export async function confirmLockActivation(deps: Deps, caller: Caller, body: z.output<typeof confirmLockRequest>): Promise<LoanSummary> {
  const now = deps.clock.now();
  const w = await wizardOf(deps.db, caller, body.wizard_id);
  if (w.loan_id) return loanSummary(deps.db, w.loan_id);
  if (!w.signed_at) throw outOfOrder('The contract is not signed yet');
  const sale = (await saleRow(deps.db, body.wizard_id))!;
  if (sale.lock_solution_type === 'vivo' && !sale.vivo_verified_at) throw outOfOrder('The vivo authorization code is not verified yet');
  // The lock provider is an outside party: enrolled before the transaction (enrolling the same IMEI again is harmless).
  await deps.adapters.lockProvider.enrol({ imei: sale.imei, lockType: sale.lock_solution_type, customerMsisdn: sale.msisdn });

  const loanId = await deps.db.transaction(async (tx) => {
    const s = (await saleRow(tx, body.wizard_id, true))!;
    if (s.loan_id) return s.loan_id as number;
    if (!s.item_held || s.item_status !== 'reserved') throw refuse(409, 'no_stock', 'The handset reserved for this wizard is no longer held: contact support');
    const active = await tx.query('SELECT 1 FROM loans WHERE customer_id = $1 AND status = $2', [s.customer_id, 'active']);
    if (active.length) throw refuse(409, 'not_qualified', 'The customer has an active loan already');
    const [paid] = await tx.query<Row>(
      "SELECT idempotency_key, amount, receipt FROM deposit_attempts WHERE wizard_id = $1 AND status = 'completed'",
      [body.wizard_id],
    );
    const plan = planOf(s, s.repayment_period);
    const [device] = await tx.query<{ id: number }>(
      `INSERT INTO devices (customer_id, phone_model_id, inventory_item_id, imei, lock_solution_type, lock_status, activation_status,
                            enrolled_at, last_check_in, future_lock_date, created_at)
       VALUES ($1, $2, $3, $4, $5, 'active', 'activated', $6, $6, $7, $6) RETURNING id`,
      [s.customer_id, s.phone_model_id, s.inventory_item_id, s.imei, s.lock_solution_type, now, addDays(eatDay(now), plan.interval_days + 3)],
    );
    const [{ id }] = (await tx.query<{ id: number }>("SELECT nextval(pg_get_serial_sequence('loans', 'id'))::int8 AS id")) as [{ id: number }];
    const loanNumber = `LN${String(id).padStart(7, '0')}`;
    const url = contractUrl(s.contract_ref);
    await tx.query(
      `INSERT INTO loans (id, loan_number, customer_id, device_id, phone_price_id, store_id, agent_id, repayment_period, price, deposit_paid,
                          installment_amount, installments, interval_days, next_repayment_date, contract_ref, contract_url, started_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)`,
      [
        id, loanNumber, s.customer_id, device!.id, s.phone_price_id, s.store_id, s.agent_id, s.repayment_period, s.rrp, paid!.amount,
        plan.installment_amount, plan.installments, plan.interval_days, addDays(eatDay(now), plan.interval_days), s.contract_ref, url, now,
      ],
    );
    await tx.query("UPDATE inventory_items SET status = 'sold', sold_at = $2 WHERE id = $1", [s.inventory_item_id, now]);
    await tx.query(
      'UPDATE transactions SET loan_id = $2, allocated_to = $3, balance_before = $4, balance_after = $5 WHERE idempotency_key = $1',
      [paid!.idempotency_key, id, loanNumber, plan.total_repayable, plan.total_repayable - paid!.amount],
    );
    await tx.query('UPDATE first_deposits SET loan_id = $2, updated_at = $3 WHERE wizard_id = $1', [body.wizard_id, id, now]);

    // The sale: the deposit held for the customer and the loan's principal are the handset's price; the finance
    // charge is earned over the loan. The receivable is what the customer still owes (the loan's balance).
    const principal = s.rrp - paid!.amount;
    const owed = plan.installment_amount * plan.installments;
    const entry = { loanId: id, postedBy: caller.adminId, at: now };
    await post(tx, { ...entry, kind: 'deposit_applied', debit: 'customer_deposits', credit: 'handset_sales', amount: paid!.amount, description: `Deposit ${paid!.receipt} applied to the sale of ${loanNumber}` });
    await post(tx, { ...entry, kind: 'loan_disbursed', debit: 'loans_receivable', credit: 'handset_sales', amount: principal, description: `Handset sold on credit, ${loanNumber}` });
    if (owed > principal) {
      await post(tx, { ...entry, kind: 'loan_finance_charge', debit: 'loans_receivable', credit: 'deferred_finance_income', amount: owed - principal, description: `Finance charge of ${loanNumber}` });
    }

    const after = { loan_number: loanNumber, imei: s.imei, price: s.rrp, deposit_paid: paid!.amount, repayment_period: s.repayment_period };
    await audit(tx, { actorId: caller.adminId, action: 'device.enrolled', entity: 'device', entityId: device!.id, after: { imei: s.imei, lock_solution_type: s.lock_solution_type, activation_status: 'activated' }, at: now });
    await audit(tx, { actorId: caller.adminId, action: 'loan.created', entity: 'loan', entityId: id, after: { ...after, ...plan, contract_url: url }, at: now });
    await audit(tx, { actorId: caller.adminId, action: 'first_deposit.completed', entity: 'first_deposit', entityId: body.wizard_id, after, at: now });
    return id;
  });
  return loanSummary(deps.db, loanId);
}

// --- first_deposit/status ----------------------------------------------------------------------------------------

export async function wizardStatus(deps: Deps, caller: Caller, wizardId: string): Promise<WizardStatus> {
  const now = deps.clock.now();
  const w = await wizardOf(deps.db, caller, wizardId);
  const [[customer], [phone], [item], [deposit], otps] = await Promise.all([
    deps.db.query<Row>('SELECT id, msisdn, first_name, other_names, national_id, nida_number, security_question FROM customers WHERE id = $1', [w.customer_id]),
    deps.db.query<Row>(`SELECT ${PHONE_COLUMNS} FROM phone_prices p JOIN phone_models m ON m.id = p.phone_model_id WHERE p.id = $1`, [w.phone_price_id]),
    deps.db.query<Row>('SELECT imei FROM inventory_items WHERE id = $1', [w.inventory_item_id]),
    deps.db.query<Row>(
      `SELECT ${ATTEMPT_COLUMNS} FROM deposit_attempts WHERE wizard_id = $1
        ORDER BY (status IN ('pending', 'completed')) DESC, requested_at DESC, attempt DESC LIMIT 1`,
      [wizardId],
    ),
    deps.db.query<Row>('SELECT party, expires_at FROM first_deposit_otps WHERE wizard_id = $1 AND used_at IS NULL AND replaced_at IS NULL', [wizardId]),
  ]);
  const imei: string = item?.imei ?? '';
  const lockType: LockSolutionType = phone!.lock_solution_type;
  const liveParties = new Set(otps.filter((o) => new Date(o.expires_at) > now).map((o) => o.party));
  return {
    wizard_id: wizardId,
    customer: wizardCustomerOut(customer!),
    phone: phoneOut(phone!),
    repayment_period: w.repayment_period,
    imei,
    deposit: depositOut(deposit!),
    otp_sent: w.otp_verified_at !== null || (liveParties.has('agent') && liveParties.has('customer')),
    otp_verified: w.otp_verified_at !== null,
    identity: w.identity_method ?? null,
    contract_ref: w.contract_ref ?? null,
    contract_signed: w.signed_at !== null,
    vivo_verified: w.vivo_verified_at !== null,
    lock: { lock_solution_type: lockType, ...deps.adapters.lockProvider.instructions(imei, lockType) },
    loan: w.loan_id ? await loanSummary(deps.db, w.loan_id) : null,
  };
}
