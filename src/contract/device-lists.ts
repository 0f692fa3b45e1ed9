import { z } from 'zod';
import { listOf, text } from './common';

/**
 * The device lists of the spec's side menu (issue 4): "Damaged Devices" (service centre, repair reason), "Lost
 * Devices" (date lost) and "Suspended IMEI" (every device whose IMEI is blocked: reported stolen or lost and not
 * yet recovered; decision 008). Each is a server-paged list, newest incident first, searched by one box.
 */

export const DEVICE_LIST_LIMITS = { page: 200, search: 100 } as const;

export const deviceListRequest = z.object({
  /**
   * An IMEI or part of one, a phone number in any Tanzanian form (matched exactly), or part of the customer's
   * name, the loan number, or (damaged devices) the service centre or the repair reason. Empty: everything.
   */
  search: text({ error: 'valid search required' })
    .trim()
    .max(DEVICE_LIST_LIMITS.search, `must be at most ${DEVICE_LIST_LIMITS.search} characters`)
    .optional(),
  limit: z
    .number({ error: 'valid limit required' })
    .int('valid limit required')
    .min(1, 'valid limit required')
    .max(DEVICE_LIST_LIMITS.page, `must be at most ${DEVICE_LIST_LIMITS.page}`)
    .default(25),
  skip: z
    .number({ error: 'valid skip required' })
    .int('valid skip required')
    .min(0, 'valid skip required')
    .max(1_000_000, 'must be at most 1000000')
    .default(0),
});
export type DeviceListRequest = z.input<typeof deviceListRequest>;

/** What every row says about the device and whose it is. `id` is the device's. */
const listedDevice = {
  id: z.number().int(),
  imei: z.string(),
  device_name: z.string(),
  is_locked: z.boolean(),
  customer: z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() }),
  loan_number: z.string().nullable(),
  /** Who recorded the incident, when the portal knows (the seeded history has no reporter). */
  reported_by: z.string().nullable(),
  notes: z.string().nullable(),
};

export const damagedDevice = z.object({
  ...listedDevice,
  /** The day the damage was recorded; null only for a device marked damaged with no incident on record. */
  damaged_on: z.string().nullable(),
  service_centre: z.string().nullable(),
  repair_reason: z.string().nullable(),
});
export type DamagedDevice = z.infer<typeof damagedDevice>;

export const lostDevice = z.object({ ...listedDevice, date_lost: z.string().nullable() });
export type LostDevice = z.infer<typeof lostDevice>;

export const suspendedImei = z.object({
  ...listedDevice,
  /** Why the IMEI is blocked. */
  reason: z.enum(['stolen', 'lost']),
  /** The day it was stolen or lost. */
  since: z.string().nullable(),
});
export type SuspendedImei = z.infer<typeof suspendedImei>;

export const damagedDevices = listOf(damagedDevice);
export const lostDevices = listOf(lostDevice);
export const suspendedImeis = listOf(suspendedImei);
