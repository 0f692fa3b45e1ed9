import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { testModel } from './model';
import { IMEI, MSISDN, current, enrolled, enrolmentPending, lockChangeModel, networkDown, startedOguard, startedVivo, stolen } from './lock-change.model';
import { lockChangeMachine } from '../../src/machines/lock-change.machine';

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
        expect(s.context.started).toBeNull();
        expect(s.can({ type: 'lock.typeChosen', lockType: 'vivo' })).toBe(true);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ lockType: 'Choose the new lock solution type' });
        if (s.context.failure) expect(s.context.failure).toEqual(stolen);
      },
      starting: (s) => expect(s.hasTag('busy')).toBe(true),
      vivoCode: (s) => {
        expect(s.context.started).toEqual(startedVivo);
        expect(s.can({ type: 'lock.confirmed', lockInstalled: true, appInstalled: true })).toBe(false);
      },
      installing: (s) => {
        expect([startedOguard, startedVivo]).toContainEqual(s.context.started);
        expect(s.can({ type: 'lock.back' })).toBe(true);
        if (s.context.invalid) expect(s.context.invalid.installed).toMatch(/lock solution and the mobile app/);
        if (s.context.failure) expect(s.context.failure).toEqual(networkDown);
      },
      confirming: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.can({ type: 'lock.back' })).toBe(false);
      },
      done: (s) => {
        expect([enrolled, enrolmentPending]).toContainEqual(s.context.result);
        expect(s.can({ type: 'lock.enrolAgain' })).toBe(s.context.result!.enrolment === 'pending');
      },
    },
  });
});

describe('lock change machine', () => {
  it('sends the chosen type and the customer, and the started IMEI to the vivo child', async () => {
    const calls: unknown[] = [];
    const machine = lockChangeMachine.provide({
      actors: {
        loadLock: fromPromise(async ({ input }) => (calls.push(['load', input]), current as never)),
        startChange: fromPromise(async ({ input }) => (calls.push(['start', input]), startedVivo as never)),
        vivoAuthCode: fromPromise(async ({ input }) => (calls.push(['vivo', input]), { imei: IMEI, verified: true as const })) as never,
        confirmChange: fromPromise(async ({ input }) => (calls.push(['confirm', input]), enrolled as never)),
      },
    });
    const actor = createActor(machine, { input: { msisdn: MSISDN } }).start();
    await flush();
    actor.send({ type: 'lock.typeChosen', lockType: 'vivo' });
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe('installing');
    actor.send({ type: 'lock.confirmed', lockInstalled: true, appInstalled: true });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls).toEqual([
      ['load', { msisdn: MSISDN }],
      ['start', { msisdn: MSISDN, lockType: 'vivo' }],
      ['vivo', { imei: IMEI }],
      ['confirm', { msisdn: MSISDN }],
    ]);
  });
});
