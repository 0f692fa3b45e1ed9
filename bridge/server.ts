import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { ANY_FINGER, STRANGER_FINGER, fingerOfTemplate, templateOfFinger } from '../src/lib/fingerprint-template';
import { IMAGE_HEIGHT, IMAGE_WIDTH, fingerprintBmp } from './fingerprint-image';

/**
 * The local biometric device service, simulated: a SecuGen-WebAPI-style capture (`POST /SGIFPCapture`), the
 * fingerprint image converter (`POST /convert`) and a control route telling the next call how to fail.
 * See bridge/README.md.
 */
export const CONTROL_MODES = ['ok', 'timeout', 'no_device', 'busy', 'android_comm', 'low_quality', 'converter_down', 'critical'] as const;
export type ControlMode = (typeof CONTROL_MODES)[number];

export const ERROR_CODES = { none: 0, busy: 53, timeout: 54, noDevice: 55, unknown: 9999, androidComm: 10004 } as const;

const fingerSchema = z.union([z.literal(ANY_FINGER), z.literal(STRANGER_FINGER), z.string().regex(/^\d{20}$/, 'a 20-digit NIDA number')]);
export const controlRequest = z.object({ next: z.enum(CONTROL_MODES).nullable().optional(), finger: fingerSchema.optional() });
export type ControlRequest = z.infer<typeof controlRequest>;

const captureForm = z.object({
  Timeout: z.coerce.number().int().min(0).max(120_000).default(10_000),
  Quality: z.coerce.number().int().min(1).max(100).default(50),
  templateFormat: z.enum(['ISO', 'ANSI']).default('ISO'),
  licstr: z.string().optional(),
});
const convertRequest = z.object({ BMPBase64: z.string().min(1), TemplateBase64: z.string().min(1) });

export interface BridgeOptions {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  host?: string;
  /** How long a good capture takes (a finger on the glass). */
  captureDelayMs?: number;
  /** How long a time-out capture waits before answering 54; the request's Timeout when not given. */
  timeoutWaitMs?: number;
}

/** NFIQ: 1 is the best image, 5 the worst. */
const nfiqOf = (quality: number) => (quality >= 80 ? 1 : quality >= 60 ? 2 : quality >= 40 ? 3 : quality >= 20 ? 4 : 5);

export function createBridgeApp(options: Omit<BridgeOptions, 'port' | 'host'> = {}) {
  const control: { next: ControlMode | null; finger: string } = { next: null, finger: ANY_FINGER };
  const timers = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  let capturing = false;
  let captures = 0;
  const images = new Map<string, string>();
  const imageOf = (finger: string) => {
    if (!images.has(finger)) images.set(finger, fingerprintBmp(finger).toString('base64'));
    return images.get(finger)!;
  };
  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const entry = {
        timer: setTimeout(() => entry.done(), ms),
        done: () => {
          clearTimeout(entry.timer);
          timers.delete(entry);
          signal.removeEventListener('abort', entry.done);
          resolve();
        },
      };
      timers.add(entry);
      signal.addEventListener('abort', entry.done);
    });
  /** Takes the told behaviour when it is one of `modes` (a converter failure waits for /convert). */
  const take = (modes: readonly ControlMode[]): ControlMode => {
    const next = control.next;
    if (next && modes.includes(next)) {
      control.next = null;
      return next;
    }
    return 'ok';
  };

  const app = new Hono();
  app.use('*', cors());
  app.onError((error, c) => c.json({ message: error instanceof Error ? error.message : 'bridge failure' }, 500));
  app.notFound((c) => c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404));

  app.get('/health', (c) => c.json({ ok: true, device: 'SecuGen Hamster Pro 20 (simulated)' }));

  app.get('/control', (c) => c.json(control));
  app.post('/control', async (c) => {
    const parsed = controlRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: 'bad control request', fields: z.flattenError(parsed.error).fieldErrors }, 400);
    if (parsed.data.next !== undefined) control.next = parsed.data.next;
    if (parsed.data.finger !== undefined) control.finger = parsed.data.finger;
    return c.json(control);
  });

  app.post('/SGIFPCapture', async (c) => {
    const parsed = captureForm.safeParse(await c.req.parseBody().catch(() => null));
    if (!parsed.success) return c.json({ message: 'bad capture request', fields: z.flattenError(parsed.error).fieldErrors }, 400);
    const { Timeout, Quality } = parsed.data;
    if (capturing) return c.json({ ErrorCode: ERROR_CODES.busy });
    const mode = take(['ok', 'timeout', 'no_device', 'busy', 'android_comm', 'low_quality', 'critical']);
    const signal = c.req.raw.signal;
    capturing = true;
    try {
      switch (mode) {
        case 'timeout':
          await wait(options.timeoutWaitMs ?? Timeout, signal);
          return c.json({ ErrorCode: ERROR_CODES.timeout });
        case 'no_device':
          return c.json({ ErrorCode: ERROR_CODES.noDevice });
        case 'busy':
          return c.json({ ErrorCode: ERROR_CODES.busy });
        case 'android_comm':
          return c.json({ ErrorCode: ERROR_CODES.androidComm });
        case 'critical':
          return c.json({ ErrorCode: ERROR_CODES.unknown });
        default: {
          await wait(options.captureDelayMs ?? 0, signal);
          captures += 1;
          const quality =
            mode === 'low_quality' ? Math.max(0, Math.min(Quality - 1, 15)) : Math.min(100, Math.max(Quality, 70 + ((captures * 13) % 31)));
          return c.json({
            ErrorCode: ERROR_CODES.none,
            Manufacturer: 'SecuGen Corp.',
            Model: 'HU20',
            SerialNumber: 'H58220400321',
            ImageWidth: IMAGE_WIDTH,
            ImageHeight: IMAGE_HEIGHT,
            ImageDPI: 500,
            ImageQuality: quality,
            NFIQ: nfiqOf(quality),
            BMPBase64: imageOf(control.finger),
            TemplateBase64: templateOfFinger(control.finger),
          });
        }
      }
    } finally {
      capturing = false;
    }
  });

  app.post('/convert', async (c) => {
    const parsed = convertRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: 'BMPBase64 and TemplateBase64 required' }, 400);
    if (take(['converter_down']) === 'converter_down') return c.json({ message: 'The image converter is not running' }, 503);
    const finger = fingerOfTemplate(parsed.data.TemplateBase64);
    if (finger === null) return c.json({ message: 'Not a fingerprint template' }, 422);
    return c.json({ template: templateOfFinger(finger), format: 'ISO19794-2' as const });
  });

  /** Ends every waiting capture, so the server can close. */
  const release = () => [...timers].forEach((t) => t.done());
  return { app, control, release };
}

/** Serves the simulator on a port; `close` ends waiting captures and stops listening. */
export async function startBridge(options: BridgeOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const { app, release } = createBridgeApp(options);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${reachable}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        release();
        server.close((error) => (error ? reject(error) : resolve()));
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
