import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

/** The code lives 5 minutes from sending (spec section 9), whatever was entered meanwhile. */
export const CODE_LIFETIME_MS = 5 * 60_000;

export interface VivoCodeSent {
  sent_at: string;
  expires_at: string;
}

export interface VivoAuthOutput {
  imei: string;
  verified: true;
}

/**
 * The vivo lock's authorization code: send it to the handset, enter it, verify it. A wrong code lets the agent
 * try again while the code lives; 5 minutes after sending it has expired and must be sent again.
 */
export const vivoAuthCodeMachine = setup({
  types: {
    input: {} as { imei: string },
    context: {} as { imei: string; expiresAt: string | null; failure: CallFailure | null },
    events: {} as { type: 'vivo.send' } | { type: 'vivo.codeEntered'; code: string },
    output: {} as VivoAuthOutput,
  },
  actors: {
    sendCode: fromPromise<VivoCodeSent, { imei: string }>(async () => {
      throw new Error('not provided');
    }),
    verifyCode: fromPromise<VivoAuthOutput, { imei: string; code: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    recordFailure: assign({ failure: (_, params: { error: unknown }) => toCallFailure(params.error) }),
  },
  guards: {
    codeWellFormed: (_, params: { code: string }) => /^\d{6}$/.test(params.code.trim()),
    expiredOnServer: (_, params: { error: unknown }) => toCallFailure(params.error).reason === 'auth_code_expired',
  },
  delays: {
    codeExpiry: CODE_LIFETIME_MS,
  },
}).createMachine({
  id: 'vivoAuthCode',
  context: ({ input }) => ({ imei: input.imei, expiresAt: null, failure: null }),
  initial: 'idle',
  output: ({ context }) => ({ imei: context.imei, verified: true }),
  states: {
    idle: { on: { 'vivo.send': 'sending' } },
    sending: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ imei: context.imei }),
        onDone: { target: 'codeSent', actions: assign({ expiresAt: ({ event }) => event.output.expires_at }) },
        onError: { target: 'sendFailed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sendFailed: { on: { 'vivo.send': 'sending' } },
    codeSent: {
      initial: 'entering',
      after: { codeExpiry: { target: 'expired', actions: assign({ expiresAt: null }) } },
      on: { 'vivo.send': 'sending' },
      states: {
        entering: {
          on: {
            'vivo.codeEntered': {
              guard: { type: 'codeWellFormed', params: ({ event }) => ({ code: event.code }) },
              target: 'verifying',
              actions: assign({ failure: null }),
            },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context, event }) => ({ imei: context.imei, code: (event as { code: string }).code.trim() }),
            onDone: '#vivoAuthCode.verified',
            onError: [
              {
                guard: { type: 'expiredOnServer', params: ({ event }) => ({ error: event.error }) },
                target: '#vivoAuthCode.expired',
                actions: assign({ expiresAt: null }),
              },
              { target: 'entering', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
          // Sending a new code while one is being checked would race the check.
          on: { 'vivo.send': {} },
        },
      },
    },
    expired: { on: { 'vivo.send': 'sending' } },
    verified: { type: 'final' },
  },
});
