import { customerRequestMachine } from '../../src/machines/customer-request.machine';
import type { ModelSpec } from './coverage';

export const pendingAlready = { status: 409, message: 'A request of this kind is already waiting', reason: 'request_open' };

/** Open, cancel, send, refused (the form stays with the reason), sent, and ask again. */
export const customerRequestModel: ModelSpec<typeof customerRequestMachine> = {
  machine: customerRequestMachine,
  events: [
    { type: 'form.opened' },
    { type: 'form.cancelled' },
    { type: 'form.submitted', values: { days_to_extend: 7 } },
    { type: 'xstate.done.actor.submitRequest', output: { id: 3, status: 'submitted' } },
    { type: 'xstate.error.actor.submitRequest', error: pendingAlready },
  ],
};
