import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { IMEI, expiredCode, offline, sent, vivoAuthCodeModel, wrongCode } from './vivo-auth-code.model';

/**
 * Spec section 9 and issue 3: the code is sent to the handset, lives 5 minutes from sending whatever is entered
 * meanwhile, must be 6 digits, a wrong code may be tried again while it lives, an expired one must be sent again,
 * and no new code is sent while one is being checked.
 */
const send = { type: 'vivo.send' };
const right = { type: 'vivo.codeEntered', code: '482913' };
const short = { type: 'vivo.codeEntered', code: '48291' };
const letters = { type: 'vivo.codeEntered', code: '48a913' };
const sentOk = { type: 'xstate.done.actor.sendCode', output: sent };
const sendFails = { type: 'xstate.error.actor.sendCode', error: offline };
const verified = { type: 'xstate.done.actor.verifyCode', output: { imei: IMEI, verified: true } };
const wrong = { type: 'xstate.error.actor.verifyCode', error: wrongCode };
const expiredOnServer = { type: 'xstate.error.actor.verifyCode', error: expiredCode };
const fiveMinutes = { type: 'xstate.after.codeExpiry.vivoAuthCode.codeSent' };

const FIVE_MINUTES = 5 * 60 * 1000;
const toEntering = [
  { event: send, state: 'sending', tags: { busy: true }, context: { failure: null }, invoked: { sendCode: { imei: IMEI } } },
  { event: sentOk, state: 'codeSent.entering', tags: { busy: false }, context: { expiresAt: sent.expires_at, failure: null } },
] as const;

export const vivoAuthCodeOracle: Oracle<typeof vivoAuthCodeModel.machine> = {
  model: vivoAuthCodeModel,
  initial: { state: 'idle', context: { imei: IMEI, expiresAt: null, failure: null }, tags: { busy: false } },
  delays: { codeExpiry: () => FIVE_MINUTES },
  scenarios: [
    {
      name: 'sent, a right code, verified',
      steps: [
        ...toEntering,
        { event: right, state: 'codeSent.verifying', tags: { busy: true }, invoked: { verifyCode: { imei: IMEI, code: '482913' } } },
        { event: verified, state: 'verified', status: 'done', output: { imei: IMEI, verified: true } },
      ],
    },
    {
      name: 'sending fails, sent again',
      steps: [
        { event: send, state: 'sending' },
        { event: sendFails, state: 'sendFailed', tags: { busy: false }, context: { failure: offline, expiresAt: null } },
        { event: send, state: 'sending', context: { failure: null }, invoked: { sendCode: { imei: IMEI } } },
      ],
    },
    {
      name: 'a wrong code, then the right one',
      steps: [
        ...toEntering,
        { event: right, state: 'codeSent.verifying' },
        { event: wrong, state: 'codeSent.entering', context: { failure: wrongCode, expiresAt: sent.expires_at } },
        { event: right, state: 'codeSent.verifying', context: { failure: null } },
      ],
    },
    {
      name: 'five minutes pass: expired, sent again',
      steps: [
        ...toEntering,
        { event: fiveMinutes, state: 'expired', context: { expiresAt: null } },
        { event: send, state: 'sending', context: { failure: null }, invoked: { sendCode: { imei: IMEI } } },
      ],
    },
    {
      name: 'the code expires while being checked',
      steps: [
        ...toEntering,
        { event: right, state: 'codeSent.verifying' },
        { event: fiveMinutes, state: 'expired', context: { expiresAt: null } },
      ],
    },
    {
      name: 'the server says the code expired',
      steps: [
        ...toEntering,
        { event: right, state: 'codeSent.verifying' },
        { event: expiredOnServer, state: 'expired', context: { expiresAt: null } },
      ],
    },
    {
      name: 'a new code asked for while entering',
      steps: [...toEntering, { event: send, state: 'sending', context: { failure: null } }],
    },
    {
      name: 'a new code after a wrong one clears the failure',
      steps: [
        ...toEntering,
        { event: right, state: 'codeSent.verifying' },
        { event: wrong, state: 'codeSent.entering', context: { failure: wrongCode } },
        { event: send, state: 'sending', context: { failure: null } },
      ],
    },
  ],
  refuses: {
    idle: [right],
    sending: [send, right],
    sendFailed: [right],
    'codeSent.entering': [
      short,
      letters,
      { type: 'vivo.codeEntered', code: '' },
      { type: 'vivo.codeEntered', code: '4829130' },
      { type: 'vivo.codeEntered', code: 'x482913' },
    ],
    'codeSent.verifying': [send, right],
    expired: [right],
    verified: [send, right],
  } satisfies Record<string, AnyEventObject[]>,
};
