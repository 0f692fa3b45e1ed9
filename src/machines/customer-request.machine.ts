import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

/**
 * Asking for a change a second person decides (a loan extension, a deregistration, an IMEI change): fill in,
 * send, and see it waiting for approval. A refusal keeps the form with the reason.
 */
export const customerRequestMachine = setup({
  types: {
    context: {} as { failure: CallFailure | null },
    events: {} as { type: 'form.opened' } | { type: 'form.cancelled' } | { type: 'form.submitted'; values: Record<string, unknown> },
  },
  actors: {
    submitRequest: fromPromise<unknown, { values: Record<string, unknown> }>(async () => undefined),
  },
}).createMachine({
  id: 'customerRequest',
  context: { failure: null },
  initial: 'closed',
  states: {
    closed: { on: { 'form.opened': { target: 'editing', actions: assign({ failure: null }) } } },
    editing: {
      on: {
        // A send after a refusal must not keep showing the old refusal while it is under way, nor after it succeeds.
        'form.submitted': { target: 'submitting', actions: assign({ failure: null }) },
        'form.cancelled': 'closed',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitRequest',
        src: 'submitRequest',
        input: ({ event }) => ({ values: (event as { values: Record<string, unknown> }).values }),
        onDone: 'submitted',
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    submitted: { on: { 'form.opened': { target: 'editing', actions: assign({ failure: null }) } } },
  },
});
