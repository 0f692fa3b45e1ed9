import type { StoredUser } from '../machines/session.machine';
import { API_BASE, CALL_TIMEOUT_MS } from './api-base';

/**
 * The first signed-in page's GET calls, sent by the app's entry while the rest of its code is still on its way
 * (issue 16, docs/decisions/048). On a slow network the settings (the home page's welcome, the wizard) and, when
 * none are stored, the group's roles (the session waits for them before any screen draws) were asked for only once
 * the dashboard's chunks, the HTTP client and the contract had loaded and run: a chain of round trips on a low-end
 * phone before the page's largest text could show. Here they leave at once, with the stored token; `call` (http.ts)
 * takes an answer that is here, or on its way, for the same path and query, once, and parses it with the route's
 * schema as always. An answer no call takes within MAX_AGE_MS is dropped, so a later screen never reads an old one.
 */
export const MAX_AGE_MS = 15_000;

const started = new Map<string, { at: number; response: Promise<Response> }>();

/** The query string `call` sends for these values (ky's: URLSearchParams, in the order given). */
export const queryOf = (query: Record<string, string | number>) => new URLSearchParams(query as Record<string, string>).toString();

/** The query of the session's roles call (services/session.ts), which the entry sends early too. */
export const rolesQuery = (groupId: number) => ({ $limit: 1000, group_id: groupId });

/** The path under /portal_api with its query, as `call` and `sendEarly` both name a call. */
export const callKey = (path: string, query: string) => (query ? `${path}?${query}` : path);

/**
 * Sends one GET early, for `call` to take: the entry's first calls, and the settings the dashboard asks for as soon
 * as its chunk knows the screen (dashboard-route.tsx). A call already on its way and not too old is not sent again.
 */
export function sendEarly(key: string, token: string, fetchFn: typeof fetch = (...a) => fetch(...a), now = Date.now()) {
  const pending = started.get(key);
  if (pending && now - pending.at <= MAX_AGE_MS) return;
  const response = fetchFn(`${API_BASE}/${key}`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  response.catch(() => undefined); // the call that takes it reports a failure
  started.set(key, { at: now, response });
}

/** The early answer for this call, if one was sent less than MAX_AGE_MS ago: taken once. */
export function takeEarly(key: string, now = Date.now()): Promise<Response> | undefined {
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  return now - early.at <= MAX_AGE_MS ? early.response : undefined;
}

export interface FirstCallsInput {
  pathname: string;
  user: StoredUser | null;
  rolesStored: boolean;
  now: number;
  fetch: typeof fetch;
}

/**
 * Sends the first signed-in page's calls when the page is under /dashboard and a session that may use it is stored
 * (the session machine's own checks: not expired, no one-time code or new password pending).
 */
export function startFirstCalls({ pathname, user, rolesStored, now, fetch: fetchFn }: FirstCallsInput): string[] {
  if (!/^\/dashboard(\/|$)/.test(pathname)) return [];
  if (!user?.token || user.exp <= now || user.otp_pending === true || user.must_change_password === true) return [];
  const keys = ['settings'];
  if (!rolesStored) keys.push(callKey('prerequisites/admin-group-roles', queryOf(rolesQuery(user.group.id))));
  for (const key of keys) sendEarly(key, user.token, fetchFn, now);
  return keys;
}

/** Forgets every early call: at logout (session-store.ts), and between tests. */
export function forgetEarlyCalls() {
  started.clear();
}
