import type { z } from 'zod';
import {
  DEPOSIT_RELEASE_AFTER_HOURS,
  type QualifiedPhone,
  type RepaymentPeriod,
  type UnfinishedWizard,
  type WizardCustomer,
  type WizardStep,
  type qualifiedPhonesRequest,
} from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { HttpError } from '../../errors';
import { findCustomer } from '../customers';
import { deviceName } from '../devices';
import { type Row, type Tx, iso, refuse } from '../shared';

/**
 * The customer first-time deposit wizard (issue 3). Each step is one domain function; a step that changes state
 * does it in one transaction with its audit row, and a step that calls an outside party (the mobile-money
 * provider, the NIDA registry, the lock provider, the SMS gateway) records its intent, commits, calls out, and
 * records the outcome in a second transaction. The order of the steps is the server's rule: a step whose
 * predecessor is not done is refused with 409 step_out_of_order, and the wizard's CHECK constraints say the same.
 *
 * This file holds the wizard record and what the steps share; each step is its own module beside it, in the
 * wizard's order: qualified-phones, payment-push and payment-outcome (the deposit), otp, identity, contract, vivo,
 * loan (the lock confirmed, the loan made), and status (the whole wizard read back).
 */

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
  /** A paid deposit left this long after the wizard's last step, with no loan, is released to suspense (decision 010). */
  releaseAfterMs: DEPOSIT_RELEASE_AFTER_HOURS * 3_600_000,
} as const;

/** The terms and conditions the wizard's contracts accept (the /tnc page of this version). */
export const TERMS_VERSION = '2026-01';

export const outOfOrder = (message: string) => refuse(409, 'step_out_of_order', message);
const noWizard = () => refuse(404, 'not_found', 'No such wizard');

export const contractUrl = (reference: string) => `/portal_api/econtract/${reference}.pdf`;

/** 2557******12: the first four and the last two digits. */
export const maskMsisdn = (msisdn: string) => `${msisdn.slice(0, 4)}${'*'.repeat(Math.max(0, msisdn.length - 6))}${msisdn.slice(-2)}`;

// --- Reading -----------------------------------------------------------------------------------------------------

export const PHONE_COLUMNS = `p.id AS phone_price_id, m.id AS phone_model_id, m.sku, m.brand, m.name, m.model, m.storage_gb, m.ram_gb,
  m.lock_solution_type, p.rrp, p.deposit, p.daily_payment, p.weekly_payment, p.monthly_payment, p.installments,
  p.total_repayable, p.twelve_months_payment, p.twelve_months_total`;

export function phoneOut(r: Row): Omit<QualifiedPhone, 'in_stock'> {
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
    period === 'daily'
      ? [price.daily_payment, price.installments, 1 as const]
      : period === 'weekly'
        ? [price.daily_payment * 7, price.installments / 7, 7 as const]
        : period === 'monthly'
          ? [price.daily_payment * 30, price.installments / 30, 30 as const]
          : [price.twelve_months_payment, 12, 30 as const];
  return { installment_amount, installments, interval_days, total_repayable: price.deposit + installment_amount * installments };
}

/** The agents row of the caller (linked by admin_id): their store is where handsets come from. */
export async function agentOf(
  db: Queryable,
  caller: Caller,
): Promise<{ agentId: number | null; storeId: number | null; phone: string | null }> {
  const [row] = await db.query<Row>(
    `SELECT g.id AS agent_id, g.store_id, coalesce(g.msisdn, a.phone) AS phone
       FROM admins a LEFT JOIN agents g ON g.admin_id = a.id WHERE a.id = $1`,
    [caller.adminId],
  );
  return { agentId: row?.agent_id ?? null, storeId: row?.store_id ?? null, phone: row?.phone ?? null };
}

export async function customerOf(deps: Deps, caller: Caller, body: z.output<typeof qualifiedPhonesRequest>) {
  // The profile only: the caller's roles decide nothing here (the route checked them).
  const view = await findCustomer(deps, { ...caller, roles: [] }, body);
  return view.customer;
}

export function wizardCustomerOut(c: Row): WizardCustomer {
  return {
    id: c.id,
    msisdn: c.msisdn,
    first_name: c.first_name,
    other_names: c.other_names,
    national_id: c.national_id,
    has_nida_number: c.nida_number !== null && c.nida_number !== undefined,
    nida_number: c.nida_number ?? null,
    security_question: c.security_question ?? null,
  };
}

// --- The wizard record -----------------------------------------------------------------------------------------

/** The caller's wizard, locked when `lock` (inside a transaction); another agent's wizard is not found. */
export async function wizardOf(db: Queryable, caller: Caller, wizardId: string, lock = false): Promise<Row> {
  const [w] = await db.query<Row>(`SELECT * FROM first_deposits WHERE wizard_id = $1${lock ? ' FOR UPDATE' : ''}`, [wizardId]);
  if (!w || w.agent_admin_id !== caller.adminId) throw noWizard();
  return w;
}

