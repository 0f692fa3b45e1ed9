import { deviceStatusMachine } from '../../src/machines/device-status.machine';
import type { ModelSpec } from './coverage';

const base = {
  device_id: 7,
  imei: '356938035643809',
  device_name: 'itel A70',
  is_locked: false,
  customer: { id: 1, msisdn: '255754000123', name: 'Neema Juma' },
  loan: null,
  last_incident: null,
};
export const activeDevice = { ...base, status: 'active' as const };
export const stolenDevice = {
  ...base,
  status: 'stolen' as const,
  is_locked: true,
  last_incident: {
    kind: 'stolen' as const,
    occurred_on: '2026-11-01',
    notes: null,
    reported_by: 'Grace Mollel',
    reported_at: '2026-11-01T09:00:00.000Z',
  },
};
export const notFound = { status: 404, message: 'No device with this IMEI', reason: 'not_found' };
export const offline = { status: null, message: 'Failed to fetch' };
export const alreadyStolen = { status: 409, message: 'This device is already reported stolen', reason: 'already_stolen' };

/**
 * Report stolen: search (found, not found, failed and retried), a device already stolen cannot be reported again,
 * fill in, cancel or confirm, refused or done, and search again.
 */
export const deviceStatusModel: ModelSpec<typeof deviceStatusMachine> = {
  machine: deviceStatusMachine,
  input: { action: 'stolen' },
  events: [
    { type: 'device.searched', search: '0754000123' },
    { type: 'xstate.done.actor.findDevice', output: activeDevice },
    { type: 'xstate.done.actor.findDevice', output: stolenDevice },
    { type: 'xstate.error.actor.findDevice', error: notFound },
    { type: 'xstate.error.actor.findDevice', error: offline },
    { type: 'search.retry' },
    { type: 'change.requested', values: { occurred_on: '2026-11-01', notes: 'Snatched' } },
    { type: 'change.cancelled' },
    { type: 'change.confirmed' },
    { type: 'xstate.done.actor.changeStatus', output: stolenDevice },
    { type: 'xstate.error.actor.changeStatus', error: alreadyStolen },
  ],
};
