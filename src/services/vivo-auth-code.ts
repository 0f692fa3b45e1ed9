import { fromPromise } from 'xstate';
// The wizard's calls only, not the whole table (decision 038).
import { depositRoutes as routes } from '../contract/deposit-routes';
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