/** The caller's wizard for a step: one released as abandoned takes no step any more. */
export async function openWizardOf(db: Queryable, caller: Caller, wizardId: string, lock = false): Promise<Row> {
  const w = await wizardOf(db, caller, wizardId, lock);
  if (w.abandoned_at) {
    throw refuse(409, 'wizard_abandoned', 'This wizard was left unfinished and released: its deposit is with finance, start a new deposit');
  }
  return w;
}

/** The step a wizard waits at, from its record (a first_deposits row). */
export function stepOf(w: Row): WizardStep {
  if (w.abandoned_at) return 'abandoned';
  if (w.loan_id) return 'done';
  if (!w.deposit_paid_at) return 'deposit';
  if (!w.otp_verified_at) return 'otp';
  if (!w.identity_verified_at) return 'identity';
  if (!w.signed_at) return 'contract';
  return 'lock';
}

/** When a paid deposit left without a step is released: the wizard's last step + the limit (null unless paid and open). */
export function releaseAfter(w: Row): Date | null {
  if (!w.deposit_paid_at || w.loan_id || w.abandoned_at) return null;
  return new Date(new Date(w.updated_at).getTime() + DEPOSIT_RULES.releaseAfterMs);
}

/** The wizard that holds the customer (their deposit in progress), as the refusal hands it back; none: null. */
export async function holderOf(db: Queryable, caller: Caller, customerId: number): Promise<UnfinishedWizard | null> {
  const [w] = await db.query<Row>(
    `SELECT f.*, f.wizard_id::text AS wizard_id, a.full_name AS agent_name, m.brand, m.name AS model_name,
            d.status AS deposit_status, d.receipt, d.amount, c.first_name, c.other_names
       FROM first_deposits f
       JOIN admins a ON a.id = f.agent_admin_id
       JOIN customers c ON c.id = f.customer_id
       JOIN phone_models m ON m.id = f.phone_model_id
       JOIN deposit_attempts d ON d.wizard_id = f.wizard_id AND d.status IN ('pending', 'completed')
      WHERE f.customer_id = $1 AND f.holds_customer`,
    [customerId],
  );
  if (!w) return null;
  return {
    wizard_id: w.wizard_id,
    step: stepOf(w) as UnfinishedWizard['step'],
    customer_id: w.customer_id,
    customer_name: `${w.first_name} ${w.other_names}`,
    amount: w.amount,
    deposit_status: w.deposit_status,
    receipt: w.deposit_status === 'completed' ? w.receipt : null,
    paid_at: iso(w.deposit_paid_at),
    device: deviceName(w.brand, w.model_name),
    started_by: { admin_id: w.agent_admin_id, name: w.agent_name },
    started_at: iso(w.created_at)!,
    yours: w.agent_admin_id === caller.adminId,
    release_after: iso(releaseAfter(w)),
  };
}

/** The 409 that hands back the customer's wizard in progress (the contract's depositUnfinishedRefusal). */
export function unfinishedRefusal(wizard: UnfinishedWizard): HttpError {
  const whose = wizard.yours ? 'you started' : `${wizard.started_by.name} started`;
  const [reason, message] =
    wizard.deposit_status === 'completed'
      ? [
          'paid_deposit_unfinished',
          `This customer's deposit of TZS ${wizard.amount} is already paid in a deposit ${whose}: resume it, do not take it again`,
        ]
      : ['deposit_push_pending', `A deposit push to this customer is waiting for their answer in a deposit ${whose}: resume it`];
  return new HttpError(409, message, { reason, wizard });
}

/** Refuses when another wizard than `wizardId` (or any, when null) holds the customer. */
export async function refuseIfHeldElsewhere(db: Queryable, caller: Caller, customerId: number, wizardId: string | null) {
  const holder = await holderOf(db, caller, customerId);
  if (holder && holder.wizard_id !== wizardId) throw unfinishedRefusal(holder);
}

export async function touch(tx: Tx, wizardId: string, now: Date) {
  await tx.query('UPDATE first_deposits SET updated_at = $2 WHERE wizard_id = $1', [wizardId, now]);
}

// --- The handset held for a wizard ---------------------------------------------------------------------------

export async function reserveHandset(tx: Tx, storeId: number, modelId: number): Promise<number | null> {
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

export async function releaseHandset(tx: Tx, wizard: Row) {
  if (!wizard.item_held) return;
  await tx.query("UPDATE inventory_items SET status = 'in_stock' WHERE id = $1 AND status = 'reserved'", [wizard.inventory_item_id]);
  await tx.query('UPDATE first_deposits SET item_held = false WHERE wizard_id = $1', [wizard.wizard_id]);
}
