import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

/** Loads one thing (a setting, a record) with a retry: the smallest process a screen has. */
export const loadMachine = setup({
  types: {
    context: {} as { data: unknown; failure: CallFailure | null },
    events: {} as { type: 'load.retry' },
  },
  actors: {
    load: fromPromise<unknown>(async () => null),
  },
}).createMachine({
  id: 'load',
  context: { data: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    failed: { on: { 'load.retry': 'loading' } },
    loaded: { type: 'final' },
  },
});
