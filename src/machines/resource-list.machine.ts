import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

export interface Page<T> {
  total: number;
  /** The total is the server's estimate (a whole large table), not an exact count. */
  totalEstimated?: boolean;
  data: T[];
}

export type ListFilter = Record<string, string | number>;

export interface ResourceListContext<T> {
  limit: number;
  skip: number;
  filter: ListFilter;
  total: number;
  totalEstimated: boolean;
  items: T[];
  pendingRemoval: number | null;
  failure: CallFailure | null;
}

export type ResourceListEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'list.pageChanged'; skip: number }
  | { type: 'form.opened' }
  | { type: 'form.cancelled' }
  | { type: 'form.submitted'; values: Record<string, unknown> }
  | { type: 'item.removeRequested'; id: number }
  | { type: 'removal.confirmed' }
  | { type: 'removal.cancelled' };

/**
 * A server-paged list with a create form and a confirmed removal: the security groups, a group's roles and
 * the portal users are each this machine with their own calls provided.
 */
export const resourceListMachine = setup({
  types: {
    context: {} as ResourceListContext<any>,
    events: {} as ResourceListEvent,
    input: {} as { limit?: number; filter?: ListFilter },
  },
  actors: {
    fetchPage: fromPromise<Page<any>, { limit: number; skip: number; filter: ListFilter }>(async () => ({ total: 0, data: [] })),
    createItem: fromPromise<unknown, { values: Record<string, unknown>; filter: ListFilter }>(async () => undefined),
    removeItem: fromPromise<unknown, { id: number }>(async () => undefined),
  },
  actions: {
    /** "added successfully" (provided by the app). */
    notifySaved: () => undefined,
    notifyRemoved: () => undefined,
    recordFailure: assign({ failure: (_, params: { error: unknown }) => toCallFailure(params.error) }),
  },
}).createMachine({
  id: 'resourceList',
  context: ({ input }) => ({
    limit: input.limit ?? 25,
    skip: 0,
    filter: input.filter ?? {},
    total: 0,
    totalEstimated: false,
    items: [],
    pendingRemoval: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ limit: context.limit, skip: context.skip, filter: context.filter }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ event }) => event.output.data,
            total: ({ event }) => event.output.total,
            totalEstimated: ({ event }) => event.output.totalEstimated === true,
            failure: null,
          }),
        },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'list.retry': 'loading' },
    },
    ready: {
      // A reload closes whatever was open: a removal the agent was confirming is no longer pending.
      exit: assign({ pendingRemoval: null }),
      on: {
        'list.refresh': 'loading',
        'list.pageChanged': { target: 'loading', actions: assign({ skip: ({ event }) => Math.max(0, event.skip) }) },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'form.opened': { target: 'editing', actions: assign({ failure: null }) },
            'item.removeRequested': {
              target: 'confirmingRemoval',
              actions: assign({ pendingRemoval: ({ event }) => event.id, failure: null }),
            },
          },
        },
        editing: {
          on: {
            'form.submitted': 'creating',
            // The form's failure goes with the form: the list must not show it as a failed action.
            'form.cancelled': { target: 'idle', actions: assign({ failure: null }) },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createItem',
            src: 'createItem',
            input: ({ context, event }) => ({
              values: (event as Extract<ResourceListEvent, { type: 'form.submitted' }>).values,
              filter: context.filter,
            }),
            onDone: { target: '#resourceList.loading', actions: 'notifySaved' },
            onError: { target: 'editing', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingRemoval: {
          on: {
            'removal.confirmed': 'removing',
            'removal.cancelled': { target: 'idle', actions: assign({ pendingRemoval: null }) },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeItem',
            src: 'removeItem',
            input: ({ context }) => ({ id: context.pendingRemoval! }),
            onDone: { target: '#resourceList.loading', actions: 'notifyRemoved' },
            onError: {
              target: 'idle',
              actions: [assign({ pendingRemoval: null }), { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
  },
});
