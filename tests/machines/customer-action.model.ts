import { customerActionMachine } from '../../src/machines/customer-action.machine';
import type { ModelSpec } from './coverage';

export const pin = { code: '40718265', imei: '356938035643809', expires_at: '2026-11-03T08:00:00.000Z', left_for_device: 2 };
export const rateLimited = {
  status: 429,
  message: 'This device already got 3 offline PINs in the last 24 hours',
  reason: 'device_rate_limited',
};

/** Open, cancel; send straight away or review and confirm (or go back); refused (the form stays) or done; close or again. */
export const customerActionModel: ModelSpec<typeof customerActionMachine> = {
  machine: customerActionMachine,
  events: [
    { type: 'action.opened' },
    { type: 'action.cancelled' },
    { type: 'action.reviewed', values: { msisdn: '255754000123' } },
    { type: 'action.submitted', values: { msisdn: '255754000123' } },
    { type: 'action.confirmed' },
    { type: 'xstate.done.actor.submitAction', output: pin },
    { type: 'xstate.error.actor.submitAction', error: rateLimited },
    { type: 'action.closed' },
  ],
};
