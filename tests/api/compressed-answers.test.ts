import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM, encodingFor, sendJson, type Encoding } from '../../server/compressed-json';
import { testApi, TEST_PROXY, type TestApi } from '../support/api';

/**
 * The API's JSON answers are compressed for a client that takes brotli or gzip (decision 097): a page of a list
 * arrives in a fraction of its bytes on a slow network, and reads back as the same JSON. A short answer, and any
 * answer to a client that takes neither, goes as it is.
 */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await testApi();
  admin = await api.tokenFor('admin');
});
afterAll(() => api.close());

/** A call as a browser makes it, with its Accept-Encoding; the answer's bytes as they came. */
async function raw(path: string, acceptEncoding?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${admin}`, 'x-forwarded-for': '10.0.0.1' };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  const env = { incoming: { socket: { remoteAddress: TEST_PROXY } } };
  const res = await api.app.request(`/portal_api${path}`, { headers }, env);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const decoded = (bytes: Buffer, encoding: string | null) =>
  JSON.parse((encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8'));

// The portal's users, a page of 25 (demo staff): a list answer of several kilobytes.
const USERS = '/prerequisites/admins?$limit=25&$skip=0';

describe('a list page', () => {
  it('is sent as brotli to a browser that takes it, several times smaller, and reads back as the same JSON', async () => {
    const plain = await raw(USERS);
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    const json = decoded(plain.bytes, null);
    expect(json.data.length).toBeGreaterThan(5);
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_FROM);

    const br = await raw(USERS, 'gzip, deflate, br, zstd');
    expect(br.res.status).toBe(200);
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('content-type')).toBe('application/json');
    expect(br.res.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.res.headers.get('cache-control')).toBe('no-store');
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(decoded(br.bytes, 'br')).toEqual(json);
  });

  it('is sent as gzip to a client that takes gzip and not brotli', async () => {
    const plain = decoded((await raw(USERS)).bytes, null);
    for (const header of ['gzip, deflate', 'br;q=0, gzip', 'GZIP']) {
      const { res, bytes } = await raw(USERS, header);
      expect(res.headers.get('content-encoding'), header).toBe('gzip');
      expect(decoded(bytes, 'gzip')).toEqual(plain);
    }
  });

  it('is sent as it is to a client that takes neither, saying that the answer depends on what the client takes', async () => {
    for (const header of [undefined, '', 'identity', 'deflate', '*;q=0', 'br;q=0, gzip;q=0']) {
      const { res, bytes } = await raw(USERS, header);
      expect(res.headers.get('content-encoding'), String(header)).toBeNull();
      expect(res.headers.get('vary'), String(header)).toBe('Accept-Encoding');
      expect(decoded(bytes, null).data.length).toBeGreaterThan(5);
    }
  });
});

describe('a short answer', () => {
  it('goes as it is whatever the client takes: compressing it would save nothing worth its time', async () => {
    const { res, bytes } = await raw('/settings', 'br, gzip');
    expect(res.status).toBe(200);
    expect(bytes.length).toBeLessThan(COMPRESS_FROM);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(decoded(bytes, null)).toHaveProperty('company', 'Simu Test');
  });

  it('that is an error goes as it is, with its fields', async () => {
    const { res, bytes } = await raw('/prerequisites/admins?$limit=1001', 'br');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(decoded(bytes, null).fields).toHaveProperty(['$limit']);
  });
});

describe('sendJson', () => {
  const long = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Customer ${i}` })) });

  it('compresses a kept answer once per encoding, and sends the kept copy to every later caller', async () => {
    const kept = new Map<Encoding, Uint8Array<ArrayBuffer>>();
    const app = new Hono().get('/x', (c) => sendJson(c, long, 200, kept));
    const first = await app.request('/x', { headers: { 'accept-encoding': 'br' } });
    const copy = kept.get('br');
    expect(copy).toBeDefined();
    const second = await app.request('/x', { headers: { 'accept-encoding': 'br' } });
    expect(kept.get('br')).toBe(copy);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    await app.request('/x', { headers: { 'accept-encoding': 'gzip' } });
    expect([...kept.keys()].sort()).toEqual(['br', 'gzip']);
  });

  it('answers over a socket with the length of the bytes it sends', async () => {
    const app = new Hono().get('/x', (c) => sendJson(c, long, 200));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { headers, body } = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/x', headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      expect(headers['content-encoding']).toBe('br');
      expect(Number(headers['content-length'])).toBe(body.length);
      expect(brotliDecompressSync(body).toString('utf8')).toBe(long);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('encodingFor', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['*;q=0', null],
    [undefined, null],
  ])('%s -> %s', (header, encoding) => {
    // Twice: the second is the kept reading of the same header.
    expect(encodingFor(header)).toBe(encoding);
    expect(encodingFor(header)).toBe(encoding);
  });
});
