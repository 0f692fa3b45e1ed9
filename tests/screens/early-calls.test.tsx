import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionRoutes } from '../../src/contract/session-routes';
import { call } from '../../src/services/http';
import { MAX_AGE_MS, forgetEarlyCalls, rolesQuery, sendEarly, startFirstCalls } from '../../src/services/early-calls';
import { sessionStore } from '../../src/services/session-store';
import { onUnauthorized } from '../../src/services/unauthorized';
import { storedUser } from '../support/fake-session';

/**
 * The first signed-in page's calls, sent by the app's entry before the rest of its code is here (issue 16, decision
 * 048): which calls leave, with which token, and how `call` then reads them.
 */
const SETTINGS = { company: 'Simu Early', device_bridge_url: 'http://127.0.0.1:8765', demo: false };
const ROLES = {
  total: 2,
  limit: 1000,
  skip: 0,
  data: [
    { id: 1, group_id: 4, admin_role: 'FIND_CUSTOMER', created_at: '2026-11-01T00:00:00.000Z' },
    { id: 2, group_id: 4, admin_role: 'ADD_LOAN', created_at: '2026-11-01T00:00:00.000Z' },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers every URL with `answer`, recording what was asked. */
function server(answer: (url: string) => Response = (url) => json(200, url.includes('admin-group-roles') ? ROLES : SETTINGS)) {
  const asked: Array<{ url: string; authorization: string | null }> = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    asked.push({ url: new URL(request.url).pathname + new URL(request.url).search, authorization: request.headers.get('authorization') });
    return answer(request.url);
  });
  return { asked, fetchFn };
}

const agent = storedUser({ token: 'agent-token', group: { id: 4, name: 'Agent' } });
const first = (over: Partial<Parameters<typeof startFirstCalls>[0]> = {}) =>
  startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: true, now: Date.now(), fetch: server().fetchFn, ...over });

/** A browser's Request, which resolves a path against the page (Node's, which jsdom leaves in place, refuses it). */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, location.href) : input, init);
  }
}

