import { describe, expect } from 'vitest';
import { testModel } from './model';
import { customerRequestModel, pendingAlready } from './customer-request.model';
import { testOracle } from './oracle';
import { customerRequestOracle } from './customer-request.oracle';

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

describe('customer request machine (oracle)', () => {
  testOracle(customerRequestOracle);
});
