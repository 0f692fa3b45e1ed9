import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';
import type { LockSolutionType } from '../contract/deposits';
import type { DeviceLockType, LockChanged, LockChangeStarted, LockSolutionStatus } from '../contract/lock-change';
import { vivoAuthCodeMachine } from './vivo-auth-code.machine';

export interface LockChangeInput {
  /** The customer (255XXXXXXXXX); the server changes the lock of their current device. */
  msisdn: string;
}

export interface CurrentLock {
  type: DeviceLockType;
  status: LockSolutionStatus;
}

type Context = LockChangeInput & {
  current: CurrentLock | null;
  /** The change started: the new type and what to do on the handset. */
  started: LockChangeStarted | null;
  result: LockChanged | null;
  failure: CallFailure | null;
  /** Inputs refused before sending: field name to the English message. */
  invalid: Record<string, string> | null;
};

const notProvided = async (): Promise<never> => {
  throw new Error('provided by src/services/lock-change.ts');
};

const output = <T>(event: unknown) => (event as { output: T }).output;

/**
 * Lock solution change from the customer view: read the device's lock type and status, choose the new type, start
 * the change (the answer is the new type's instructions), verify a vivo code for a vivo target (the deposit
 * wizard's vivo-auth-code child), install the lock and the app, confirm: the change applies. Until it is confirmed
 * the agent may go back and choose another type.
 */
export const lockChangeMachine = setup({
  types: {
    input: {} as LockChangeInput,
    context: {} as Context,
    events: {} as
      | { type: 'lock.reload' }
      | { type: 'lock.typeChosen'; lockType: string }
      | { type: 'lock.back' }
      | { type: 'lock.confirmed'; lockInstalled: boolean; appInstalled: boolean }
      | { type: 'lock.enrolAgain' },
  },
  actors: {
    loadLock: fromPromise<CurrentLock, { msisdn: string }>(notProvided),
    startChange: fromPromise<LockChangeStarted, { msisdn: string; lockType: LockSolutionType }>(notProvided),
    vivoAuthCode: vivoAuthCodeMachine,
    confirmChange: fromPromise<LockChanged, { msisdn: string }>(notProvided),
  },
  guards: {
    offeredType: ({ context, event }) =>
      event.type === 'lock.typeChosen' && !!context.current?.type.available_lock_solution_types.includes(event.lockType as LockSolutionType),
    needsVivoCode: ({ event }) => output<LockChangeStarted>(event).vivo_code_required,
    bothInstalled: ({ event }) => event.type === 'lock.confirmed' && event.lockInstalled && event.appInstalled,
    enrolmentPending: ({ context }) => context.result?.enrolment === 'pending',
  },
  actions: {
    clearFeedback: assign({ failure: null, invalid: null }),
    keepFailure: assign({ failure: ({ event }) => toCallFailure((event as unknown as { error: unknown }).error), invalid: null }),
    keepStarted: assign({ started: ({ event }) => output<LockChangeStarted>(event) }),
    // Back to choosing: the next start replaces this change on the server.
    forgetStarted: assign({ started: null, failure: null, invalid: null }),
  },
}).createMachine({
  id: 'lockChange',
  context: ({ input }) => ({ ...input, current: null, started: null, result: null, failure: null, invalid: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLock',
        src: 'loadLock',
        input: ({ context }) => ({ msisdn: context.msisdn }),
        onDone: { target: 'choosing', actions: assign({ current: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
    },
    loadFailed: { on: { 'lock.reload': { target: 'loading', actions: 'clearFeedback' } } },
    choosing: {
      on: {
        'lock.typeChosen': [
          { guard: 'offeredType', target: 'starting', actions: 'clearFeedback' },
          { actions: assign({ invalid: { lockType: 'Choose the new lock solution type' }, failure: null }) },
        ],
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startChange',
        src: 'startChange',
        input: ({ context, event }) => ({ msisdn: context.msisdn, lockType: (event as { lockType: LockSolutionType }).lockType }),
        onDone: [
          { guard: 'needsVivoCode', target: 'vivoCode', actions: 'keepStarted' },
          { target: 'installing', actions: 'keepStarted' },
        ],
        onError: { target: 'choosing', actions: 'keepFailure' },
      },
    },
    vivoCode: {
      invoke: { id: 'vivo', src: 'vivoAuthCode', input: ({ context }: { context: Context }) => ({ imei: context.started!.imei }), onDone: 'installing' },
      on: { 'lock.back': { target: 'choosing', actions: 'forgetStarted' } },
    },
    installing: {
      on: {
        'lock.confirmed': [
          { guard: 'bothInstalled', target: 'confirming', actions: 'clearFeedback' },
          { actions: assign({ invalid: { installed: 'Confirm that the lock solution and the mobile app are installed' }, failure: null }) },
        ],
        'lock.back': { target: 'choosing', actions: 'forgetStarted' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmChange',
        src: 'confirmChange',
        input: ({ context }) => ({ msisdn: context.msisdn }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'installing', actions: 'keepFailure' },
      },
    },
    // Applied. A provider that did not answer leaves the enrolment pending: confirming again retries it.
    done: {
      on: { 'lock.enrolAgain': { guard: 'enrolmentPending', target: 'confirming', actions: 'clearFeedback' } },
    },
  },
});
