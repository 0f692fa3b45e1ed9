import { describe, expect } from 'vitest';
import { testModel } from './model';
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
