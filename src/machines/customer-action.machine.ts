import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

/**
 * One action staff take on a customer at once (an offline PIN, a call rating, a PIN reset, a forgot-password code,
 * a data bundle): open the form, send it, see the result. An action that cannot be taken back is first reviewed
 * (`action.reviewed`) and confirmed; the others are sent straight away (`action.submitted`). A refusal keeps the
 * form with the reason; the result (an offline PIN's code) is shown once and forgotten when the form closes.
 */
export const customerActionMachine = setup({
  types: {
    context: {} as { values: Record<string, unknown> | null; result: unknown; failure: CallFailure | null },
    events: {} as
      | { type: 'action.opened' }
      | { type: 'action.cancelled' }
      | { type: 'action.reviewed'; values: Record<string, unknown> }
      | { type: 'action.submitted'; values: Record<string, unknown> }
      | { type: 'action.confirmed' }
      | { type: 'action.closed' },
  },
  actors: {
    submitAction: fromPromise<unknown, { values: Record<string, unknown> }>(async () => {
      throw new Error('submitAction is provided by src/services');
    }),
  },
  actions: {
    reset: assign({ values: null, result: null, failure: null }),
  },
}).createMachine({
  id: 'customerAction',
  context: { values: null, result: null, failure: null },
  initial: 'closed',
  states: {
    closed: { on: { 'action.opened': { target: 'editing', actions: 'reset' } } },
    editing: {
      on: {
        'action.reviewed': { target: 'confirming', actions: assign({ values: ({ event }) => event.values, failure: null }) },
        'action.submitted': { target: 'submitting', actions: assign({ values: ({ event }) => event.values, failure: null }) },
        'action.cancelled': { target: 'closed', actions: 'reset' },
      },
    },
    confirming: {
      on: {
        'action.confirmed': 'submitting',
        'action.cancelled': 'editing',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitAction',
        src: 'submitAction',
        input: ({ context }) => ({ values: context.values! }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    done: {
      on: {
        'action.closed': { target: 'closed', actions: 'reset' },
        'action.opened': { target: 'editing', actions: 'reset' },
      },
    },
  },
});
