import { createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Context, ErrorHandler, Hono, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { RouteContract } from '../src/contract/route';
import { HttpError } from './errors';

/**
 * The HTTP surface every answer shares (issue 11, item 5): security headers, no caching of personal data, JSON
 * 404/405 and the CORS preflight under /portal_api, body limits and the node server's time-outs, and one error
 * handler that never answers 500 for bad input.
 */

/** Request bodies a route takes unless its contract says more (`maxBodyBytes`): every JSON call of the portal is far below. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The node server's time-outs: a client that trickles its headers or its body is cut off, not held for minutes. */
export const SERVER_TIMEOUTS = {
  /** All the headers of a request must arrive within this. */
  headersMs: 10_000,
  /** The whole request (headers and body) must arrive within this. */
  requestMs: 30_000,
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: 5_000,
};

/** Options for @hono/node-server's `serve({ serverOptions })` (node's http.createServer). */
export function nodeServerOptions(timeouts: { headersMs: number; requestMs: number; keepAliveMs?: number } = SERVER_TIMEOUTS) {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs ?? SERVER_TIMEOUTS.keepAliveMs,
    // Node checks the two time-outs above on this interval (default 30 s): check often enough that they hold.
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs, timeouts.requestMs),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Client address

/** Parses TRUSTED_PROXIES entries (addresses or CIDR ranges, IPv4 or IPv6) into a BlockList; throws on a bad entry. */
export function proxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const type = isIP(address ?? '');
    if (!type || extra !== undefined) throw new Error(`not an IP address or CIDR range: ${entry}`);
    const family = type === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) {
      list.addAddress(address!, family);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d+$/.test(bits) || prefix > (type === 4 ? 32 : 128)) throw new Error(`not an IP address or CIDR range: ${entry}`);
    list.addSubnet(address!, prefix, family);
  }
  return list;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
const plain = (address: string) => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

