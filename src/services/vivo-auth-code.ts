import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import { vivoAuthCodeMachine, type VivoAuthOutput, type VivoCodeSent } from '../machines/vivo-auth-code.machine';
import { call } from './http';

export const vivoAuthCodeActors = {
  sendCode: fromPromise<VivoCodeSent, { imei: string }>(({ input, signal }) =>
    call(routes.sendVivoAuthCode, { body: { imei: input.imei }, signal }),
  ),
  verifyCode: fromPromise<VivoAuthOutput, { imei: string; code: string }>(({ input, signal }) =>
    call(routes.verifyVivoAuthCode, { body: { imei: input.imei, code: input.code }, signal }),
  ),
};

export const liveVivoAuthCode = vivoAuthCodeMachine.provide({ actors: vivoAuthCodeActors });
