import { vivoAuthCodeMachine } from '../../src/machines/vivo-auth-code.machine';
import type { ModelSpec } from './coverage';

export const IMEI = '356938035643809';
export const sent = { sent_at: '2026-11-02T08:00:00.000Z', expires_at: '2026-11-02T08:05:00.000Z' };
export const wrongCode = {
  status: 409,
  message: 'Failed to verify the authorization code entered, check and try again',
  reason: 'auth_code_wrong',
};
export const expiredCode = { status: 409, message: 'The authorization code has expired', reason: 'auth_code_expired' };
export const offline = { status: null, message: 'Failed to fetch' };

/** Send (and fail), a right and a wrong code, a code that is not 6 digits, expiry on the clock and on the server, send again. */
export const vivoAuthCodeModel: ModelSpec<typeof vivoAuthCodeMachine> = {
  machine: vivoAuthCodeMachine,
  input: { imei: IMEI },
  events: [
    { type: 'vivo.send' },
    { type: 'xstate.done.actor.sendCode', output: sent },
    { type: 'xstate.error.actor.sendCode', error: offline },
    { type: 'vivo.codeEntered', code: '482913' },
    { type: 'vivo.codeEntered', code: '48291' },
    { type: 'vivo.codeEntered', code: '48a913' },
    { type: 'xstate.done.actor.verifyCode', output: { imei: IMEI, verified: true } },
    { type: 'xstate.error.actor.verifyCode', error: wrongCode },
    { type: 'xstate.error.actor.verifyCode', error: expiredCode },
    { type: 'xstate.after.codeExpiry.vivoAuthCode.codeSent' },
  ],
};
