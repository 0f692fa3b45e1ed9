import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

/** Loads one thing (a setting, a record) with a retry: the smallest process a screen has. */
export const loadMachine = setup({
  types: {
    context: {} as { params: unknown; data: unknown; failure: CallFailure | null },
    events: {} as { type: 'load.retry' },
    input: {} as { params?: unknown } | undefined,
  },
  actors: {
    /** Gets the thing, given what the screen asked for (`params`). */
    load: fromPromise<unknown, { params: unknown }>(async () => null),
  },
}).createMachine({
  id: 'load',
  context: ({ input }) => ({ params: input?.params ?? null, data: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ params: context.params }),
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    failed: { on: { 'load.retry': 'loading' } },
    loaded: { type: 'final' },
  },
});
