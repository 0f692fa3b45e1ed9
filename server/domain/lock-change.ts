import type { z } from 'zod';
import { lockSolutionType, type LockSolutionType, type vivoSendRequest } from '../../src/contract/deposits';
import type {
  DeviceLockType,
  LockChanged,
  LockChangeStarted,
  LockSolutionStatus,
  changeLockRequest,
  confirmLockChangeRequest,
  lockTypeRequest,
} from '../../src/contract/lock-change';
import type { Caller, Deps } from '../deps';
import type { Queryable } from '../db/port';
import { audit } from '../audit';
import { DEPOSIT_RULES, agentOf } from './deposits/wizard';
import { type Row, customerNotFound, iso, refuse } from './shared';
import { hashCode, newCode } from './codes';
import { CURRENT_DEVICE_ID } from './devices';

/**
 * Lock solution change (issue 4, decision 008): the customer's current device moves to another lock provider.
 * Start records the change (one live per device, a new start replaces it) and answers the new type's instructions;
 * confirm applies it in one transaction with its audit row, then enrols the handset with the new provider after
 * the commit and records the outcome in a second transaction (never a transaction across the outside call). A
 * change to vivo needs an authorization code for the IMEI verified after the start, in the vivo_auth_codes of 004.
 * A stolen or lost device keeps its lock (and its provider) until it is recovered.
 */

const DEVICE_COLUMNS = `d.id, d.imei, d.lock_solution_type, d.lock_status, d.activation_status, d.is_locked, d.status,
  d.last_check_in, d.enrolled_at, c.msisdn`;

/** The customer's current device (of their newest loan, else their newest), as the customer view shows it. */
async function customerDevice(db: Queryable, msisdn: string, forUpdate = false): Promise<Row> {
  const [customer] = await db.query<Row>('SELECT id FROM customers WHERE msisdn = $1', [msisdn]);
  if (!customer) throw customerNotFound();
  const [device] = await db.query<Row>(
    `SELECT ${DEVICE_COLUMNS} FROM devices d JOIN customers c ON c.id = d.customer_id
      WHERE d.id = ${CURRENT_DEVICE_ID}
      ${forUpdate ? 'FOR UPDATE OF d' : ''}`,
    [customer.id],
  );
  if (!device) throw refuse(404, 'no_device', 'The customer has no device');
  return device;
}

const stolen = (device: Row) => device.status === 'stolen' || device.status === 'lost';
const refuseStolen = (device: Row) =>
  refuse(409, 'device_stolen', `This device is reported ${device.status}: its lock cannot change until it is recovered`);

// --- view_customer_device_lock_type, get_customer_status_lock_solution ------------------------------------------

export async function deviceLockType(deps: Deps, body: z.output<typeof lockTypeRequest>): Promise<DeviceLockType> {
  const device = await customerDevice(deps.db, body.msisdn);
  return {
    imei: device.imei,
    lock_solution_type: device.lock_solution_type,
    available_lock_solution_types: lockSolutionType.options.filter((type) => type !== device.lock_solution_type),
  };
}

export async function lockSolutionStatus(deps: Deps, body: z.output<typeof lockTypeRequest>): Promise<LockSolutionStatus> {
  const device = await customerDevice(deps.db, body.msisdn);
  return {
    imei: device.imei,
    lock_solution_type: device.lock_solution_type,
    lock_status: device.lock_status ?? null,
    activation_status: device.activation_status ?? null,
    is_locked: device.is_locked ?? null,
    last_check_in: iso(device.last_check_in),
    enrolled_at: iso(device.enrolled_at),
  };
}

// --- change_lock_solution -----------------------------------------------------------------------------------------

