import type { AnyEventObject } from 'xstate';
import { expect } from 'vitest';
import type { Oracle } from './oracle';
import { converted, failures, fingerprint, scannerCaptureModel, scannerInput } from './scanner-capture.model';

/**
 * Spec section 8 and issue 3: one capture through the local biometric device service (SGIFPCapture with the
 * device's time-out and the minimum quality), then the image converter makes the ISO template NIDA reads. Every
 * failure the spec lists has its own state, message and retry: scanner timed out, device unreachable, parser
 * (converter) unreachable, Android communication problem, unknown critical error (anything not recognised), and
 * low quality asks for another capture. A bridge that does not answer at all counts as unreachable: the device is
 * given its own time-out plus 5 s, the converter 15 s. The screen says "several tries failed" from the third
 * capture on, so the count stops at 3. Cancel goes back to the start.
 */
const ctx = (over: Record<string, unknown> = {}) => ({
  ...scannerInput,
  attempts: 0,
  fingerprint: null,
  template: null,
  failure: null,
  ...over,
});
/** A new capture starts clean: nothing kept from the last one. */
const fresh = (attempts: number) => ctx({ attempts });

const capture = { type: 'scanner.capture' };
const retry = { type: 'scanner.retry' };
const cancel = { type: 'scanner.cancel' };
const scanned = { type: 'xstate.done.actor.capture', output: fingerprint };
const captureFails = (error: unknown) => ({ type: 'xstate.error.actor.capture', error });
const garbage = new TypeError('garbage answer');
const captureSilent = { type: 'xstate.after.captureDeadline.scannerCapture.capturing' };
const convertedOk = { type: 'xstate.done.actor.convert', output: converted };
const convertFails = (error: unknown) => ({ type: 'xstate.error.actor.convert', error });
const convertSilent = { type: 'xstate.after.convertDeadline.scannerCapture.converting' };

const captureInput = {
  capture: { bridgeUrl: scannerInput.bridgeUrl, timeoutMs: scannerInput.timeoutMs, minQuality: scannerInput.minQuality },
};
const convertInput = {
  convert: { bridgeUrl: scannerInput.bridgeUrl, bmpBase64: fingerprint.imageBase64, templateBase64: fingerprint.templateBase64 },
};
const busy = { busy: true, failed: false };
const failedTags = { busy: false, failed: true };
const output = {
  imageBase64: fingerprint.imageBase64,
  quality: fingerprint.quality,
  nfiq: fingerprint.nfiq,
  raw: fingerprint.raw,
  template: converted.template,
};

const capturing = (attempts: number) => ({ state: 'capturing', context: fresh(attempts), tags: busy, invoked: captureInput });
const failedWith = (state: string, failure: unknown, attempts: number, fp: unknown = null) => ({
  state,
  context: ctx({ attempts, fingerprint: fp, failure }),
  tags: failedTags,
  invoked: {},
});
const toConverting = (attempts: number) =>
  [{ event: scanned, state: 'converting', context: ctx({ attempts, fingerprint }), tags: busy, invoked: convertInput }] as const;

