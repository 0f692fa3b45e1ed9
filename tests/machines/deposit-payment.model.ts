import { depositPaymentMachine } from '../../src/machines/deposit-payment.machine';
import type { ModelSpec } from './coverage';
import { WIZARD_ID, depositCompleted, depositDeclined, depositPending } from './deposit-fixtures';

export const networkDown = { status: null, message: 'Failed to fetch' };

/**
 * Push, the customer approves / declines / stays silent, checks that fail for a moment, "check again" after the
 * patience runs out, a declined push retried as a new attempt (two allowed here), a lost push retried as the same.
 */
export const depositPaymentModel: ModelSpec<typeof depositPaymentMachine> = {
  machine: depositPaymentMachine,
  input: { wizardId: WIZARD_ID, msisdn: '255754100200', paymentMsisdn: null, phonePriceId: 11, period: 'daily', attempt: 1, maxAttempts: 2, pollLimit: 1 },
  events: [
    { type: 'xstate.done.actor.pushDeposit', output: depositPending },
    { type: 'xstate.done.actor.pushDeposit', output: depositCompleted },
    { type: 'xstate.done.actor.pushDeposit', output: depositDeclined },
    { type: 'xstate.error.actor.pushDeposit', error: networkDown },
    { type: 'xstate.after.pollInterval.depositPayment.awaitingApproval.waiting' },
    { type: 'xstate.done.actor.confirmDeposit', output: depositPending },
    { type: 'xstate.done.actor.confirmDeposit', output: depositCompleted },
    { type: 'xstate.done.actor.confirmDeposit', output: depositDeclined },
    { type: 'xstate.error.actor.confirmDeposit', error: networkDown },
    { type: 'deposit.check' },
    { type: 'deposit.retry' },
    { type: 'deposit.back' },
    { type: 'deposit.resumed' },
  ],
};
