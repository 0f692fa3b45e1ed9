import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';
import type { DepositStatus, RepaymentPeriod } from '../contract/deposits';
import { parseMsisdn } from '../lib/msisdn';

export interface DepositPaymentInput {
  wizardId: string;
  msisdn: string;
  /** The number that pays when it is not the customer's own. */
  paymentMsisdn: string | null;
  /** The IMEI of the box handed over (issue 17): the server reserves exactly this handset. */
  imei: string | null;
  phonePriceId: number;
  period: RepaymentPeriod;
  /** The push attempt to use: the same attempt is never charged twice, a new one only follows a failed one. */
  attempt: number;
  maxAttempts: number;
  /** How many status checks (one every pollInterval) the customer has to approve before "no answer yet". */
  pollLimit: number;
}

export interface DepositPaymentOutput {
  paid: boolean;
  attempt: number;
  status: DepositStatus | null;
  /** The number that paid, or was last asked to (null: the customer's own). */
  paymentMsisdn: string | null;
  /** The push refused the box's IMEI (400 naming imei): nothing was pushed, the same attempt may go with another box. */
  boxRefused: CallFailure | null;
}

interface PushInput {
  wizardId: string;
  attempt: number;
  msisdn: string;
  paymentMsisdn: string | null;
  imei: string | null;
  phonePriceId: number;
  period: RepaymentPeriod;
}

const notProvided = async (): Promise<never> => {
  throw new Error('provided by src/services/first-deposit.ts');
};

/** Asks where the push stands: paid, declined, or still pending (then, as on a failure, back to `pending`). */
const askStatus = (pending: string) => ({
  id: 'confirmDeposit',
  src: 'confirmDeposit' as const,
  input: ({ context: { wizardId, attempt } }: { context: { wizardId: string; attempt: number } }) => ({ wizardId, attempt }),
  onDone: [
    { guard: 'completed' as const, target: '#depositPayment.paid', actions: 'keepStatus' as const },
    { guard: 'failed' as const, target: '#depositPayment.declined', actions: 'keepStatus' as const },
    { target: pending, actions: 'keepStatus' as const },
  ],
  onError: { target: pending, actions: 'keepFailure' as const },
});

/**
 * The deposit by mobile-money push, a child of the first-deposit wizard: push, wait for the customer to approve
 * on the handset (checking every few seconds), then paid or declined. A push the server could not be asked about
 * is retried with the same attempt (so it is never charged twice); a declined one may be retried as a new attempt.
 * A customer who has not answered after pollLimit checks leaves the agent with "check again": a late approval is
 * still honoured.
 */
