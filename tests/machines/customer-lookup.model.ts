import { customerLookupMachine } from '../../src/machines/customer-lookup.machine';
import type { ModelSpec } from './coverage';

export const view = { customer: { id: 1, msisdn: '255754000123' }, device: null, loans: null };
export const notFound = { status: 404, message: 'Customer record not found', reason: 'not_found' };
export const offline = { status: null, message: 'Failed to fetch' };

/** Nothing asked, found, not found, a failed call retried, a new search from any state. */
export const customerLookupModel: ModelSpec<typeof customerLookupMachine> = {
  machine: customerLookupMachine,
  input: { query: null },
  events: [
    { type: 'xstate.done.actor.findCustomer', output: null },
    { type: 'xstate.done.actor.findCustomer', output: view },
    { type: 'xstate.error.actor.findCustomer', error: notFound },
    { type: 'xstate.error.actor.findCustomer', error: offline },
    { type: 'search.submitted', query: { msisdn: '255754000123' } },
    { type: 'search.retry' },
  ],
};
