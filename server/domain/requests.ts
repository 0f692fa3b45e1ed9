import type { z } from 'zod';
import { DAY_MS, addDays, daysBetween, eatDay, eatDayStart } from './calendar';
import {
  REQUEST_AUDIT_CSV_COLUMNS,
  REQUEST_LIMITS,
  REQUEST_QUEUES,
  type ChangeValues,
  type DecideResponse,
  type DecisionResult,
  type ImeiChangeItem,
  type LoanDeactivationItem,
  type LoanExtensionItem,
  type RequestKind,
  type RequestQueue,
  type RequestRefusal,
  type decideRequest,
  type imeiChangeRequest,
  type loanDeactivationRequest,
  type loanExtensionRequest,
  type requestAuditCsvQuery,
  type requestAuditQuery,
} from '../../src/contract/requests';
import type { createPortalUser } from '../../src/contract/prerequisites';
import type { Role } from '../../src/contract/roles';
import type { Caller, Deps } from '../deps';
import type { Queryable } from '../db/port';
import { HttpError, badRequest } from '../errors';
import { audit } from '../audit';
import { hashPassword } from '../auth/password';
import { post } from './ledger';

/**
 * Requests decided by a second person. Submitting records the request (and its audit row); deciding claims it
 * with a guarded UPDATE ... WHERE status = 'submitted', applies its effect and writes the audit row, all in one
 * transaction: a second decision finds nothing to claim (409 already_decided), a failing effect rolls the claim
 * back and the request stays pending.
 */

type Row = Record<string, any>;
type Tx = Queryable;

interface Change {
  before: ChangeValues;
  after: ChangeValues;
}

