import type { z } from 'zod';
import type {
  ImeiChangeItem,
  LoanDeactivationItem,
  LoanExtensionItem,
  imeiChangeRequest,
  loanDeactivationRequest,
  loanExtensionRequest,
} from '../../../src/contract/requests';
import type { Caller, Deps } from '../../deps';
import { HttpError, badRequest } from '../../errors';
import { addDays, daysBetween, eatDay } from '../calendar';
import { type Row, type Tx, customerNotFound } from '../shared';
import { type Maker, insertRequest, refuse } from './record';
import { pendingPage } from './queues';

// ---------------------------------------------------------------------------------------------------------------
// The customer requests: made from the customer view, decided in their own queues.

async function customerByMsisdn(tx: Tx, msisdn: string): Promise<Row> {
  const [customer] = await tx.query<Row>('SELECT id, msisdn, store_id FROM customers WHERE msisdn = $1', [msisdn]);
  if (!customer) throw customerNotFound();
  return customer;
}

/** The customer's active loan (a customer has at most one), and when the screen named a loan, that one. */
async function activeLoan(tx: Tx, customerId: number, loanId: number | undefined): Promise<Row> {
  const [loan] = await tx.query<Row>(
    `SELECT l.id, l.loan_number, l.store_id, l.device_id, l.loan_balance, l.days_defaulted,
            to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date
       FROM loans l WHERE l.customer_id = $1 AND l.status = 'active'`,
    [customerId],
  );
  if (!loan || (loanId !== undefined && loan.id !== loanId)) {
    throw refuse(
      409,
      'no_active_loan',
      loanId === undefined ? 'This customer has no active loan' : 'This loan is not an active loan of this customer',
    );
  }
  return loan;
}

export const requestLoanExtension = (deps: Deps, caller: Caller, body: z.output<typeof loanExtensionRequest>) =>
  deps.db.transaction((tx) => submitLoanExtension(tx, caller, body, deps.clock.now()));

export async function submitLoanExtension(tx: Tx, maker: Maker, body: z.output<typeof loanExtensionRequest>, now: Date) {
  const customer = await customerByMsisdn(tx, body.msisdn);
  const loan = await activeLoan(tx, customer.id, body.loan_id);
  const today = eatDay(now);
  const proposed = addDays(loan.next_repayment_date, body.days_to_extend);
  const id = await insertRequest(tx, {
    kind: 'loan_extension',
    subject: `customer:${customer.id}`,
    maker,
    reason: body.reason || null,
    payload: {
      summary: `Extend ${loan.loan_number} by ${body.days_to_extend} days`,
      before: { loan_number: loan.loan_number, next_repayment_date: loan.next_repayment_date, days_defaulted: loan.days_defaulted },
      after: { loan_number: loan.loan_number, next_repayment_date: proposed, days_defaulted: Math.max(0, daysBetween(proposed, today)) },
      params: { days_to_extend: body.days_to_extend },
    },
    customerId: customer.id,
    loanId: loan.id,
    deviceId: loan.device_id,
    storeId: loan.store_id,
    now,
    open: 'This customer already has a pending loan extension request',
  });
  return (await pendingPage(tx, 'loan_extension', now, { ids: [id] })).items[0] as LoanExtensionItem;
}

export const requestLoanDeactivation = (deps: Deps, caller: Caller, body: z.output<typeof loanDeactivationRequest>) =>
  deps.db.transaction((tx) => submitLoanDeactivation(tx, caller, body, deps.clock.now()));

export async function submitLoanDeactivation(tx: Tx, maker: Maker, body: z.output<typeof loanDeactivationRequest>, now: Date) {
  const customer = await customerByMsisdn(tx, body.msisdn);
  const loan = await activeLoan(tx, customer.id, body.loan_id);
  const id = await insertRequest(tx, {
    kind: 'loan_deactivation',
    subject: `customer:${customer.id}`,
    maker,
    reason: body.reason,
    payload: {
      summary: `Deregister ${customer.msisdn}: close ${loan.loan_number}, write off TZS ${loan.loan_balance}`,
      before: { loans: loan.loan_number, loan_status: 'active', loan_balance: loan.loan_balance, written_off: 0 },
      after: { loans: loan.loan_number, loan_status: 'deactivated', loan_balance: 0, written_off: loan.loan_balance },
      params: {},
    },
    customerId: customer.id,
    loanId: loan.id,
    deviceId: loan.device_id,
    storeId: loan.store_id,
    now,
    open: 'This customer already has a pending deregistration request',
  });
  return (await pendingPage(tx, 'loan_deactivation', now, { ids: [id] })).items[0] as LoanDeactivationItem;
}

/** Another device, or a handset in stock other than this device's own, already has this IMEI. */
export async function imeiTaken(tx: Tx, imei: string, deviceId: number, inventoryItemId: number | null): Promise<boolean> {
  const rows = await tx.query<Row>(
    `SELECT 1 FROM devices WHERE imei = $1 AND id <> $2
     UNION ALL SELECT 1 FROM inventory_items WHERE imei = $1 AND id IS DISTINCT FROM $3::bigint`,
    [imei, deviceId, inventoryItemId],
  );
  return rows.length > 0;
}
export const imeiInUse = (imei: string) => refuse(409, 'imei_in_use', `The IMEI ${imei} is already in use by another device`);

export const requestImeiChange = (deps: Deps, caller: Caller, body: z.output<typeof imeiChangeRequest>) =>
  deps.db.transaction((tx) => submitImeiChange(tx, caller, body, deps.clock.now()));

export async function submitImeiChange(tx: Tx, maker: Maker, body: z.output<typeof imeiChangeRequest>, now: Date) {
  const customer = await customerByMsisdn(tx, body.msisdn);
  // The device named, else the one on the active loan, else the customer's newest.
  const [device] = await tx.query<Row>(
    `SELECT d.id, d.imei, d.inventory_item_id, m.name AS model_name,
            (SELECT l.store_id FROM loans l WHERE l.device_id = d.id ORDER BY l.id DESC LIMIT 1) AS store_id
       FROM devices d JOIN phone_models m ON m.id = d.phone_model_id
      WHERE d.customer_id = $1 AND ($2::bigint IS NULL OR d.id = $2::bigint)
      ORDER BY EXISTS (SELECT 1 FROM loans l WHERE l.device_id = d.id AND l.status = 'active') DESC, d.id DESC
      LIMIT 1`,
    [customer.id, body.device_id ?? null],
  );
  if (!device) {
    throw new HttpError(404, body.device_id === undefined ? 'This customer has no device' : 'This device is not one of this customer', {
      reason: 'not_found',
    });
  }
  if (device.imei === body.new_imei) throw badRequest('new_imei', 'The new IMEI is the device’s current IMEI');
  if (await imeiTaken(tx, body.new_imei, device.id, device.inventory_item_id)) throw imeiInUse(body.new_imei);
  const id = await insertRequest(tx, {
    kind: 'imei_change',
    subject: `customer:${customer.id}`,
    maker,
    reason: body.reason,
    payload: {
      summary: `Change the IMEI of ${device.model_name} from ${device.imei} to ${body.new_imei}`,
      before: { device: device.model_name, imei: device.imei },
      after: { device: device.model_name, imei: body.new_imei },
      params: { new_imei: body.new_imei },
    },
    customerId: customer.id,
    deviceId: device.id,
    storeId: device.store_id ?? customer.store_id,
    now,
    open: 'This customer already has a pending IMEI change request',
  });
  return (await pendingPage(tx, 'imei_change', now, { ids: [id] })).items[0] as ImeiChangeItem;
}