export const scannerCaptureOracle: Oracle<typeof scannerCaptureModel.machine> = {
  model: scannerCaptureModel,
  initial: { state: 'idle', context: ctx(), tags: { busy: false, failed: false }, invoked: {} },
  delays: {
    captureDeadline: (s) => (s.context as { timeoutMs: number }).timeoutMs + 5_000,
    convertDeadline: () => 15_000,
  },
  scenarios: [
    {
      name: 'captured, converted: the capture with the converted template',
      steps: [
        { event: capture, ...capturing(1) },
        ...toConverting(1),
        {
          event: convertedOk,
          state: 'captured',
          status: 'done',
          context: ctx({ attempts: 1, fingerprint, template: converted.template }),
          tags: { busy: false, failed: false },
          output,
        },
      ],
    },
    {
      name: 'each capture failure in its own state, retried; the count stops at 3',
      steps: [
        { event: capture, ...capturing(1) },
        { event: captureFails(failures.timedOut), ...failedWith('timedOut', failures.timedOut, 1) },
        { event: retry, ...capturing(2) },
        { event: captureFails(failures.deviceUnreachable), ...failedWith('deviceUnreachable', failures.deviceUnreachable, 2) },
        { event: retry, ...capturing(3) },
        { event: captureFails(failures.androidComm), ...failedWith('androidComm', failures.androidComm, 3) },
        { event: retry, ...capturing(3) },
        { event: captureFails(failures.lowQuality), ...failedWith('lowQuality', failures.lowQuality, 3) },
        { event: retry, ...capturing(3) },
        { event: captureFails(failures.critical), ...failedWith('critical', failures.critical, 3) },
        { event: retry, ...capturing(3) },
        { event: captureFails(garbage), ...failedWith('critical', { kind: 'critical', detail: 'garbage answer' }, 3) },
        { event: retry, ...capturing(3) },
        ...toConverting(3),
        { event: convertedOk, state: 'captured', status: 'done', output },
      ],
    },
    {
      name: 'the device and then the converter do not answer: unreachable at their deadlines',
      steps: [
        { event: capture, ...capturing(1) },
        {
          event: captureSilent,
          ...failedWith('deviceUnreachable', { kind: 'deviceUnreachable', detail: expect.stringContaining('15000 ms') }, 1),
        },
        { event: retry, ...capturing(2) },
        ...toConverting(2),
        {
          event: convertSilent,
          ...failedWith('parserUnreachable', { kind: 'parserUnreachable', detail: expect.stringContaining('15000 ms') }, 2, fingerprint),
        },
        { event: retry, ...capturing(3) },
        ...toConverting(3),
        { event: convertFails(failures.parserUnreachable), ...failedWith('parserUnreachable', failures.parserUnreachable, 3, fingerprint) },
        { event: retry, ...capturing(3) },
        ...toConverting(3),
        { event: convertFails(failures.critical), ...failedWith('critical', failures.critical, 3, fingerprint) },
        { event: retry, ...capturing(3) },
        ...toConverting(3),
        { event: convertedOk, state: 'captured', status: 'done', output },
      ],
    },
    {
      name: 'cancelled while capturing, while converting and from every failure; a cancelled capture has no deadline',
      steps: [
        { event: capture, ...capturing(1) },
        { event: cancel, state: 'idle', tags: { busy: false, failed: false } },
        { event: captureSilent, state: 'idle' },
        { event: capture, state: 'capturing', tags: busy, invoked: captureInput },
        ...toConverting(2).map((s) => ({ ...s, context: undefined })),
        { event: cancel, state: 'idle', tags: { busy: false, failed: false } },
        { event: convertSilent, state: 'idle' },
        { event: capture, state: 'capturing', invoked: captureInput },
        { event: captureFails(failures.timedOut), state: 'timedOut' },
        { event: cancel, state: 'idle' },
        { event: capture, state: 'capturing' },
        { event: captureFails(failures.deviceUnreachable), state: 'deviceUnreachable' },
        { event: cancel, state: 'idle' },
        { event: capture, state: 'capturing' },
        { event: captureFails(failures.androidComm), state: 'androidComm' },
        { event: cancel, state: 'idle' },
        { event: capture, state: 'capturing' },
        { event: captureFails(failures.lowQuality), state: 'lowQuality' },
        { event: cancel, state: 'idle' },
        { event: capture, state: 'capturing' },
        { event: captureFails(failures.critical), state: 'critical' },
        { event: cancel, state: 'idle' },
        { event: capture, state: 'capturing' },
        { event: scanned, state: 'converting' },
        { event: convertFails(failures.parserUnreachable), state: 'parserUnreachable' },
        { event: cancel, state: 'idle' },
        { event: capture, ...capturing(3) },
      ],
    },
  ],
  refuses: {
    idle: [retry, cancel],
    capturing: [capture, retry],
    converting: [capture, retry],
    timedOut: [capture],
    deviceUnreachable: [capture],
    parserUnreachable: [capture],
    androidComm: [capture],
    critical: [capture],
    lowQuality: [capture],
    captured: [capture, retry, cancel],
  } satisfies Record<string, AnyEventObject[]>,
};
