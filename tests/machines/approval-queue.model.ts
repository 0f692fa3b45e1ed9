import { approvalQueueMachine } from '../../src/machines/approval-queue.machine';
import type { ModelSpec } from './coverage';

export const queue = [{ id: 1 }, { id: 2 }];
export const offline = { status: null, message: 'Failed to fetch' };
export const mixed = [
  { id: 1, outcome: 'approved' as const },
  { id: 2, outcome: 'failed' as const, message: 'The new IMEI is already on another device' },
];

/** A queue of two: loaded or failing, selections, a decision per item (one failing), a failed call rolled back. */
const EVENTS = [
  { type: 'xstate.done.actor.fetchQueue', output: queue },
  { type: 'xstate.error.actor.fetchQueue', error: offline },
  { type: 'queue.retry' },
  { type: 'queue.refresh' },
  { type: 'queue.filtered', filter: { kind: 'imei_change', store_id: 3 } },
  { type: 'item.toggled', id: 1 },
  { type: 'item.toggled', id: 2 },
  { type: 'selection.cleared' },
  { type: 'selection.all' },
  { type: 'decision.requested', decision: 'approve', comment: '' },
  { type: 'decision.requested', decision: 'deny', comment: '' },
  { type: 'decision.requested', decision: 'approve', comment: '', ids: [1] },
  { type: 'xstate.done.actor.decideMany', output: mixed },
  { type: 'xstate.error.actor.decideMany', error: offline },
] as const;

/**
 * Results accumulate, so every decision makes a new context: the model offers decisions only until the first
 * results are in (every transition is walked by then), which keeps the state space finite.
 */
export const approvalQueueModel: ModelSpec<typeof approvalQueueMachine> = {
  machine: approvalQueueMachine,
  input: { filter: { kind: 'imei_change' } },
  events: (snapshot) => (snapshot.context.results.length === 0 ? EVENTS : EVENTS.filter((e) => e.type !== 'decision.requested')),
};
