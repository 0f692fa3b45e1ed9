import { approvalRequestMachine } from '../../src/machines/approval-request.machine';
import type { ModelSpec } from './coverage';

export const alreadyDecided = { status: 409, message: 'This request has already been decided', reason: 'already_decided' };
export const offline = { status: null, message: 'Failed to fetch' };

/** One request: approved, denied with and without a comment, decided elsewhere first, or the call failing. */
export const approvalRequestModel: ModelSpec<typeof approvalRequestMachine> = {
  machine: approvalRequestMachine,
  input: { requestId: 7 },
  events: [
    { type: 'decision.approve' },
    { type: 'decision.deny', comment: 'Customer still has the phone' },
    { type: 'decision.deny', comment: '   ' },
    { type: 'xstate.done.actor.decide', output: { id: 7, status: 'approved' } },
    { type: 'xstate.error.actor.decide', error: alreadyDecided },
    { type: 'xstate.error.actor.decide', error: offline },
  ],
};
