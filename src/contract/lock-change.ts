import { z } from 'zod';
import { lockSolutionType } from './deposits';
import { msisdnField } from './requests';

/**
 * Lock solution change (issue 4): the customer's device moves from one lock provider to another. Read the current
 * type and status, start a change (the answer is what the agent does on the handset for the new type, as in the
 * deposit wizard's lock step), for vivo verify an authorization code, then confirm that the lock and the app are
 * installed: the change applies. The device is the customer's current one (of their newest loan).
 */

export { LOCK_CHANGE_REFUSALS } from './refusal-reasons';

export const lockTypeRequest = z.object({ msisdn: msisdnField });

/** view_customer_device_lock_type: the device's lock type and the types it may change to. */
export const deviceLockType = z.object({
  imei: z.string(),
  lock_solution_type: lockSolutionType,
  /** Every lock type but the current one. */
  available_lock_solution_types: z.array(lockSolutionType),
});
export type DeviceLockType = z.infer<typeof deviceLockType>;

/** get_customer_status_lock_solution: each field null when the provider has not told it (shown "unavailable"). */
export const lockSolutionStatus = z.object({
  imei: z.string(),
  lock_solution_type: lockSolutionType,
  lock_status: z.enum(['active', 'inactive']).nullable(),
  activation_status: z.enum(['activated', 'not_activated']).nullable(),
  is_locked: z.boolean().nullable(),
  last_check_in: z.string().nullable(),
  enrolled_at: z.string().nullable(),
});
export type LockSolutionStatus = z.infer<typeof lockSolutionStatus>;

export const changeLockRequest = z.object({
  msisdn: msisdnField,
  lock_solution_type: z.enum(lockSolutionType.options, { error: 'valid lock solution type required' }),
});

/** The change started: what the agent does on the handset for the new type. */
export const lockChangeStarted = z.object({
  imei: z.string(),
  from_lock_solution_type: lockSolutionType,
  lock_solution_type: lockSolutionType,
  /** dial_code: the code to dial on the handset. */
  dial_code: z.string().nullable(),
  /** Android provisioning (oguard, rguard): the QR payload to scan after tapping the welcome screen 5 to 7 times. */
  qr_payload: z.string().nullable(),
  /** vivo: an authorization code for this IMEI must be verified (after this start) before confirming. */
  vivo_code_required: z.boolean(),
  started_at: z.string(),
});
export type LockChangeStarted = z.infer<typeof lockChangeStarted>;

export const confirmLockChangeRequest = z.object({
  msisdn: msisdnField,
  lock_installed: z.literal(true, 'Confirm that the lock solution is installed'),
  app_installed: z.literal(true, 'Confirm that the mobile app is installed'),
});

/** The change applied. `enrolment` pending: the provider did not answer; confirming again retries it. */
export const lockChanged = z.object({
  imei: z.string(),
  from_lock_solution_type: lockSolutionType,
  lock_solution_type: lockSolutionType,
  activation_status: z.literal('activated'),
  enrolment: z.enum(['enrolled', 'pending']),
  changed_at: z.string(),
});
export type LockChanged = z.infer<typeof lockChanged>;
