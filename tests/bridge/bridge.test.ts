import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge } from '../../bridge/server';
import { fingerOfTemplate, templateMatchesNida, templateOfFinger } from '../../src/lib/fingerprint-template';

const NIDA = '19900101123450000123';
let bridge: Awaited<ReturnType<typeof startBridge>>;

beforeAll(async () => {
  bridge = await startBridge({ port: 0, captureDelayMs: 0 });
});
afterAll(() => bridge.close());

const capture = async (fields: Record<string, string> = {}) => {
  const res = await fetch(`${bridge.url}/SGIFPCapture`, {
    method: 'POST',
    body: new URLSearchParams({ Timeout: '50', Quality: '50', templateFormat: 'ISO', licstr: '', ...fields }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const tell = async (body: unknown) => {
  const res = await fetch(`${bridge.url}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const convert = async (body: unknown) => {
  const res = await fetch(`${bridge.url}/convert`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('the biometric device service simulator', () => {
  it('answers its health and names unknown calls in JSON', async () => {
    expect(await (await fetch(`${bridge.url}/health`)).json()).toMatchObject({ ok: true });
    const res = await fetch(`${bridge.url}/nothing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No such call: GET /nothing' });
  });

  it('lets a page on another origin call it (CORS)', async () => {
    const res = await fetch(`${bridge.url}/SGIFPCapture`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:8080', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('captures a fingerprint: quality at least the minimum, a BMP image and the template of the finger', async () => {
    await tell({ next: null, finger: 'any' });
    const { status, body } = await capture({ Quality: '60' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ErrorCode: 0, Manufacturer: 'SecuGen Corp.', ImageWidth: 150, ImageHeight: 200, ImageDPI: 500 });
    expect(body.ImageQuality).toBeGreaterThanOrEqual(60);
    expect(body.NFIQ).toBeGreaterThanOrEqual(1);
    expect(body.NFIQ).toBeLessThanOrEqual(5);
    const bmp = Buffer.from(body.BMPBase64, 'base64');
    expect(bmp.subarray(0, 2).toString('ascii')).toBe('BM');
    expect(bmp.readUInt32LE(2)).toBe(bmp.length);
    expect(bmp.readInt32LE(18)).toBe(150);
    expect(fingerOfTemplate(body.TemplateBase64)).toBe('any');
  });

  it('refuses a capture request with bad fields', async () => {
    expect((await capture({ Quality: '0' })).status).toBe(400);
    expect((await capture({ templateFormat: 'WSQ' })).status).toBe(400);
  });

  it.each([
    ['timeout', 54],
    ['no_device', 55],
    ['busy', 53],
    ['android_comm', 10004],
    ['critical', 9999],
  ])('fails the next capture once when told %s (ErrorCode %i)', async (next, code) => {
    expect((await tell({ next })).body).toEqual({ next, finger: 'any' });
    expect((await capture()).body).toEqual({ ErrorCode: code });
    expect((await capture()).body.ErrorCode).toBe(0);
    expect(await fetch(`${bridge.url}/control`).then((r) => r.json())).toEqual({ next: null, finger: 'any' });
  });

  it('waits the Timeout before answering a time-out', async () => {
    await tell({ next: 'timeout' });
    const started = Date.now();
    expect((await capture({ Timeout: '200' })).body.ErrorCode).toBe(54);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('answers 53 to a second capture while one is waiting for a finger', async () => {
    await tell({ next: 'timeout' });
    const first = capture({ Timeout: '300' });
    await new Promise((r) => setTimeout(r, 50));
    expect((await capture()).body).toEqual({ ErrorCode: 53 });
    expect((await first).body).toEqual({ ErrorCode: 54 });
  });

  it('gives an image below the requested quality when told low_quality', async () => {
    await tell({ next: 'low_quality' });
    const { body } = await capture({ Quality: '70' });
    expect(body.ErrorCode).toBe(0);
    expect(body.ImageQuality).toBeLessThan(70);
    expect(body.NFIQ).toBeGreaterThanOrEqual(4);
  });

  it('converts a capture into the ISO template NIDA gets, keeping whose finger it is', async () => {
    await tell({ finger: NIDA });
    const { body: captured } = await capture();
    const { status, body } = await convert({ BMPBase64: captured.BMPBase64, TemplateBase64: captured.TemplateBase64 });
    expect(status).toBe(200);
    expect(body).toEqual({ template: templateOfFinger(NIDA), format: 'ISO19794-2' });
    expect(templateMatchesNida(body.template, NIDA)).toBe(true);
    expect(templateMatchesNida(body.template, '19900101123450000999')).toBe(false);
    await tell({ finger: 'any' });
  });

  it('keeps a converter failure for /convert, answering 503 once', async () => {
    await tell({ next: 'converter_down' });
    const { body: captured } = await capture();
    expect(captured.ErrorCode).toBe(0);
    const input = { BMPBase64: captured.BMPBase64, TemplateBase64: captured.TemplateBase64 };
    expect((await convert(input)).status).toBe(503);
    expect((await convert(input)).status).toBe(200);
  });

  it('refuses to convert what is not a fingerprint template', async () => {
    expect((await convert({ BMPBase64: 'Qk0=', TemplateBase64: btoa('hello') })).status).toBe(422);
    expect((await convert({})).status).toBe(400);
  });

  it('refuses a bad control request', async () => {
    expect((await tell({ next: 'explode' })).status).toBe(400);
    expect((await tell({ finger: '123' })).status).toBe(400);
    expect((await tell({ finger: 'stranger' })).body).toEqual({ next: null, finger: 'stranger' });
    const { body } = await capture();
    expect(fingerOfTemplate(body.TemplateBase64)).toBe('stranger');
    await tell({ finger: 'any' });
  });
});

describe('whose finger a template holds', () => {
  it('any matches every NIDA number, stranger none, a NIDA number only itself', () => {
    expect(templateMatchesNida(templateOfFinger('any'), NIDA)).toBe(true);
    expect(templateMatchesNida(templateOfFinger('stranger'), NIDA)).toBe(false);
    expect(templateMatchesNida(templateOfFinger(NIDA), NIDA)).toBe(true);
    expect(fingerOfTemplate('not base64 at all!')).toBeNull();
    expect(fingerOfTemplate(btoa('SIMFP1:someone'))).toBeNull();
  });
});
