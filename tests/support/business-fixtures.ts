import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../server/db/port';
import { luhnCheckDigit } from '../../src/lib/imei';
import { TEST_NOW } from './template';

/**
 * Small inserts of the business rows a test needs (a store, a phone, a customer with a device and a loan), so API
 * tests never lean on the 2,000-customer demo seed. Values are unique per database through a counter; call
 * `businessFixtures(db)` once per test database.
 */

const DAY_MS = 86_400_000;
const EAT_MS = 3 * 3_600_000;

/** Today in Tanzanian time, as loans count days. */
export const eatDay = (at: Date = TEST_NOW) => new Date(at.getTime() + EAT_MS).toISOString().slice(0, 10);
export const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A valid IMEI with a made-up TAC and this serial. */
export function imeiFor(serial: number, tac = '35999901'): string {
  const payload = `${tac}${String(serial).padStart(6, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}

export interface BorrowerOptions {
  storeId?: number;
  /** Days past the next due date (0: due today or later). */
  daysDefaulted?: number;
  /** Days until the next due date when not defaulted. */
  dueInDays?: number;
  lateFee?: number;
  amountPaid?: number;
  amountDue?: number;
  imei?: string;
}

export interface FirstDepositOptions {
  daysAgo: number;
  /**
   * Waiting for its payment; paid (its handset held); signed (every step done, its loan still to be set, as the loan
   * step does next); loan (run to its loan: `loanId`, else a new borrower's); abandoned (unpaid).
   */
  state: 'waiting' | 'paid' | 'signed' | 'loan' | 'abandoned';
  storeId?: number;
  /** The agent (`agents.id`) who ran it; none by default. */
  agentId?: number | null;
  customerId?: number;
  /** With `state: 'loan'`: the loan it made, already there (else a new borrower's, at `storeId`). */
  loanId?: number;
  /** The new borrower's days in default. */
  daysDefaulted?: number;
}

export interface Borrower {
  customerId: number;
  msisdn: string;
  name: string;
  loanId: number;
  loanNumber: string;
  deviceId: number;
  imei: string;
  storeId: number;
  nextDue: string;
  futureLock: string;
}

export async function businessFixtures(db: Queryable) {
  let n = 0;
  const at = TEST_NOW.toISOString();
  const today = eatDay();

  const [region] = await db.query<{ id: number }>(
    "INSERT INTO regions (name, territory, created_at) VALUES ('Test Region', 'Coastal', $1) RETURNING id",
    [at],
  );
  const stores: number[] = [];
  for (const name of ['Kariakoo Test Shop', 'Mwanza Test Shop']) {
    const [store] = await db.query<{ id: number }>(
      `INSERT INTO stores (name, region_id, store_type, location, till_or_paybill, biller_type, biller_number, created_at)
       VALUES ($1, $2, 'main_shop', 'Mtaa wa Uhuru', 'paybill', 'mpesa', '400200', $3) RETURNING id`,
      [name, region!.id, at],
    );
    stores.push(store!.id);
  }
  const [model] = await db.query<{ id: number }>(
    `INSERT INTO phone_models (sku, brand, name, model, storage_gb, ram_gb, lock_solution_type, created_at)
     VALUES ('TST-A1-64-4', 'itel', 'itel Test A1 (64 GB)', 'A1', 64, 4, 'dial_code', $1) RETURNING id`,
    [at],
  );
  const [price] = await db.query<{ id: number }>(
    `INSERT INTO phone_prices (phone_model_id, rrp, wholesale_price, credit_multiplier, deposit, daily_payment, installments,
                               twelve_months_payment, effective_from, created_at)
     VALUES ($1, 300000, 249000, 1.45, 60000, 1800, 210, 37000, $2, $2) RETURNING id`,
    [model!.id, new Date(TEST_NOW.getTime() - 200 * DAY_MS).toISOString()],
  );

  /** A customer with a device and an active daily loan: 1,800 TZS a day over 210 days after a 60,000 deposit. */
  async function borrower(o: BorrowerOptions = {}): Promise<Borrower> {
    const k = ++n;
    const storeId = o.storeId ?? stores[0]!;
    const msisdn = `25575${String(1_000_000 + k)
      .slice(1)
      .padStart(7, '0')}`;
    const name = { first: 'Neema', other: `Juma Test${k}` };
    const [customer] = await db.query<{ id: number }>(
      `INSERT INTO customers (msisdn, first_name, other_names, sex, date_of_birth, national_id, customer_key, store_id, registered_at)
       VALUES ($1, $2, $3, 'F', '1990-01-01', $4, $5, $6, $7) RETURNING id`,
      [msisdn, name.first, name.other, `19900101-00000-00000-${String(k).padStart(2, '0')}`, `CKTEST${k}`, storeId, at],
    );
    const imei = o.imei ?? imeiFor(k);
    const daysDefaulted = o.daysDefaulted ?? 0;
    const nextDue = plusDays(today, daysDefaulted > 0 ? -daysDefaulted : (o.dueInDays ?? 1));
    const futureLock = plusDays(nextDue, 3);
    const [device] = await db.query<{ id: number }>(
      `INSERT INTO devices (customer_id, phone_model_id, imei, lock_solution_type, activation_status, is_locked, future_lock_date, enrolled_at, created_at)
       VALUES ($1, $2, $3, 'dial_code', 'activated', $4, $5, $6, $6) RETURNING id`,
      [customer!.id, model!.id, imei, today > futureLock, futureLock, at],
    );
    const loanNumber = `LNT${String(k).padStart(6, '0')}`;
    const [loan] = await db.query<{ id: number }>(
      `INSERT INTO loans (loan_number, customer_id, device_id, phone_price_id, store_id, repayment_period, price, deposit_paid,
                          installment_amount, installments, interval_days, amount_paid, late_fee, amount_due, days_defaulted,
                          next_repayment_date, started_at, created_at)
       VALUES ($1, $2, $3, $4, $5, 'daily', 300000, 60000, 1800, 210, 1, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [
        loanNumber,
        customer!.id,
        device!.id,
        price!.id,
        storeId,
        o.amountPaid ?? 90_000,
        o.lateFee ?? 0,
        o.amountDue ?? (daysDefaulted > 0 ? daysDefaulted * 1800 + (o.lateFee ?? 0) : 0),
        daysDefaulted,
        nextDue,
        new Date(TEST_NOW.getTime() - 60 * DAY_MS).toISOString(),
      ],
    );
    return {
      customerId: customer!.id,
      msisdn,
      name: `${name.first} ${name.other}`,
      loanId: loan!.id,
      loanNumber,
      deviceId: device!.id,
      imei,
      storeId,
      nextDue,
      futureLock,
    };
  }

  /** A registered customer with no loan and no device. */
  async function prospect(): Promise<{ customerId: number; msisdn: string }> {
    const k = ++n;
    const msisdn = `25576${String(1_000_000 + k)
      .slice(1)
      .padStart(7, '0')}`;
    const [customer] = await db.query<{ id: number }>(
      `INSERT INTO customers (msisdn, first_name, other_names, sex, date_of_birth, national_id, customer_key, store_id, registered_at)
       VALUES ($1, 'Baraka', 'Said Mrema', 'M', '1988-05-05', $2, $3, $4, $5) RETURNING id`,
      [msisdn, `19880505-00000-00000-${String(k).padStart(2, '0')}`, `CKTEST${k}`, stores[0], at],
    );
    return { customerId: customer!.id, msisdn };
  }

  /** A handset in stock at a store (its IMEI counts as taken). */
  async function stockItem(imei: string): Promise<number> {
    const [item] = await db.query<{ id: number }>(
      "INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at) VALUES ($1, $2, $3, 'in_stock', $4) RETURNING id",
      [model!.id, stores[0], imei, at],
    );
    return item!.id;
  }

  let agentAdminId: number | undefined;
  /** A first-deposit wizard as the demo agent's steps leave it in `o.state`, started `o.daysAgo` (decision 020). */
  async function firstDeposit(o: FirstDepositOptions) {
    const id = randomUUID();
    agentAdminId ??= (await db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'agent'"))[0]!.id;
    const startedAt = new Date(TEST_NOW.getTime() - o.daysAgo * DAY_MS);
    const storeId = o.storeId ?? stores[0]!;
    const newBorrower =
      o.state === 'loan' && o.loanId === undefined ? await borrower({ storeId, daysDefaulted: o.daysDefaulted ?? 0 }) : null;
    const customerId = o.customerId ?? newBorrower?.customerId ?? (await prospect()).customerId;
    const loanId = o.state === 'loan' ? (o.loanId ?? newBorrower!.loanId) : null;
    const paid = o.state === 'paid' || o.state === 'signed' || o.state === 'loan';
    const signed = o.state === 'signed' || o.state === 'loan' ? startedAt : null;
    const item = paid ? await stockItem(imeiFor(++n, '35999902')) : null;
    await db.query(
      `INSERT INTO first_deposits (wizard_id, agent_admin_id, agent_id, store_id, customer_id, phone_price_id, phone_model_id,
                                   inventory_item_id, item_held, repayment_period, deposit_amount, deposit_paid_at, abandoned_at,
                                   otp_verified_at, identity_method, identity_verified_at, contract_ref, terms_version, signed_by,
                                   signed_at, loan_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'daily', 60000, $10, $11, $12, $13, $12, $14, $15, $16, $12, $17, $18, $18)`,
      [
        id,
        agentAdminId,
        o.agentId ?? null,
        storeId,
        customerId,
        price!.id,
        model!.id,
        item,
        paid,
        paid ? startedAt : null,
        o.state === 'abandoned' ? startedAt : null,
        signed,
        signed ? 'fingerprint' : null,
        signed ? `CONTRACT-${id.replaceAll('-', '')}` : null,
        signed ? 'v1' : null,
        signed ? 'Neema Juma' : null,
        loanId,
        startedAt,
      ],
    );
    return { id, customerId, loanId, loanNumber: newBorrower?.loanNumber ?? null };
  }

  return { stores, modelId: model!.id, priceId: price!.id, today, borrower, prospect, stockItem, firstDeposit };
}
export type BusinessFixtures = Awaited<ReturnType<typeof businessFixtures>>;
