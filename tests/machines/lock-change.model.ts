import { lockChangeMachine } from '../../src/machines/lock-change.machine';
import type { ModelSpec } from './coverage';

export const MSISDN = '255754123456';
export const IMEI = '356938035643809';

export const current = {
  type: { imei: IMEI, lock_solution_type: 'dial_code', available_lock_solution_types: ['trustonic', 'oguard', 'rguard', 'zte', 'vivo'] },
  status: {
    imei: IMEI,
    lock_solution_type: 'dial_code',
    lock_status: 'active',
    activation_status: 'activated',
    is_locked: false,
    last_check_in: null,
    enrolled_at: null,
  },
} as const;

const startedAs = (type: 'oguard' | 'vivo') => ({
  imei: IMEI,
  from_lock_solution_type: 'dial_code',
  lock_solution_type: type,
  dial_code: null,
  qr_payload: type === 'oguard' ? '{"android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME":"com.oguard.dpc/.AdminReceiver"}' : null,
  vivo_code_required: type === 'vivo',
  started_at: '2026-11-02T08:00:00.000Z',
});
export const startedOguard = startedAs('oguard');
export const startedVivo = startedAs('vivo');

const changed = (enrolment: 'enrolled' | 'pending') => ({
  imei: IMEI,
  from_lock_solution_type: 'dial_code',
  lock_solution_type: 'oguard',
  activation_status: 'activated',
  enrolment,
  changed_at: '2026-11-02T08:05:00.000Z',
});
export const enrolled = changed('enrolled');
export const enrolmentPending = changed('pending');

export const networkDown = { status: null, message: 'Failed to fetch' };
export const stolen = { status: 409, message: 'This device is reported stolen', reason: 'device_stolen' };

/**
 * Load (or fail and reload), choose a type offered or not, the lock-install child's outcomes (applied and enrolled,
 * applied with the enrolment pending, the start refused, the agent went back), and enrolling again (enrolled, or
 * refused).
 */
export const lockChangeModel: ModelSpec<typeof lockChangeMachine> = {
  machine: lockChangeMachine,
  input: { msisdn: MSISDN },
  events: [
    { type: 'xstate.done.actor.loadLock', output: current },
    { type: 'xstate.error.actor.loadLock', error: networkDown },
    { type: 'lock.reload' },
    { type: 'lock.typeChosen', lockType: 'dial_code' },
    { type: 'lock.typeChosen', lockType: 'oguard' },
    { type: 'xstate.done.actor.lockInstall', output: { installed: enrolled } },
    { type: 'xstate.done.actor.lockInstall', output: { installed: enrolmentPending } },
    { type: 'xstate.done.actor.lockInstall', output: { refused: stolen } },
    { type: 'xstate.done.actor.lockInstall', output: { back: true } },
    { type: 'lock.enrolAgain' },
    { type: 'xstate.done.actor.confirmChange', output: enrolled },
    { type: 'xstate.error.actor.confirmChange', error: networkDown },
  ],
};