export async function startLockChange(deps: Deps, caller: Caller, body: z.output<typeof changeLockRequest>): Promise<LockChangeStarted> {
  const now = deps.clock.now();
  const device = await deps.db.transaction(async (tx) => {
    const d = await customerDevice(tx, body.msisdn, true);
    if (stolen(d)) throw refuseStolen(d);
    if (d.lock_solution_type === body.lock_solution_type)
      throw refuse(409, 'same_lock_type', `The device's lock is ${d.lock_solution_type} already`);
    await tx.query(
      'UPDATE lock_solution_changes SET replaced_at = $2 WHERE device_id = $1 AND applied_at IS NULL AND replaced_at IS NULL',
      [d.id, now],
    );
    const [change] = await tx.query<{ id: number }>(
      'INSERT INTO lock_solution_changes (device_id, from_type, to_type, started_by, started_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [d.id, d.lock_solution_type, body.lock_solution_type, caller.adminId, now],
    );
    await audit(tx, {
      actorId: caller.adminId,
      action: 'device.lock_change_started',
      entity: 'device',
      entityId: d.id,
      before: { lock_solution_type: d.lock_solution_type },
      after: { lock_solution_type: body.lock_solution_type, change_id: change!.id },
      at: now,
    });
    return d;
  });
  return {
    imei: device.imei,
    from_lock_solution_type: device.lock_solution_type,
    lock_solution_type: body.lock_solution_type,
    ...deps.adapters.lockProvider.instructions(device.imei, body.lock_solution_type),
    vivo_code_required: body.lock_solution_type === 'vivo',
    started_at: now.toISOString(),
  };
}

// --- change_lock_solution/send_auth_code -------------------------------------------------------------------------

export async function sendLockChangeVivoCode(deps: Deps, caller: Caller, body: z.output<typeof vivoSendRequest>) {
  const now = deps.clock.now();
  const [device] = await deps.db.query<Row>('SELECT id, status FROM devices WHERE imei = $1', [body.imei]);
  if (!device) throw refuse(404, 'not_found', 'No customer device with this IMEI');
  if (stolen(device)) throw refuseStolen(device);
  const [change] = await deps.db.query<Row>(
    "SELECT id FROM lock_solution_changes WHERE device_id = $1 AND to_type = 'vivo' AND applied_at IS NULL AND replaced_at IS NULL",
    [device.id],
  );
  if (!change) throw refuse(409, 'no_change_started', 'No change of this device to the vivo lock is started');
  // The same code as the wizard's, so verify_auth_code/vivo/device checks it.
  const agent = await agentOf(deps.db, caller);
  if (!agent.phone) throw refuse(409, 'no_phone', 'Your user has no phone number on record to send the code to');
  const code = newCode();
  const expiresAt = new Date(now.getTime() + DEPOSIT_RULES.vivoValidityMs);
  await deps.db.transaction(async (tx) => {
    await tx.query('UPDATE vivo_auth_codes SET replaced_at = $2 WHERE imei = $1 AND verified_at IS NULL AND replaced_at IS NULL', [
      body.imei,
      now,
    ]);
    await tx.query(
      'INSERT INTO vivo_auth_codes (imei, requested_by, recipient, code_hash, sent_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [body.imei, caller.adminId, agent.phone, hashCode(code), now, expiresAt],
    );
    await audit(tx, {
      actorId: caller.adminId,
      action: 'vivo.auth_code_sent',
      entity: 'device_imei',
      entityId: body.imei,
      after: { lock_change_id: change.id },
      at: now,
    });
  });
  await deps.adapters.lockProvider.sendVivoAuthCode({
    imei: body.imei,
    code,
    recipient: agent.phone,
    expiresInMinutes: DEPOSIT_RULES.vivoValidityMs / 60_000,
  });
  return { sent_at: now.toISOString(), expires_at: expiresAt.toISOString() };
}

// --- confirm_lock_solution_change --------------------------------------------------------------------------------

