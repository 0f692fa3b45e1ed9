import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { startBridge } from '../../bridge/server';
import { capture, convert } from '../../src/services/device-bridge';

let bridge: Awaited<ReturnType<typeof startBridge>>;
const tell = (body: unknown) =>
  fetch(`${bridge.url}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  bridge = await startBridge({ port: 0, captureDelayMs: 0, timeoutWaitMs: 0 });
});
afterAll(() => bridge.close());

describe('the device bridge client', () => {
  const options = () => ({ bridgeUrl: bridge.url, timeoutMs: 5000, minQuality: 50 });

  it('captures and converts', async () => {
    const captured = await capture(options());
    expect(captured.quality).toBeGreaterThanOrEqual(50);
    expect(captured.raw).toMatchObject({ ErrorCode: 0, Model: 'HU20' });
    const converted = await convert({
      bridgeUrl: `${bridge.url}/`,
      bmpBase64: captured.imageBase64,
      templateBase64: captured.templateBase64,
    });
    expect(converted).toEqual({ template: captured.templateBase64, format: 'ISO19794-2' });
  });

  it.each([
    ['timeout', 'timedOut', 'ErrorCode 54'],
    ['no_device', 'deviceUnreachable', 'ErrorCode 55'],
    ['busy', 'deviceUnreachable', 'ErrorCode 53'],
    ['android_comm', 'androidComm', 'ErrorCode 10004'],
    ['critical', 'critical', 'ErrorCode 9999'],
    ['low_quality', 'lowQuality', 'quality 15, at least 50 wanted'],
  ])('throws a typed failure when the bridge is told %s', async (next, kind, detail) => {
    await tell({ next });
    await expect(capture(options())).rejects.toEqual({ kind, detail });
  });

  it('tells an unreachable device service and an unreachable converter apart', async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    await expect(capture({ ...options(), bridgeUrl: nowhere })).rejects.toMatchObject({ kind: 'deviceUnreachable' });
    await expect(convert({ bridgeUrl: nowhere, bmpBase64: 'Qk0=', templateBase64: 'x' })).rejects.toMatchObject({
      kind: 'parserUnreachable',
    });
    await tell({ next: 'converter_down' });
    const captured = await capture(options());
    await expect(
      convert({ bridgeUrl: bridge.url, bmpBase64: captured.imageBase64, templateBase64: captured.templateBase64 }),
    ).rejects.toEqual({
      kind: 'parserUnreachable',
      detail: 'HTTP 503',
    });
  });

  it('takes an answer it cannot read as critical', async () => {
    await expect(convert({ bridgeUrl: bridge.url, bmpBase64: 'Qk0=', templateBase64: btoa('nobody') })).rejects.toMatchObject({
      kind: 'critical',
    });
    await expect(capture({ ...options(), bridgeUrl: `${bridge.url}/health#` })).rejects.toMatchObject({ kind: 'critical' });
  });
});
