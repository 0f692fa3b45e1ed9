import { createHmac, randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  OFFLINE_PIN,
  type CallRating,
  type DepositTransactions,
  type DeviceStatus,
  type LoanStatements,
  type MessageSent,
  type OfflinePin,
  type awardDataRequest,
  type callRatingRequest,
  type customerRequest,
  type customerSmsRequest,
  type depositTransactionsRequest,
  type deviceSearchRequest,
  type deviceStatusChange,
  type loanStatementsRequest,
  type offlinePinRequest,
} from '../../src/contract/customer-actions';
import type { Caller, Deps } from '../deps';
import type { Queryable } from '../db/port';
import { HttpError, badRequest } from '../errors';
import { audit } from '../audit';
import { pageBounds } from '../db/page';
import { eatDay } from './calendar';
import { CURRENT_DEVICE_ID, currentDeviceId, deviceName } from './devices';
import { type Row, type Tx, customerNotFound, iso, refuse } from './shared';

/**
 * What staff do on a customer's phone and account. Every change runs in one transaction with its audit row; a
 * message to the customer goes out after the commit. The device row is locked (FOR UPDATE) by every change that
 * reads its status, so a theft report and an unlock code can never pass each other.
 *
 * Locking follows one rule (wantsLock): a stolen or lost device is locked whatever is paid; otherwise a device is
 * locked when its active loan is in arrears past the device's future lock date. Each change of is_locked writes a
 * command for the lock provider (device_lock_commands), delivered after the commit.
 */

const HOUR_MS = 3_600_000;

async function customerByMsisdn(db: Queryable, msisdn: string): Promise<Row> {
  const [customer] = await db.query<Row>("SELECT id, msisdn, first_name || ' ' || other_names AS name FROM customers WHERE msisdn = $1", [
    msisdn,
  ]);
  if (!customer) throw customerNotFound();
  return customer;
}

/** The customer's current device: the one of their newest loan, else their newest device (as the customer view). */
async function currentDeviceOf(db: Queryable, customerId: number): Promise<number | null> {
  const [row] = await db.query<{ id: number | null }>(`SELECT ${CURRENT_DEVICE_ID} AS id`, [customerId]);
  return row?.id ?? null;
}

/**
 * A device's status as the screens show it, in one statement: the device, its customer, its loan (the active one,
 * else the newest) and its newest incident with who reported it. `where` picks the device (a condition on `d`).
 */
const deviceStatusSql = (where: string) =>
  `SELECT d.id, d.imei, d.status, d.is_locked, m.brand, m.name, c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name,
          l.loan_number, l.status AS loan_status, l.days_defaulted, to_char(d.future_lock_date, 'YYYY-MM-DD') AS future_lock_date,
          i.kind AS incident_kind, to_char(i.occurred_on, 'YYYY-MM-DD') AS incident_on, i.notes AS incident_notes,
          i.full_name AS incident_by, i.created_at AS incident_at
     FROM devices d JOIN phone_models m ON m.id = d.phone_model_id JOIN customers c ON c.id = d.customer_id
     LEFT JOIN LATERAL (SELECT * FROM loans x WHERE x.device_id = d.id ORDER BY (x.status = 'active') DESC, x.started_at DESC LIMIT 1) l ON true
     LEFT JOIN LATERAL (SELECT x.kind, x.occurred_on, x.notes, x.created_at, a.full_name FROM device_incidents x LEFT JOIN admins a ON a.id = x.reported_by
                         WHERE x.device_id = d.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) i ON true
    WHERE ${where}`;

const deviceStatusFrom = (d: Row): DeviceStatus => ({
  device_id: d.id,
  imei: d.imei,
  device_name: deviceName(String(d.brand), String(d.name)),
  status: d.status,
  is_locked: d.is_locked,
  customer: { id: d.customer_id, msisdn: d.msisdn, name: d.customer_name },
  loan: d.loan_number
    ? { loan_number: d.loan_number, status: d.loan_status, days_defaulted: d.days_defaulted, future_lock_date: d.future_lock_date }
    : null,
  last_incident: d.incident_kind
    ? {
        kind: d.incident_kind,
        occurred_on: d.incident_on,
        notes: d.incident_notes,
        reported_by: d.incident_by,
        reported_at: iso(d.incident_at)!,
      }
    : null,
});

export async function deviceStatusOf(db: Queryable, deviceId: number): Promise<DeviceStatus> {
  const [d] = (await db.query<Row>(deviceStatusSql('d.id = $1'), [deviceId])) as [Row];
  return deviceStatusFrom(d);
}

