import type { z } from 'zod';
import type { otpVerifyRequest } from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { codeMatches, hashCode, newCode } from '../codes';
import { type Row, refuse } from '../shared';
import { customerOtpText } from './sms-texts';
import { DEPOSIT_RULES, agentOf, maskMsisdn, openWizardOf, outOfOrder, touch } from './wizard';

// --- agent_otp, customer_otp, customer/login/check -------------------------------------------------------------

export async function sendOtp(deps: Deps, caller: Caller, party: 'agent' | 'customer', wizardId: string) {
  const now = deps.clock.now();
  const w = await openWizardOf(deps.db, caller, wizardId);
  if (!w.deposit_paid_at) throw outOfOrder('The deposit is not paid yet');
  if (w.otp_verified_at) throw outOfOrder('The codes are already checked');
  const [c] = await deps.db.query<Row>('SELECT msisdn, first_name, other_names, language FROM customers WHERE id = $1', [w.customer_id]);
  const recipient = party === 'customer' ? (c!.msisdn as string) : (await agentOf(deps.db, caller)).phone;
  if (!recipient) throw refuse(409, 'no_phone', 'Your user has no phone number on record to send the code to');
  const code = newCode();
  const expiresAt = new Date(now.getTime() + DEPOSIT_RULES.otpValidityMs);
  await deps.db.transaction(async (tx) => {
    await openWizardOf(tx, caller, wizardId, true);
    const [sent] = await tx.query<Row>(
      `SELECT max(created_at) AS last, count(*) FILTER (WHERE created_at > $3)::int AS last_hour
         FROM first_deposit_otps WHERE wizard_id = $1 AND party = $2`,
      [wizardId, party, new Date(now.getTime() - 3_600_000)],
    );
    const sinceLast = sent?.last ? now.getTime() - new Date(sent.last).getTime() : Infinity;
    if (sinceLast < DEPOSIT_RULES.otpResendGapMs) {
      const wait = Math.ceil((DEPOSIT_RULES.otpResendGapMs - sinceLast) / 1000);
      throw refuse(429, 'throttled', `A code was sent moments ago: wait ${wait} seconds before sending another`, {
        retryAfterSeconds: wait,
      });
    }
    if ((sent?.last_hour ?? 0) >= DEPOSIT_RULES.otpPerHour) {
      throw refuse(429, 'throttled', 'Too many codes sent in the last hour: try again later', { retryAfterSeconds: 600 });
    }
    await tx.query(
      'UPDATE first_deposit_otps SET replaced_at = $3 WHERE wizard_id = $1 AND party = $2 AND used_at IS NULL AND replaced_at IS NULL',
      [wizardId, party, now],
    );
    await tx.query(
      'INSERT INTO first_deposit_otps (wizard_id, party, recipient, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [wizardId, party, recipient, hashCode(code), now, expiresAt],
    );
    await touch(tx, wizardId, now);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'first_deposit.otp_sent',
      entity: 'first_deposit',
      entityId: wizardId,
      after: { party, sent_to: maskMsisdn(recipient) },
      at: now,
    });
  });
  // Sent after the commit: the SMS gateway is an outside party.
  const name = `${c!.first_name} ${c!.other_names}`;
  await deps.adapters.messages.send({
    channel: 'sms',
    recipient,
    text:
      party === 'agent'
        ? `Simu agent code for the phone loan of ${name}: ${code}. It expires in 5 minutes.`
        : customerOtpText(c!.language, code),
  });
  return { sent_to: maskMsisdn(recipient), expires_at: expiresAt.toISOString() };
}

export async function verifyOtps(deps: Deps, caller: Caller, body: z.output<typeof otpVerifyRequest>) {
  const now = deps.clock.now();
  const w = await openWizardOf(deps.db, caller, body.wizard_id);
  if (w.otp_verified_at) return { verified: true as const };
  if (!w.deposit_paid_at) throw outOfOrder('The deposit is not paid yet');
  const outcome = await deps.db.transaction(async (tx) => {
    const wizard = await openWizardOf(tx, caller, body.wizard_id, true);
    if (wizard.otp_verified_at) return { kind: 'verified' as const };
    const codes = await tx.query<Row>(
      'SELECT * FROM first_deposit_otps WHERE wizard_id = $1 AND used_at IS NULL AND replaced_at IS NULL ORDER BY party FOR UPDATE',
      [body.wizard_id],
    );
    const agent = codes.find((r) => r.party === 'agent');
    const customer = codes.find((r) => r.party === 'customer');
    if (!agent || !customer) return { kind: 'missing' as const };
    if (new Date(agent.expires_at) <= now || new Date(customer.expires_at) <= now) return { kind: 'expired' as const };
    if (agent.failed_attempts >= DEPOSIT_RULES.otpMaxWrong || customer.failed_attempts >= DEPOSIT_RULES.otpMaxWrong)
      return { kind: 'locked' as const };
    const wrong = [
      ...(codeMatches(body.agent_code, agent.code_hash) ? [] : [['agent_code', agent] as const]),
      ...(codeMatches(body.customer_code, customer.code_hash) ? [] : [['customer_code', customer] as const]),
    ];
    if (wrong.length === 0) {
      await tx.query('UPDATE first_deposit_otps SET used_at = $2 WHERE id = ANY($1::bigint[])', [[agent.id, customer.id], now]);
      await tx.query('UPDATE first_deposits SET otp_verified_at = $2, updated_at = $2 WHERE wizard_id = $1', [body.wizard_id, now]);
      await audit(tx, {
        actorId: caller.adminId,
        action: 'first_deposit.otp_verified',
        entity: 'first_deposit',
        entityId: body.wizard_id,
        at: now,
      });
      return { kind: 'verified' as const };
    }
    let left: number = DEPOSIT_RULES.otpMaxWrong;
    for (const [, code] of wrong) {
      await tx.query('UPDATE first_deposit_otps SET failed_attempts = failed_attempts + 1 WHERE id = $1', [code.id]);
      left = Math.min(left, DEPOSIT_RULES.otpMaxWrong - (code.failed_attempts + 1));
    }
    const fields = Object.fromEntries(wrong.map(([field]) => [field, 'wrong code']));
    await audit(tx, {
      actorId: caller.adminId,
      action: 'first_deposit.otp_wrong',
      entity: 'first_deposit',
      entityId: body.wizard_id,
      after: { wrong: wrong.map(([field]) => field), left },
      at: now,
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
