import type { z } from 'zod';
import type { LockSolutionType, vivoSendRequest, vivoVerifyRequest } from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { codeMatches, hashCode, newCode } from '../codes';
import { type Row, refuse } from '../shared';
import { DEPOSIT_RULES, agentOf } from './wizard';

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
    await tx.query('UPDATE vivo_auth_codes SET replaced_at = $2 WHERE imei = $1 AND verified_at IS NULL AND replaced_at IS NULL', [
      body.imei,
      now,
    ]);
    await tx.query(
      `INSERT INTO vivo_auth_codes (imei, wizard_id, requested_by, recipient, code_hash, sent_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [body.imei, held?.wizard_id ?? null, caller.adminId, recipient, hashCode(code), now, expiresAt],
    );
    await audit(tx, {
      actorId: caller.adminId,
      action: 'vivo.auth_code_sent',
      entity: 'device_imei',
      entityId: body.imei,
      after: { wizard_id: held?.wizard_id ?? null },
      at: now,
    });
  });
  await deps.adapters.lockProvider.sendVivoAuthCode({
    imei: body.imei,
    code,
    recipient,
    expiresInMinutes: DEPOSIT_RULES.vivoValidityMs / 60_000,
  });
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
      const [done] = await tx.query<Row>(
        'SELECT code_hash FROM vivo_auth_codes WHERE imei = $1 AND verified_at IS NOT NULL ORDER BY verified_at DESC LIMIT 1',
        [body.imei],
      );
      return done && codeMatches(body.code, done.code_hash) ? 'verified' : 'none';
    }
    if (new Date(live.expires_at) <= now || live.failed_attempts >= DEPOSIT_RULES.vivoMaxWrong) return 'expired';
    if (!codeMatches(body.code, live.code_hash)) {
      await tx.query('UPDATE vivo_auth_codes SET failed_attempts = failed_attempts + 1 WHERE id = $1', [live.id]);
      await audit(tx, {
        actorId: caller.adminId,
        action: 'vivo.auth_code_wrong',
        entity: 'device_imei',
        entityId: body.imei,
        after: { wrong: live.failed_attempts + 1 },
        at: now,
      });
      return 'wrong';
    }
    await tx.query('UPDATE vivo_auth_codes SET verified_at = $2 WHERE id = $1', [live.id, now]);
    if (live.wizard_id)
      await tx.query('UPDATE first_deposits SET vivo_verified_at = $2, updated_at = $2 WHERE wizard_id = $1', [live.wizard_id, now]);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'vivo.auth_code_verified',
      entity: 'device_imei',
      entityId: body.imei,
      after: { wizard_id: live.wizard_id ?? null },
      at: now,
    });
    return 'verified';
  });
  if (outcome === 'none') throw refuse(404, 'not_found', 'No code sent for this IMEI');
  if (outcome === 'expired') throw refuse(409, 'auth_code_expired', 'The authorization code has expired: send a new one');
  if (outcome === 'wrong') {
    throw refuse(409, 'auth_code_wrong', 'Failed to verify the authorization code entered, check and try again', {
      fields: { code: 'wrong code' },
    });
  }
  return { imei: body.imei, verified: true as const };
}