// ---------------------------------------------------------------------------------------------------------------
// Locking

/**
 * Whether the business wants this device locked now (see the module comment). Arrears do not lock a device unlocked
 * until a promise date (an approved promise_unlocks grant, decision 020) while its day has not passed.
 */
async function wantsLock(tx: Tx, device: Row, now: Date): Promise<boolean> {
  if (device.status === 'stolen' || device.status === 'lost') return true;
  const [arrears] = await tx.query<Row>(
    `SELECT 1 FROM loans l JOIN devices d ON d.id = l.device_id
      WHERE l.device_id = $1 AND l.status = 'active' AND l.days_defaulted > 0
        AND d.future_lock_date IS NOT NULL AND d.future_lock_date < $2::date
        AND NOT EXISTS (SELECT 1 FROM promise_unlocks u WHERE u.device_id = d.id AND u.ended_at IS NULL AND u.until_day >= $2::date)`,
    [device.id, eatDay(now)],
  );
  return arrears !== undefined;
}

async function lockCommand(tx: Tx, deviceId: number, command: 'lock' | 'unlock', reason: string, actorId: number | null, now: Date) {
  await tx.query('INSERT INTO device_lock_commands (device_id, command, reason, requested_by, requested_at) VALUES ($1, $2, $3, $4, $5)', [
    deviceId,
    command,
    reason,
    actorId,
    now,
  ]);
}

/**
 * Brings is_locked in line with the loan (a payment that brings the loan current unlocks, arrears past the lock
 * date lock); a stolen or lost device stays locked whatever is paid. Call inside the transaction that changed the
 * loan. Answers whether the device is locked.
 */
export async function syncDeviceLock(tx: Tx, deviceId: number, now: Date, actorId: number | null = null): Promise<boolean> {
  const [device] = await tx.query<Row>('SELECT id, status, is_locked FROM devices WHERE id = $1 FOR UPDATE', [deviceId]);
  if (!device) throw refuse(404, 'not_found', 'No such device');
  const locked = await wantsLock(tx, device, now);
  if (locked !== device.is_locked) {
    await tx.query('UPDATE devices SET is_locked = $2 WHERE id = $1', [deviceId, locked]);
    await lockCommand(tx, deviceId, locked ? 'lock' : 'unlock', locked ? 'arrears' : 'current', actorId, now);
    await audit(tx, {
      actorId,
      action: locked ? 'device.locked' : 'device.unlocked',
      entity: 'device',
      entityId: deviceId,
      before: { is_locked: device.is_locked },
      after: { is_locked: locked },
      at: now,
    });
  }
  return locked;
}

// ---------------------------------------------------------------------------------------------------------------
// Find, stolen, recovered

export async function findDevice(deps: Deps, caller: Caller, body: z.output<typeof deviceSearchRequest>): Promise<DeviceStatus> {
  if (!caller.roles.includes('REPORT_STOLEN_PHONE') && !caller.roles.includes('ADD_RECOVERED_PHONE')) {
    throw new HttpError(403, 'This needs the REPORT_STOLEN_PHONE or ADD_RECOVERED_PHONE role', { role: 'REPORT_STOLEN_PHONE' });
  }
  const { imei, msisdn } = body.search;
  if (imei !== undefined) {
    const [d] = await deps.db.query<Row>(deviceStatusSql('d.imei = $1'), [imei]);
    if (!d) throw refuse(404, 'not_found', 'No device with this IMEI');
    return deviceStatusFrom(d);
  }
  // The customer and their current device's status in one statement (one round trip, issue 16): no row is no such
  // customer, a row without a device a customer who has none.
  const [found] = await deps.db.query<Row>(
    `SELECT s.* FROM customers k LEFT JOIN LATERAL (${deviceStatusSql(`d.id = ${currentDeviceId('k.id')}`)}) s ON true WHERE k.msisdn = $1`,
    [msisdn],
  );
  if (!found) throw customerNotFound();
  if (found.id === null) throw refuse(404, 'no_device', 'This customer has no device');
  return deviceStatusFrom(found);
}

function notInFuture(day: string, now: Date) {
  if (day > eatDay(now)) throw badRequest('occurred_on', 'The date cannot be in the future');
}

async function deviceForUpdate(tx: Tx, imei: string): Promise<Row> {
  const [device] = await tx.query<Row>('SELECT id, status, is_locked, customer_id FROM devices WHERE imei = $1 FOR UPDATE', [imei]);
  if (!device) throw refuse(404, 'not_found', 'No device with this IMEI');
  return device;
}

