import { describe, expect, it } from 'vitest';
import { testModel } from './model';
import { identityCheckModel, mismatch } from './identity-check.model';
import { identityCheckOracle } from './identity-check.oracle';
import { startDriver, testOracle } from './oracle';

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

describe('identity check machine (oracle)', () => {
  testOracle(identityCheckOracle);

  it('offers only the fingerprint to a customer with no security question on record', async () => {
    const input = { ...(identityCheckModel.input as object), hasQuestion: false };
    const driver = await startDriver({ ...identityCheckOracle, model: { ...identityCheckModel, input } });
    expect(driver.snapshot().can({ type: 'identity.questionChosen' })).toBe(false);
    await driver.send({ type: 'identity.questionChosen' });
    expect(driver.snapshot().value).toBe('choosing');
    await driver.send({ type: 'identity.fingerprintChosen' });
    expect(driver.snapshot().value).toEqual({ fingerprint: 'capturing' });
    driver.stop();
  });
});
