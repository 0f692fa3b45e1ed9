import { firstDepositMachine } from '../../src/machines/first-deposit.machine';
import type { ModelSpec } from './coverage';
import {
  WIZARD_ID,
  contract,
  depositCompleted,
  depositDeclined,
  heldRefusal,
  heldStatus,
  loan,
  notQualified,
  qualified,
} from './deposit-fixtures';

export const notFound = { status: 404, message: 'Customer record not found' };
export const wrongOtp = { status: 409, message: 'A code is wrong', reason: 'otp_wrong', left: 4 };
export const networkDown = { status: null, message: 'Failed to fetch' };
/** The customer's deposit is paid in a wizard of the caller's (decision 010): handed back to resume. */
export const heldPaid = heldRefusal();
/** A push to the customer is pending in a colleague's wizard: shown, not resumable here. */
export const heldByColleague = heldRefusal({
  step: 'deposit',
  deposit_status: 'pending',
  receipt: null,
  paid_at: null,
  yours: false,
  release_after: null,
});
/** The same refusal without the wizard it should hand back (an older server): shown as a refusal. */
export const heldUnnamed = { status: 409, message: 'This customer has a deposit in progress', reason: 'paid_deposit_unfinished' };
/** Issue 17: the IMEI of the box handed over (valid check digits), one with a wrong check digit, and a second box. */
export const BOX = '490154203237518';
export const BAD_BOX = '490154203237519';
export const OTHER_BOX = '356938035643809';
/** The push refused the box: not a handset the store can sell now. */
export const boxTaken = {
  status: 400,
  message: 'This handset is not available',
  reason: 'imei_not_available',
  fields: { imei: 'This handset is not available' },
};
/** What the wizard keeps when the wizard it resumes was released meanwhile. */
export const abandonedFailure = { status: 409, reason: 'wizard_abandoned', message: 'This wizard was left unfinished and released' };

/**
 * The whole wizard with its children's outcomes as events: search (a bad number, not found, not qualified,
 * qualified), pick and confirm with another period, the deposit paid or declined and abandoned, OTPs (sent, not
 * sent, both codes missing, wrong, right), identity, the contract (not loaded, terms not accepted, no signature,
 * signed), the lock (the lock-install child's outcomes: installed with the loan, or the wizard's status refused and
 * reloaded). Decision 010: the search refused because the customer's deposit is held by a wizard (the caller's, a
 * colleague's, or unnamed), resumed at each step the server may name (or found released), the resume failing;
 * leaving the wizard at once before payment, and after payment only once confirmed.
 */
export const firstDepositModel: ModelSpec<typeof firstDepositMachine> = {
  machine: firstDepositMachine,
  input: {
    wizardId: WIZARD_ID,
    scanner: { bridgeUrl: 'http://127.0.0.1:8765', timeoutMs: 10_000, minQuality: 50 },
    maxAttempts: 2,
    pollLimit: 1,
  },
  events: [
    { type: 'customer.search', query: { msisdn: '12' } },
    { type: 'customer.search', query: { msisdn: '0754 100 200' } },
    { type: 'xstate.done.actor.findPhones', output: qualified },
    { type: 'xstate.done.actor.findPhones', output: notQualified },
    { type: 'xstate.error.actor.findPhones', error: notFound },
    { type: 'phone.picked', phonePriceId: 11 },
    { type: 'phone.picked', phonePriceId: 99 },
    { type: 'period.chosen', period: 'weekly' },
    { type: 'phone.confirmed' },
    { type: 'phone.confirmed', imei: BOX },
    { type: 'phone.confirmed', payer: '12', imei: BAD_BOX },
    { type: 'phone.confirmed', payer: '12', imei: BOX },
    { type: 'phone.confirmed', payer: '0754 300 101', imei: BOX },
    { type: 'wizard.back' },
    { type: 'wizard.resumed' },
    {
      type: 'xstate.done.actor.payment',
      output: { paid: true, attempt: 1, status: depositCompleted, paymentMsisdn: null, boxRefused: null },
    },
    {
      type: 'xstate.done.actor.payment',
      output: { paid: false, attempt: 1, status: depositDeclined, paymentMsisdn: '255715300206', boxRefused: null },
    },
    { type: 'xstate.done.actor.payment', output: { paid: false, attempt: 1, status: null, paymentMsisdn: null, boxRefused: boxTaken } },
    { type: 'xstate.done.actor.sendOtps', output: { sent_to: '2557******00', expires_at: '2026-11-23T08:05:00.000Z' } },
    { type: 'xstate.error.actor.sendOtps', error: networkDown },
    { type: 'otp.resend' },
    { type: 'otp.codesEntered', agentCode: '123456', customerCode: '' },
    { type: 'otp.codesEntered', agentCode: '123456', customerCode: '654321' },
    { type: 'xstate.done.actor.verifyOtps', output: { verified: true } },
    { type: 'xstate.error.actor.verifyOtps', error: wrongOtp },
    { type: 'xstate.done.actor.identity', output: { method: 'fingerprint', contractRef: contract.reference } },
    { type: 'xstate.done.actor.fetchContract', output: contract },
    { type: 'xstate.error.actor.fetchContract', error: networkDown },
    { type: 'contract.reload' },
    { type: 'contract.signed', acceptTerms: false, signedBy: 'Neema Joseph Mushi' },
    { type: 'contract.signed', acceptTerms: true, signedBy: ' ' },
    { type: 'contract.signed', acceptTerms: true, signedBy: 'Neema Joseph Mushi' },
    {
      type: 'xstate.done.actor.signContract',
      output: { reference: contract.reference, contract_url: loan.contract_url, signed_at: '2026-11-23T08:08:00.000Z' },
    },
    { type: 'xstate.error.actor.signContract', error: networkDown },
    { type: 'xstate.done.actor.lockInstall', output: { installed: loan } },
    { type: 'xstate.done.actor.lockInstall', output: { refused: networkDown } },
    { type: 'lock.reload' },
    { type: 'xstate.error.actor.findPhones', error: heldPaid },
    { type: 'xstate.error.actor.findPhones', error: heldByColleague },
    { type: 'xstate.error.actor.findPhones', error: heldUnnamed },
    { type: 'held.resume' },
    ...(['deposit', 'otp', 'identity', 'contract', 'lock', 'done', 'abandoned'] as const).map((step) => ({
      type: 'xstate.done.actor.fetchWizard',
      output: heldStatus(step),
    })),
    { type: 'xstate.done.actor.fetchWizard', output: heldStatus('otp', { otp_sent: false }) },
    { type: 'xstate.error.actor.fetchWizard', error: networkDown },
    { type: 'wizard.startOver' },
    { type: 'wizard.leaveCancelled' },
    { type: 'wizard.leaveConfirmed' },
  ],
};