export async function reportStolen(deps: Deps, caller: Caller, body: z.output<typeof deviceStatusChange>): Promise<DeviceStatus> {
  const now = deps.clock.now();
  notInFuture(body.occurred_on, now);
  return deps.db.transaction(async (tx) => {
    const device = await deviceForUpdate(tx, body.imei);
    if (device.status === 'stolen' || device.status === 'lost') {
      throw refuse(409, 'already_stolen', `This device is already reported ${device.status}`);
    }
    await tx.query("UPDATE devices SET status = 'stolen', status_since = $2, is_locked = true WHERE id = $1", [
      device.id,
      body.occurred_on,
    ]);
    await tx.query(
      "INSERT INTO device_incidents (device_id, kind, occurred_on, notes, reported_by, created_at) VALUES ($1, 'stolen', $2, $3, $4, $5)",
      [device.id, body.occurred_on, body.notes || null, caller.adminId, now],
    );
    // Codes read out before the theft must not unlock the handset in the thief's hands.
    const revoked = await tx.query<{ id: number }>(
      'UPDATE offline_pins SET revoked_at = $2 WHERE device_id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2 RETURNING id',
      [device.id, now],
    );
    if (!device.is_locked) await lockCommand(tx, device.id, 'lock', 'stolen', caller.adminId, now);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'device.stolen',
      entity: 'device',
      entityId: device.id,
      before: { status: device.status, is_locked: device.is_locked },
      after: {
        status: 'stolen',
        is_locked: true,
        occurred_on: body.occurred_on,
        notes: body.notes || null,
        offline_pins_revoked: revoked.length,
      },
      at: now,
    });
    return deviceStatusOf(tx, device.id);
  });
}

export async function recordRecovered(deps: Deps, caller: Caller, body: z.output<typeof deviceStatusChange>): Promise<DeviceStatus> {
  const now = deps.clock.now();
  notInFuture(body.occurred_on, now);
  return deps.db.transaction(async (tx) => {
    const device = await deviceForUpdate(tx, body.imei);
    if (device.status !== 'stolen' && device.status !== 'lost') {
      throw refuse(409, 'not_stolen', 'This device is not reported stolen or lost');
    }
    const locked = await wantsLock(tx, { ...device, status: 'active' }, now);
    await tx.query("UPDATE devices SET status = 'active', status_since = NULL, is_locked = $2 WHERE id = $1", [device.id, locked]);
    await tx.query(
      "INSERT INTO device_incidents (device_id, kind, occurred_on, notes, reported_by, created_at) VALUES ($1, 'recovered', $2, $3, $4, $5)",
      [device.id, body.occurred_on, body.notes || null, caller.adminId, now],
    );
    if (!locked) await lockCommand(tx, device.id, 'unlock', 'recovered', caller.adminId, now);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'device.recovered',
      entity: 'device',
      entityId: device.id,
      before: { status: device.status, is_locked: device.is_locked },
      after: { status: 'active', is_locked: locked, occurred_on: body.occurred_on, notes: body.notes || null },
      at: now,
    });
    return deviceStatusOf(tx, device.id);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Offline PIN

const codeHash = (secret: string, deviceId: number, code: string) =>
  createHmac('sha256', secret).update(`offline-pin:${deviceId}:${code}`).digest('hex');

/** A 429 when `count` rows already fall in the window; Retry-After is when the oldest of them leaves it. */
async function rateLimit(
  tx: Tx,
  column: 'device_id' | 'issued_by',
  id: number,
  limit: { count: number; windowHours: number },
  now: Date,
  reason: string,
  message: string,
) {
  const since = new Date(now.getTime() - limit.windowHours * HOUR_MS);
  const rows = await tx.query<{ issued_at: string }>(
    `SELECT issued_at FROM offline_pins WHERE ${column} = $1 AND issued_at > $2 ORDER BY issued_at`,
    [id, since],
  );
  if (rows.length >= limit.count) {
    const freeAt = new Date(rows[rows.length - limit.count]!.issued_at).getTime() + limit.windowHours * HOUR_MS;
    throw refuse(429, reason, message, { retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) });
  }
  return limit.count - rows.length;
}

