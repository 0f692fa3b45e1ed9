import type { AnyEventObject } from 'xstate';
import { expect } from 'vitest';
import type { Oracle } from './oracle';
import { WIZARD_ID } from './deposit-fixtures';
import { BOX, boxTaken, completed, declined, depositPaymentModel, networkDown, pending } from './deposit-payment.model';

/**
 * Issue 3 and decision 009: the deposit is a mobile-money push keyed by (wizard, attempt). After the push the
 * customer approves on the handset while the portal checks the status every 3 s; after `pollLimit` checks with no
 * answer the agent sees "no answer yet" and checks again by hand (a late approval is still honoured). Approved:
 * paid. Declined (insufficient funds, cancelled, timed out at the provider): nothing was charged, so the agent may
 * try a new attempt (at most `maxAttempts`) or go back. A push whose answer was lost is retried with the same
 * attempt, so it is never charged twice, and there is no going back from it (it may have been charged). A check
 * that fails for a moment keeps waiting. A restored wizard has no timers: it checks at once (`deposit.resumed`).
 *
 * Issue 17: a declined push's new request may go to another paying number, typed at the declined step: a number
 * that is no phone number is refused before sending and changes nothing.
 *
 * Issue 17: the push carries the IMEI of the box in the agent's hand; a push that refuses the box (400 naming imei:
 * not a handset the store can sell now) pushed nothing, so the payment ends there and hands the refusal back to the
 * wizard, which asks for another box with the same attempt.
 *
 * Two checks and two attempts here, so the limits are met exactly and then passed.
 */
const input = {
  wizardId: WIZARD_ID,
  msisdn: '255754100200',
  paymentMsisdn: '255713000111',
  imei: BOX,
  phonePriceId: 11,
  period: 'weekly' as const,
  attempt: 1,
  maxAttempts: 2,
  pollLimit: 2,
};
const model = { ...depositPaymentModel, input };

/** The whole context: the input, the last status, the checks made for this push, the last call failure. */
const ctx = (over: Record<string, unknown> = {}) => ({ ...input, status: null, polls: 0, failure: null, invalid: null, ...over });
const pushInput = (attempt: number) => ({
  wizardId: WIZARD_ID,
  attempt,
  msisdn: input.msisdn,
  paymentMsisdn: input.paymentMsisdn,
  imei: BOX,
  phonePriceId: 11,
  period: 'weekly',
});
const checkInput = (attempt: number) => ({ confirmDeposit: { wizardId: WIZARD_ID, attempt } });

const pushed = { type: 'xstate.done.actor.pushDeposit', output: pending };
const pushPaid = { type: 'xstate.done.actor.pushDeposit', output: completed };
const pushDeclined = { type: 'xstate.done.actor.pushDeposit', output: declined };
const pushLost = { type: 'xstate.error.actor.pushDeposit', error: networkDown };
const pushBoxRefused = { type: 'xstate.error.actor.pushDeposit', error: boxTaken };
const threeSeconds = { type: 'xstate.after.pollInterval.depositPayment.awaitingApproval.waiting' };
const stillPending = { type: 'xstate.done.actor.confirmDeposit', output: pending };
const approved = { type: 'xstate.done.actor.confirmDeposit', output: completed };
const declinedAtCheck = { type: 'xstate.done.actor.confirmDeposit', output: declined };
const checkFails = { type: 'xstate.error.actor.confirmDeposit', error: networkDown };
const retry = { type: 'deposit.retry' };
const retryFromBadNumber = { type: 'deposit.retry', payer: '12' };
const retryFromAnother = { type: 'deposit.retry', payer: '0715 300 206' };
const back = { type: 'deposit.back' };
const check = { type: 'deposit.check' };
const resumed = { type: 'deposit.resumed' };

const waiting = 'awaitingApproval.waiting';
const checking = 'awaitingApproval.checking';

/** Pushed, then both checks answer "pending": the patience is used up, exactly, on the next tick. */
const untilNoAnswer = (attempt: number) =>
  [
    { event: threeSeconds, state: checking, context: ctx({ attempt, status: pending, polls: 1 }), invoked: checkInput(attempt) },
    { event: stillPending, state: waiting, context: ctx({ attempt, status: pending, polls: 1 }) },
    { event: threeSeconds, state: checking, context: ctx({ attempt, status: pending, polls: 2 }), invoked: checkInput(attempt) },
    { event: stillPending, state: waiting, context: ctx({ attempt, status: pending, polls: 2 }) },
    {
      event: threeSeconds,
      state: 'noAnswer.idle',
      context: ctx({ attempt, status: pending, polls: 2 }),
      tags: { busy: false },
      invoked: {},
    },
  ] as const;

