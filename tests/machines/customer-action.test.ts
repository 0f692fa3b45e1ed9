import { describe, expect } from 'vitest';
import { testModel } from './model';
import { testOracle } from './oracle';
import { customerActionOracle } from './customer-action.oracle';
import { customerActionModel, pin, rateLimited } from './customer-action.model';

describe('customer action machine (model-based)', () => {
  testModel({
    ...customerActionModel,
    states: {
      closed: (s) => expect(s.context).toEqual({ values: null, result: null, failure: null }),
      confirming: (s) => expect(s.context.values).toEqual({ msisdn: '255754000123' }),
      submitting: (s) => expect(s.hasTag('busy')).toBe(true),
      editing: (s) => {
        if (s.context.failure) expect(s.context.failure).toEqual(rateLimited);
        expect(s.context.result).toBeNull();
      },
      done: (s) => expect(s.context.result).toEqual(pin),
    },
  });
});

describe('customer action machine (oracle)', () => {
  testOracle(customerActionOracle);
});
