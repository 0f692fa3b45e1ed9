import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { testModel } from './model';
import { testOracle } from './oracle';
import { lockChangeOracle } from './lock-change.oracle';
import { IMEI, MSISDN, current, enrolled, enrolmentPending, lockChangeModel, networkDown, startedVivo, stolen } from './lock-change.model';
import { lockChangeMachine } from '../../src/machines/lock-change.machine';
import { lockInstallMachine } from '../../src/machines/lock-install.machine';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lock change machine (model-based)', () => {
  testModel({
    ...lockChangeModel,
    states: {
      loading: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.failure).toBeNull();
      },
      loadFailed: (s) => {
        expect(s.context.failure).toEqual(networkDown);
        expect(s.can({ type: 'lock.reload' })).toBe(true);
      },
      choosing: (s) => {
        expect(s.context.current).toEqual(current);
        expect(s.context.result).toBeNull();
        expect(s.can({ type: 'lock.typeChosen', lockType: 'vivo' })).toBe(true);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ lockType: 'lockTypeMissing' });
        if (s.context.failure) expect(s.context.failure).toEqual(stolen);
      },
      changing: (s) => {
        expect(s.context.failure).toBeNull();
        expect(s.context.invalid).toBeNull();
      },
      done: (s) => {
        expect([enrolled, enrolmentPending]).toContainEqual(s.context.result);
        expect(s.can({ type: 'lock.enrolAgain' })).toBe(s.context.result!.enrolment === 'pending');
        if (s.context.failure) expect(s.context.failure).toEqual(networkDown);
      },
      enrolling: (s) => expect(s.hasTag('busy')).toBe(true),
    },
  });
});

describe('lock change machine (oracle)', () => {
  testOracle(lockChangeOracle);
});

describe('lock change machine', () => {
  it('starts, verifies and confirms through the lock-install child: the chosen type and the customer, the started IMEI to vivo', async () => {
    const calls: unknown[] = [];
    const machine = lockChangeMachine.provide({
      actors: {
        loadLock: fromPromise(async ({ input }) => (calls.push(['load', input]), current as never)),
        lockInstall: lockInstallMachine.provide({
          actors: {
            prepare: fromPromise(async ({ input }) => (calls.push(['start', input]), startedVivo as never)),
            vivoAuthCode: fromPromise(async ({ input }) => (calls.push(['vivo', input]), { imei: IMEI, verified: true as const })) as never,
            confirm: fromPromise(async ({ input }) => (calls.push(['confirm', input]), enrolled)),
          },
        }),
        confirmChange: fromPromise(async () => enrolled as never) as never,
      },
    });
    const actor = createActor(machine, { input: { msisdn: MSISDN } }).start();
    await flush();
    actor.send({ type: 'lock.typeChosen', lockType: 'vivo' });
    await flush();
    await flush();
    const install = actor.getSnapshot().children.lockInstall as ActorRefFrom<typeof lockInstallMachine>;
    expect(install.getSnapshot().value).toBe('installing');
    install.send({ type: 'lock.confirmed', lockInstalled: true, appInstalled: true });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual(enrolled);
    expect(calls).toEqual([
      ['load', { msisdn: MSISDN }],
      ['start', { msisdn: MSISDN, lockType: 'vivo' }],
      ['vivo', { imei: IMEI }],
      ['confirm', { msisdn: MSISDN, lockType: 'vivo' }],
    ]);
  });
});

describe('lock change machine, unprovided', () => {
  it('is the process named lockChange and says who provides its calls', async () => {
    expect(lockChangeMachine.id).toBe('lockChange');
    const actor = createActor(lockChangeMachine, { input: { msisdn: MSISDN } }).start();
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.failure).toEqual({ status: null, message: 'provided by src/services/lock-change.ts' });
    actor.stop();
  });
});