export async function issueOfflinePin(deps: Deps, caller: Caller, body: z.output<typeof offlinePinRequest>): Promise<OfflinePin> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const customer = await customerByMsisdn(tx, body.msisdn);
    const deviceId = body.imei
      ? ((await tx.query<{ id: number }>('SELECT id FROM devices WHERE imei = $1 AND customer_id = $2', [body.imei, customer.id]))[0]?.id ??
        null)
      : await currentDeviceOf(tx, customer.id);
    if (deviceId === null)
      throw refuse(404, 'no_device', body.imei ? 'This customer has no device with this IMEI' : 'This customer has no device');
    const [device] = (await tx.query<Row>('SELECT id, imei, status FROM devices WHERE id = $1 FOR UPDATE', [deviceId])) as [Row];
    if (device.status === 'stolen' || device.status === 'lost') {
      throw refuse(409, 'device_stolen', `This device is reported ${device.status}: it stays locked until it is recorded recovered`);
    }
    // The staff member's row serialises their own requests, so two at once cannot both pass the count.
    await tx.query('SELECT id FROM admins WHERE id = $1 FOR UPDATE', [caller.adminId]);
    const left = await rateLimit(
      tx,
      'device_id',
      device.id,
      OFFLINE_PIN.perDevice,
      now,
      'device_rate_limited',
      `This device already got ${OFFLINE_PIN.perDevice.count} offline PINs in the last ${OFFLINE_PIN.perDevice.windowHours} hours`,
    );
    await rateLimit(
      tx,
      'issued_by',
      caller.adminId,
      OFFLINE_PIN.perStaff,
      now,
      'staff_rate_limited',
      `You issued ${OFFLINE_PIN.perStaff.count} offline PINs in the last hour: wait before issuing another`,
    );
    const code = String(randomInt(0, 10 ** OFFLINE_PIN.digits)).padStart(OFFLINE_PIN.digits, '0');
    const expiresAt = new Date(now.getTime() + OFFLINE_PIN.validHours * HOUR_MS);
    const [row] = (await tx.query<{ id: number }>(
      'INSERT INTO offline_pins (device_id, customer_id, issued_by, code_hash, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [device.id, customer.id, caller.adminId, codeHash(deps.config.jwtSecret, device.id, code), now, expiresAt],
    )) as [{ id: number }];
    // The code itself is never stored nor audited: it is shown once, to be read to the customer.
    await audit(tx, {
      actorId: caller.adminId,
      action: 'offline_pin.issued',
      entity: 'device',
      entityId: device.id,
      after: { offline_pin_id: row.id, imei: device.imei, customer_id: customer.id, expires_at: expiresAt.toISOString() },
      at: now,
    });
    return { code, imei: device.imei, expires_at: expiresAt.toISOString(), left_for_device: left - 1 };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// SMS and call ratings

export async function customerSms(deps: Deps, body: z.output<typeof customerSmsRequest>) {
  const customer = await customerByMsisdn(deps.db, body.msisdn);
  const [{ total }] = (await deps.db.query<{ total: number }>('SELECT count(*)::int AS total FROM customer_sms WHERE customer_id = $1', [
    customer.id,
  ])) as [{ total: number }];
  const rows = await deps.db.query<Row>(
    'SELECT id, body, category, status, sent_at FROM customer_sms WHERE customer_id = $1 ORDER BY sent_at DESC, id DESC LIMIT $2 OFFSET $3',
    [customer.id, body.limit, body.skip],
  );
  return { total, texts: rows.map((r) => ({ id: r.id, body: r.body, category: r.category, status: r.status, sent_at: iso(r.sent_at)! })) };
}

const ratingOf = (r: Row): CallRating => ({
  id: r.id,
  call_type: r.call_type,
  mood: r.mood,
  description: r.description,
  comment: r.comment,
  rated_by: r.rated_by,
  created_at: iso(r.created_at)!,
});

export async function rateCall(deps: Deps, caller: Caller, body: z.output<typeof callRatingRequest>): Promise<CallRating> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const customer = await customerByMsisdn(tx, body.msisdn);
    const [row] = (await tx.query<Row>(
      `INSERT INTO call_ratings (customer_id, call_type, mood, description, comment, rated_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [customer.id, body.call_type, body.mood, body.description, body.comment || null, caller.adminId, now],
    )) as [Row];
    const rating = ratingOf({ ...row, rated_by: caller.name });
    await audit(tx, {
      actorId: caller.adminId,
      action: 'call_rating.created',
      entity: 'customer',
      entityId: customer.id,
      after: rating,
      at: now,
    });
    return rating;
  });
}

export async function callRatings(deps: Deps, body: z.output<typeof customerSmsRequest>) {
  const customer = await customerByMsisdn(deps.db, body.msisdn);
  const [{ total }] = (await deps.db.query<{ total: number }>('SELECT count(*)::int AS total FROM call_ratings WHERE customer_id = $1', [
    customer.id,
  ])) as [{ total: number }];
  const rows = await deps.db.query<Row>(
    `SELECT r.*, a.full_name AS rated_by FROM call_ratings r JOIN admins a ON a.id = r.rated_by
      WHERE r.customer_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [customer.id, body.limit, body.skip],
  );
  return { total, ratings: rows.map(ratingOf) };
}

