import type { LockSolutionType, WizardStatus } from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import { type Row, iso } from '../shared';
import { PHONE_COLUMNS, phoneOut, releaseAfter, stepOf, wizardCustomerOut, wizardOf } from './wizard';
import { ATTEMPT_COLUMNS, depositOut } from './payment-push';
import { loanSummary } from './loan';

// --- first_deposit/status ----------------------------------------------------------------------------------------

export async function wizardStatus(deps: Deps, caller: Caller, wizardId: string): Promise<WizardStatus> {
  const now = deps.clock.now();
  const w = await wizardOf(deps.db, caller, wizardId);
  const [[customer], [phone], [item], [deposit], otps] = await Promise.all([
    deps.db.query<Row>(
      'SELECT id, msisdn, first_name, other_names, national_id, nida_number, security_question FROM customers WHERE id = $1',
      [w.customer_id],
    ),
    deps.db.query<Row>(`SELECT ${PHONE_COLUMNS} FROM phone_prices p JOIN phone_models m ON m.id = p.phone_model_id WHERE p.id = $1`, [
      w.phone_price_id,
    ]),
    deps.db.query<Row>('SELECT imei FROM inventory_items WHERE id = $1', [w.inventory_item_id]),
    deps.db.query<Row>(
      `SELECT ${ATTEMPT_COLUMNS} FROM deposit_attempts WHERE wizard_id = $1
        ORDER BY (status IN ('pending', 'completed')) DESC, requested_at DESC, attempt DESC LIMIT 1`,
      [wizardId],
    ),
    deps.db.query<Row>(
      'SELECT party, expires_at FROM first_deposit_otps WHERE wizard_id = $1 AND used_at IS NULL AND replaced_at IS NULL',
      [wizardId],
    ),
  ]);
  const imei: string = item?.imei ?? '';
  const lockType: LockSolutionType = phone!.lock_solution_type;
  const liveParties = new Set(otps.filter((o) => new Date(o.expires_at) > now).map((o) => o.party));
  return {
    wizard_id: wizardId,
    step: stepOf(w),
    abandoned_at: iso(w.abandoned_at),
    release_after: iso(releaseAfter(w)),
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
