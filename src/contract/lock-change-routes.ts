import { define, type RouteContract } from './route';
import { vivoCodeSent, vivoSendRequest } from './deposits';
import * as l from './lock-change';

const NO_DEVICE = 'Customer record not found (reason not_found), or the customer has no device (reason no_device)';

/**
 * Lock solution change (issue 4, decision 008). The spec names the two reads; the change is this portal's own, in
 * two steps as the deposit wizard's lock step: start (instructions for the new type), then confirm once installed.
 * Changing is ADD_LOAN, the role of the agents who install locks. The vivo code of a change is sent by its own
 * call (the wizard's send_auth_code/vivo/device refuses a handset whose lock is not vivo yet) and verified by the
 * wizard's verify_auth_code/vivo/device.
 */
export const lockChangeRoutes = {
  viewDeviceLockType: define({
    method: 'POST',
    path: '/api/v1/view_customer_device_lock_type',
    auth: 'VIEW_CUSTOMER_PHONE',
    summary: "The customer's device lock solution type and the types it may change to",
    body: l.lockTypeRequest,
    response: l.deviceLockType,
    refusals: { 404: NO_DEVICE },
  }),
  lockSolutionStatus: define({
    method: 'POST',
    path: '/api/v1/get_customer_status_lock_solution',
    auth: 'VIEW_CUSTOMER_PHONE',
    summary: "The lock solution's status on the customer's device: active or inactive, activation, locked, last check-in, enrolled",
    body: l.lockTypeRequest,
    response: l.lockSolutionStatus,
    refusals: { 404: NO_DEVICE },
  }),
  changeLockSolution: define({
    method: 'POST',
    path: '/api/v1/change_lock_solution',
    auth: 'ADD_LOAN',
    summary:
      "Start changing the device's lock solution type: answers what to do on the handset (dial code, provisioning QR, app); a new start replaces an unconfirmed one",
    body: l.changeLockRequest,
    response: l.lockChangeStarted,
    refusals: {
      404: NO_DEVICE,
      409: 'The device is reported stolen or lost (reason device_stolen), or already has this lock type (reason same_lock_type)',
    },
  }),
  sendLockChangeVivoCode: define({
    method: 'POST',
    path: '/api/v1/change_lock_solution/send_auth_code',
    auth: 'ADD_LOAN',
    summary:
      'Send a vivo authorization code (valid 5 minutes) for a device whose lock is being changed to vivo; verify it with verify_auth_code/vivo/device',
    body: vivoSendRequest,
    response: vivoCodeSent,
    refusals: {
      404: 'No customer device with this IMEI (reason not_found)',
      409: 'No change to vivo started for this device (reason no_change_started)',
    },
  }),
  confirmLockSolutionChange: define({
    method: 'POST',
    path: '/api/v1/confirm_lock_solution_change',
    auth: 'ADD_LOAN',
    summary:
      'The lock solution and the app are installed: the change applies (activated), and the device is enrolled with the new provider after the commit',
    body: l.confirmLockChangeRequest,
    response: l.lockChanged,
    refusals: {
      404: NO_DEVICE,
      409: 'No change started (reason no_change_started), the vivo code not verified (reason vivo_not_verified), or the device is reported stolen or lost (reason device_stolen)',
    },
  }),
} satisfies Record<string, RouteContract>;
