import { assign, fromPromise, setup } from 'xstate';
import { toDeviceFailure, type DeviceFailure } from '../lib/device-failure';

export interface ScannerInput {
  /** The local biometric device service (a portal setting). */
  bridgeUrl: string;
  /** How long the device waits for a finger. */
  timeoutMs: number;
  /** The lowest image quality (1-100) accepted. */
  minQuality: number;
}

/** A capture as the device answered it. `raw` is the whole answer, for the debug view. */
export interface CapturedFingerprint {
  imageBase64: string;
  templateBase64: string;
  quality: number;
  nfiq: number;
  raw: Record<string, unknown>;
}

/** The converter's answer: the ISO 19794-2 template, base64. */
export interface ConvertedTemplate {
  template: string;
  format: string;
}

/** The capture and its converted (ISO 19794-2) template, the one that goes to NIDA. */
export type ScannerOutput = Omit<CapturedFingerprint, 'templateBase64'> & { template: string };

/** The count of captures stops here: past it the screen only needs "several tries failed". */
export const MANY_ATTEMPTS = 3;
/** How long past the device's own Timeout a silent bridge is given before it counts as unreachable. */
export const CAPTURE_GRACE_MS = 5_000;
export const CONVERT_DEADLINE_MS = 15_000;

const failed = () => ({ tags: ['failed'], on: { 'scanner.retry': 'capturing', 'scanner.cancel': 'idle' } }) as const;
const errorOf = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });

/**
 * One fingerprint capture through the local biometric device service: capture with a time-out and a minimum
 * quality, then convert the image to the template NIDA reads. Each way it can fail has its own state, message
 * and retry (`scanner.retry` captures again); `scanner.cancel` goes back to idle.
 */
export const scannerCaptureMachine = setup({
  types: {
    input: {} as ScannerInput,
    context: {} as ScannerInput & {
      attempts: number;
      fingerprint: CapturedFingerprint | null;
      template: string | null;
      failure: DeviceFailure | null;
    },
    events: {} as { type: 'scanner.capture' } | { type: 'scanner.retry' } | { type: 'scanner.cancel' },
    output: {} as ScannerOutput,
  },
  actors: {
    capture: fromPromise<CapturedFingerprint, ScannerInput>(async () => {
      throw new Error('not provided');
    }),
    convert: fromPromise<ConvertedTemplate, { bridgeUrl: string; bmpBase64: string; templateBase64: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    startAttempt: assign({
      attempts: ({ context }) => Math.min(context.attempts + 1, MANY_ATTEMPTS),
      fingerprint: null,
      template: null,
      failure: null,
    }),
    recordFailure: assign({ failure: (_, params: { error: unknown }) => toDeviceFailure(params.error) }),
  },
  guards: {
    saysTimedOut: (_, params: { error: unknown }) => toDeviceFailure(params.error).kind === 'timedOut',
    saysDeviceUnreachable: (_, params: { error: unknown }) => toDeviceFailure(params.error).kind === 'deviceUnreachable',
    saysAndroidComm: (_, params: { error: unknown }) => toDeviceFailure(params.error).kind === 'androidComm',
    saysLowQuality: (_, params: { error: unknown }) => toDeviceFailure(params.error).kind === 'lowQuality',
    saysParserUnreachable: (_, params: { error: unknown }) => toDeviceFailure(params.error).kind === 'parserUnreachable',
  },
  delays: {
    captureDeadline: ({ context }) => context.timeoutMs + CAPTURE_GRACE_MS,
    convertDeadline: CONVERT_DEADLINE_MS,
  },
}).createMachine({
  id: 'scannerCapture',
  context: ({ input }) => ({ ...input, attempts: 0, fingerprint: null, template: null, failure: null }),
  initial: 'idle',
  // Only `captured` is final, and both are set there.
  output: ({ context }) => {
    const { templateBase64: _, ...capture } = context.fingerprint!;
    return { ...capture, template: context.template! };
  },
  states: {
    idle: { on: { 'scanner.capture': 'capturing' } },
    capturing: {
      tags: ['busy'],
      entry: 'startAttempt',
      invoke: {
        id: 'capture',
        src: 'capture',
        input: ({ context }) => ({ bridgeUrl: context.bridgeUrl, timeoutMs: context.timeoutMs, minQuality: context.minQuality }),
        onDone: { target: 'converting', actions: assign({ fingerprint: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'saysTimedOut', params: errorOf }, target: 'timedOut', actions: { type: 'recordFailure', params: errorOf } },
          {
            guard: { type: 'saysDeviceUnreachable', params: errorOf },
            target: 'deviceUnreachable',
            actions: { type: 'recordFailure', params: errorOf },
          },
          {
            guard: { type: 'saysAndroidComm', params: errorOf },
            target: 'androidComm',
            actions: { type: 'recordFailure', params: errorOf },
          },
          { guard: { type: 'saysLowQuality', params: errorOf }, target: 'lowQuality', actions: { type: 'recordFailure', params: errorOf } },
          { target: 'critical', actions: { type: 'recordFailure', params: errorOf } },
        ],
      },
      after: {
        captureDeadline: {
          target: 'deviceUnreachable',
          actions: assign({
            failure: ({ context }) => ({
              kind: 'deviceUnreachable' as const,
              detail: `no answer within ${context.timeoutMs + CAPTURE_GRACE_MS} ms`,
            }),
          }),
        },
      },
      on: { 'scanner.cancel': 'idle' },
    },
    converting: {
      tags: ['busy'],
      invoke: {
        id: 'convert',
        src: 'convert',
        input: ({ context }) => ({
          bridgeUrl: context.bridgeUrl,
          bmpBase64: context.fingerprint?.imageBase64 ?? '',
          templateBase64: context.fingerprint?.templateBase64 ?? '',
        }),
        onDone: { target: 'captured', actions: assign({ template: ({ event }) => event.output.template }) },
        onError: [
          {
            guard: { type: 'saysParserUnreachable', params: errorOf },
            target: 'parserUnreachable',
            actions: { type: 'recordFailure', params: errorOf },
          },
          { target: 'critical', actions: { type: 'recordFailure', params: errorOf } },
        ],
      },
      after: {
        convertDeadline: {
          target: 'parserUnreachable',
          actions: assign({ failure: { kind: 'parserUnreachable', detail: `no answer within ${CONVERT_DEADLINE_MS} ms` } }),
        },
      },
      on: { 'scanner.cancel': 'idle' },
    },
    // Each failure has its own state (and message); all retry the same way.
    timedOut: failed(),
    deviceUnreachable: failed(),
    parserUnreachable: failed(),
    androidComm: failed(),
    critical: failed(),
    lowQuality: failed(),
    captured: { type: 'final' },
  },
});
