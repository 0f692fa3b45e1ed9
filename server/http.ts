import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IncomingMessage } from 'node:http';
import type { BlockList } from 'node:net';
import type { z } from 'zod';
import type { RouteContract } from '../src/contract/routes';
import { successStatus } from '../src/contract/route';
import type { Caller, Deps } from './deps';
import { HttpError } from './errors';
import { authenticate } from './auth/authenticate';
import { DEFAULT_BODY_LIMIT, clientAddress, peerOf, proxyList } from './http-surface';
import { JsonAnswer } from './json-answer';
import { sendJson } from './compressed-json';
import { keptRead } from './domain/kept-answers';

export interface HandlerInput<R extends RouteContract> {
  body: R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
  query: R['query'] extends z.ZodType ? z.output<R['query']> : undefined;
  params: R['params'] extends z.ZodType ? z.output<R['params']> : undefined;
  caller: R['auth'] extends 'public' ? Caller | null : Caller;
  ip: string;
}

/** A handler answers the contract's response, or that response already serialized (a kept answer: json-answer.ts). */
export type Handler<R extends RouteContract> = (
  input: HandlerInput<R>,
) => Promise<z.input<R['response']> | JsonAnswer<z.input<R['response']>>>;

/** The routes registered so far, so openapi.json lists exactly what the server answers. */
export type Registry = RouteContract[];

const proxyLists = new WeakMap<object, BlockList | null>();

/**
 * The caller's address (login throttling, `last_ip`, audit): the socket's peer, or what X-Forwarded-For says only
 * when the peer is one of the config's trusted proxies (TRUSTED_PROXIES; none by default).
 */
export function clientIp(c: Context, config: Deps['config']): string {
  let proxies = proxyLists.get(config);
  if (proxies === undefined) {
    proxies = config.trustedProxies?.length ? proxyList(config.trustedProxies) : null;
    proxyLists.set(config, proxies);
  }
  return clientAddress(peerOf(c), c.req.header('x-forwarded-for'), proxies);
}

function fieldErrors(error: z.ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length ? issue.path.join('.') : 'body');
    fields[key] ??= issue.message;
  }
  return fields;
}

function parse<S extends z.ZodType | undefined>(schema: S, value: unknown, what: string) {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new HttpError(400, `Invalid ${what}: ${Object.keys(fields).join(', ')}`, { fields });
  }
  return result.data;
}

/**
 * Registers one contract route: the body limit (before anything is read, token or not), auth and role check, then
 * zod parsing, then the handler.
 */
export function register<R extends RouteContract>(app: Hono, deps: Deps, registry: Registry, route: R, handler: Handler<R>) {
  registry.push(route);
  const maxSize = route.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, `The request body is larger than this call takes (${maxSize} bytes)`, {
        reason: 'body_too_large',
        fields: { body: `must be at most ${maxSize} bytes` },
      });
    },
  });
  // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112, 6.3); one with a
  // Content-Length is judged by the header alone (the HTTP parser holds the body to it). Only a chunked body goes
  // through Hono's counting reader, which makes @hono/node-server build a Fetch Request with a web stream: done on
  // every call, that was a tenth of a lookup's CPU (decision 037).
  // A Request made in-process (app.request in the tests) has no such headers: it is always counted.
  const limitBody: MiddlewareHandler = (c, next) => {
    const fromSocket = (c.env as { incoming?: unknown } | undefined)?.incoming instanceof IncomingMessage;
    if (!fromSocket || c.req.header('transfer-encoding') !== undefined) return limit(c, next);
    const length = c.req.header('content-length');
    if (length === undefined) return next();
    if (!/^\d+$/.test(length) || Number(length) > maxSize) return limit(c, next);
    return next();
  };
  app.on(route.method, route.path, limitBody, async (c) => {
    if (route.demoOnly && deps.config.mode !== 'demo') throw new HttpError(404, 'Not found');
    const ip = clientIp(c, deps.config);
    const caller = route.auth === 'public' ? null : await authenticate(deps, c.req.header('authorization'), route.auth, ip);
    const params = route.params ? parse(route.params, c.req.param(), 'path') : undefined;
    const query = route.query ? parse(route.query, Object.fromEntries(new URL(c.req.url).searchParams), 'query') : undefined;
    let body: unknown;
    if (route.body) {
      const raw: unknown = await c.req.json().catch(() => {
        throw new HttpError(400, 'The request body must be JSON', { fields: { body: 'must be JSON' } });
      });
      body = parse(route.body, raw, 'request');
    }
    const answer = await handler({ body, query, params, caller, ip } as HandlerInput<R>);
    if (answer instanceof JsonAnswer) return sendJson(c, answer.text, successStatus(route), answer.compressed);
    return sendJson(c, JSON.stringify(answer), successStatus(route));
  });
}

/**
 * Registers a route that only reads the database (a list, a queue, a lookup): the same as `register`, and its answer
 * may be kept while nothing is written (`keptRead`, decision 100). The key is the route and everything its handler is
 * given: the body, query and path parameters as parsed, the caller (user, group, roles, session) and the address. A
 * handler registered here must change nothing, in the database or outside it (no message sent, no call to another
 * party), and read nothing but its input, the database and the clock.
 */
export function registerRead<R extends RouteContract>(app: Hono, deps: Deps, registry: Registry, route: R, handler: Handler<R>) {
  const name = `${route.method} ${route.path}`;
  register(app, deps, registry, route, (input) =>
    keptRead(
      deps.db,
      deps.clock.now(),
      `${name}\u0000${JSON.stringify([input.body, input.query, input.params, input.caller, input.ip])}`,
      () => handler(input),
    ),
  );
}
