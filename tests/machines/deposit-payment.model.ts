import { depositPaymentMachine } from '../../src/machines/deposit-payment.machine';
import type { ModelSpec } from './coverage';
import { WIZARD_ID, depositCompleted, depositDeclined, depositPending } from './deposit-fixtures';

export const networkDown = { status: null, message: 'Failed to fetch' };
/** Issue 17: the IMEI of the box handed over, and the push's refusal of a box the store cannot sell now. */
export const BOX = '490154203237518';
export const boxTaken = {
  status: 400,
  message: 'This handset is not available',
  reason: 'imei_not_available',
  fields: { imei: 'This handset is not available' },
};

/**
 * The status answers with `status` as their first key: event labels (the oracle's transition keys) are cut at 60
 * characters, and the fixtures' first keys (wizard_id, attempt) are the same for all three.
 */
const statusFirst = <T extends { status: string }>(answer: T): T => Object.assign({ status: answer.status }, answer);
export const pending = statusFirst(depositPending);
export const completed = statusFirst(depositCompleted);
export const declined = statusFirst(depositDeclined);

/**
 * Push, the customer approves / declines / stays silent, checks that fail for a moment, "check again" after the
 * patience runs out, a declined push retried as a new attempt (two allowed here), a lost push retried as the same,
 * and the box's IMEI refused by the push (issue 17).
 */
export const depositPaymentModel: ModelSpec<typeof depositPaymentMachine> = {
  machine: depositPaymentMachine,
  input: {
    wizardId: WIZARD_ID,
    msisdn: '255754100200',
    paymentMsisdn: null,
    imei: BOX,
    phonePriceId: 11,
    period: 'daily',
    attempt: 1,
    maxAttempts: 2,
    pollLimit: 1,
  },
  events: [
    { type: 'xstate.done.actor.pushDeposit', output: pending },
    { type: 'xstate.done.actor.pushDeposit', output: completed },
    { type: 'xstate.done.actor.pushDeposit', output: declined },
    { type: 'xstate.error.actor.pushDeposit', error: networkDown },
    { type: 'xstate.error.actor.pushDeposit', error: boxTaken },
    { type: 'xstate.after.pollInterval.depositPayment.awaitingApproval.waiting' },
    { type: 'xstate.done.actor.confirmDeposit', output: pending },
    { type: 'xstate.done.actor.confirmDeposit', output: completed },
    { type: 'xstate.done.actor.confirmDeposit', output: declined },
    { type: 'xstate.error.actor.confirmDeposit', error: networkDown },
    { type: 'deposit.check' },
    { type: 'deposit.retry' },
    { type: 'deposit.retry', payer: '0715 300 206' },
    { type: 'deposit.retry', payer: '12' },
    { type: 'deposit.back' },
    { type: 'deposit.resumed' },
  ],
};
