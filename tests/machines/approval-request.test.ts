import { describe, expect, it } from 'vitest';
import { approvalRequestMachine } from '../../src/machines/approval-request.machine';
import { testModel } from './model';
import { testOracle } from './oracle';
import { approvalRequestOracle } from './approval-request.oracle';
import { approvalRequestModel, offline } from './approval-request.model';

describe('approval request machine (model-based)', () => {
  testModel({
    ...approvalRequestModel,
    states: {
      submitted: (s) => {
        expect(s.context.requestId).toBe(7);
        if (s.context.failure) expect(s.context.failure).toEqual(offline);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ comment: 'commentMissing' });
      },
      approving: (s) => expect(s.hasTag('busy')).toBe(true),
      denying: (s) => expect(s.context.comment).toBe('Customer still has the phone'),
      denied: (s) => expect(s.context.comment).toBe('Customer still has the phone'),
      approved: (s) => expect(s.status).toBe('done'),
      decidedElsewhere: (s) => expect(s.status).toBe('done'),
    },
  });
});

describe('approval request machine (oracle)', () => {
  testOracle(approvalRequestOracle);
});

it('is the process named approvalRequest', () => expect(approvalRequestMachine.id).toBe('approvalRequest'));
