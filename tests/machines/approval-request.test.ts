import { describe, expect } from 'vitest';
import { testModel } from './model';
import { approvalRequestModel, offline } from './approval-request.model';

describe('approval request machine (model-based)', () => {
  testModel({
    ...approvalRequestModel,
    states: {
      submitted: (s) => {
        expect(s.context.requestId).toBe(7);
        if (s.context.failure) expect([400, null]).toContain(s.context.failure.status);
        if (s.context.failure?.status === null) expect(s.context.failure).toEqual(offline);
      },
      approving: (s) => expect(s.hasTag('busy')).toBe(true),
      denying: (s) => expect(s.context.comment).toBe('Customer still has the phone'),
      denied: (s) => expect(s.context.comment).toBe('Customer still has the phone'),
      approved: (s) => expect(s.status).toBe('done'),
      decidedElsewhere: (s) => expect(s.status).toBe('done'),
    },
  });
});
