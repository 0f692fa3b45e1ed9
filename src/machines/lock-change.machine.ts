import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';
import type { LockSolutionType } from '../contract/deposits';
import type { DeviceLockType, LockChanged, LockSolutionStatus } from '../contract/lock-change';
import { lockInstallMachine, type LockInstallOutput } from './lock-install.machine';

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
  result: LockChanged | null;
  failure: CallFailure | null;
  /** Inputs refused before sending: field name to a code the screen words ('notInstalled'). */
  invalid: Record<string, string> | null;
};

const notProvided = async (): Promise<never> => {
  throw new Error('provided by src/services/lock-change.ts');
};

const output = <T>(event: unknown) => (event as { output: T }).output;

/**
 * Lock solution change from the customer view: read the device's lock type and status, choose the new type, then
 * the deposit wizard's lock-install child starts the change (the answer is the new type's instructions), verifies a
 * vivo code for a vivo target, has the lock and the app installed and confirms: the change applies. Until it is
 * confirmed the agent may go back and choose another type; a refused start comes back to choosing with its reason.
 */
export const lockChangeMachine = setup({
  types: {
    input: {} as LockChangeInput,
    context: {} as Context,
    events: {} as { type: 'lock.reload' } | { type: 'lock.typeChosen'; lockType: string } | { type: 'lock.enrolAgain' },
  },
  actors: {
    loadLock: fromPromise<CurrentLock, { msisdn: string }>(notProvided),
    lockInstall: lockInstallMachine,
    confirmChange: fromPromise<LockChanged, { msisdn: string }>(notProvided),
  },
  guards: {
    offeredType: ({ context, event }) =>
      event.type === 'lock.typeChosen' &&
      !!context.current?.type.available_lock_solution_types.includes(event.lockType as LockSolutionType),
    installed: ({ event }) => 'installed' in output<LockInstallOutput>(event),
    refused: ({ event }) => 'refused' in output<LockInstallOutput>(event),
    enrolmentPending: ({ context }) => context.result?.enrolment === 'pending',
  },
  actions: {
    clearFeedback: assign({ failure: null, invalid: null }),
    keepFailure: assign({ failure: ({ event }) => toCallFailure((event as unknown as { error: unknown }).error), invalid: null }),
  },
}).createMachine({
  id: 'lockChange',
  context: ({ input }) => ({ ...input, current: null, result: null, failure: null, invalid: null }),
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
          { guard: 'offeredType', target: 'changing', actions: 'clearFeedback' },
          { actions: assign({ invalid: { lockType: 'lockTypeMissing' }, failure: null }) },
        ],
      },
    },
    changing: {
      invoke: {
        id: 'lockInstall',
        src: 'lockInstall',
        input: ({ context, event }) => ({
          params: { msisdn: context.msisdn, lockType: (event as { lockType: string }).lockType },
          mayGoBack: true,
        }),
        onDone: [
          {
            guard: 'installed',
            target: 'done',
            actions: assign({ result: ({ event }) => (event.output as { installed: LockChanged }).installed }),
          },
          {
            guard: 'refused',
            target: 'choosing',
            actions: assign({ failure: ({ event }) => (event.output as { refused: CallFailure }).refused }),
          },
          // Back to choosing: the next start replaces this change on the server.
          { target: 'choosing' },
        ],
      },
    },
    enrolling: {
      tags: ['busy'],
      invoke: {
        id: 'confirmChange',
        src: 'confirmChange',
        input: ({ context }) => ({ msisdn: context.msisdn }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'done', actions: 'keepFailure' },
      },
    },
    // Applied. A provider that did not answer leaves the enrolment pending: confirming again retries it (a refusal
    // of the retry is shown here: the change itself stays applied).
    done: {
      on: { 'lock.enrolAgain': { guard: 'enrolmentPending', target: 'enrolling', actions: 'clearFeedback' } },
    },
  },
});
