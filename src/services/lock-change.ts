import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import type { LockSolutionType } from '../contract/deposits';
import type { LockChanged, LockChangeStarted } from '../contract/lock-change';
import { lockChangeMachine, type CurrentLock } from '../machines/lock-change.machine';
import type { VivoCodeSent } from '../machines/vivo-auth-code.machine';
import { call } from './http';
import { liveVivoAuthCode } from './vivo-auth-code';

/**
 * The lock solution change's actors. The vivo code of a change is sent by the change's own call (the wizard's
 * refuses a handset whose lock is not vivo yet) and verified by the wizard's.
 */
export const liveLockChange = lockChangeMachine.provide({
  actors: {
    loadLock: fromPromise<CurrentLock, { msisdn: string }>(async ({ input, signal }) => {
      const [type, status] = await Promise.all([
        call(routes.viewDeviceLockType, { body: { msisdn: input.msisdn }, signal }),
        call(routes.lockSolutionStatus, { body: { msisdn: input.msisdn }, signal }),
      ]);
      return { type, status };
    }),
    startChange: fromPromise<LockChangeStarted, { msisdn: string; lockType: LockSolutionType }>(({ input, signal }) =>
      call(routes.changeLockSolution, { body: { msisdn: input.msisdn, lock_solution_type: input.lockType }, signal }),
    ),
    vivoAuthCode: liveVivoAuthCode.provide({
      actors: {
        sendCode: fromPromise<VivoCodeSent, { imei: string }>(({ input, signal }) => call(routes.sendLockChangeVivoCode, { body: { imei: input.imei }, signal })),
      },
    }),
    confirmChange: fromPromise<LockChanged, { msisdn: string }>(({ input, signal }) =>
      call(routes.confirmLockSolutionChange, { body: { msisdn: input.msisdn, lock_installed: true, app_installed: true }, signal }),
    ),
  },
});
