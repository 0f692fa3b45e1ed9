import { describe, expect } from 'vitest';
import { testModel } from './model';
import { reconciliationModel, runDetail } from './reconciliation.model';
import { testOracle } from './oracle';
import { reconciliationOracle } from './reconciliation.oracle';

describe('reconciliation machine (model-based)', () => {
  testModel({
    ...reconciliationModel,
    states: {
      uploading: (s) => expect(s.hasTag('busy')).toBe(true),
      resolving: (s) => expect(s.context.runId).not.toBeNull(),
      signingOff: (s) => expect(s.context.runId).not.toBeNull(),
      reviewing: (s) => expect(s.context.detail).toEqual(runDetail),
    },
  });
});

describe('reconciliation machine (oracle)', () => {
  testOracle(reconciliationOracle);
});
