import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';
import type { LockSolutionType } from '../contract/deposits';
import { vivoAuthCodeMachine } from './vivo-auth-code.machine';

/** What to install on which handset, as the owner's first call answers it. */
export interface LockToInstall {
  imei: string;
  lock_solution_type: LockSolutionType;
  dial_code: string | null;
  qr_payload: string | null;
  /** vivo: an authorization code for the IMEI must be verified before the lock is confirmed. */
  vivo_code_required: boolean;
  /** A lock change: the type it replaces. */
  from_lock_solution_type?: LockSolutionType;
}

export interface LockInstallInput {
  /** What the owner's calls need (the wizard's id; the customer and the new type), given to `prepare` and `confirm` as is. */
  params: Record<string, string>;
  /** The lock change may go back and choose another type until it is confirmed; the wizard may not. */
  mayGoBack: boolean;
}

/** Installed (with the confirming call's answer), refused by the first call, or the agent went back. */
export type LockInstallOutput = { installed: unknown } | { refused: CallFailure } | { back: true };

type Context = LockInstallInput & {
  lock: LockToInstall | null;
  result: unknown;
  failure: CallFailure | null;
  /** Inputs refused before sending: field name to a code the screen words ('notInstalled'). */
  invalid: Record<string, string> | null;
};

const notProvided = async (): Promise<never> => {
  throw new Error('provided by the owner (src/services/first-deposit.ts, src/services/lock-change.ts)');
};

const output = <T>(event: unknown) => (event as { output: T }).output;

/**
 * Installing a lock solution on a handset, the part the deposit wizard and the lock solution change share: the
 * owner's first call says what to install (the wizard's status, or the change started), a vivo code is verified
 * when the type asks for one (child: vivo-auth-code), the agent ticks that the lock and the app are installed, and
 * the owner's confirming call applies it.
 */
export const lockInstallMachine = setup({
  types: {
    input: {} as LockInstallInput,
    context: {} as Context,
    output: {} as LockInstallOutput,
    events: {} as { type: 'lock.confirmed'; lockInstalled: boolean; appInstalled: boolean } | { type: 'lock.back' },
  },
  actors: {
    prepare: fromPromise<LockToInstall, Record<string, string>>(notProvided),
    vivoAuthCode: vivoAuthCodeMachine,
    confirm: fromPromise<unknown, Record<string, string>>(notProvided),
  },
  guards: {
    needsVivoCode: ({ event }) => output<LockToInstall>(event).vivo_code_required,
    bothInstalled: ({ event }) => event.type === 'lock.confirmed' && event.lockInstalled && event.appInstalled,
    mayGoBack: ({ context }) => context.mayGoBack,
  },
  actions: {
    keepLock: assign({ lock: ({ event }) => output<LockToInstall>(event) }),
  },
}).createMachine({
  id: 'lockInstall',
  context: ({ input }) => ({ ...input, lock: null, result: null, failure: null, invalid: null }),
  initial: 'preparing',
  states: {
    preparing: {
      tags: ['busy'],
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ context }) => context.params,
        onDone: [
          { guard: 'needsVivoCode', target: 'vivoCode', actions: 'keepLock' },
          { target: 'installing', actions: 'keepLock' },
        ],
        onError: { target: 'refused', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    vivoCode: {
      invoke: { id: 'vivo', src: 'vivoAuthCode', input: ({ context }) => ({ imei: context.lock!.imei }), onDone: 'installing' },
      on: { 'lock.back': { guard: 'mayGoBack', target: 'wentBack' } },
    },
    installing: {
      on: {
        'lock.confirmed': [
          { guard: 'bothInstalled', target: 'confirming', actions: assign({ failure: null, invalid: null }) },
          { actions: assign({ invalid: { installed: 'notInstalled' }, failure: null }) },
        ],
        'lock.back': { guard: 'mayGoBack', target: 'wentBack' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => context.params,
        onDone: { target: 'installed', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'installing', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    installed: { type: 'final', output: ({ context }) => ({ installed: context.result }) },
    refused: { type: 'final', output: ({ context }) => ({ refused: context.failure! }) },
    wentBack: { type: 'final', output: { back: true as const } },
  },
  output: ({ event }) => (event as unknown as { output: LockInstallOutput }).output,
});
