import { describe, expect, it } from 'vitest';
import { testModel } from './model';
import { loadModel } from './load.model';
import { loadOracle } from './load.oracle';
import { startDriver, testOracle } from './oracle';

describe('load machine (model-based)', () => {
  testModel({
    ...loadModel,
    states: {
      loaded: (s) => expect(s.context.data).toEqual({ company: 'Simu Pay Tanzania' }),
      failed: (s) => expect(s.context.failure?.status).toBe(500),
    },
  });
});

describe('load machine (oracle)', () => {
  testOracle(loadOracle);

  it('asks with no parameters when the screen gives none', async () => {
    const driver = await startDriver({ ...loadOracle, model: loadModel });
    expect(driver.snapshot().context).toEqual({ params: null, data: null, failure: null });
    expect(driver.invoked).toEqual([{ id: 'load', input: { params: null } }]);
    await driver.send({ type: 'xstate.error.actor.load', error: new Error('socket hang up') });
    expect(driver.snapshot().value).toBe('failed');
    expect(driver.snapshot().context.failure).toEqual({ status: null, message: 'socket hang up' });
    driver.stop();
  });
});
