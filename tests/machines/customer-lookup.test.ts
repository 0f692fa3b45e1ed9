import { describe, expect } from 'vitest';
import { testModel } from './model';
import { testOracle } from './oracle';
import { customerLookupOracle, customerViewLookupOracle } from './customer-lookup.oracle';
import { customerLookupModel, offline, view } from './customer-lookup.model';

describe('customer lookup machine (model-based)', () => {
  testModel({
    ...customerLookupModel,
    states: {
      searching: (s) => expect(s.hasTag('busy')).toBe(true),
      found: (s) => expect(s.context.view).toEqual(view),
      notFound: (s) => expect(s.context.view).toBeNull(),
      failed: (s) => expect(s.context.failure).toEqual(offline),
      idle: (s) => expect(s.context.query).toBeNull(),
    },
  });
});

describe('customer lookup machine, find screen (oracle)', () => {
  testOracle(customerLookupOracle);
});

describe('customer lookup machine, view screen (oracle)', () => {
  testOracle(customerViewLookupOracle);
});
