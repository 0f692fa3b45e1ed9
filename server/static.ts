import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/**
 * The built portal's files (issue 16, item 5). Read once into memory when the server starts, with the brotli and
 * gzip copies the build wrote beside them (scripts/precompress.ts): a request is a map look-up, never a compression
 * nor a disk read. Vite's hashed assets (/assets/*) are cached for a year and immutable; index.html and the other
 * files are revalidated on every use (no-cache with an ETag: a 304 costs a few bytes). Every other path that is not
 * under /portal_api is the single-page app: index.html. A missing /assets/ file is a 404, not index.html, so a
 * stale chunk fails as a chunk-load error the portal shows rather than as HTML parsed as JavaScript.
 */

interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}
interface Entry {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const variant = (body: Buffer, tag: string): Variant => ({
  body: new Uint8Array(body),
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${tag}"`,
});

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** The files of a built directory by URL path ("/assets/x.js"), each with its precompressed copies. */
export function loadFiles(root: string): Map<string, Entry> {
  const files = new Map<string, Entry>();
  if (!existsSync(root)) return files;
  for (const path of walk(root)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const url = '/' + relative(root, path).split(sep).join('/');
    const entry: Entry = {
      type: getMimeType(path) ?? 'application/octet-stream',
      cacheControl: url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity: variant(readFileSync(path), ''),
    };
    if (existsSync(`${path}.br`)) entry.br = variant(readFileSync(`${path}.br`), '-br');
    if (existsSync(`${path}.gz`)) entry.gzip = variant(readFileSync(`${path}.gz`), '-gz');
    files.set(url, entry);
  }
  return files;
}

/** The encodings a client accepts (RFC 9110 Accept-Encoding: `q=0` refuses one; `*` stands for the others). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  if (!header) return accepted;
  const refused = new Set<string>();
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === '*') star = ok;
    else if (ok) accepted.add(name);
    else refused.add(name);
  }
  if (star) for (const name of ['br', 'gzip']) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

const etagMatches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

/**
 * The page of the longest route that holds `path`: the build writes `routes/<route>.html`, index.html with the
 * route's chunks preloaded (scripts/route-preloads.ts, docs/decisions/065). /dashboard/customers gets
 * routes/dashboard.html; a path of no route, none.
 */
export function routePage<T>(files: ReadonlyMap<string, T>, path: string): T | undefined {
  const segments = path.replace(/\/+$/, '').split('/');
  for (let n = segments.length; n > 1; n--) {
    const page = files.get(`/routes${segments.slice(0, n).join('/')}.html`);
    if (page) return page;
  }
  return undefined;
}

/** Serves the built portal from `root` (dist/ by default); registered after createApp's /portal_api routes. */
export function staticFiles(root = 'dist'): MiddlewareHandler {
  const files = loadFiles(root);
  const index = files.get('/index.html');
  return async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    if ((method !== 'GET' && method !== 'HEAD') || path === '/portal_api' || path.startsWith('/portal_api/')) return next();
    let entry = files.get(path === '/' ? '/index.html' : path);
    if (!entry) {
      if (path.startsWith('/assets/') || !index) return c.text('Not found', 404);
      entry = routePage(files, path) ?? index;
    }
    let chosen = entry.identity;
    let encoding: string | null = null;
    if (entry.br || entry.gzip) {
      c.header('Vary', 'Accept-Encoding');
      const accepted = acceptedEncodings(c.req.header('accept-encoding'));
      if (entry.br && accepted.has('br')) [chosen, encoding] = [entry.br, 'br'];
      else if (entry.gzip && accepted.has('gzip')) [chosen, encoding] = [entry.gzip, 'gzip'];
    }
    c.header('Cache-Control', entry.cacheControl);
    c.header('ETag', chosen.etag);
    if (etagMatches(c.req.header('if-none-match'), chosen.etag)) return c.body(null, 304);
    c.header('Content-Type', entry.type);
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Length', String(chosen.body.length));
    if (method === 'HEAD') return c.body(null, 200);
    return c.body(chosen.body, 200);
  };
}
