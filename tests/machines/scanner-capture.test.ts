import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { testModel } from './model';
import { testOracle } from './oracle';
import { scannerCaptureOracle } from './scanner-capture.oracle';
import { converted, failures, fingerprint, scannerCaptureModel, scannerInput } from './scanner-capture.model';
import { CAPTURE_GRACE_MS, CONVERT_DEADLINE_MS, MANY_ATTEMPTS, scannerCaptureMachine } from '../../src/machines/scanner-capture.machine';

const failureStates = ['timedOut', 'deviceUnreachable', 'parserUnreachable', 'androidComm', 'critical', 'lowQuality'] as const;

describe('scanner capture machine (model-based)', () => {
  testModel({
    ...scannerCaptureModel,
    delays: {
      captureDeadline: (s) => s.context.timeoutMs + CAPTURE_GRACE_MS,
      convertDeadline: () => CONVERT_DEADLINE_MS,
    },
    states: {
      idle: (s) => expect(s.can({ type: 'scanner.capture' })).toBe(true),
      capturing: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.failure).toBeNull();
        expect(s.context.attempts).toBeGreaterThanOrEqual(1);
        expect(s.context.attempts).toBeLessThanOrEqual(MANY_ATTEMPTS);
      },
      converting: (s) => expect(s.context.fingerprint).toEqual(fingerprint),
      ...Object.fromEntries(
        failureStates.map((state) => [
          state,
          (s: { context: { failure: { kind: string } | null }; hasTag: (t: string) => boolean; can: (e: { type: string }) => boolean }) => {
            expect(s.context.failure?.kind).toBe(state);
            expect(s.hasTag('failed')).toBe(true);
            expect(s.can({ type: 'scanner.retry' })).toBe(true);
          },
        ]),
      ),
      lowQuality: (s) => expect(s.context.failure).toEqual(failures.lowQuality),
      captured: (s) => {
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ template: converted.template, imageBase64: 'Qk0=', quality: 83, nfiq: 1, raw: fingerprint.raw });
      },
    },
  });
});

describe('scanner capture machine', () => {
  it('hands the capture and the convert actors what they need, and counts attempts up to a bound', async () => {
    const seen: unknown[] = [];
    let calls = 0;
    const machine = scannerCaptureMachine.provide({
      actors: {
        capture: fromPromise(async ({ input }) => {
          seen.push(input);
          calls += 1;
          if (calls <= MANY_ATTEMPTS + 1) throw failures.timedOut;
          return fingerprint;
        }),
        convert: fromPromise(async ({ input }) => {
          seen.push(input);
          return { template: 'T', format: 'ISO19794-2' };
        }),
      },
    });
    const actor = createActor(machine, { input: scannerInput }).start();
    actor.send({ type: 'scanner.capture' });
    for (let i = 0; i <= MANY_ATTEMPTS; i++) {
      await waitFor(actor, (s) => s.matches('timedOut'));
      actor.send({ type: 'scanner.retry' });
    }
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.context.attempts).toBe(MANY_ATTEMPTS);
    expect(seen[0]).toEqual(scannerInput);
    expect(seen.at(-1)).toEqual({ bridgeUrl: scannerInput.bridgeUrl, bmpBase64: 'Qk0=', templateBase64: 'U0lNRlAxOmFueQ==' });
    expect(done.output?.template).toBe('T');
  });
});

describe('scanner capture machine (oracle)', () => {
  testOracle(scannerCaptureOracle);
});
