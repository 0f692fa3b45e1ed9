import { describe, expect } from 'vitest';
import { testModel } from './model';
import { identityCheckModel, mismatch } from './identity-check.model';

describe('identity check machine (model-based)', () => {
  testModel({
    ...identityCheckModel,
    states: {
      'fingerprint.captured': (s) => {
        expect(s.context.fingerprint?.template).toBe('U0lNRlAxOmFueQ==');
        if (s.context.failure) expect(s.context.failure).toEqual(mismatch);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ nida_number: 'valid NIDA number required' });
      },
      'question.answering': (s) => {
        if (s.context.invalid) expect(s.context.invalid.answer).toBe('valid answer required');
      },
      verified: (s) => {
        expect(s.status).toBe('done');
        expect(s.output?.contractRef).toBe('k3Jd93kdLs0aP2qXz8Vb');
      },
    },
  });
});