export async function confirmLockChange(deps: Deps, caller: Caller, body: z.output<typeof confirmLockChangeRequest>): Promise<LockChanged> {
  const now = deps.clock.now();
  const change = await deps.db.transaction(async (tx): Promise<Row> => {
    const d = await customerDevice(tx, body.msisdn, true);
    if (stolen(d)) throw refuseStolen(d);
    const [live] = await tx.query<Row>(
      'SELECT * FROM lock_solution_changes WHERE device_id = $1 AND applied_at IS NULL AND replaced_at IS NULL',
      [d.id],
    );
    if (!live) {
      // A retried confirmation: the change applied already, its enrolment is tried again if it is still pending.
      const [last] = await tx.query<Row>(
        'SELECT * FROM lock_solution_changes WHERE device_id = $1 AND applied_at IS NOT NULL ORDER BY applied_at DESC LIMIT 1',
        [d.id],
      );
      if (!last || last.to_type !== d.lock_solution_type)
        throw refuse(409, 'no_change_started', 'No lock solution change is started for this device');
      return { ...last, imei: d.imei, msisdn: d.msisdn };
    }
    if (live.to_type === 'vivo') {
      const verified = await tx.query('SELECT 1 FROM vivo_auth_codes WHERE imei = $1 AND verified_at >= $2 LIMIT 1', [
        d.imei,
        live.started_at,
      ]);
      if (!verified.length) throw refuse(409, 'vivo_not_verified', 'The vivo authorization code is not verified yet');
    }
    await tx.query('UPDATE lock_solution_changes SET applied_at = $2, applied_by = $3 WHERE id = $1', [live.id, now, caller.adminId]);
    await tx.query(
      "UPDATE devices SET lock_solution_type = $2, activation_status = 'activated', lock_status = 'active', enrolled_at = NULL WHERE id = $1",
      [d.id, live.to_type],
    );
    // A handset locked for arrears must be locked again by its new provider: a command for the lock-command worker.
    if (d.is_locked) {
      await tx.query(
        "INSERT INTO device_lock_commands (device_id, command, reason, requested_by, requested_at) VALUES ($1, 'lock', 'arrears', $2, $3)",
        [d.id, caller.adminId, now],
      );
    }
    await audit(tx, {
      actorId: caller.adminId,
      action: 'device.lock_solution_changed',
      entity: 'device',
      entityId: d.id,
      before: {
        lock_solution_type: d.lock_solution_type,
        activation_status: d.activation_status,
        lock_status: d.lock_status,
        enrolled_at: iso(d.enrolled_at),
      },
      after: { lock_solution_type: live.to_type, activation_status: 'activated', lock_status: 'active', change_id: live.id },
      at: now,
    });
    return { ...live, applied_at: now, imei: d.imei, msisdn: d.msisdn };
  });

  let enrolledAt: Date | null = change.enrolled_at ? new Date(change.enrolled_at) : null;
  if (!enrolledAt) {
    const enrolment = await deps.adapters.lockProvider
      .enrol({ imei: change.imei, lockType: change.to_type as LockSolutionType, customerMsisdn: change.msisdn })
      // A provider that does not answer leaves the enrolment pending (the answer says so): confirming again retries it.
      .catch(() => null);
    if (enrolment) {
      enrolledAt = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const done = await tx.query(
          'UPDATE lock_solution_changes SET enrolled_at = $2, enrolment_id = $3 WHERE id = $1 AND enrolled_at IS NULL RETURNING id',
          [change.id, enrolledAt, enrolment.enrolmentId],
        );
        if (!done.length) return;
        await tx.query('UPDATE devices SET enrolled_at = $2 WHERE id = $1 AND lock_solution_type = $3', [
          change.device_id,
          enrolledAt,
          change.to_type,
        ]);
        await audit(tx, {
          actorId: caller.adminId,
          action: 'device.lock_enrolled',
          entity: 'device',
          entityId: change.device_id,
          after: { lock_solution_type: change.to_type, enrolment_id: enrolment.enrolmentId, change_id: change.id },
          at: enrolledAt!,
        });
      });
    }
  }
  return {
    imei: change.imei,
    from_lock_solution_type: change.from_type,
    lock_solution_type: change.to_type,
    activation_status: 'activated',
    enrolment: enrolledAt ? 'enrolled' : 'pending',
    changed_at: iso(change.applied_at)!,
  };
}
