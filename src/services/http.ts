import ky, { HTTPError } from 'ky';
import type { z } from 'zod';
import type { RouteContract } from '../contract/routes';
import type { CallFailure } from '../lib/call-failure';
import { sessionStore } from './session-store';
import { reportUnauthorized } from './unauthorized';

/**
 * Where /portal_api lives: same origin by default, PORTAL_API_URL at build time to point elsewhere. Outside Vite
 * (the statecharts script loads the registry, and so this module, in plain Node) there is no import.meta.env.
 */
const BASE = `${(import.meta.env?.PORTAL_API_URL ?? '').replace(/\/$/, '')}/portal_api`;

const client = ky.create({
  prefixUrl: BASE,
  timeout: 30_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = sessionStore.token();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        const path = new URL(request.url).pathname;
        if (response.status === 401 && !path.startsWith(`${new URL(BASE, location.href).pathname}/authentication`)) {
          // No screen handles a 401 itself: the session actor logs out.
          reportUnauthorized();
        }
      },
    ],
  },
});

async function failureOf(error: unknown): Promise<CallFailure> {
  if (error instanceof HTTPError) {
    const body = (await error.response.json().catch(() => null)) as Partial<CallFailure> | null;
    return {
      status: error.response.status,
      message: body?.message ?? error.message,
      fields: body?.fields,
      reason: body?.reason,
      left: body?.left,
      ...(body?.wizard !== undefined ? { wizard: body.wizard } : {}),
    };
  }
  return { status: null, message: error instanceof Error ? error.message : String(error) };
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  params?: Record<string, string | number>;
  signal?: AbortSignal;
}

/**
 * Calls one contract route and parses its answer with the route's response schema. Throws a CallFailure:
 * the server's status and message, or status null when the server was unreachable or its answer did not parse.
 */
export async function call<R extends RouteContract>(route: R, options: CallOptions = {}): Promise<z.output<R['response']>> {
  const path = route.path.replace(/^\//, '').replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(options.params?.[name])));
  const searchParams = Object.fromEntries(Object.entries(options.query ?? {}).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number
  >;
  let answer: unknown;
  try {
    answer = await client(path, { method: route.method, json: options.body, searchParams, signal: options.signal }).json();
  } catch (error) {
    throw await failureOf(error);
  }
  const parsed = route.response.safeParse(answer);
  if (!parsed.success) throw { status: null, message: 'Could not load data, reload page!' } satisfies CallFailure;
  return parsed.data as z.output<R['response']>;
}