beforeEach(() => {
  forgetEarlyCalls();
  vi.stubGlobal('Request', PageRequest);
  localStorage.setItem('user', JSON.stringify(agent));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the first signed-in page's calls, sent at start", () => {
  it('ask for the settings on any dashboard page, and for the roles too when none are stored, with the stored token', () => {
    const { asked, fetchFn } = server();
    expect(
      startFirstCalls({ pathname: '/dashboard/customers/add-loan', user: agent, rolesStored: false, now: Date.now(), fetch: fetchFn }),
    ).toEqual(['settings', 'prerequisites/admin-group-roles?%24limit=1000&group_id=4']);
    expect(asked).toEqual([
      { url: '/portal_api/settings', authorization: 'Bearer agent-token' },
      { url: '/portal_api/prerequisites/admin-group-roles?%24limit=1000&group_id=4', authorization: 'Bearer agent-token' },
    ]);
    expect(first({ pathname: '/dashboard' })).toEqual(['settings']);
    // Each gives up after CALL_TIMEOUT_MS, as ky does, rather than keep the page's first call waiting.
    for (const [, init] of fetchFn.mock.calls) expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('ask for nothing outside the dashboard, or for a session the portal would not let in', () => {
    const { asked, fetchFn } = server();
    const none = (over: Partial<Parameters<typeof startFirstCalls>[0]>) =>
      startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: false, now: Date.now(), fetch: fetchFn, ...over });
    expect(none({ pathname: '/' })).toEqual([]);
    expect(none({ pathname: '/dashboards' })).toEqual([]);
    expect(none({ pathname: '/econtract/abc' })).toEqual([]);
    expect(none({ user: null })).toEqual([]);
    expect(none({ user: storedUser({ exp: Date.now() - 1 }) })).toEqual([]);
    expect(none({ user: storedUser({ otp_pending: true }) })).toEqual([]);
    expect(none({ user: storedUser({ must_change_password: true }) })).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('call, when the page asked early', () => {
  it('answers the settings from the early call, once: the next call asks the server again', async () => {
    const early = server();
    startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: true, now: Date.now(), fetch: early.fetchFn });
    const later = server(() => json(200, { ...SETTINGS, company: 'Simu Later' }));
    vi.stubGlobal('fetch', later.fetchFn);

    await expect(call(sessionRoutes.settings)).resolves.toEqual(SETTINGS);
    expect(later.asked).toEqual([]);
    await expect(call(sessionRoutes.settings)).resolves.toMatchObject({ company: 'Simu Later' });
    expect(later.asked.map((a) => a.url)).toEqual(['/portal_api/settings']);
  });

  it('takes the roles the session asks for, by the same path and query', async () => {
    const early = server();
    startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: false, now: Date.now(), fetch: early.fetchFn });
    const later = server();
    vi.stubGlobal('fetch', later.fetchFn);
    const answer = await call(sessionRoutes.listGroupRoles, { query: rolesQuery(4) });
    expect(answer.data.map((row) => row.admin_role)).toEqual(['FIND_CUSTOMER', 'ADD_LOAN']);
    expect(later.asked).toEqual([]);
  });

  it('sends a call already on its way only once (the dashboard asking for the settings after the entry)', async () => {
    const early = server();
    startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: true, now: Date.now(), fetch: early.fetchFn });
    sendEarly('settings', 'agent-token', early.fetchFn);
    expect(early.asked.map((a) => a.url)).toEqual(['/portal_api/settings']);
    await expect(call(sessionRoutes.settings)).resolves.toEqual(SETTINGS);
  });

  it('does not take an early answer for another query', async () => {
    startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: false, now: Date.now(), fetch: server().fetchFn });
    const later = server();
    vi.stubGlobal('fetch', later.fetchFn);
    await call(sessionRoutes.listGroupRoles, { query: { $limit: 1000, group_id: 5 } });
    expect(later.asked.map((a) => a.url)).toEqual(['/portal_api/prerequisites/admin-group-roles?%24limit=1000&group_id=5']);
  });

  it('leaves an early answer older than its age limit to the server', async () => {
    startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: true, now: Date.now() - MAX_AGE_MS - 1, fetch: server().fetchFn });
    const later = server(() => json(200, { ...SETTINGS, company: 'Simu Fresh' }));
    vi.stubGlobal('fetch', later.fetchFn);
    await expect(call(sessionRoutes.settings)).resolves.toMatchObject({ company: 'Simu Fresh' });
    expect(later.asked).toHaveLength(1);
  });

  it("leaves no early answer behind a logout: the next user's first call asks the server", async () => {
    startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: true, now: Date.now(), fetch: server().fetchFn });
    sessionStore.clear();
    const later = server(() => json(200, { ...SETTINGS, company: 'Simu Next' }));
    vi.stubGlobal('fetch', later.fetchFn);
    await expect(call(sessionRoutes.settings)).resolves.toMatchObject({ company: 'Simu Next' });
    expect(later.asked).toHaveLength(1);
  });

  it('reports an early 401 to the session and throws it, as any call does', async () => {
    startFirstCalls({
      pathname: '/dashboard',
      user: agent,
      rolesStored: true,
      now: Date.now(),
      fetch: server(() => json(401, { message: 'Session expired' })).fetchFn,
    });
    const reported = vi.fn();
    const stop = onUnauthorized(reported);
    await expect(call(sessionRoutes.settings)).rejects.toMatchObject({ status: 401, message: 'Session expired' });
    expect(reported).toHaveBeenCalledTimes(1);
    stop();
  });

  it("throws an early refusal with the server's message, a lost network as no status, and an answer that does not parse", async () => {
    startFirstCalls({
      pathname: '/dashboard',
      user: agent,
      rolesStored: true,
      now: Date.now(),
      fetch: server(() => json(503, { message: 'Down for upkeep' })).fetchFn,
    });
    await expect(call(sessionRoutes.settings)).rejects.toEqual(expect.objectContaining({ status: 503, message: 'Down for upkeep' }));

    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    startFirstCalls({ pathname: '/dashboard', user: agent, rolesStored: true, now: Date.now(), fetch: offline });
    await expect(call(sessionRoutes.settings)).rejects.toEqual({ status: null, message: 'Failed to fetch' });

    startFirstCalls({
      pathname: '/dashboard',
      user: agent,
      rolesStored: true,
      now: Date.now(),
      fetch: server(() => json(200, { company: 7 })).fetchFn,
    });
    await expect(call(sessionRoutes.settings)).rejects.toEqual({ status: null, message: 'Could not load data, reload page!' });
  });
});
