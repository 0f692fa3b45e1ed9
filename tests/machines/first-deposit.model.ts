import { firstDepositMachine } from '../../src/machines/first-deposit.machine';
import type { ModelSpec } from './coverage';
import { WIZARD_ID, contract, depositCompleted, depositDeclined, loan, notQualified, qualified } from './deposit-fixtures';

export const notFound = { status: 404, message: 'Customer record not found' };
export const wrongOtp = { status: 409, message: 'A code is wrong', reason: 'otp_wrong', left: 4 };
export const networkDown = { status: null, message: 'Failed to fetch' };

/**
 * The whole wizard with its children's outcomes as events: search (a bad number, not found, not qualified,
 * qualified), pick and confirm with another period, the deposit paid or declined and abandoned, OTPs (sent, not
 * sent, both codes missing, wrong, right), identity, the contract (not loaded, terms not accepted, no signature,
 * signed), the lock (the lock-install child's outcomes: installed with the loan, or the wizard's status refused and
 * reloaded).
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
    { type: 'phone.confirmed', payer: '12' },
    { type: 'phone.confirmed', payer: '0754 300 101' },
    { type: 'wizard.back' },
    { type: 'wizard.resumed' },
    { type: 'xstate.done.actor.payment', output: { paid: true, attempt: 1, status: depositCompleted } },
    { type: 'xstate.done.actor.payment', output: { paid: false, attempt: 1, status: depositDeclined } },
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
  ],
};
