import { lockInstallMachine } from '../../src/machines/lock-install.machine';
import type { ModelSpec } from './coverage';

export const IMEI = '356938035643809';
export const params = { msisdn: '255754123456', lockType: 'oguard' };

export const plainLock = {
  imei: IMEI,
  lock_solution_type: 'oguard',
  dial_code: null,
  qr_payload: '{"provisioning":"oguard"}',
  vivo_code_required: false,
} as const;
export const vivoLock = { imei: IMEI, lock_solution_type: 'vivo', dial_code: null, qr_payload: null, vivo_code_required: true } as const;
export const verified = { imei: IMEI, verified: true } as const;
export const applied = { imei: IMEI, lock_solution_type: 'oguard', enrolment: 'enrolled' } as const;

export const stolen = { status: 409, message: 'This device is reported stolen', reason: 'device_stolen' };
export const networkDown = { status: null, message: 'Failed to fetch' };

/**
 * The owner's first call answers a plain lock, a vivo lock or a refusal; the vivo child verifies; the checkboxes
 * are ticked one short or both; the confirming call applies or fails; the agent goes back (the owner allows it).
 */
export const lockInstallModel: ModelSpec<typeof lockInstallMachine> = {
  machine: lockInstallMachine,
  input: { params, mayGoBack: true },
  events: [
    { type: 'xstate.done.actor.prepare', output: plainLock },
    { type: 'xstate.done.actor.prepare', output: vivoLock },
    { type: 'xstate.error.actor.prepare', error: stolen },
    { type: 'xstate.done.actor.vivo', output: verified },
    { type: 'lock.confirmed', lockInstalled: true, appInstalled: false },
    { type: 'lock.confirmed', lockInstalled: false, appInstalled: true },
    { type: 'lock.confirmed', lockInstalled: true, appInstalled: true },
    { type: 'xstate.done.actor.confirm', output: applied },
    { type: 'xstate.error.actor.confirm', error: networkDown },
    { type: 'lock.back' },
  ],
};