export const depositPaymentOracle: Oracle<typeof depositPaymentModel.machine> = {
  model,
  initial: { state: 'pushing', context: ctx(), tags: { busy: true }, invoked: { pushDeposit: pushInput(1) } },
  delays: { pollInterval: () => 3000 },
  scenarios: [
    {
      name: 'pushed, approved at the first check',
      steps: [
        { event: pushed, state: waiting, context: ctx({ status: pending }), tags: { busy: false }, invoked: {} },
        ...untilNoAnswer(1).slice(0, 1),
        {
          event: approved,
          state: 'paid',
          status: 'done',
          context: ctx({ status: completed, polls: 1 }),
          output: { paid: true, attempt: 1, status: completed, paymentMsisdn: input.paymentMsisdn, boxRefused: null },
        },
      ],
    },
    {
      name: 'the push is approved at once',
      steps: [
        {
          event: pushPaid,
          state: 'paid',
          status: 'done',
          context: ctx({ status: completed }),
          output: { paid: true, attempt: 1, status: completed, paymentMsisdn: input.paymentMsisdn, boxRefused: null },
        },
      ],
    },
    {
      name: 'declined, a new attempt, declined again: no third attempt, back',
      steps: [
        {
          event: pushDeclined,
          state: 'declined',
          context: ctx({ status: declined }),
          tags: { busy: false },
          check: (s) => expect(s.can(retry)).toBe(true),
        },
        { event: retry, state: 'pushing', context: ctx({ attempt: 2 }), tags: { busy: true }, invoked: { pushDeposit: pushInput(2) } },
        { event: pushDeclined, state: 'declined', context: ctx({ attempt: 2, status: declined }) },
        {
          event: retry,
          state: 'declined',
          context: ctx({ attempt: 2, status: declined }),
          invoked: {},
          check: (s) => expect(s.can(retry)).toBe(false),
        },
        {
          event: back,
          state: 'abandoned',
          status: 'done',
          output: { paid: false, attempt: 2, status: declined, paymentMsisdn: input.paymentMsisdn, boxRefused: null },
        },
      ],
    },
    {
      name: 'issue 17: declined, a new request to another paying number; a bad number refused first, nothing sent',
      steps: [
        { event: pushDeclined, state: 'declined', context: ctx({ status: declined }) },
        {
          event: retryFromBadNumber,
          state: 'declined',
          context: ctx({ status: declined, invalid: { payment_msisdn: 'phoneInvalid' } }),
          invoked: {},
        },
        {
          event: retryFromAnother,
          state: 'pushing',
          context: ctx({ attempt: 2, paymentMsisdn: '255715300206' }),
          invoked: { pushDeposit: { ...pushInput(2), paymentMsisdn: '255715300206' } },
        },
        {
          event: pushPaid,
          state: 'paid',
          status: 'done',
          output: { paid: true, attempt: 2, status: completed, paymentMsisdn: '255715300206', boxRefused: null },
        },
      ],
    },
    {
      name: 'the push is lost three times: retried with the same attempt and the same number each time (another number is not taken)',
      steps: [
        { event: pushLost, state: 'unreachable', context: ctx({ failure: networkDown }), tags: { busy: false } },
        { event: retry, state: 'pushing', context: { attempt: 1, status: null }, invoked: { pushDeposit: pushInput(1) } },
        { event: pushLost, state: 'unreachable', context: ctx({ failure: networkDown }) },
        {
          event: retryFromAnother,
          state: 'pushing',
          context: { attempt: 1, status: null, paymentMsisdn: input.paymentMsisdn },
          invoked: { pushDeposit: pushInput(1) },
        },
        { event: pushLost, state: 'unreachable', context: ctx({ failure: networkDown }) },
        { event: retryFromBadNumber, state: 'pushing', context: { attempt: 1, invalid: null }, invoked: { pushDeposit: pushInput(1) } },
        { event: pushed, state: waiting, context: ctx({ status: pending }) },
      ],
    },
    {
      name: 'issue 17: the box refused by the push: nothing pushed, the refusal handed back with the same attempt',
      steps: [
        {
          event: pushBoxRefused,
          state: 'boxRefused',
          status: 'done',
          context: ctx({ failure: boxTaken }),
          output: { paid: false, attempt: 1, status: null, paymentMsisdn: input.paymentMsisdn, boxRefused: boxTaken },
        },
      ],
    },
    {
      name: 'the push is lost, then refuses the box on its retry: handed back as well',
      steps: [
        { event: pushLost, state: 'unreachable', context: ctx({ failure: networkDown }) },
        { event: retry, state: 'pushing', invoked: { pushDeposit: pushInput(1) } },
        {
          event: pushBoxRefused,
          state: 'boxRefused',
          status: 'done',
          output: { paid: false, attempt: 1, status: null, paymentMsisdn: input.paymentMsisdn, boxRefused: boxTaken },
        },
      ],
    },
    {
      name: 'the customer stays silent: pollLimit checks 3 s apart, "no answer yet", checked again by hand until paid',
      steps: [
        { event: pushed, state: waiting, context: ctx({ status: pending }) },
        ...untilNoAnswer(1),
        {
          event: check,
          state: 'noAnswer.checking',
          tags: { busy: true },
          context: ctx({ status: pending, polls: 2 }),
          invoked: checkInput(1),
        },
        { event: stillPending, state: 'noAnswer.idle', tags: { busy: false }, context: ctx({ status: pending, polls: 2 }) },
        { event: check, state: 'noAnswer.checking', invoked: checkInput(1) },
        { event: checkFails, state: 'noAnswer.idle', context: ctx({ status: pending, polls: 2, failure: networkDown }) },
        { event: check, state: 'noAnswer.checking', invoked: checkInput(1) },
        {
          event: approved,
          state: 'paid',
          status: 'done',
          context: ctx({ status: completed, polls: 2 }),
          output: { paid: true, attempt: 1, status: completed, paymentMsisdn: input.paymentMsisdn, boxRefused: null },
        },
      ],
    },
    {
      name: 'a check fails for a moment, declined at the next; a new attempt gets the whole patience again',
      steps: [
        { event: pushed, state: waiting },
        { event: threeSeconds, state: checking, context: ctx({ status: pending, polls: 1 }), invoked: checkInput(1) },
        { event: checkFails, state: waiting, context: ctx({ status: pending, polls: 1, failure: networkDown }) },
        { event: threeSeconds, state: checking, context: ctx({ status: pending, polls: 2, failure: networkDown }), invoked: checkInput(1) },
        { event: declinedAtCheck, state: 'declined', context: ctx({ status: declined, polls: 2 }) },
        { event: retry, state: 'pushing', context: { attempt: 2, status: null }, invoked: { pushDeposit: pushInput(2) } },
        { event: pushed, state: waiting, context: ctx({ attempt: 2, status: pending }) },
        ...untilNoAnswer(2),
      ],
    },
    {
      name: 'a check answers pending after a failed one: the failure is cleared',
      steps: [
        { event: pushed, state: waiting },
        { event: threeSeconds, state: checking },
        { event: checkFails, state: waiting, context: ctx({ status: pending, polls: 1, failure: networkDown }) },
        { event: threeSeconds, state: checking },
        { event: stillPending, state: waiting, context: ctx({ status: pending, polls: 2 }) },
        { event: threeSeconds, state: 'noAnswer.idle', context: ctx({ status: pending, polls: 2 }) },
      ],
    },
    {
      name: 'a restored wizard checks at once, without using up the patience; declined, back',
      steps: [
        { event: pushed, state: waiting },
        { event: resumed, state: checking, context: ctx({ status: pending }), invoked: checkInput(1) },
        { event: stillPending, state: waiting, context: ctx({ status: pending }) },
        ...untilNoAnswer(1).slice(0, 1),
        { event: declinedAtCheck, state: 'declined', context: ctx({ status: declined, polls: 1 }) },
        {
          event: back,
          state: 'abandoned',
          status: 'done',
          output: { paid: false, attempt: 1, status: declined, paymentMsisdn: input.paymentMsisdn, boxRefused: null },
        },
      ],
    },
    {
      name: 'declined at "check again", then a new attempt',
      steps: [
        { event: pushed, state: waiting },
        ...untilNoAnswer(1),
        { event: check, state: 'noAnswer.checking' },
        { event: declinedAtCheck, state: 'declined', context: ctx({ status: declined, polls: 2 }) },
        { event: retry, state: 'pushing', context: { attempt: 2, status: null }, invoked: { pushDeposit: pushInput(2) } },
        {
          event: pushPaid,
          state: 'paid',
          status: 'done',
          output: { paid: true, attempt: 2, status: completed, paymentMsisdn: input.paymentMsisdn, boxRefused: null },
        },
      ],
    },
  ],
  refuses: {
    pushing: [retry, retryFromAnother, back, check, resumed],
    [waiting]: [retry, retryFromAnother, back, check],
    [checking]: [resumed, check, retry, retryFromAnother, back],
    'noAnswer.idle': [retry, retryFromAnother, back, resumed],
    'noAnswer.checking': [check, retry, retryFromAnother, back, resumed],
    declined: [check, resumed],
    unreachable: [back, check, resumed],
    paid: [retry, retryFromAnother, back, check, resumed],
    abandoned: [retry, retryFromAnother, back, check, resumed],
    boxRefused: [retry, retryFromAnother, back, check, resumed],
  } satisfies Record<string, AnyEventObject[]>,
};
