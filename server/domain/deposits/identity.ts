import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { fingerprintVerifyRequest, securityAnswerRequest } from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { verifySecurityAnswer } from '../security-answers';
import { type Row, refuse } from '../shared';
import { DEPOSIT_RULES, openWizardOf, outOfOrder } from './wizard';

// --- biometric/verification, rq/verification -------------------------------------------------------------------

const newContractRef = () => randomBytes(18).toString('base64url');

function identityOut(w: Row) {
  return {
    verified: true as const,
    method: w.identity_method as 'fingerprint' | 'security_question',
    contract_ref: w.contract_ref as string,
  };
}

async function recordIdentity(deps: Deps, caller: Caller, wizardId: string, method: 'fingerprint' | 'security_question', now: Date) {
  return deps.db.transaction(async (tx) => {
    const w = await openWizardOf(tx, caller, wizardId, true);
    if (w.identity_verified_at) return identityOut(w);
    const [updated] = await tx.query<Row>(
      `UPDATE first_deposits SET identity_method = $2, identity_verified_at = $3, contract_ref = $4, updated_at = $3
        WHERE wizard_id = $1 RETURNING identity_method, contract_ref`,
      [wizardId, method, now, newContractRef()],
    );
    await audit(tx, {
      actorId: caller.adminId,
      action: 'first_deposit.identity_verified',
      entity: 'first_deposit',
      entityId: wizardId,
      after: { method },
      at: now,
    });
    return identityOut(updated!);
  });
}

export async function verifyFingerprint(deps: Deps, caller: Caller, body: z.output<typeof fingerprintVerifyRequest>) {
  const now = deps.clock.now();
  const w = await openWizardOf(deps.db, caller, body.wizard_id);
  if (w.identity_verified_at) return identityOut(w);
  if (!w.otp_verified_at) throw outOfOrder('The OTP codes are not checked yet');
  const [c] = await deps.db.query<Row>('SELECT nida_number FROM customers WHERE id = $1', [w.customer_id]);
  if (!c?.nida_number || c.nida_number !== body.nida_number) {
    throw refuse(409, 'nida_mismatch', "The NIDA number is not the customer's", {
      fields: { nida_number: "not the customer's NIDA number" },
    });
  }
  // The registry is an outside party: asked outside any transaction.
  const check = await deps.adapters.nida.verifyFingerprint(body.nida_number, body.fingerprint);
  if (check !== 'match') {
    await deps.db.transaction((tx) =>
      audit(tx, {
        actorId: caller.adminId,
        action: 'first_deposit.fingerprint_mismatch',
        entity: 'first_deposit',
        entityId: body.wizard_id,
        after: { check },
        at: now,
      }),
    );
    throw refuse(409, 'fingerprint_mismatch', 'The fingerprint does not match the NIDA number provided');
  }
  return recordIdentity(deps, caller, body.wizard_id, 'fingerprint', now);
}

export async function verifySecurity(deps: Deps, caller: Caller, body: z.output<typeof securityAnswerRequest>) {
  const now = deps.clock.now();
  const w = await openWizardOf(deps.db, caller, body.wizard_id);
  if (w.identity_verified_at) return identityOut(w);
  if (!w.otp_verified_at) throw outOfOrder('The OTP codes are not checked yet');
  const [c] = await deps.db.query<Row>('SELECT security_answer_hash FROM customers WHERE id = $1', [w.customer_id]);
  if (!c?.security_answer_hash)
    throw refuse(409, 'no_security_question', 'The customer has no security question on record: check the fingerprint');
  const locked = () => refuse(409, 'security_answer_locked', 'Too many wrong answers: check the fingerprint instead', { left: 0 });
  if (w.security_wrong_answers >= DEPOSIT_RULES.securityMaxWrong) throw locked();
  if (await verifySecurityAnswer(body.answer, c.security_answer_hash))
    return recordIdentity(deps, caller, body.wizard_id, 'security_question', now);
  const wrong = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ n: number }>(
      `UPDATE first_deposits SET security_wrong_answers = least(security_wrong_answers + 1, $2), updated_at = $3
        WHERE wizard_id = $1 RETURNING security_wrong_answers AS n`,
      [body.wizard_id, DEPOSIT_RULES.securityMaxWrong, now],
    );
    await audit(tx, {
      actorId: caller.adminId,
      action: 'first_deposit.security_answer_wrong',
      entity: 'first_deposit',
      entityId: body.wizard_id,
      after: { wrong: row!.n },
      at: now,
    });
    return row!.n;
  });
  const left = DEPOSIT_RULES.securityMaxWrong - wrong;
  if (left <= 0) throw locked();
  throw refuse(409, 'security_answer_wrong', `Wrong answer, ${left} ${left === 1 ? 'try' : 'tries'} left`, {
    left,
    fields: { answer: 'wrong answer' },
  });
}
