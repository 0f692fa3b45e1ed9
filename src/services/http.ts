import ky, { HTTPError } from 'ky';
import type { z } from 'zod';
import type { RouteContract } from '../contract/routes';
import type { CallFailure } from '../lib/call-failure';
import { API_BASE, CALL_TIMEOUT_MS } from './api-base';
import { callKey, queryOf, takeEarly } from './early-calls';
import { sessionStore } from './session-store';
import { reportUnauthorized } from './unauthorized';

const client = ky.create({
  prefixUrl: API_BASE,
  timeout: CALL_TIMEOUT_MS,
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
        if (response.status === 401 && !path.startsWith(`${new URL(API_BASE, location.href).pathname}/authentication`)) {
          // No screen handles a 401 itself: the session actor logs out.
          reportUnauthorized();
        }
      },
    ],
  },
});

/** The failure an answer that is not a success stands for: the server's status, and its message when it sent one. */
async function refusalOf(response: Response, fallback: string): Promise<CallFailure> {
  const body = (await response.json().catch(() => null)) as Partial<CallFailure> | null;
  return {
    status: response.status,
    message: body?.message ?? fallback,
    fields: body?.fields,
    reason: body?.reason,
    left: body?.left,
    ...(body?.wizard !== undefined ? { wizard: body.wizard } : {}),
  };
}

async function failureOf(error: unknown): Promise<CallFailure> {
  if (error instanceof HTTPError) return refusalOf(error.response, error.message);
  return { status: null, message: error instanceof Error ? error.message : String(error) };
}

/**
 * An answer the app's entry asked for early (early-calls.ts), read as ky would read it: a 401 reported to the
 * session, any other refusal thrown as its failure.
 */
async function earlyAnswer(response: Promise<Response>): Promise<unknown> {
  let answer: Response;
  try {
    answer = await response;
  } catch (error) {
    throw await failureOf(error);
  }
  if (answer.status === 401) reportUnauthorized();
  if (!answer.ok) throw await refusalOf(answer, `Request failed with status code ${answer.status}`);
  return answer.json().catch(async (error: unknown) => {
    throw await failureOf(error);
  });
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
  const early = route.method === 'GET' && !options.signal ? takeEarly(callKey(path, queryOf(searchParams))) : undefined;
  let answer: unknown;
  if (early) answer = await earlyAnswer(early);
  else {
    try {
      answer = await client(path, { method: route.method, json: options.body, searchParams, signal: options.signal }).json();
    } catch (error) {
      throw await failureOf(error);
    }
  }
  const parsed = route.response.safeParse(answer);
  if (!parsed.success) throw { status: null, message: 'Could not load data, reload page!' } satisfies CallFailure;
  return parsed.data as z.output<R['response']>;
}