// ---------------------------------------------------------------------------------------------------------------
// Payments and statements

export async function depositTransactions(deps: Deps, body: z.output<typeof depositTransactionsRequest>): Promise<DepositTransactions> {
  // The customer, their number of payments and a page of them in one statement (one round trip, issue 16): no row is
  // no such customer; a row without a payment is an empty page.
  const rows = await deps.db.query<Row>(
    `SELECT (SELECT count(*)::int FROM transactions x WHERE x.customer_id = c.id) AS total, t.*
       FROM customers c
       LEFT JOIN LATERAL (
         SELECT t.id, t.transaction_id, t.kind, t.payment_method, t.status, t.amount, l.loan_number, t.payment_phone,
                coalesce(t.date_processed, t.created_at) AS at
           FROM transactions t LEFT JOIN loans l ON l.id = t.loan_id
          WHERE t.customer_id = c.id ORDER BY at DESC, t.id DESC ${pageBounds(body.limit, body.skip)}) t ON true
      WHERE c.msisdn = $1
      ORDER BY t.at DESC, t.id DESC`,
    [body.msisdn],
  );
  if (!rows.length) throw customerNotFound();
  return {
    total: Number(rows[0]!.total),
    transactions: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id,
        transaction_id: r.transaction_id,
        kind: r.kind,
        payment_method: r.payment_method,
        status: r.status,
        amount: r.amount,
        loan_number: r.loan_number,
        payment_phone: r.payment_phone,
        date: iso(r.at)!,
      })),
  };
}

export async function loanStatements(deps: Deps, body: z.output<typeof loanStatementsRequest>): Promise<LoanStatements> {
  const customer = await customerByMsisdn(deps.db, body.msisdn);
  const loans = await deps.db.query<Row>(
    `SELECT id, loan_number, deposit_paid, installment_amount * installments AS repayable, late_fee, started_at
       FROM loans WHERE customer_id = $1 AND ($2::bigint IS NULL OR id = $2) ORDER BY started_at DESC, id DESC`,
    [customer.id, body.loan_id ?? null],
  );
  if (body.loan_id !== undefined && !loans.length) throw refuse(404, 'not_found', 'No such loan of this customer');
  const statements = [];
  for (const loan of loans) {
    const payments = await deps.db.query<Row>(
      `SELECT amount, date_processed FROM transactions
        WHERE loan_id = $1 AND kind = 'repayment' AND status = 'completed' ORDER BY date_processed, id`,
      [loan.id],
    );
    let balance = loan.deposit_paid + loan.repayable;
    const entries = [{ date: iso(loan.started_at)!, description: 'price', debit: balance, credit: 0, balance }];
    balance -= loan.deposit_paid;
    entries.push({ date: iso(loan.started_at)!, description: 'deposit', debit: 0, credit: loan.deposit_paid, balance });
    for (const p of payments) {
      balance -= p.amount;
      entries.push({ date: iso(p.date_processed)!, description: 'payment', debit: 0, credit: p.amount, balance });
    }
    if (loan.late_fee > 0) {
      balance += loan.late_fee;
      entries.push({ date: iso(deps.clock.now())!, description: 'late_fee', debit: loan.late_fee, credit: 0, balance });
    }
    statements.push({ loan_id: loan.id, loan_number: loan.loan_number, entries });
  }
  return { statements };
}

// ---------------------------------------------------------------------------------------------------------------
// Reset PIN, forgot password, data bundles

const secretHash = (secret: string, customerId: number, what: string, value: string) =>
  createHmac('sha256', secret).update(`${what}:${customerId}:${value}`).digest('hex');
const digits = (n: number) => String(randomInt(0, 10 ** n)).padStart(n, '0');

/** Records an SMS in the customer's list (with the secret masked) and returns what the gateway sends after commit. */
async function customerSmsRow(tx: Tx, customer: Row, shown: string, now: Date) {
  await tx.query("INSERT INTO customer_sms (customer_id, msisdn, body, category, sent_at) VALUES ($1, $2, $3, 'other', $4)", [
    customer.id,
    customer.msisdn,
    shown,
    now,
  ]);
}

