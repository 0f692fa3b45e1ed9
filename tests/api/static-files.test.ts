import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { Hono } from 'hono';
import { acceptedEncodings, routePage, staticFiles } from '../../server/static';
import { testApi, type TestApi } from '../support/api';

/** The built portal's files (issue 16, item 5): precompressed at build, sent as files, cached by their hash. */
let api: TestApi;
let dir: string;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"customer ${i}"}`).join(',')}];\n`;
const html =
  '<!doctype html><html><head><title>Simu Portal</title><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n'.repeat(
    6,
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'simu-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'assets', 'app-Ab12Cd34.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-Zz99.js'), 'export{};\n');
  writeFileSync(join(dir, 'logo.png'), Buffer.alloc(2048, 7));
  precompress(dir);
  api = await testApi();
  api.app.use('*', staticFiles(dir));
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => api.app.request(path, { method, headers });

describe('precompress at build', () => {
  it('writes a brotli and a gzip copy beside each compressible file, smaller than it, and leaves tiny and binary files alone', () => {
    const js = join(dir, 'assets', 'app-Ab12Cd34.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 3);
    expect(existsSync(join(dir, 'assets', 'tiny-Zz99.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo.png.gz'))).toBe(false);
  });
});

describe('hashed assets', () => {
  it('are the brotli file from the build for a browser that takes brotli, cached for a year', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = Buffer.from(await res.arrayBuffer());
    // The very bytes the build wrote: nothing is compressed per request.
    expect(body.equals(readFileSync(join(dir, 'assets', 'app-Ab12Cd34.js.br')))).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('are the gzip file for a client without brotli, or one that refuses it with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', 'gzip, deflate']) {
      const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': accept });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
    }
  });

  it('are the plain file for a client that takes no compression, still with Vary', async () => {
    const res = await get('/assets/app-Ab12Cd34.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(script);
  });

  it('answer 304 to a revalidation with the ETag of the copy the client holds', async () => {
    const first = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const gzip = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
  });

  it('a missing chunk is a 404, not the page (a stale chunk must fail as a chunk-load error)', async () => {
    const res = await get('/assets/gone-123.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
  });

  it('HEAD gives the headers and the length with no body', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(readFileSync(join(dir, 'assets', 'app-Ab12Cd34.js.gz')).length));
    expect(await res.text()).toBe('');
  });
});

describe('the page', () => {
  it.each(['/', '/index.html', '/dashboard/customers', '/login?next=%2Fdashboard'])(
    'GET %s is index.html, revalidated each time, with the security headers',
    async (path) => {
      const res = await get(path, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('other files outside /assets are revalidated too, binary ones sent as they are', async () => {
    const res = await get('/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).length).toBe(2048);
  });

  it('leaves the API alone: a JSON answer, and a JSON 404 for an unknown call, never the page', async () => {
    const health = await get('/portal_api/health', { 'accept-encoding': 'br' });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/json/);
    const unknown = await get('/portal_api/no-such-call');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/json/);
  });

  it('a POST to a page path is not the page', async () => {
    const res = await get('/dashboard', {}, 'POST');
    expect(res.status).toBe(404);
  });
});

describe('Accept-Encoding', () => {
  it('reads q-values and the wildcard', () => {
    expect([...acceptedEncodings('gzip, br')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0, gzip')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*, br;q=0')]).toEqual(['gzip']);
    expect([...acceptedEncodings('identity')]).toEqual(['identity']);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});

describe("a route's page (docs/decisions/065)", () => {
  const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body></body></html>\n`;
  let routes: string;
  let app: Hono;
  beforeAll(() => {
    routes = mkdtempSync(join(tmpdir(), 'simu-routes-'));
    mkdirSync(join(routes, 'routes', 'dashboard', 'customers'), { recursive: true });
    writeFileSync(join(routes, 'index.html'), page('index'));
    writeFileSync(join(routes, 'routes', 'dashboard.html'), page('dashboard'));
    writeFileSync(join(routes, 'routes', 'dashboard', 'customers', 'add-loan.html'), page('wizard'));
    app = new Hono().use('*', staticFiles(routes));
  });
  afterAll(() => rmSync(routes, { recursive: true, force: true }));

  it.each([
    ['/', 'index'],
    ['/login', 'index'],
    ['/dashboards', 'index'],
    ['/dashboard', 'dashboard'],
    ['/dashboard/', 'dashboard'],
    ['/dashboard/customers', 'dashboard'],
    ['/dashboard/customers/add-loan', 'wizard'],
    ['/dashboard/customers/add-loan/', 'wizard'],
    ['/dashboard/customers/add-loan?step=2', 'wizard'],
  ])('GET %s is the page of its longest route: %s', async (path, name) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain(`<title>${name}</title>`);
  });

  it('routePage finds nothing for a path outside every route', () => {
    const files = new Map([['/routes/dashboard.html', 'dashboard']]);
    expect(routePage(files, '/dashboard/x/y')).toBe('dashboard');
    expect(routePage(files, '/settings')).toBeUndefined();
    expect(routePage(files, '/')).toBeUndefined();
  });
});
