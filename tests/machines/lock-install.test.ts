import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { lockInstallMachine } from '../../src/machines/lock-install.machine';
import { testModel } from './model';
import { startDriver, testOracle } from './oracle';
import { lockInstallOracle } from './lock-install.oracle';
import { IMEI, applied, lockInstallModel, networkDown, params, plainLock, stolen, vivoLock } from './lock-install.model';

describe('lock install machine (model-based)', () => {
  testModel({
    ...lockInstallModel,
    states: {
      preparing: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.lock).toBeNull();
      },
      vivoCode: (s) => {
        expect(s.context.lock).toEqual(vivoLock);
        expect(s.can({ type: 'lock.confirmed', lockInstalled: true, appInstalled: true })).toBe(false);
        expect(s.can({ type: 'lock.back' })).toBe(true);
      },
      installing: (s) => {
        expect([plainLock, vivoLock]).toContainEqual(s.context.lock);
        expect(s.can({ type: 'lock.back' })).toBe(true);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ installed: 'notInstalled' });
        if (s.context.failure) expect(s.context.failure).toEqual(networkDown);
      },
      confirming: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.can({ type: 'lock.back' })).toBe(false);
      },
      installed: (s) => expect(s.output).toEqual({ installed: applied }),
      refused: (s) => expect(s.output).toEqual({ refused: stolen }),
      wentBack: (s) => expect(s.output).toEqual({ back: true }),
    },
  });
});

describe('lock install machine (oracle)', () => {
  testOracle(lockInstallOracle);

  it('refuses going back when the owner does not allow it (the wizard)', async () => {
    const driver = await startDriver({ ...lockInstallOracle, model: { ...lockInstallModel, input: { params, mayGoBack: false } } });
    await driver.send({ type: 'xstate.done.actor.prepare', output: vivoLock });
    expect(driver.snapshot().can({ type: 'lock.back' })).toBe(false);
    await driver.send({ type: 'lock.back' });
    expect(driver.snapshot().value).toBe('vivoCode');
    await driver.send({ type: 'xstate.done.actor.vivo', output: { imei: IMEI, verified: true } });
    expect(driver.snapshot().can({ type: 'lock.back' })).toBe(false);
    await driver.send({ type: 'lock.back' });
    expect(driver.snapshot().value).toBe('installing');
    driver.stop();
  });
});

describe('lock install machine', () => {
  it('is the process named lockInstall (its statechart, the explorer and the actor table name it so)', () => {
    expect(lockInstallMachine.id).toBe('lockInstall');
  });

  it('says, unprovided, who provides its calls', async () => {
    const actor = createActor(lockInstallMachine, { input: { params, mayGoBack: false } }).start();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ refused: { status: null, message: expect.stringMatching(/^provided by the owner \(src\/services/) } });
  });
});
