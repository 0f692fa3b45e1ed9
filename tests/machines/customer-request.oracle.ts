import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { customerRequestModel, pendingAlready } from './customer-request.model';

/**
 * Issue 4 (requests submitted from the customer view, decided in the approval queues) and spec section 4: the
 * agent opens the form, sends it, and sees it waiting for approval; a customer has at most one pending request of
 * each kind, and a second is refused with a clear message: the form stays open with the reason. Nothing can be
 * sent twice or cancelled while it is being sent.
 */
const opened = { type: 'form.opened' };
const cancelled = { type: 'form.cancelled' };
const extension = { type: 'form.submitted', values: { days_to_extend: 7 } };
const imeiChange = { type: 'form.submitted', values: { reason: 'Screen replaced under warranty', new_imei: '490154203237518' } };
const accepted = { type: 'xstate.done.actor.submitRequest', output: { id: 3, status: 'submitted' } };
const refused = { type: 'xstate.error.actor.submitRequest', error: pendingAlready };
const unreachable = { type: 'xstate.error.actor.submitRequest', error: new TypeError('Failed to fetch') };

export const customerRequestOracle: Oracle<typeof customerRequestModel.machine> = {
  model: customerRequestModel,
  initial: {
    check: (s) => expect(s.machine.id, 'the id the statechart exports are named by').toBe('customerRequest'),
    state: 'closed',
    context: { failure: null },
    tags: { busy: false },
  },
  scenarios: [
    {
      name: 'opened, sent, waiting for approval',
      steps: [
        { event: opened, state: 'editing', context: { failure: null }, tags: { busy: false } },
        { event: extension, state: 'submitting', tags: { busy: true }, invoked: { submitRequest: { values: { days_to_extend: 7 } } } },
        { event: accepted, state: 'submitted', context: { failure: null }, tags: { busy: false } },
      ],
    },
    {
      name: 'a second request of a kind is refused: the form stays with the reason, sent again',
      steps: [
        { event: opened, state: 'editing' },
        { event: imeiChange, state: 'submitting', invoked: { submitRequest: { values: imeiChange.values } } },
        { event: refused, state: 'editing', context: { failure: pendingAlready }, tags: { busy: false } },
        {
          event: extension,
          state: 'submitting',
          context: { failure: null },
          invoked: { submitRequest: { values: { days_to_extend: 7 } } },
        },
        { event: accepted, state: 'submitted', context: { failure: null } },
      ],
    },
    {
      name: 'the server cannot be reached: a failure without a status',
      steps: [
        { event: opened, state: 'editing' },
        { event: extension, state: 'submitting' },
        { event: unreachable, state: 'editing', context: { failure: { status: null, message: 'Failed to fetch' } } },
      ],
    },
    {
      name: 'cancelled, then opened afresh without the old refusal',
      steps: [
        { event: opened, state: 'editing' },
        { event: extension, state: 'submitting' },
        { event: refused, state: 'editing', context: { failure: pendingAlready } },
        { event: cancelled, state: 'closed' },
        { event: opened, state: 'editing', context: { failure: null } },
      ],
    },
    {
      name: 'another request after one was sent',
      steps: [
        { event: opened, state: 'editing' },
        { event: extension, state: 'submitting' },
        { event: accepted, state: 'submitted' },
        { event: opened, state: 'editing', context: { failure: null } },
        { event: imeiChange, state: 'submitting', invoked: { submitRequest: { values: imeiChange.values } } },
      ],
    },
  ],
  refuses: {
    closed: [extension, cancelled],
    editing: [opened],
    submitting: [opened, cancelled, extension],
    submitted: [extension],
  } satisfies Record<string, AnyEventObject[]>,
};
