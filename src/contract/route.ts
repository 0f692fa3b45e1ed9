import type { z } from 'zod';
import type { Role } from './roles';

/**
 * One /portal_api call: method, path (relative to /portal_api, `:name` for a path parameter), who may call it,
 * and the zod schemas of what goes in and comes out. The server registers its handlers from these, the client
 * parses answers with them, and /portal_api/openapi.json is generated from them.
 */
export interface RouteContract {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  /**
   * `public`: no token; `otp`: any valid token, even before its one-time code; `password`: a token past its code,
   * even while its user must still change their password; `session`: any token past both; a role: such a token
   * whose group holds it.
   */
  readonly auth: 'public' | 'session' | 'otp' | 'password' | Role;
  readonly summary: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response: z.ZodType;
  /** Refusals beyond the ones every route of its kind has (400 on bad input, 401, 403 for a missing role). */
  readonly refusals?: Readonly<Partial<Record<403 | 404 | 409 | 429, string>>>;
  /** Answers 201 (a record was created) rather than 200. */
  readonly created?: boolean;
  /** Answers 202: the change was recorded as a request that a second person must approve before it applies. */
  readonly accepted?: boolean;
  /** Answers only in demo mode (404 otherwise). */
  readonly demoOnly?: boolean;
  /** The largest request body this call takes, in bytes, when more than the server's default (64 kB): uploads. */
  readonly maxBodyBytes?: number;
}

export const define = <const T extends RouteContract>(route: T): T => route;

/** The status of a route's success answer. */
export const successStatus = (route: RouteContract): 200 | 201 | 202 => (route.created ? 201 : route.accepted ? 202 : 200);
