import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import type { LockSolutionType } from '../contract/deposits';
import type { LockChanged } from '../contract/lock-change';
import { lockChangeMachine, type CurrentLock } from '../machines/lock-change.machine';
import { lockInstallMachine, type LockToInstall } from '../machines/lock-install.machine';
import type { VivoCodeSent } from '../machines/vivo-auth-code.machine';
import { call } from './http';
import { liveVivoAuthCode } from './vivo-auth-code';

/**
 * The lock solution change's actors: its lock-install child starts and confirms the change; confirming again
 * retries a pending enrolment. The vivo code of a change is sent by the change's own call (the wizard's refuses a
 * handset whose lock is not vivo yet) and verified by the wizard's.
 */
const confirmChange = (msisdn: string, signal: AbortSignal) =>
  call(routes.confirmLockSolutionChange, { body: { msisdn, lock_installed: true, app_installed: true }, signal });

export const liveLockChange = lockChangeMachine.provide({
  actors: {
    loadLock: fromPromise<CurrentLock, { msisdn: string }>(async ({ input, signal }) => {
      const [type, status] = await Promise.all([
        call(routes.viewDeviceLockType, { body: { msisdn: input.msisdn }, signal }),
        call(routes.lockSolutionStatus, { body: { msisdn: input.msisdn }, signal }),
      ]);
      return { type, status };
    }),
    lockInstall: lockInstallMachine.provide({
      actors: {
        prepare: fromPromise<LockToInstall, Record<string, string>>(({ input, signal }) =>
          call(routes.changeLockSolution, {
            body: { msisdn: input.msisdn!, lock_solution_type: input.lockType as LockSolutionType },
            signal,
          }),
        ),
        vivoAuthCode: liveVivoAuthCode.provide({
          actors: {
            sendCode: fromPromise<VivoCodeSent, { imei: string }>(({ input, signal }) =>
              call(routes.sendLockChangeVivoCode, { body: { imei: input.imei }, signal }),
            ),
          },
        }),
        confirm: fromPromise<unknown, Record<string, string>>(({ input, signal }) => confirmChange(input.msisdn!, signal)),
      },
    }),
    confirmChange: fromPromise<LockChanged, { msisdn: string }>(({ input, signal }) => confirmChange(input.msisdn, signal)),
  },
});
