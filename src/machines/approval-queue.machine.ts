import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';
import type { Decision } from './approval-request.machine';

export interface QueueItem {
  id: number;
}

export type ItemOutcome = 'approved' | 'denied' | 'already_decided' | 'failed';

export interface ItemResult {
  id: number;
  outcome: ItemOutcome;
  message?: string;
}

export interface ApprovalQueueContext {
  filter: Record<string, string | number>;
  items: QueueItem[];
  selected: number[];
  /** The items taken off the list while their decision is under way, to put back if it fails. */
  pending: QueueItem[];
  results: ItemResult[];
  failure: CallFailure | null;
}

export type ApprovalQueueEvent =
  | { type: 'queue.retry' }
  | { type: 'queue.refresh' }
  | { type: 'queue.filtered'; filter: Record<string, string | number> }
  | { type: 'item.toggled'; id: number }
  | { type: 'selection.cleared' }
  | { type: 'selection.all' }
  /** `ids`: decide these rows (one row's own buttons) instead of the selection. */
  | { type: 'decision.requested'; decision: Decision; comment: string; ids?: number[] };

const decidedOk = (r: ItemResult) => r.outcome === 'approved' || r.outcome === 'denied' || r.outcome === 'already_decided';

type DecisionRequested = Extract<ApprovalQueueEvent, { type: 'decision.requested' }>;
/** The ids a decision is about: the row's own, else the selection (only ids still on the list). */
const targetsOf = (context: ApprovalQueueContext, event: DecisionRequested) =>
  event.ids ? event.ids.filter((id) => context.items.some((i) => i.id === id)) : context.selected;

/**
 * A queue of pending requests: load, select (one by one or all), decide one row or many (each decided on its own by
 * the server, with a result per item), refresh. Decided items leave the list at once and come back if their decision
 * fails. Results accumulate, newest first, until the queue is left: a second batch does not hide the first.
 */
export const approvalQueueMachine = setup({
  types: {
    context: {} as ApprovalQueueContext,
    events: {} as ApprovalQueueEvent,
    input: {} as { filter?: Record<string, string | number> },
  },
  actors: {
    fetchQueue: fromPromise<QueueItem[], { filter: Record<string, string | number> }>(async () => []),
    decideMany: fromPromise<ItemResult[], { ids: number[]; decision: Decision; comment: string }>(async () => []),
  },
  guards: {
    canDecide: ({ context, event }) =>
      event.type === 'decision.requested' &&
      targetsOf(context, event).length > 0 &&
      (event.decision === 'approve' || event.comment.trim().length > 0),
  },
}).createMachine({
  id: 'approvalQueue',
  context: ({ input }) => ({ filter: input.filter ?? {}, items: [], selected: [], pending: [], results: [], failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchQueue',
        src: 'fetchQueue',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ event }) => event.output,
            selected: ({ context, event }) => context.selected.filter((id) => event.output.some((i) => i.id === id)),
            failure: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    failed: { on: { 'queue.retry': 'loading' } },
    ready: {
      on: {
        'queue.refresh': 'loading',
        'queue.filtered': { target: 'loading', actions: assign({ filter: ({ event }) => event.filter, selected: [] }) },
        'item.toggled': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
          }),
        },
        'selection.cleared': { actions: assign({ selected: [] }) },
        'selection.all': { actions: assign({ selected: ({ context }) => context.items.map((i) => i.id) }) },
        'decision.requested': {
          guard: 'canDecide',
          target: 'deciding',
          actions: assign(({ context, event }) => {
            const ids = targetsOf(context, event);
            return {
              pending: context.items.filter((i) => ids.includes(i.id)),
              items: context.items.filter((i) => !ids.includes(i.id)),
              failure: null,
            };
          }),
        },
      },
    },
    deciding: {
      tags: ['busy'],
      invoke: {
        id: 'decideMany',
        src: 'decideMany',
        input: ({ context, event }) => {
          const e = event as DecisionRequested;
          return { ids: context.pending.map((i) => i.id), decision: e.decision, comment: e.comment.trim() };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const back = context.pending.filter((i) => !event.output.some((r) => r.id === i.id && decidedOk(r)));
            const decided = context.pending.map((i) => i.id);
            return {
              items: [...back, ...context.items],
              pending: [],
              // What else was selected stays selected; what failed comes back selected.
              selected: [...context.selected.filter((id) => !decided.includes(id)), ...back.map((i) => i.id)],
              results: [...event.output, ...context.results],
            };
          }),
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            items: [...context.pending, ...context.items],
            pending: [],
            failure: toCallFailure(event.error),
          })),
        },
      },
    },
  },
});
