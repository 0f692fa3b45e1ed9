import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createActor, toPromise } from 'xstate';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession, storedUser } from '../support/fake-session';
import { sessionStore } from '../../src/services/session-store';
import { sessionActors } from '../../src/services/session';

/**
 * The settings a session keeps (docs/decisions/050): the login leaves them, the home page's welcome draws from them
 * at once and then from the server's, which are kept in turn; they go at logout.
 */
const KEPT = { company: 'Simu Kept', device_bridge_url: 'http://127.0.0.1:8765', demo: false };
const RENAMED = { company: 'Simu Renamed', device_bridge_url: 'http://127.0.0.1:8765', demo: false };

/** The server's settings answer, which a test gives (or fails) when it chooses. */
let settingsAnswer: { resolve: (body: unknown) => void; fail: (status: number) => void };
const server = { calls: [] as string[], roles: ['FIND_CUSTOMER'] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The portal's API as the browser's fetch meets it: the settings answer when the test says so. */
async function fetchFn(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
  const path = new URL(request.url).pathname.replace('/portal_api', '');
  server.calls.push(path);
  if (path === '/settings')
    return new Promise((resolve) => {
      settingsAnswer = { resolve: (body) => resolve(json(200, body)), fail: (status) => resolve(json(status, { message: 'down' })) };
    });
  if (path === '/prerequisites/admin-group-roles')
    return json(200, {
      total: server.roles.length,
      limit: 1000,
      skip: 0,
      data: server.roles.map((admin_role, id) => ({ id, group_id: 4, admin_role, created_at: '2026-11-01T00:00:00.000Z' })),
    });
  if (path === '/api/v1/home_figures')
    return json(200, { portfolio: null, agent: null, approvals: null, stores: null, collector: null, finance: null, reconciliation: null });
  return json(404, { message: `unexpected ${path}` });
}

/** A browser's Request, which resolves a path against the page (Node's, which jsdom leaves in place, refuses it). */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, location.href) : input, init);
  }
}

beforeEach(() => {
  server.calls = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('fetch', fetchFn);
  localStorage.setItem('user', JSON.stringify(storedUser({ token: 'agent-token', group: { id: 4, name: 'Agent' } })));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the home page with settings kept by the session', () => {
  it('welcomes with the kept company name before the server answers, then with the server’s, which it keeps', async () => {
    sessionStore.keepSettings(KEPT);
    await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER']));
    await jsdomUi().see('heading', 'Welcome to Simu Kept');
    // The server's settings were still asked for, and have not answered.
    await waitFor(() => expect(server.calls).toContain('/settings'));
    const heading = screen.getByRole('heading', { level: 1 });
    settingsAnswer.resolve(RENAMED);
    await jsdomUi().see('heading', 'Welcome to Simu Renamed');
    // The same heading, its text changed: the page's largest text is not drawn twice.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(sessionStore.settings()).toEqual(RENAMED);
  });

  it('waits for the server when nothing is kept, then keeps what it said', async () => {
    await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER']));
    await waitFor(() => expect(server.calls).toContain('/settings'));
    await jsdomUi().seeText(/what would you like to do\?/);
    expect(screen.queryByRole('heading', { name: /^Welcome to/ })).toBeNull();
    settingsAnswer.resolve(RENAMED);
    await jsdomUi().see('heading', 'Welcome to Simu Renamed');
    expect(sessionStore.settings()).toEqual(RENAMED);
  });

  it('keeps the kept name when the server fails behind it, and says nothing of the failure', async () => {
    sessionStore.keepSettings(KEPT);
    await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER']));
    await jsdomUi().see('heading', 'Welcome to Simu Kept');
    await waitFor(() => expect(server.calls).toContain('/settings'));
    settingsAnswer.fail(503);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Simu Kept');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(sessionStore.settings()).toEqual(KEPT);
  });

  it('says so when nothing is kept and the server fails, and welcomes once a retry is answered', async () => {
    await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER']));
    await waitFor(() => expect(server.calls).toContain('/settings'));
    settingsAnswer.fail(503);
    const ui = jsdomUi();
    await ui.click('button', 'Retry');
    await waitFor(() => expect(server.calls.filter((path) => path === '/settings')).toHaveLength(2));
    settingsAnswer.resolve(RENAMED);
    await ui.see('heading', 'Welcome to Simu Renamed');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('takes nothing kept that is not the settings’ shape', async () => {
    localStorage.setItem('settings', JSON.stringify({ company: 7 }));
    expect(sessionStore.settings()).toBeNull();
    localStorage.setItem('settings', '{not json');
    expect(sessionStore.settings()).toBeNull();
    localStorage.setItem('settings', JSON.stringify({ company: 'Simu', device_bridge_url: 'http://x' }));
    expect(sessionStore.settings()).toBeNull();
  });
});

describe('the login', () => {
  it('leaves the settings beside the roles, and does not wait for them', async () => {
    server.roles = ['ADD_LOAN', 'FIND_CUSTOMER'];
    const roles = toPromise(createActor(sessionActors.loadRoles, { input: { groupId: 4 } }).start());
    // The roles are back while the settings have not answered.
    await expect(roles).resolves.toEqual(['ADD_LOAN', 'FIND_CUSTOMER']);
    expect(server.calls).toContain('/settings');
    expect(sessionStore.settings()).toBeNull();
    settingsAnswer.resolve({ ...KEPT, extra: 'not kept' });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('settings')!)).toEqual(KEPT));
  });

  it('keeps nothing when the settings fail, and the roles still come', async () => {
    server.roles = ['FIND_CUSTOMER'];
    const roles = toPromise(createActor(sessionActors.loadRoles, { input: { groupId: 4 } }).start());
    await expect(roles).resolves.toEqual(['FIND_CUSTOMER']);
    settingsAnswer.fail(500);
    await new Promise((r) => setTimeout(r, 20));
    expect(sessionStore.settings()).toBeNull();
  });

  it('takes them away at logout, with the rest of the session', () => {
    sessionStore.keepSettings(KEPT);
    sessionStore.clear();
    expect(sessionStore.settings()).toBeNull();
    expect(localStorage.getItem('settings')).toBeNull();
  });
});
