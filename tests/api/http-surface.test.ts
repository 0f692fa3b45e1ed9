import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { DEFAULT_BODY_LIMIT, SERVER_TIMEOUTS, inlineScriptHashes, nodeServerOptions } from '../../server/http-surface';
import { routes } from '../../src/contract/routes';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { testApi, type TestApi } from '../support/api';

/** The HTTP surface (issue 11, item 5): headers, caching, body limits, unknown paths and methods, time-outs. */
let api: TestApi;
let agent: string;
beforeAll(async () => {
  api = await testApi();
  // As main.ts does after createApp (before the first request): the portal's pages answer every other GET.
  api.app.get('*', (c) => c.html('<!doctype html><title>Simu Portal</title>'));
  agent = await api.tokenFor('agent');
});
afterAll(() => api.close());

const raw = (path: string, init: RequestInit = {}) => api.app.request(path, init);

describe('security headers', () => {
  const paths = ['/portal_api/health', '/portal_api/settings', '/portal_api/no-such-call', '/dashboard/customers', '/'];

  it.each(paths)('are on the answer to GET %s', async (path) => {
    const res = await raw(path);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:8765/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('are on refusals and errors too', async () => {
    const refused = await api.call('GET', '/settings');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-frame-options')).toBe('DENY');
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it("allow the built page's inline theme script by its hash, and nothing else inline", async () => {
    const hashes = inlineScriptHashes('<script>one()</script><script type="module" src="/a.js"></script><script>\n two()\n</script>');
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    const { createApp } = await import('../../server/app');
    const { app } = createApp({
      db: api.db,
      clock: api.clock,
      adapters: {} as never,
      config: {
        mode: 'demo',
        jwtSecret: 'x'.repeat(32),
        tokenTtlMs: 1,
        bridgeUrl: 'http://127.0.0.1:9999/path',
        portalApiUrl: 'https://api.example.co.tz/',
      },
      scriptHashes: hashes,
    });
    const csp = (await app.request('/portal_api/health')).headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' ${hashes.join(' ')}`);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9999 https://api.example.co.tz");
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('caching', () => {
  it('marks every /portal_api answer no-store (personal data, codes) but health and the API document', async () => {
    expect((await api.call('GET', '/settings', { token: agent })).headers.get('cache-control')).toBe('no-store');
    expect((await api.call('GET', '/dev/outbox')).headers.get('cache-control')).toBe('no-store');
    const found = await api.call('POST', '/api/v1/view_customer_msisdn', { token: agent, body: { msisdn: '0754000999' } });
    expect(found.headers.get('cache-control')).toBe('no-store');
    expect((await api.call('GET', '/health')).headers.get('cache-control')).toBeNull();
    expect((await api.call('GET', '/openapi.json')).headers.get('cache-control')).toBeNull();
  });
});

describe('request body limits', () => {
  const big = (bytes: number) => JSON.stringify({ strategy: 'local', username: 'agent', password: 'x'.repeat(bytes) });

  it(`refuses a body over ${DEFAULT_BODY_LIMIT / 1024} kB with 413 before reading a token or the body`, async () => {
    const res = await api.call('POST', '/authentication', { rawBody: big(DEFAULT_BODY_LIMIT + 1) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ reason: 'body_too_large', fields: { body: expect.any(String) } });
    const withToken = await api.call('POST', '/api/v1/view_customer_msisdn', { token: agent, rawBody: 'x'.repeat(20 * 1024 * 1024) });
    expect(withToken.status).toBe(413);
    const noToken = await api.call('POST', '/api/v1/view_customer_msisdn', { rawBody: 'x'.repeat(20 * 1024 * 1024) });
    expect(noToken.status).toBe(413);
  });

  it('counts a streamed body with no Content-Length too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await raw('/portal_api/authentication', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('takes more where an upload needs it: the fingerprint template', async () => {
    expect(routes.verifyFingerprint.maxBodyBytes).toBeGreaterThan(200_000);
    const res = await api.call('POST', '/api/v1/biometric/verification', {
      token: agent,
      body: { wizard_id: crypto.randomUUID(), nida_number: '19920314-41020-00017-26', fingerprint: 'A'.repeat(199_000) },
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});

describe('unknown paths and methods under /portal_api', () => {
  it('answers a JSON 404 for an unknown path, never the portal page', async () => {
    for (const path of ['/portal_api/nope', '/portal_api/api/v1/nope', '/portal_api']) {
      const res = await raw(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect((await res.json()).message).toMatch(/No such call/);
    }
    expect((await raw('/dashboard')).headers.get('content-type')).toMatch(/text\/html/);
  });

  it('answers a JSON 405 with Allow for a known path and another method', async () => {
    const res = await raw('/portal_api/authentication', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, DELETE, OPTIONS');
    expect((await res.json()).message).toMatch(/not GET/);
    const withParam = await raw('/portal_api/prerequisites/admin-group-roles/7', { method: 'PUT' });
    expect(withParam.status).toBe(405);
    expect(withParam.headers.get('allow')).toBe('DELETE, OPTIONS');
  });

  it('answers a CORS preflight with 204 and no Access-Control-Allow-Origin: same origin only', async () => {
    const res = await raw('/portal_api/authentication', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('allow')).toContain('POST');
    const unknown = await raw('/portal_api/nope', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('bad input is never a 500', () => {
  it('answers 400 naming the body for malformed JSON, empty bodies and non-objects', async () => {
    for (const rawBody of ['{oops', '', 'null', '[]', '"text"', '{"strategy":"local","username":"a\\u0000b","password":"x"}']) {
      const res = await api.call('POST', '/authentication', { rawBody });
      expect(res.status, rawBody).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).length, rawBody).toBeGreaterThan(0);
    }
  });

  it('answers 400 naming the field for the inputs the issue found', async () => {
    const nul = await api.login('a\u0000b', 'x');
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toHaveProperty('username');
    const token = await api.tokenFor('admin');
    const year0 = await api.call('GET', '/api/v1/requests/audit?from=0001-01-01', { token });
    expect(year0.status).toBe(400);
    expect(year0.body.fields).toHaveProperty('from');
    const callback = async (body: object) => {
      const res = await raw('/portal_api/callbacks/mobile-money/repayment', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
        body: JSON.stringify({
          transaction_id: 'TX1',
          msisdn: '255754300100',
          account: 'LN0000001',
          amount: 1000,
          paid_at: '2026-01-01T10:00:00Z',
          network: 'mpesa',
          ...body,
        }),
      });
      return { status: res.status, body: await res.json() };
    };
    const paid0 = await callback({ paid_at: '0000-01-01T00:00:00Z' });
    expect(paid0.status).toBe(400);
    expect(paid0.body.fields).toHaveProperty('paid_at');
    const surrogate = await callback({ transaction_id: 'TX\ud800' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.fields).toHaveProperty('transaction_id');
    const cc = await api.tokenFor('callcentre');
    const bundle = await api.call('POST', '/api/v1/award/customer/data/bundles', {
      token: cc,
      body: { msisdn: '0754300100', bundle: '1GB', reason: 'sorry \ud800' },
    });
    expect(bundle.status).toBe(400);
    expect(bundle.body.fields).toHaveProperty('reason');
  });

  it('maps an input-caused database error to 400 if a schema ever lets one through (defence in depth)', async () => {
    const { errorHandler } = await import('../../server/http-surface');
    const logged: string[] = [];
    const { Hono } = await import('hono');
    const app = new Hono();
    app.onError(errorHandler((m) => logged.push(m)));
    app.get('/x', () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    app.get('/y', () => {
      throw new Error('a real fault');
    });
    const res = await app.request('/x');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: 'unstorable_input', fields: { body: expect.any(String) } });
    expect((await app.request('/y')).status).toBe(500);
    expect(logged).toHaveLength(2);
  });
});

describe('node server time-outs', () => {
  it('are set: headers within 10 s, the whole request within 30 s, checked every second', () => {
    expect(nodeServerOptions()).toMatchObject({
      headersTimeout: SERVER_TIMEOUTS.headersMs,
      requestTimeout: SERVER_TIMEOUTS.requestMs,
      connectionsCheckingInterval: 1_000,
    });
    expect(SERVER_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
  });

  it('cut off a body trickled a byte at a time (here with a 1.5 s request time-out)', async () => {
    const server = serve({
      fetch: api.app.fetch,
      port: 0,
      hostname: '127.0.0.1',
      serverOptions: nodeServerOptions({ headersMs: 1_000, requestMs: 1_500 }),
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => (received += d.toString()));
      socket.on('close', () => {
        clearInterval(trickle);
        resolve(received);
      });
      socket.on('error', () => undefined);
      socket.write(
        'POST /portal_api/authentication HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const trickle = setInterval(() => socket.write(' '), 250);
    });
    await new Promise((resolve) => server.close(resolve));
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('request body limits on the Node server (as deployed)', () => {
  it('refuses a body over the limit by its Content-Length or by counting a chunked one, and takes one within it', async () => {
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: nodeServerOptions() });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/portal_api/authentication`;
    const headers = { 'content-type': 'application/json' };
    try {
      const tooLong = JSON.stringify({ strategy: 'local', username: 'agent', password: 'x'.repeat(DEFAULT_BODY_LIMIT) });
      const byLength = await fetch(url, { method: 'POST', headers, body: tooLong });
      expect(byLength.status).toBe(413);
      expect(await byLength.json()).toMatchObject({ reason: 'body_too_large' });

      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < Math.ceil(DEFAULT_BODY_LIMIT / chunk.length) + 1) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const chunked = await fetch(url, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
      expect(chunked.status).toBe(413);

      const fine = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ strategy: 'local', username: 'agent', password: 'wrong' }),
      });
      expect(fine.status).toBe(401);
      const small = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ strategy: 'local', username: 'agent', password: 'wrong' })));
          controller.close();
        },
      });
      const smallChunked = await fetch(url, { method: 'POST', headers, body: small, duplex: 'half' } as RequestInit);
      expect(smallChunked.status).toBe(401);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('headers on the Node server (as deployed)', () => {
  it('marks an answer no-store and sends the security headers with its body whole', async () => {
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: nodeServerOptions() });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      const settings = await fetch(`http://127.0.0.1:${port}/portal_api/settings`, { headers: { authorization: `Bearer ${agent}` } });
      expect(settings.status).toBe(200);
      expect(settings.headers.get('cache-control')).toBe('no-store');
      expect(settings.headers.get('x-frame-options')).toBe('DENY');
      expect(settings.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(settings.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await settings.json()).toBeTypeOf('object');
      const refused = await fetch(`http://127.0.0.1:${port}/portal_api/settings`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      const health = await fetch(`http://127.0.0.1:${port}/portal_api/health`);
      expect(health.headers.get('cache-control')).not.toBe('no-store');
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
