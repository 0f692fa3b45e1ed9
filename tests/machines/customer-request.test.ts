import { describe, expect } from 'vitest';
import { testModel } from './model';
import { customerRequestModel, pendingAlready } from './customer-request.model';

describe('customer request machine (model-based)', () => {
  testModel({
    ...customerRequestModel,
    states: {
      submitting: (s) => expect(s.hasTag('busy')).toBe(true),
      editing: (s) => {
        if (s.context.failure) expect(s.context.failure).toEqual(pendingAlready);
      },
      submitted: (s) => expect(s.context.failure).toBeNull(),
    },
  });
});