/** What a request asks, as stored in requests.payload. */
interface Payload extends Change {
  summary: string;
  params: Record<string, unknown>;
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

const refuse = (status: 403 | 404 | 409, reason: RequestRefusal, message: string) => new HttpError(status, message, { reason });

function needRole(caller: Caller, role: Role) {
  if (!caller.roles.includes(role)) throw new HttpError(403, `This needs the ${role} role`, { role });
}

/** A unique index refused the row (two submits at the same moment): the same refusal as the check before it. */
const onUnique = (refusal: HttpError) => (error: unknown): never => {
  if ((error as { code?: unknown } | null)?.code === '23505') throw refusal;
  throw error;
};

const KIND_WORDS: Record<RequestKind, string> = {
  loan_extension: 'loan extension',
  loan_deactivation: 'deregistration',
  imei_change: 'IMEI change',
  phone_price_update: 'phone price update',
  portal_user_create: 'new portal user',
  group_role_add: 'role added to a group',
  group_role_remove: 'role removed from a group',
};

const QUEUE_WORDS: Record<RequestQueue, string> = {
  loan_extension: 'loan extension request',
  loan_deactivation: 'deregistration request',
  imei_change: 'IMEI change request',
  maker_checker: 'business operation request',
  maker_checker_portal: 'portal change request',
};

// ---------------------------------------------------------------------------------------------------------------
// Recording a request

/** Who makes a request: only their id is recorded. */
export type Maker = Pick<Caller, 'adminId'>;

interface NewRequest {
  kind: RequestKind;
  subject: string;
  maker: Maker;
  reason: string | null;
  payload: Payload;
  customerId?: number | null;
  loanId?: number | null;
  deviceId?: number | null;
  storeId?: number | null;
  now: Date;
  /** The refusal when the subject already has an open request of this kind. */
  open: string;
}

async function insertRequest(tx: Tx, r: NewRequest): Promise<number> {
  const refusal = refuse(409, 'request_open', r.open);
  const open = await tx.query<Row>("SELECT 1 FROM requests WHERE kind = $1 AND subject = $2 AND status = 'submitted'", [r.kind, r.subject]);
  if (open.length) throw refusal;
  const [row] = (await tx
    .query<{ id: number }>(
      `INSERT INTO requests (kind, subject, maker_id, reason, payload, customer_id, loan_id, device_id, store_id, submitted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [r.kind, r.subject, r.maker.adminId, r.reason, JSON.stringify(r.payload), r.customerId ?? null, r.loanId ?? null, r.deviceId ?? null, r.storeId ?? null, r.now],
    )
    .catch(onUnique(refusal))) as [{ id: number }];
  await audit(tx, {
    actorId: r.maker.adminId,
    action: 'request.submitted',
    entity: 'request',
    entityId: row.id,
    after: { kind: r.kind, status: 'submitted', reason: r.reason, summary: r.payload.summary, before: r.payload.before, after: r.payload.after },
    at: r.now,
  });
  return row.id;
}

async function customerByMsisdn(tx: Tx, msisdn: string): Promise<Row> {
  const [customer] = await tx.query<Row>('SELECT id, msisdn, store_id FROM customers WHERE msisdn = $1', [msisdn]);
  if (!customer) throw new HttpError(404, 'Customer record not found', { reason: 'not_found' });
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
    throw refuse(409, 'no_active_loan', loanId === undefined ? 'This customer has no active loan' : 'This loan is not an active loan of this customer');
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
async function imeiTaken(tx: Tx, imei: string, deviceId: number, inventoryItemId: number | null): Promise<boolean> {
  const rows = await tx.query<Row>(
    `SELECT 1 FROM devices WHERE imei = $1 AND id <> $2
     UNION ALL SELECT 1 FROM inventory_items WHERE imei = $1 AND id IS DISTINCT FROM $3::bigint`,
    [imei, deviceId, inventoryItemId],
  );
  return rows.length > 0;
}
const imeiInUse = (imei: string) => refuse(409, 'imei_in_use', `The IMEI ${imei} is already in use by another device`);

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
    throw new HttpError(404, body.device_id === undefined ? 'This customer has no device' : 'This device is not one of this customer', { reason: 'not_found' });
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

// ---------------------------------------------------------------------------------------------------------------
// The generic maker-checker kinds. No route submits them yet: the operations that need a second person (portal
// changes, price updates, and later finance operations) call these from their own routes, which check the maker's
// role as any route does, and their requests land in the inboxes.

export const proposeGroupRole = (deps: Deps, caller: Caller, change: 'add' | 'remove', body: { group_id: number; admin_role: Role }) =>
  deps.db.transaction((tx) => submitGroupRoleChange(tx, caller, change, body, deps.clock.now()));

export async function submitGroupRoleChange(tx: Tx, maker: Maker, change: 'add' | 'remove', body: { group_id: number; admin_role: Role }, now: Date) {
  const [group] = await tx.query<Row>('SELECT id, name FROM admin_groups WHERE id = $1', [body.group_id]);
  if (!group) throw badRequest('group_id', 'valid group required');
  const held = (await tx.query<Row>('SELECT 1 FROM admin_group_roles WHERE group_id = $1 AND admin_role = $2', [group.id, body.admin_role])).length > 0;
  if (change === 'add' && held) throw badRequest('admin_role', 'The group already has this role');
  if (change === 'remove' && !held) throw badRequest('admin_role', 'The group does not have this role');
  const kind = change === 'add' ? 'group_role_add' : 'group_role_remove';
  const values = (holds: boolean) => ({ group: group.name, role: body.admin_role, held: holds });
  return insertRequest(tx, {
    kind,
    subject: `group_role:${group.id}:${body.admin_role}`,
    maker,
    reason: null,
    payload: {
      summary: change === 'add' ? `Add ${body.admin_role} to ${group.name}` : `Remove ${body.admin_role} from ${group.name}`,
      before: values(held),
      after: values(!held),
      params: { group_id: group.id, admin_role: body.admin_role },
    },
    now,
    open: `This ${KIND_WORDS[kind]} is already pending`,
  });
}

/** A new portal user as a request: the password is kept only as its hash, and params never leave the server. */
export type PortalUserProposal = Omit<z.output<typeof createPortalUser>, 'password'> & { password_hash: string };

export async function proposePortalUser(deps: Deps, caller: Caller, body: z.output<typeof createPortalUser>) {
  const { password, ...rest } = body;
  // Hashed before the transaction: scrypt takes a while and a transaction holds PGlite's one connection.
  const proposal = { ...rest, password_hash: await hashPassword(password) };
  return deps.db.transaction((tx) => submitPortalUser(tx, caller, proposal, deps.clock.now()));
}

export async function submitPortalUser(tx: Tx, maker: Maker, body: PortalUserProposal, now: Date) {
  const [group] = await tx.query<Row>('SELECT id, name FROM admin_groups WHERE id = $1', [body.group_id]);
  if (!group) throw badRequest('group_id', 'valid group required');
  if ((await tx.query<Row>('SELECT 1 FROM admins WHERE lower(username) = lower($1)', [body.username])).length) {
    throw badRequest('username', 'This username is taken');
  }
  return insertRequest(tx, {
    kind: 'portal_user_create',
    subject: `username:${body.username.toLowerCase()}`,
    maker,
    reason: null,
    payload: {
      summary: `New portal user ${body.username} (${body.full_name}) in ${group.name}`,
      before: { username: null, group: null },
      after: { username: body.username, full_name: body.full_name, email: body.email, group: group.name, otp_enabled: body.otp_enabled },
      params: { ...body, phone: body.phone ?? null },
    },
    now,
    open: 'A new portal user with this username is already pending',
  });
}

export interface PriceProposal {
  phone_model_id: number;
  rrp: number;
  wholesale_price: number;
  credit_multiplier: number;
  deposit: number;
  daily_payment: number;
  installments: number;
  twelve_months_payment: number;
}

const PRICE_FIELDS = ['rrp', 'wholesale_price', 'credit_multiplier', 'deposit', 'daily_payment', 'installments', 'twelve_months_payment'] as const;

export const proposePriceUpdate = (deps: Deps, caller: Caller, body: PriceProposal) =>
  deps.db.transaction((tx) => submitPriceUpdate(tx, caller, body, deps.clock.now()));

export async function submitPriceUpdate(tx: Tx, maker: Maker, body: PriceProposal, now: Date) {
  for (const field of ['rrp', 'wholesale_price', 'deposit', 'daily_payment', 'installments', 'twelve_months_payment'] as const) {
    if (!Number.isSafeInteger(body[field]) || body[field] <= 0) throw badRequest(field, `valid ${field} required (whole TZS above 0)`);
  }
  if (body.wholesale_price > body.rrp) throw badRequest('wholesale_price', 'The wholesale price must not be above the retail price');
  if (body.deposit >= body.rrp) throw badRequest('deposit', 'The deposit must be below the retail price');
  if (body.installments % 7 !== 0 || body.installments % 30 !== 0) throw badRequest('installments', 'Installments must be a multiple of 7 and of 30');
  if (!(body.credit_multiplier >= 1) || Math.abs(body.credit_multiplier * 100 - Math.round(body.credit_multiplier * 100)) > 1e-9) {
    throw badRequest('credit_multiplier', 'The credit multiplier is at least 1, with at most two decimals');
  }
  if (body.deposit + body.daily_payment * body.installments < body.rrp || body.deposit + body.twelve_months_payment * 12 < body.rrp) {
    throw badRequest('daily_payment', 'The plans must repay at least the retail price');
  }
  const [current] = await tx.query<Row>(
    `SELECT p.id, p.rrp, p.wholesale_price, p.credit_multiplier::float8 AS credit_multiplier, p.deposit, p.daily_payment,
            p.installments, p.twelve_months_payment, m.sku, m.name
       FROM phone_prices p JOIN phone_models m ON m.id = p.phone_model_id
      WHERE p.phone_model_id = $1 AND p.effective_to IS NULL`,
    [body.phone_model_id],
  );
  if (!current) throw badRequest('phone_model_id', 'valid phone model required');
  const pick = (from: Record<string, any>) => Object.fromEntries(PRICE_FIELDS.map((f) => [f, Number(from[f])])) as ChangeValues;
  return insertRequest(tx, {
    kind: 'phone_price_update',
    subject: `phone_model:${body.phone_model_id}`,
    maker,
    reason: null,
    payload: {
      summary: `New price of ${current.name} (${current.sku}): TZS ${body.rrp}, was TZS ${current.rrp}`,
      before: { sku: current.sku, ...pick(current) },
      after: { sku: current.sku, ...pick(body) },
      params: { ...pick(body), phone_model_id: body.phone_model_id, phone_price_id: current.id },
    },
    now,
    open: 'A price update of this phone model is already pending',
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The pending lists

const REQUEST_COLUMNS = `
  r.id, r.kind, r.status, r.reason, r.decision_comment, r.payload, r.applied, r.submitted_at, r.decided_at,
  r.customer_id, r.loan_id, r.device_id, r.store_id,
  m.id AS maker_id, m.username AS maker_username, m.full_name AS maker_name,
  k.id AS checker_id, k.username AS checker_username, k.full_name AS checker_name,
  s.name AS store_name, c.msisdn AS customer_msisdn, c.first_name || ' ' || c.other_names AS customer_name`;
const REQUEST_FROM = `requests r
  JOIN admins m ON m.id = r.maker_id
  LEFT JOIN admins k ON k.id = r.checker_id
  LEFT JOIN stores s ON s.id = r.store_id
  LEFT JOIN customers c ON c.id = r.customer_id`;

const personOf = (r: Row, who: 'maker' | 'checker') =>
  r[`${who}_id`] === null ? null : { id: r[`${who}_id`] as number, username: r[`${who}_username`] as string, name: r[`${who}_name`] as string };

function baseItem(r: Row, now: Date) {
  const payload = r.payload as Payload;
  return {
    id: r.id as number,
    status: r.status,
    reason: r.reason as string | null,
    requested_by: personOf(r, 'maker')!,
    requested_at: iso(r.submitted_at)!,
    waited_ms: Math.max(0, now.getTime() - new Date(r.submitted_at).getTime()),
    store: r.store_id === null ? null : { id: r.store_id as number, name: r.store_name as string },
    customer: r.customer_id === null ? null : { id: r.customer_id as number, msisdn: r.customer_msisdn as string, name: r.customer_name as string },
    before: payload.before,
    after: payload.after,
  };
}

const loanOf = (l: Row) => ({ id: l.id as number, loan_number: l.loan_number as string, status: l.status, loan_balance: l.loan_balance as number });

/** Reads what the customer requests would change now, from the loans and devices as they are. */
async function liveItems(tx: Tx, queue: RequestQueue, rows: Row[], now: Date) {
  const today = eatDay(now);
  if (queue === 'loan_extension') {
    const loans = await tx.query<Row>(
      `SELECT l.id, l.loan_number, l.status, l.loan_balance, l.days_defaulted,
              to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date,
              to_char(d.future_lock_date, 'YYYY-MM-DD') AS future_lock_date
         FROM loans l JOIN devices d ON d.id = l.device_id WHERE l.id = ANY($1::bigint[])`,
      [rows.map((r) => r.loan_id)],
    );
    const byId = new Map(loans.map((l) => [l.id, l]));
    return rows.map((r) => {
      const loan = byId.get(r.loan_id)!;
      const days = (r.payload as Payload).params.days_to_extend as number;
      const current = loan.next_repayment_date as string | null;
      const proposed = current === null ? null : addDays(current, days);
      const proposedDefaulted = proposed === null ? 0 : Math.max(0, daysBetween(proposed, today));
      const lock = loan.future_lock_date as string | null;
      return {
        ...baseItem(r, now),
        kind: 'loan_extension' as const,
        loan: loanOf(loan),
        days_to_extend: days,
        current_next_repayment_date: current,
        proposed_next_repayment_date: proposed,
        days_defaulted: loan.days_defaulted as number,
        proposed_days_defaulted: proposedDefaulted,
        before: { loan_number: loan.loan_number, next_repayment_date: current, days_defaulted: loan.days_defaulted, future_lock_date: lock },
        after: {
          loan_number: loan.loan_number,
          next_repayment_date: proposed,
          days_defaulted: proposedDefaulted,
          future_lock_date: lock === null ? null : addDays(lock, days),
        },
      };
    });
  }
  if (queue === 'loan_deactivation') {
    const loans = await tx.query<Row>(
      `SELECT id, customer_id, loan_number, status, loan_balance FROM loans
        WHERE id = ANY($1::bigint[]) OR (customer_id = ANY($2::bigint[]) AND status = 'active') ORDER BY id`,
      [rows.map((r) => r.loan_id).filter((id) => id !== null), rows.map((r) => r.customer_id)],
    );
    return rows.map((r) => {
      const active = loans.filter((l) => l.customer_id === r.customer_id && l.status === 'active');
      const named = loans.find((l) => l.id === r.loan_id);
      const total = active.reduce((sum, l) => sum + (l.loan_balance as number), 0);
      const numbers = active.map((l) => l.loan_number).join(', ') || null;
      return {
        ...baseItem(r, now),
        kind: 'loan_deactivation' as const,
        loan: named ? loanOf(named) : null,
        active_loans: active.map(loanOf),
        write_off_amount: total,
        before: { loans: numbers, loan_status: active.length ? 'active' : null, loan_balance: total, written_off: 0 },
        after: { loans: numbers, loan_status: active.length ? 'deactivated' : null, loan_balance: 0, written_off: total },
      };
    });
  }
  if (queue === 'imei_change') {
    const devices = await tx.query<Row>(
      'SELECT d.id, d.imei, m.name FROM devices d JOIN phone_models m ON m.id = d.phone_model_id WHERE d.id = ANY($1::bigint[])',
      [rows.map((r) => r.device_id)],
    );
    const byId = new Map(devices.map((d) => [d.id, d]));
    return rows.map((r) => {
      const device = byId.get(r.device_id)!;
      const next = (r.payload as Payload).params.new_imei as string;
      return {
        ...baseItem(r, now),
        kind: 'imei_change' as const,
        device: { id: device.id as number, name: device.name as string },
        old_imei: device.imei as string,
        new_imei: next,
        before: { device: device.name, imei: device.imei },
        after: { device: device.name, imei: next },
      };
    });
  }
  return rows.map((r) => ({ ...baseItem(r, now), kind: r.kind, summary: (r.payload as Payload).summary }));
}

interface PendingFilters {
  limit?: number;
  skip?: number;
  kind?: RequestKind;
  store_id?: number;
  requested_by?: number;
  ids?: number[];
}

async function pendingPage(tx: Tx, queue: RequestQueue, now: Date, f: PendingFilters) {
  const kinds: readonly string[] = f.kind ? [f.kind] : REQUEST_QUEUES[queue].kinds;
  const params: unknown[] = [kinds];
  const where = ["r.status = 'submitted'", 'r.kind = ANY($1::text[])'];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.store_id !== undefined) add('r.store_id = ?', f.store_id);
  if (f.requested_by !== undefined) add('r.maker_id = ?', f.requested_by);
  if (f.ids !== undefined) add('r.id = ANY(?::bigint[])', f.ids);
  const limit = f.limit ?? REQUEST_LIMITS.page;
  const skip = f.skip ?? 0;
  const sql = `FROM ${REQUEST_FROM} WHERE ${where.join(' AND ')}`;
  const [{ total }] = (await tx.query<{ total: number }>(`SELECT count(*)::int AS total ${sql}`, params)) as [{ total: number }];
  const rows = await tx.query<Row>(`SELECT ${REQUEST_COLUMNS} ${sql} ORDER BY r.submitted_at, r.id LIMIT ${limit} OFFSET ${skip}`, params);
  return { total, limit, skip, items: rows.length ? await liveItems(tx, queue, rows, now) : [] };
}

/** One page of a queue's pending requests, oldest first, each with how long it has waited. */
export async function listPending(deps: Deps, queue: RequestQueue, body: PendingFilters & { limit: number; skip: number }) {
  const now = deps.clock.now();
  const page = await pendingPage(deps.db, queue, now, body);
  return { pending_requests: page.items as never[], total: page.total, limit: page.limit, skip: page.skip };
}

// ---------------------------------------------------------------------------------------------------------------
// Effects: what approving each kind does, inside the deciding transaction. Each answers the change as it really
// found and left it, or throws a refusal (the transaction rolls back and the request stays pending).

interface EffectContext {
  request: Row;
  params: Record<string, any>;
  checker: Caller;
  now: Date;
}

type Effect = (tx: Tx, ctx: EffectContext) => Promise<Change>;

const changed = (message: string) => refuse(409, 'changed_since_request', message);

const EFFECTS: Record<RequestKind, Effect> = {
  async loan_extension(tx, { request, params, now }) {
    const days = params.days_to_extend as number;
    const today = eatDay(now);
    const [loan] = await tx.query<Row>(
      `SELECT l.id, l.loan_number, l.status, l.device_id, l.days_defaulted, l.amount_due,
              to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date,
              to_char(d.future_lock_date, 'YYYY-MM-DD') AS future_lock_date
         FROM loans l JOIN devices d ON d.id = l.device_id WHERE l.id = $1 FOR UPDATE OF l, d`,
      [request.loan_id],
    );
    if (!loan || loan.status !== 'active') throw refuse(409, 'no_active_loan', 'The loan is no longer active: deny the request instead');
    // days_defaulted follows the due date (today - next due, never below 0), and nothing is overdue once the due
    // date is past today, so what is due is the late fee alone. The lock date moves with the due date.
    const [after] = await tx.query<Row>(
      `UPDATE loans SET next_repayment_date = next_repayment_date + $2::int,
              days_defaulted = greatest(0, $3::date - (next_repayment_date + $2::int)),
              amount_due = CASE WHEN next_repayment_date + $2::int > $3::date THEN least(late_fee, loan_balance) ELSE amount_due END
        WHERE id = $1
        RETURNING to_char(next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date, days_defaulted, amount_due`,
      [loan.id, days, today],
    );
    const [device] = await tx.query<Row>(
      `UPDATE devices SET future_lock_date = future_lock_date + $2::int WHERE id = $1
        RETURNING to_char(future_lock_date, 'YYYY-MM-DD') AS future_lock_date`,
      [loan.device_id, days],
    );
    return {
      before: {
        loan_number: loan.loan_number, next_repayment_date: loan.next_repayment_date, days_defaulted: loan.days_defaulted,
        amount_due: loan.amount_due, future_lock_date: loan.future_lock_date,
      },
      after: {
        loan_number: loan.loan_number, next_repayment_date: after!.next_repayment_date, days_defaulted: after!.days_defaulted,
        amount_due: after!.amount_due, future_lock_date: device!.future_lock_date,
      },
    };
  },

  async loan_deactivation(tx, { request, checker, now }) {
    const loans = await tx.query<Row>(
      "SELECT id, loan_number, loan_balance FROM loans WHERE customer_id = $1 AND status = 'active' ORDER BY id FOR UPDATE",
      [request.customer_id],
    );
    if (!loans.length) throw refuse(409, 'no_active_loan', 'The customer has no active loan left: deny the request instead');
    let written = 0;
    for (const loan of loans) {
      await tx.query<Row>("UPDATE loans SET status = 'deactivated', closed_at = $2, amount_due = 0 WHERE id = $1", [loan.id, now]);
      // The receivable is gone: the balance the customer still owed becomes a bad-debt expense.
      if (loan.loan_balance > 0) {
        await post(tx, {
          kind: 'loan_write_off', debit: 'bad_debt_expense', credit: 'loans_receivable', amount: loan.loan_balance,
          description: `Write-off of ${loan.loan_number} on deregistration (request ${request.id})`,
          loanId: loan.id, requestId: request.id, postedBy: checker.adminId, at: now,
        });
        written += loan.loan_balance as number;
      }
    }
    const numbers = loans.map((l) => l.loan_number).join(', ');
    return {
      before: { loans: numbers, loan_status: 'active', loan_balance: written, written_off: 0 },
      after: { loans: numbers, loan_status: 'deactivated', loan_balance: 0, written_off: written },
    };
  },

  async imei_change(tx, { request, params }) {
    const imei = params.new_imei as string;
    const [device] = await tx.query<Row>(
      'SELECT d.id, d.imei, d.inventory_item_id, m.name FROM devices d JOIN phone_models m ON m.id = d.phone_model_id WHERE d.id = $1 FOR UPDATE OF d',
      [request.device_id],
    );
    if (await imeiTaken(tx, imei, device!.id, device!.inventory_item_id)) throw imeiInUse(imei);
    await tx.query<Row>('UPDATE devices SET imei = $2 WHERE id = $1', [device!.id, imei]).catch(onUnique(imeiInUse(imei)));
    return { before: { device: device!.name, imei: device!.imei }, after: { device: device!.name, imei } };
  },

  async phone_price_update(tx, { request, params, now }) {
    const [current] = await tx.query<Row>(
      'SELECT id, effective_from FROM phone_prices WHERE phone_model_id = $1 AND effective_to IS NULL FOR UPDATE',
      [params.phone_model_id],
    );
    if (!current || current.id !== params.phone_price_id) throw changed('The price of this phone has changed since the request: ask for a new update');
    if (new Date(current.effective_from).getTime() >= now.getTime()) throw changed('The current price starts later than now');
    await tx.query<Row>('UPDATE phone_prices SET effective_to = $2 WHERE id = $1', [current.id, now]);
    await tx.query<Row>(
      `INSERT INTO phone_prices (phone_model_id, rrp, wholesale_price, credit_multiplier, deposit, daily_payment, installments,
                                 twelve_months_payment, effective_from, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [params.phone_model_id, params.rrp, params.wholesale_price, params.credit_multiplier, params.deposit, params.daily_payment,
        params.installments, params.twelve_months_payment, now],
    );
    const payload = request.payload as Payload;
    return { before: payload.before, after: payload.after };
  },

  async portal_user_create(tx, { request, params, now }) {
    const [group] = await tx.query<Row>('SELECT id FROM admin_groups WHERE id = $1', [params.group_id]);
    if (!group) throw changed('The group no longer exists');
    const taken = changed('This username has been taken since the request');
    if ((await tx.query<Row>('SELECT 1 FROM admins WHERE lower(username) = lower($1)', [params.username])).length) throw taken;
    const [user] = await tx
      .query<{ id: number }>(
        `INSERT INTO admins (username, full_name, email, phone, password_hash, group_id, otp_enabled, otp_channel, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [params.username, params.full_name, params.email, params.phone, params.password_hash, params.group_id, params.otp_enabled, params.otp_channel, now],
      )
      .catch(onUnique(taken));
    const payload = request.payload as Payload;
    return { before: payload.before, after: { ...payload.after, user_id: user!.id } };
  },

  async group_role_add(tx, { request, params, now }) {
    const [group] = await tx.query<Row>('SELECT id FROM admin_groups WHERE id = $1', [params.group_id]);
    if (!group) throw changed('The group no longer exists');
    const [added] = await tx.query<Row>(
      'INSERT INTO admin_group_roles (group_id, admin_role, created_at) VALUES ($1, $2, $3) ON CONFLICT (group_id, admin_role) DO NOTHING RETURNING id',
      [params.group_id, params.admin_role, now],
    );
    if (!added) throw changed('The group already has this role');
    const payload = request.payload as Payload;
    return { before: payload.before, after: payload.after };
  },

  async group_role_remove(tx, { request, params }) {
    const [removed] = await tx.query<Row>('DELETE FROM admin_group_roles WHERE group_id = $1 AND admin_role = $2 RETURNING id', [
      params.group_id,
      params.admin_role,
    ]);
    if (!removed) throw changed('The group no longer has this role');
    const payload = request.payload as Payload;
    return { before: payload.before, after: payload.after };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Deciding

async function decideOne(deps: Deps, caller: Caller, queue: RequestQueue, id: number, body: z.output<typeof decideRequest>): Promise<DecisionResult> {
  const now = deps.clock.now();
  const status = body.decision === 'approve' ? 'approved' : 'denied';
  const comment = body.comment || null;
  return deps.db.transaction(async (tx) => {
    // The claim: only a submitted request of this queue, never by its maker. Concurrent deciders queue on the row
    // lock this takes; once the first commits, the others' WHERE no longer matches.
    const [request] = await tx.query<Row>(
      `UPDATE requests SET status = $2::text, checker_id = $3, decided_at = $4, decision_comment = $5,
              applied = CASE WHEN $2::text = 'approved' THEN '{}'::jsonb END
        WHERE id = $1 AND kind = ANY($6::text[]) AND status = 'submitted' AND maker_id <> $3
        RETURNING *`,
      [id, status, caller.adminId, now, comment, REQUEST_QUEUES[queue].kinds],
    );
    if (!request) {
      const [found] = await tx.query<Row>('SELECT kind, status, maker_id FROM requests WHERE id = $1', [id]);
      if (!found || !(REQUEST_QUEUES[queue].kinds as readonly string[]).includes(found.kind)) {
        throw refuse(404, 'not_found', `There is no ${QUEUE_WORDS[queue]} ${id}`);
      }
      if (found.status !== 'submitted') throw refuse(409, 'already_decided', `This request has already been decided (${found.status})`);
      throw refuse(403, 'own_request', 'You made this request: someone else must decide it');
    }
    const payload = request.payload as Payload;
    let change: Change = { before: payload.before, after: payload.after };
    if (status === 'approved') {
      change = await EFFECTS[request.kind as RequestKind](tx, { request, params: payload.params, checker: caller, now });
      await tx.query<Row>('UPDATE requests SET applied = $2 WHERE id = $1', [id, JSON.stringify(change)]);
    }
    await audit(tx, {
      actorId: caller.adminId,
      action: `request.${status}`,
      entity: 'request',
      entityId: id,
      before: { kind: request.kind, status: 'submitted', values: change.before },
      after: { kind: request.kind, status, comment, values: status === 'approved' ? change.after : change.before },
      at: now,
    });
    const result: DecisionResult = {
      id,
      outcome: status,
      status: 200,
      message: status === 'approved' ? 'Approved' : 'Denied',
    };
    if (status === 'approved') Object.assign(result, change);
    return result;
  });
}

/**
 * Decides one or several requests of a queue, each in its own transaction. The decision needs the queue's
 * approve or deny role; the maker never decides their own request.
 */
export async function decide(deps: Deps, caller: Caller, queue: RequestQueue, body: z.output<typeof decideRequest>): Promise<DecideResponse> {
  const rules = REQUEST_QUEUES[queue];
  needRole(caller, body.decision === 'approve' ? rules.approve : rules.deny);
  const results: DecisionResult[] = [];
  for (const id of body.ids) {
    try {
      results.push(await decideOne(deps, caller, queue, id, body));
    } catch (error) {
      // A call about one request answers its refusal; a bulk call reports each and goes on with the next.
      if (body.ids.length === 1) throw error;
      if (error instanceof HttpError) {
        results.push({ id, outcome: 'refused', status: error.status, reason: error.extra.reason as RequestRefusal, message: error.message });
      } else {
        console.error(`deciding request ${id} failed`, error);
        results.push({ id, outcome: 'refused', status: 500, reason: 'server_error', message: 'Something went wrong on the server' });
      }
    }
  }
  const count = (outcome: DecisionResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return { results, approved: count('approved'), denied: count('denied'), refused: count('refused') };
}

// ---------------------------------------------------------------------------------------------------------------
// The audit search

type AuditFilters = z.output<typeof requestAuditCsvQuery>;

function auditWhere(f: AuditFilters) {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.kind) add('r.kind = ?', f.kind);
  if (f.maker_id !== undefined) add('r.maker_id = ?', f.maker_id);
  if (f.checker_id !== undefined) add('r.checker_id = ?', f.checker_id);
  if (f.result) add('r.status = ?', f.result);
  const column = f.date_field === 'decided' ? 'r.decided_at' : 'r.submitted_at';
  if (f.from) add(`${column} >= ?`, eatDayStart(f.from));
  if (f.to) add(`${column} < ?`, new Date(eatDayStart(f.to).getTime() + DAY_MS));
  const order = f.date_field === 'decided' ? 'r.decided_at DESC NULLS LAST, r.id DESC' : 'r.submitted_at DESC, r.id DESC';
  return { sql: `FROM ${REQUEST_FROM}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`, params, order };
}

function auditItem(r: Row) {
  const shown = (r.applied ?? r.payload) as Change;
  return {
    id: r.id as number,
    kind: r.kind,
    status: r.status,
    reason: r.reason as string | null,
    comment: r.decision_comment as string | null,
    maker: personOf(r, 'maker')!,
    checker: personOf(r, 'checker'),
    submitted_at: iso(r.submitted_at)!,
    decided_at: iso(r.decided_at),
    store: r.store_id === null ? null : { id: r.store_id as number, name: r.store_name as string },
    customer: r.customer_id === null ? null : { id: r.customer_id as number, msisdn: r.customer_msisdn as string, name: r.customer_name as string },
    summary: (r.payload as Payload).summary,
    before: shown.before,
    after: shown.after,
  };
}

export async function searchAudit(deps: Deps, q: z.output<typeof requestAuditQuery>) {
  const { sql, params, order } = auditWhere(q);
  const [{ total }] = (await deps.db.query<{ total: number }>(`SELECT count(*)::int AS total ${sql}`, params)) as [{ total: number }];
  const rows = await deps.db.query<Row>(`SELECT ${REQUEST_COLUMNS} ${sql} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.skip}`, params);
  return { total, limit: q.limit, skip: q.skip, data: rows.map(auditItem) };
}

/**
 * One CSV cell: quoted when it holds a separator, quote or line break, and a text starting with = + - @ (or a tab
 * or carriage return) prefixed with ' so a spreadsheet shows it rather than running it as a formula: reasons and
 * comments are typed by staff.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function exportAuditCsv(deps: Deps, q: AuditFilters) {
  const { sql, params, order } = auditWhere(q);
  const rows = await deps.db.query<Row>(`SELECT ${REQUEST_COLUMNS} ${sql} ORDER BY ${order} LIMIT ${REQUEST_LIMITS.csvRows + 1}`, params);
  const truncated = rows.length > REQUEST_LIMITS.csvRows;
  const items = rows.slice(0, REQUEST_LIMITS.csvRows).map(auditItem);
  const lines = [REQUEST_AUDIT_CSV_COLUMNS.join(',')];
  for (const i of items) {
    const cells: Record<(typeof REQUEST_AUDIT_CSV_COLUMNS)[number], unknown> = {
      id: i.id, kind: i.kind, status: i.status, maker: i.maker.username, checker: i.checker?.username, submitted_at: i.submitted_at,
      decided_at: i.decided_at, customer_msisdn: i.customer?.msisdn, store: i.store?.name, summary: i.summary, reason: i.reason,
      comment: i.comment, before: i.before, after: i.after,
    };
    lines.push(REQUEST_AUDIT_CSV_COLUMNS.map((c) => csvCell(cells[c])).join(','));
  }
  return {
    filename: `requests-audit-${eatDay(deps.clock.now())}.csv`,
    content_type: 'text/csv' as const,
    rows: items.length,
    truncated,
    csv: `${lines.join('\r\n')}\r\n`,
  };
}