function trusted(list: BlockList, address: string): boolean {
  const type = isIP(address);
  return type !== 0 && list.check(address, type === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The caller's address: the socket's peer, unless the peer is a trusted proxy; then X-Forwarded-For is read from
 * the right (the entry the nearest proxy added) past every trusted proxy, and the first address that is not one is
 * the client. With no trusted proxy (the default) the header is ignored: anyone can write it.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, proxies: BlockList | null): string {
  const socket = peer ? plain(peer) : 'unknown';
  if (!proxies || !forwardedFor || !trusted(proxies, socket)) return socket;
  let client = socket;
  const hops = forwardedFor.split(',').map((hop) => plain(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) break; // not an address: the proxy before it is as far as we can trust
    client = hop;
    if (!trusted(proxies, hop)) break;
  }
  return client;
}

/** The socket peer of a request served by @hono/node-server (tests pass the same shape as app.request's env). */
export function peerOf(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

// ---------------------------------------------------------------------------------------------------------------
// Headers

export interface SurfaceOptions {
  /** The local biometric device service the browser calls (connect-src). */
  bridgeUrl?: string;
  /** Where a build with PORTAL_API_URL sends its /portal_api calls (connect-src). */
  portalApiUrl?: string;
  /** sha256 sources of the inline scripts of the built index.html (script-src). */
  scriptHashes?: readonly string[];
}

const originOf = (url: string | undefined) => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/** `'sha256-…'` sources for every inline <script> of a page, so the CSP allows exactly those. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1]!)
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * The security headers of every answer, the portal's pages and the API alike. The CSP is what the built portal
 * needs and no more: its own scripts (and the hashed theme script of index.html), inline styles (Emotion, which
 * Chakra UI uses, writes <style> tags and style attributes), images from data: and blob: URLs (fingerprint
 * previews, diagram exports), and calls to itself and the fingerprint service.
 */
export function securityHeaders(options: SurfaceOptions): MiddlewareHandler {
  const connect = ["'self'", ...originOf(options.bridgeUrl), ...originOf(options.portalApiUrl)];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(options.scriptHashes ?? [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [...new Set(connect)],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    xContentTypeOptions: 'nosniff',
  });
}

/** Answers under /portal_api that hold nothing personal and may be cached by the browser. */
const CACHEABLE = new Set(['/portal_api/health', '/portal_api/openapi.json']);

/** Every other /portal_api answer may hold personal data (customers, codes in the demo outbox): never stored. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  // Set on the answer's own headers: `c.header()` after the answer is made asks for `bodyUsed`, which turns
  // @hono/node-server's light Response into a Fetch Response with a web stream, and every answer then took the
  // adapter's slow path (undici, web streams) instead of writing the string it holds.
  if (!CACHEABLE.has(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
};

// ---------------------------------------------------------------------------------------------------------------
// Unknown paths and methods

const pattern = (path: string) => new RegExp(`^/portal_api${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`);

/**
 * Registered last under /portal_api: a path no route has is a JSON 404 (never the portal's index.html), a known
 * path with another method a JSON 405 with Allow. The portal calls its API from its own origin, so a CORS
 * preflight (OPTIONS) of a known path answers 204 with Allow and no Access-Control-Allow-Origin: a browser on
 * another origin is refused by its own CORS check, same-origin callers never send one.
 */
export function apiFallback(app: Hono, registry: readonly RouteContract[]) {
  const methodsOf = (path: string) => {
    const methods = new Set(registry.filter((r) => pattern(r.path).test(path)).map((r) => r.method as string));
    if (methods.has('GET')) methods.add('HEAD');
    if (path === '/portal_api/openapi.json') methods.add('GET').add('HEAD');
    return [...methods];
  };
  app.all('/portal_api', (c) => c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404));
  app.all('/portal_api/*', (c) => {
    const methods = methodsOf(c.req.path);
    if (!methods.length) return c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404);
    const allow = [...methods, 'OPTIONS'].join(', ');
    c.header('Allow', allow);
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    return c.json({ message: `${c.req.path} answers ${allow}, not ${c.req.method}` }, 405);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** SQLSTATEs a value sent by the caller causes: a 400, not a 500, if a schema ever lets such a value through. */
const INPUT_SQLSTATES: Record<string, string> = {
  '22P05': 'a character the database cannot store',
  '22021': 'a character the database cannot store',
  '22P02': 'a value the database cannot read',
  '22007': 'a date or time the database cannot store',
  '22008': 'a date or time out of range',
  '22003': 'a number out of range',
  '22001': 'a text too long',
};

/** One error handler for the API and the pages: the refusals the code means, 400 for bad input, 500 only for a fault. */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) {
      const { retryAfterSeconds, ...extra } = error.extra;
      if (retryAfterSeconds) c.header('Retry-After', String(retryAfterSeconds));
      return c.json({ message: error.message, ...extra }, error.status);
    }
    if (error instanceof HTTPException) {
      return c.json({ message: error.message || 'Refused' }, error.status);
    }
    if (error instanceof SyntaxError) {
      return c.json({ message: 'The request body must be JSON', fields: { body: 'must be JSON' } }, 400);
    }
    const sqlstate = (error as { code?: unknown } | null)?.code;
    if (typeof sqlstate === 'string' && sqlstate in INPUT_SQLSTATES) {
      // Defence in depth: the contract's schemas should have refused this. Logged, as a schema to tighten.
      log(`${c.req.method} ${c.req.path} sent input the database refused (SQLSTATE ${sqlstate})`, error);
      const what = INPUT_SQLSTATES[sqlstate]!;
      return c.json({ message: `The request holds ${what}`, reason: 'unstorable_input', fields: { body: `holds ${what}` } }, 400);
    }
    log(`${c.req.method} ${c.req.path} failed`, error);
    return c.json({ message: 'Something went wrong on the server' }, 500);
  };
}
