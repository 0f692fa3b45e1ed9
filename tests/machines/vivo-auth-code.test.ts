import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { testModel } from './model';
import { testOracle } from './oracle';
import { vivoAuthCodeOracle } from './vivo-auth-code.oracle';
import { IMEI, sent, vivoAuthCodeModel, wrongCode } from './vivo-auth-code.model';
import { vivoAuthCodeMachine } from '../../src/machines/vivo-auth-code.machine';

const FIVE_MINUTES = 5 * 60 * 1000;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('vivo auth code machine (model-based)', () => {
  testModel({
    ...vivoAuthCodeModel,
    delays: { codeExpiry: () => FIVE_MINUTES },
    states: {
      idle: (s) => {
        expect(s.can({ type: 'vivo.send' })).toBe(true);
        expect(s.can({ type: 'vivo.codeEntered', code: '482913' })).toBe(false);
      },
      sending: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.failure).toBeNull();
      },
      sendFailed: (s) => expect(s.context.failure).toEqual({ status: null, message: 'Failed to fetch' }),
      'codeSent.entering': (s) => {
        expect(s.context.expiresAt).toBe(sent.expires_at);
        expect(s.can({ type: 'vivo.codeEntered', code: '482913' })).toBe(true);
        expect(s.can({ type: 'vivo.codeEntered', code: '48291' })).toBe(false);
        expect(s.can({ type: 'vivo.codeEntered', code: 'abcdef' })).toBe(false);
        if (s.context.failure) expect(s.context.failure).toEqual(wrongCode);
      },
      'codeSent.verifying': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.can({ type: 'vivo.send' })).toBe(false);
      },
      expired: (s) => {
        expect(s.context.expiresAt).toBeNull();
        expect(s.can({ type: 'vivo.codeEntered', code: '482913' })).toBe(false);
        expect(s.can({ type: 'vivo.send' })).toBe(true);
      },
      verified: (s) => {
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ imei: IMEI, verified: true });
      },
    },
  });
});

describe('vivo auth code machine', () => {
  it('keeps the 5-minute expiry running through a wrong code, counted from sending', async () => {
    const clock = new SimulatedClock();
    const codes: unknown[] = [];
    const machine = vivoAuthCodeMachine.provide({
      actors: {
        sendCode: fromPromise(async () => sent),
        verifyCode: fromPromise(async ({ input }) => {
          codes.push(input);
          throw wrongCode;
        }),
      },
    });
    const actor = createActor(machine, { input: { imei: IMEI }, clock }).start();
    actor.send({ type: 'vivo.send' });
    await flush();
    clock.increment(4 * 60_000);
    actor.send({ type: 'vivo.codeEntered', code: ' 111111 ' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'entering' });
    expect(actor.getSnapshot().context.failure).toEqual(wrongCode);
    expect(codes).toEqual([{ imei: IMEI, code: '111111' }]);
    clock.increment(60_000 - 1);
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'entering' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'vivo.send' });
    await flush();
    clock.increment(4 * 60_000);
    expect(actor.getSnapshot().value).toEqual({ codeSent: 'entering' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('vivo auth code machine (oracle)', () => {
  testOracle(vivoAuthCodeOracle);
});