export async function resetPin(deps: Deps, caller: Caller, body: z.output<typeof customerRequest>): Promise<MessageSent> {
  const now = deps.clock.now();
  const pin = digits(4);
  const customer = await deps.db.transaction(async (tx) => {
    const c = await customerByMsisdn(tx, body.msisdn);
    await tx.query(
      `INSERT INTO customer_credentials (customer_id, pin_hash, must_change, updated_at) VALUES ($1, $2, true, $3)
       ON CONFLICT (customer_id) DO UPDATE SET pin_hash = EXCLUDED.pin_hash, must_change = true, updated_at = EXCLUDED.updated_at`,
      [c.id, secretHash(deps.config.jwtSecret, c.id, 'pin', pin), now],
    );
    await customerSmsRow(tx, c, 'Your Simu PIN was reset. Your temporary PIN is ****. Change it when you log in.', now);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'customer.pin_reset',
      entity: 'customer',
      entityId: c.id,
      after: { must_change: true },
      at: now,
    });
    return c;
  });
  await deps.adapters.messages.send({
    channel: 'sms',
    recipient: customer.msisdn,
    text: `Your Simu PIN was reset. Your temporary PIN is ${pin}. Change it when you log in.`,
  });
  return { sent_to: customer.msisdn, sent_at: now.toISOString(), expires_at: null };
}

export async function forgotPassword(deps: Deps, caller: Caller, body: z.output<typeof customerRequest>): Promise<MessageSent> {
  const now = deps.clock.now();
  const code = digits(6);
  const expiresAt = new Date(now.getTime() + 15 * 60_000);
  const customer = await deps.db.transaction(async (tx) => {
    const c = await customerByMsisdn(tx, body.msisdn);
    await tx.query(
      `INSERT INTO customer_credentials (customer_id, reset_code_hash, reset_code_expires_at, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (customer_id) DO UPDATE SET reset_code_hash = EXCLUDED.reset_code_hash,
         reset_code_expires_at = EXCLUDED.reset_code_expires_at, updated_at = EXCLUDED.updated_at`,
      [c.id, secretHash(deps.config.jwtSecret, c.id, 'reset', code), expiresAt, now],
    );
    await customerSmsRow(tx, c, 'Your Simu password reset code is ******. It expires in 15 minutes.', now);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'customer.password_reset_code',
      entity: 'customer',
      entityId: c.id,
      after: { expires_at: expiresAt.toISOString() },
      at: now,
    });
    return c;
  });
  await deps.adapters.messages.send({
    channel: 'sms',
    recipient: customer.msisdn,
    text: `Your Simu password reset code is ${code}. It expires in 15 minutes.`,
  });
  return { sent_to: customer.msisdn, sent_at: now.toISOString(), expires_at: expiresAt.toISOString() };
}

export async function awardData(deps: Deps, caller: Caller, body: z.output<typeof awardDataRequest>) {
  const now = deps.clock.now();
  const { award, customer } = await deps.db.transaction(async (tx) => {
    const c = await customerByMsisdn(tx, body.msisdn);
    await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [c.id]);
    const [recent] = await tx.query('SELECT 1 FROM data_bundle_awards WHERE customer_id = $1 AND awarded_at > $2', [
      c.id,
      new Date(now.getTime() - 7 * 24 * HOUR_MS),
    ]);
    if (recent) throw refuse(409, 'bundle_recent', 'A data bundle was awarded to this customer in the last 7 days');
    const [row] = (await tx.query<Row>(
      'INSERT INTO data_bundle_awards (customer_id, bundle, reason, awarded_by, awarded_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [c.id, body.bundle, body.reason, caller.adminId, now],
    )) as [Row];
    const text = `You have received a ${body.bundle} data bundle from Simu. Enjoy!`;
    await customerSmsRow(tx, c, text, now);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'data_bundle.awarded',
      entity: 'customer',
      entityId: c.id,
      after: { bundle: body.bundle, reason: body.reason },
      at: now,
    });
    return { award: { id: row.id as number, bundle: body.bundle, msisdn: c.msisdn as string, awarded_at: now.toISOString() }, customer: c };
  });
  await deps.adapters.messages.send({
    channel: 'sms',
    recipient: customer.msisdn,
    text: `You have received a ${body.bundle} data bundle from Simu. Enjoy!`,
  });
  return award;
}
