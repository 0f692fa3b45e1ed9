import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

export type Decision = 'approve' | 'deny';

export interface ApprovalRequestContext {
  requestId: number;
  comment: string;
  failure: CallFailure | null;
  /** A decision refused before sending: a deny needs a comment. */
  invalid: { comment: 'commentMissing' } | null;
}

export type ApprovalRequestEvent = { type: 'decision.approve' } | { type: 'decision.deny'; comment: string };

/**
 * One request's lifecycle as an approver sees it: submitted, then approved, or denied with a comment. The server
 * decides exactly once: a request someone else decided first ends as `decidedElsewhere`.
 */
export const approvalRequestMachine = setup({
  types: {
    context: {} as ApprovalRequestContext,
    events: {} as ApprovalRequestEvent,
    input: {} as { requestId: number },
  },
  actors: {
    decide: fromPromise<unknown, { requestId: number; decision: Decision; comment: string }>(async () => undefined),
  },
  guards: {
    commentGiven: ({ event }) => event.type === 'decision.deny' && event.comment.trim().length > 0,
    decidedElsewhere: (_, params: { error: unknown }) => toCallFailure(params.error).status === 409,
  },
  actions: {
    recordFailure: assign({ failure: (_, params: { error: unknown }) => toCallFailure(params.error) }),
  },
}).createMachine({
  id: 'approvalRequest',
  context: ({ input }) => ({ requestId: input.requestId, comment: '', failure: null, invalid: null }),
  initial: 'submitted',
  states: {
    submitted: {
      on: {
        'decision.approve': { target: 'approving', actions: assign({ failure: null, invalid: null }) },
        'decision.deny': [
          {
            guard: 'commentGiven',
            target: 'denying',
            actions: assign({ comment: ({ event }) => event.comment.trim(), failure: null, invalid: null }),
          },
          { actions: assign({ invalid: { comment: 'commentMissing' }, failure: null }) },
        ],
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ requestId: context.requestId, decision: 'approve' as const, comment: '' }),
        onDone: 'approved',
        onError: [
          { guard: { type: 'decidedElsewhere', params: ({ event }) => ({ error: event.error }) }, target: 'decidedElsewhere' },
          { target: 'submitted', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    denying: {
      tags: ['busy'],
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ requestId: context.requestId, decision: 'deny' as const, comment: context.comment }),
        onDone: 'denied',
        onError: [
          { guard: { type: 'decidedElsewhere', params: ({ event }) => ({ error: event.error }) }, target: 'decidedElsewhere' },
          { target: 'submitted', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    approved: { type: 'final' },
    denied: { type: 'final' },
    decidedElsewhere: { type: 'final' },
  },
});
