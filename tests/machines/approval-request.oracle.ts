import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { alreadyDecided, approvalRequestModel, offline } from './approval-request.model';

/**
 * Spec (approvals, maker-checker) and issue 10 item 5: an approver approves a submitted request, or denies it with a
 * comment (trimmed; a blank one is refused before sending as `commentMissing`); the server decides exactly once, so
 * a 409 means someone else decided first and the request is over for this approver; any other failure leaves the
 * request submitted with the reason, to decide again.
 */
const approve = { type: 'decision.approve' };
const deny = { type: 'decision.deny', comment: 'Customer still has the phone' };
const denyPadded = { type: 'decision.deny', comment: '  Customer still has the phone \n' };
const denyBlank = { type: 'decision.deny', comment: '   ' };
const decided = { type: 'xstate.done.actor.decide', output: { id: 7, status: 'approved' } };
const elsewhere = { type: 'xstate.error.actor.decide', error: alreadyDecided };
const fails = { type: 'xstate.error.actor.decide', error: offline };
const forbidden = { status: 403, message: 'Forbidden', reason: 'forbidden' };
const refused = { type: 'xstate.error.actor.decide', error: forbidden };

const approving = {
  state: 'approving',
  tags: { busy: true },
  context: { failure: null, invalid: null },
  invoked: { decide: { requestId: 7, decision: 'approve', comment: '' } },
};
const denying = {
  state: 'denying',
  tags: { busy: true },
  context: { comment: 'Customer still has the phone', failure: null, invalid: null },
  invoked: { decide: { requestId: 7, decision: 'deny', comment: 'Customer still has the phone' } },
};

export const approvalRequestOracle: Oracle<typeof approvalRequestModel.machine> = {
  model: approvalRequestModel,
  initial: { state: 'submitted', tags: { busy: false }, context: { requestId: 7, comment: '', failure: null, invalid: null } },
  scenarios: [
    {
      name: 'approved',
      steps: [
        { event: approve, ...approving },
        { event: decided, state: 'approved', status: 'done', tags: { busy: false } },
      ],
    },
    {
      name: 'denied with a comment, trimmed',
      steps: [
        { event: denyPadded, ...denying },
        { event: decided, state: 'denied', status: 'done', context: { comment: 'Customer still has the phone' } },
      ],
    },
    {
      name: 'a blank comment is refused before sending, then a comment denies',
      steps: [
        {
          event: denyBlank,
          state: 'submitted',
          tags: { busy: false },
          context: { invalid: { comment: 'commentMissing' }, failure: null, comment: '' },
          invoked: {},
        },
        { event: deny, ...denying },
      ],
    },
    {
      name: 'a blank comment, then approved: the refusal goes',
      steps: [
        { event: denyBlank, state: 'submitted', context: { invalid: { comment: 'commentMissing' } } },
        { event: approve, ...approving },
      ],
    },
    {
      name: 'approving, someone else decided first',
      steps: [
        { event: approve, ...approving },
        { event: elsewhere, state: 'decidedElsewhere', status: 'done' },
      ],
    },
    {
      name: 'denying, someone else decided first',
      steps: [
        { event: deny, ...denying },
        { event: elsewhere, state: 'decidedElsewhere', status: 'done' },
      ],
    },
    {
      name: 'approving fails: submitted with the reason, approved again',
      steps: [
        { event: approve, ...approving },
        { event: fails, state: 'submitted', tags: { busy: false }, context: { failure: offline, invalid: null } },
        { event: approve, ...approving },
        { event: decided, state: 'approved', status: 'done' },
      ],
    },
    {
      name: 'denying is refused (not a 409): submitted with the reason',
      steps: [
        { event: deny, ...denying },
        { event: refused, state: 'submitted', context: { failure: forbidden, comment: 'Customer still has the phone' } },
        { event: denyBlank, state: 'submitted', context: { failure: null, invalid: { comment: 'commentMissing' } } },
      ],
    },
    {
      name: 'denying fails, denied on a second try',
      steps: [
        { event: deny, ...denying },
        { event: fails, state: 'submitted', context: { failure: offline } },
        { event: deny, ...denying },
        { event: decided, state: 'denied', status: 'done' },
      ],
    },
  ],
  refuses: {
    approving: [approve, deny],
    denying: [approve, deny],
    approved: [approve, deny],
    denied: [approve, deny],
    decidedElsewhere: [approve, deny],
  } satisfies Record<string, AnyEventObject[]>,
};
