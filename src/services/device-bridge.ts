import ky from 'ky';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type { DeviceFailure, DeviceFailureKind } from '../lib/device-failure';
import {
  scannerCaptureMachine,
  type CapturedFingerprint,
  type ConvertedTemplate,
  type ScannerInput,
} from '../machines/scanner-capture.machine';

export type { DeviceFailure, DeviceFailureKind } from '../lib/device-failure';

/**
 * The client of the local biometric device service (SecuGen WebAPI style, simulated by bridge/): capture a
 * fingerprint, then convert it to the template NIDA reads. Every failure is thrown as a DeviceFailure the
 * scanner-capture machine tells apart; an answer that does not parse is a critical one.
 */
const bridge = ky.create({ timeout: false, retry: 0, throwHttpErrors: false });

const ERROR_KINDS: Record<number, DeviceFailureKind> = {
  53: 'deviceUnreachable',
  54: 'timedOut',
  55: 'deviceUnreachable',
  10004: 'androidComm',
};

const captureAnswer = z.object({ ErrorCode: z.number().int() }).loose();
const capturedAnswer = z
  .object({
    ErrorCode: z.literal(0),
    Manufacturer: z.string(),
    Model: z.string(),
    SerialNumber: z.string(),
    ImageWidth: z.number().int().positive(),
    ImageHeight: z.number().int().positive(),
    ImageDPI: z.number().int().positive(),
    ImageQuality: z.number().int().min(0).max(100),
    NFIQ: z.number().int().min(1).max(5),
    BMPBase64: z.string().min(1),
    TemplateBase64: z.string().min(1),
  })
  .loose();
export type CaptureAnswer = z.infer<typeof capturedAnswer>;
const convertAnswer = z.object({ template: z.string().min(1), format: z.literal('ISO19794-2') });
export type ConvertAnswer = z.infer<typeof convertAnswer>;

const fail = (kind: DeviceFailureKind, detail: string): DeviceFailure => ({ kind, detail });
const url = (base: string, path: string) => `${base.replace(/\/$/, '')}/${path}`;

async function answerOf(request: () => Promise<Response>, unreachable: DeviceFailureKind): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    throw fail(unreachable, error instanceof Error ? error.message : String(error));
  }
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

export async function capture(options: ScannerInput & { signal?: AbortSignal }): Promise<CapturedFingerprint> {
  const form = new URLSearchParams({
    Timeout: String(options.timeoutMs),
    Quality: String(options.minQuality),
    templateFormat: 'ISO',
    licstr: '',
  });
  const { status, body } = await answerOf(
    () => bridge.post(url(options.bridgeUrl, 'SGIFPCapture'), { body: form, signal: options.signal }),
    'deviceUnreachable',
  );
  const answer = captureAnswer.safeParse(body);
  if (status !== 200 || !answer.success) throw fail('critical', `HTTP ${status}: ${JSON.stringify(body ?? null).slice(0, 200)}`);
  const code = answer.data.ErrorCode;
  if (code !== 0) throw fail(ERROR_KINDS[code] ?? 'critical', `ErrorCode ${code}`);
  const captured = capturedAnswer.safeParse(body);
  if (!captured.success) throw fail('critical', `unreadable capture: ${captured.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const { ImageQuality, NFIQ, BMPBase64, TemplateBase64 } = captured.data;
  if (ImageQuality < options.minQuality) throw fail('lowQuality', `quality ${ImageQuality}, at least ${options.minQuality} wanted`);
  return { imageBase64: BMPBase64, templateBase64: TemplateBase64, quality: ImageQuality, nfiq: NFIQ, raw: captured.data };
}

export async function convert(options: {
  bridgeUrl: string;
  bmpBase64: string;
  templateBase64: string;
  signal?: AbortSignal;
}): Promise<ConvertAnswer> {
  const json = { BMPBase64: options.bmpBase64, TemplateBase64: options.templateBase64 };
  const { status, body } = await answerOf(
    () => bridge.post(url(options.bridgeUrl, 'convert'), { json, signal: options.signal }),
    'parserUnreachable',
  );
  if (status >= 500) throw fail('parserUnreachable', `HTTP ${status}`);
  const answer = convertAnswer.safeParse(body);
  if (status !== 200 || !answer.success) throw fail('critical', `HTTP ${status}: ${JSON.stringify(body ?? null).slice(0, 200)}`);
  return answer.data;
}

/** The scanner-capture machine's actors over the real service. */
export const deviceBridgeActors = {
  capture: fromPromise<CapturedFingerprint, ScannerInput>(({ input, signal }) => capture({ ...input, signal })),
  convert: fromPromise<ConvertedTemplate, { bridgeUrl: string; bmpBase64: string; templateBase64: string }>(({ input, signal }) =>
    convert({ ...input, signal }),
  ),
};

export const liveScannerCapture = scannerCaptureMachine.provide({ actors: deviceBridgeActors });