export const depositPaymentMachine = setup({
  types: {
    input: {} as DepositPaymentInput,
    output: {} as DepositPaymentOutput,
    context: {} as DepositPaymentInput & {
      status: DepositStatus | null;
      polls: number;
      failure: CallFailure | null;
      /** A paying number refused before sending: field name to code ('phoneInvalid'). */
      invalid: Record<string, string> | null;
    },
    events: {} as
      { type: 'deposit.retry'; payer?: string } | { type: 'deposit.check' } | { type: 'deposit.back' } | { type: 'deposit.resumed' },
  },
  actors: {
    pushDeposit: fromPromise<DepositStatus, PushInput>(notProvided),
    confirmDeposit: fromPromise<DepositStatus, { wizardId: string; attempt: number }>(notProvided),
  },
  guards: {
    completed: ({ event }) => (event as unknown as { output: DepositStatus }).output.status === 'completed',
    failed: ({ event }) => (event as unknown as { output: DepositStatus }).output.status === 'failed',
    patienceLeft: ({ context }) => context.polls < context.pollLimit,
    attemptsLeft: ({ context }) => context.attempt < context.maxAttempts,
    boxRefused: ({ event }) => toCallFailure((event as unknown as { error: unknown }).error).fields?.imei !== undefined,
    /** Tries left, and no new paying number given (the same one pays again) or one that is a phone number. */
    retryAllowed: ({ context, event }) =>
      context.attempt < context.maxAttempts &&
      event.type === 'deposit.retry' &&
      (!event.payer?.trim() || parseMsisdn(event.payer) !== null),
  },
  actions: {
    keepStatus: assign({ status: ({ event }) => (event as unknown as { output: DepositStatus }).output, failure: null }),
    keepFailure: assign({ failure: ({ event }) => toCallFailure((event as unknown as { error: unknown }).error) }),
  },
  delays: {
    pollInterval: 3000,
  },
}).createMachine({
  id: 'depositPayment',
  context: ({ input }) => ({ ...input, status: null, polls: 0, failure: null, invalid: null }),
  initial: 'pushing',
  states: {
    pushing: {
      tags: ['busy'],
      invoke: {
        id: 'pushDeposit',
        src: 'pushDeposit',
        input: ({ context: { wizardId, attempt, msisdn, paymentMsisdn, imei, phonePriceId, period } }) => ({
          wizardId,
          attempt,
          msisdn,
          paymentMsisdn,
          imei,
          phonePriceId,
          period,
        }),
        onDone: [
          { guard: 'completed', target: 'paid', actions: 'keepStatus' },
          { guard: 'failed', target: 'declined', actions: 'keepStatus' },
          { target: 'awaitingApproval', actions: ['keepStatus', assign({ polls: 0 })] },
        ],
        onError: [
          { guard: 'boxRefused', target: 'boxRefused', actions: 'keepFailure' },
          { target: 'unreachable', actions: 'keepFailure' },
        ],
      },
    },
    /** Pushed: the customer approves on the handset. */
    awaitingApproval: {
      initial: 'waiting',
      states: {
        waiting: {
          // A restored snapshot has no timers: the wizard says it was resumed, and the check happens at once.
          on: { 'deposit.resumed': 'checking' },
          after: {
            pollInterval: [
              { guard: 'patienceLeft', target: 'checking', actions: assign({ polls: ({ context }) => context.polls + 1 }) },
              { target: '#depositPayment.noAnswer' },
            ],
          },
        },
        // A check that fails (the network dropped for a moment) keeps waiting; the screen says so.
        checking: { invoke: askStatus('waiting') },
      },
    },
    /** The customer has not answered yet: the agent checks again when the customer says they approved. */
    noAnswer: {
      initial: 'idle',
      states: {
        idle: { on: { 'deposit.check': 'checking' } },
        checking: { tags: ['busy'], invoke: askStatus('idle') },
      },
    },
    /** Insufficient funds, cancelled by the customer, timed out at the provider: nothing was charged. */
    declined: {
      on: {
        // Issue 17: the new request may go to another paying number, typed here (no going back to the phone).
        'deposit.retry': [
          {
            guard: 'retryAllowed',
            target: 'pushing',
            actions: assign({
              attempt: ({ context }) => context.attempt + 1,
              status: null,
              invalid: null,
              paymentMsisdn: ({ context, event }) => (event.payer?.trim() ? parseMsisdn(event.payer) : context.paymentMsisdn),
            }),
          },
          { guard: 'attemptsLeft', actions: assign({ invalid: { payment_msisdn: 'phoneInvalid' } }) },
        ],
        'deposit.back': 'abandoned',
      },
    },
    /** The push could not be sent or its answer was lost: retried with the same attempt, never charged twice. */
    unreachable: { on: { 'deposit.retry': 'pushing' } },
    paid: { type: 'final' },
    abandoned: { type: 'final' },
    /** The box's IMEI is not one the store can sell now: back to the phone, where the agent scans another. */
    boxRefused: { type: 'final' },
  },
  output: ({ context }) => ({
    paid: context.status?.status === 'completed',
    attempt: context.attempt,
    status: context.status,
    paymentMsisdn: context.paymentMsisdn,
    boxRefused: context.failure?.fields?.imei !== undefined ? context.failure : null,
  }),
});
