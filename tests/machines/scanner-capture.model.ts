import { scannerCaptureMachine, type CapturedFingerprint } from '../../src/machines/scanner-capture.machine';
import type { ModelSpec } from './coverage';

export const scannerInput = { bridgeUrl: 'http://127.0.0.1:8765', timeoutMs: 10_000, minQuality: 50 };
export const fingerprint: CapturedFingerprint = {
  imageBase64: 'Qk0=',
  templateBase64: 'U0lNRlAxOmFueQ==',
  quality: 83,
  nfiq: 1,
  raw: { ErrorCode: 0, ImageQuality: 83, NFIQ: 1 },
};
/** The converter's ISO 19794-2 template: not the device's own template, so the two cannot be confused. */
export const converted = { template: 'Rk1SACAyMAAAAAE=', format: 'ISO19794-2' };
export const failures = {
  timedOut: { kind: 'timedOut', detail: 'ErrorCode 54' },
  deviceUnreachable: { kind: 'deviceUnreachable', detail: 'ErrorCode 55' },
  androidComm: { kind: 'androidComm', detail: 'ErrorCode 10004' },
  lowQuality: { kind: 'lowQuality', detail: 'quality 12, at least 50 wanted' },
  critical: { kind: 'critical', detail: 'ErrorCode 9999' },
  parserUnreachable: { kind: 'parserUnreachable', detail: 'HTTP 503' },
} as const;

/** Capture, convert, every failure of each step (a thrown non-failure counts as critical), the deadlines, retry and cancel. */
export const scannerCaptureModel: ModelSpec<typeof scannerCaptureMachine> = {
  machine: scannerCaptureMachine,
  input: scannerInput,
  events: [
    { type: 'scanner.capture' },
    { type: 'scanner.retry' },
    { type: 'scanner.cancel' },
    { type: 'xstate.done.actor.capture', output: fingerprint },
    ...[failures.timedOut, failures.deviceUnreachable, failures.androidComm, failures.lowQuality, failures.critical].map((error) => ({
      type: 'xstate.error.actor.capture',
      error,
    })),
    { type: 'xstate.error.actor.capture', error: new TypeError('garbage answer') },
    { type: 'xstate.after.captureDeadline.scannerCapture.capturing' },
    { type: 'xstate.done.actor.convert', output: converted },
    { type: 'xstate.error.actor.convert', error: failures.parserUnreachable },
    { type: 'xstate.error.actor.convert', error: failures.critical },
    { type: 'xstate.after.convertDeadline.scannerCapture.converting' },
  ],
};
