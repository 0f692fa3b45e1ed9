import { assign, fromPromise, setup } from 'xstate';
import type { CustomerView } from '../contract/customers';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

export interface CustomerQuery {
  msisdn?: string;
  national_id?: string;
}

/**
 * Finding a customer by phone number or national ID. The view screen starts it with the customer it shows
 * (held by msisdn); the find screen starts it empty and searches on submit.
 */
export const customerLookupMachine = setup({
  types: {
    context: {} as { query: CustomerQuery | null; view: CustomerView | null; failure: CallFailure | null },
    events: {} as { type: 'search.submitted'; query: CustomerQuery } | { type: 'search.retry' },
    input: {} as { query?: CustomerQuery | null },
  },
  actors: {
    /** Answers null when there is nothing to look for. */
    findCustomer: fromPromise<CustomerView | null, { query: CustomerQuery | null }>(async () => null),
  },
  guards: {
    nothingAsked: (_, output: CustomerView | null) => output === null,
    notFound: (_, params: { error: unknown }) => toCallFailure(params.error).status === 404,
  },
}).createMachine({
  id: 'customerLookup',
  context: ({ input }) => ({ query: input.query ?? null, view: null, failure: null }),
  initial: 'searching',
  on: {
    'search.submitted': { target: '.searching', actions: assign({ query: ({ event }) => event.query, failure: null }) },
  },
  states: {
    idle: {},
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'findCustomer',
        src: 'findCustomer',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          { guard: { type: 'nothingAsked', params: ({ event }) => event.output }, target: 'idle' },
          { target: 'found', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: assign({ view: null }),
          },
          { target: 'failed', actions: assign({ failure: ({ event }) => toCallFailure(event.error), view: null }) },
        ],
      },
    },
    found: {},
    notFound: {},
    failed: { on: { 'search.retry': 'searching' } },
  },
});
