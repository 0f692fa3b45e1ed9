import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../src/machines/session.machine';
import { showStartFailure } from '../../src/app/boot';
import { renderApp } from '../support/render-app';
import { fakeSessionActors, storedUser } from '../support/fake-session';
import { drawFirstView, dropFirstView, FIRST_VIEW_ID, FIRST_VIEW_TEMPLATE_ID, HOME_FIRST_VIEW } from '../../src/app/first-view';
import { firstViewWords, withFirstView } from '../../scripts/route-preloads';
import en from '../../src/i18n/locales/en.json';
import sw from '../../src/i18n/locales/sw.json';
import pt from '../../src/i18n/locales/pt.json';

/**
 * The home page's first view (docs/decisions/101), drawn by the inline script every page runs, from the template the
 * build writes into /dashboard's page and what the browser keeps.
 */
const FILES: Record<string, unknown> = { en, sw, pt };
const WORDS = firstViewWords(HOME_FIRST_VIEW, ['en', 'sw', 'pt'], (language) => FILES[language]);
const PAGE = '<html><head></head><body>\n  <div id="root"><div class="page-loading">spinner</div></div>\n</body></html>';

function openPage(path: string, { template = true } = {}) {
  const html = template ? withFirstView(PAGE, HOME_FIRST_VIEW, WORDS) : PAGE;
  // The body's content only: the body stays the element Testing Library's `screen` reads.
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  window.history.replaceState(null, '', path);
}

const IN_AN_HOUR = Date.now() + 3_600_000;
const keep = (user: Record<string, unknown>, settings: unknown) => {
  localStorage.setItem('user', JSON.stringify({ exp: IN_AN_HOUR, ...user }));
  localStorage.setItem('settings', JSON.stringify(settings));
};
const view = () => document.getElementById(FIRST_VIEW_ID);
const root = () => document.getElementById('root')!;
const clearCookie = () => (document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookie();
  document.documentElement.lang = '';
});
afterEach(() => {
  clearCookie();
  window.history.replaceState(null, '', '/');
});

describe("the home page's first view", () => {
  it("draws the layout's frame and the welcome with the kept company and user, and hides the app's root", () => {
    openPage('/dashboard');
    keep({ name: 'Baraka Mushi', token: 't' }, { company: 'Simu Pay Tanzania' });
    drawFirstView();
    expect(view()!.querySelector('h1.home-title')!.textContent).toBe('Welcome to Simu Pay Tanzania');
    expect(view()!.querySelector('p.home-muted')!.textContent).toBe('Hello Baraka Mushi, what would you like to do?');
    expect(view()!.querySelector('header.top-bar')!.textContent).toBe('Simu Portal');
    expect(view()!.hasAttribute('inert')).toBe(true);
    expect(view()!.nextElementSibling).toBe(root());
    expect(root().hidden).toBe(true);
    // The words are drawn, not left as markers.
    expect(view()!.querySelectorAll('[data-word]')).toHaveLength(0);
  });

  it('draws on /dashboard/ too, and nowhere else the page is served', () => {
    keep({ name: 'Asha' }, { company: 'Simu' });
    openPage('/dashboard/');
    drawFirstView();
    expect(view()).not.toBeNull();
    for (const path of ['/dashboard/customers', '/dashboard/customers/add-loan', '/']) {
      openPage(path);
      drawFirstView();
      expect(view(), path).toBeNull();
      expect(root().hidden, path).toBe(false);
    }
  });

  it('draws nothing on a page without its template', () => {
    keep({ name: 'Asha' }, { company: 'Simu' });
    openPage('/dashboard', { template: false });
    drawFirstView();
    expect(view()).toBeNull();
    expect(root().textContent).toBe('spinner');
  });

  it('draws nothing without a kept user with a name, or settings with a company, or with what is not JSON', () => {
    const asha = JSON.stringify({ name: 'Asha', exp: IN_AN_HOUR });
    const cases: Array<[string | null, string | null]> = [
      [null, JSON.stringify({ company: 'Simu' })],
      [asha, null],
      [JSON.stringify({ name: '', exp: IN_AN_HOUR }), JSON.stringify({ company: 'Simu' })],
      [asha, JSON.stringify({ company: 7 })],
      [JSON.stringify('Asha'), JSON.stringify({ company: 'Simu' })],
      ['{not json', JSON.stringify({ company: 'Simu' })],
      [asha, 'null'],
    ];
    for (const [user, settings] of cases) {
      openPage('/dashboard');
      localStorage.clear();
      if (user !== null) localStorage.setItem('user', user);
      if (settings !== null) localStorage.setItem('settings', settings);
      drawFirstView();
      expect(view(), `${user} ${settings}`).toBeNull();
      expect(root().hidden).toBe(false);
    }
  });

  it('draws nothing for a session the app will not let in: expired, or a one-time code or password change waiting', () => {
    const users = [
      { name: 'Asha', exp: Date.now() - 1 },
      { name: 'Asha', exp: undefined },
      { name: 'Asha', otp_pending: true },
      { name: 'Asha', must_change_password: true },
    ];
    for (const user of users) {
      openPage('/dashboard');
      keep(user, { company: 'Simu' });
      drawFirstView();
      expect(view(), JSON.stringify(user)).toBeNull();
    }
    openPage('/dashboard');
    keep({ name: 'Asha', exp: 1_000 }, { company: 'Simu' });
    drawFirstView(document, 999);
    expect(view()).not.toBeNull();
  });

  it('writes names as text, never as markup', () => {
    openPage('/dashboard');
    keep({ name: '<img src=x onerror="window.hit=1">' }, { company: 'A & B <b>Ltd</b>' });
    drawFirstView();
    expect(view()!.querySelector('h1')!.textContent).toBe('Welcome to A & B <b>Ltd</b>');
    expect(view()!.querySelector('img, b')).toBeNull();
  });

  describe('chooses the language as the app does (spec section 9)', () => {
    const heading = () => view()!.querySelector('h1')!.textContent;
    beforeEach(() => keep({ name: 'Asha' }, { company: 'Simu' }));

    it('the kept language, before the browser’s', () => {
      localStorage.setItem('i18nextLng', 'sw');
      openPage('/dashboard');
      drawFirstView();
      expect(heading()).toBe('Karibu Simu');
    });

    it("the page's lng first, then local and session storage; not the cookie, which the app keeps in local storage", () => {
      localStorage.setItem('i18nextLng', 'sw');
      document.cookie = 'i18next=pt';
      openPage('/dashboard?lng=en');
      drawFirstView();
      expect(heading()).toBe('Welcome to Simu');

      openPage('/dashboard');
      drawFirstView();
      expect(heading()).toBe('Karibu Simu');

      clearCookie();
      localStorage.removeItem('i18nextLng');
      sessionStorage.setItem('i18nextLng', 'sw-TZ');
      openPage('/dashboard');
      drawFirstView();
      expect(heading()).toBe('Karibu Simu');
    });

    it('an unsupported language is passed over; with none supported, English', () => {
      localStorage.setItem('i18nextLng', 'fr-FR');
      sessionStorage.setItem('i18nextLng', 'PT-br');
      openPage('/dashboard');
      drawFirstView();
      expect(heading()).toBe('Simu dá-lhe as boas-vindas');

      sessionStorage.setItem('i18nextLng', 'de');
      openPage('/dashboard');
      drawFirstView();
      // jsdom's browser languages are en-US.
      expect(heading()).toBe('Welcome to Simu');
    });
  });

  it('is dropped with the root shown again; dropping without one changes nothing', () => {
    openPage('/dashboard');
    keep({ name: 'Asha' }, { company: 'Simu' });
    drawFirstView();
    dropFirstView();
    expect(view()).toBeNull();
    expect(root().hidden).toBe(false);
    root().hidden = true;
    dropFirstView();
    expect(root().hidden).toBe(true);
  });

  it("the build's template carries the path and every language's words", () => {
    openPage('/dashboard');
    const template = document.getElementById(FIRST_VIEW_TEMPLATE_ID) as HTMLTemplateElement;
    expect(template.dataset.path).toBe('/dashboard');
    expect(JSON.parse(template.dataset.words!)).toEqual({
      en: { 'home.welcome': 'Welcome to {{company}}', 'home.greeting': 'Hello {{name}}, what would you like to do?' },
      sw: { 'home.welcome': 'Karibu {{company}}', 'home.greeting': 'Habari {{name}}, ungependa kufanya nini?' },
      pt: { 'home.welcome': '{{company}} dá-lhe as boas-vindas', 'home.greeting': 'Olá {{name}}, o que pretende fazer?' },
    });
  });
});

describe('the app and the first view', () => {
  /** A page as the inline script leaves it: the first view drawn, the app's root hidden. */
  function pageWithFirstView() {
    document.body.innerHTML = '<div id="first-view" inert><h1>Welcome to Simu</h1></div><div id="root" hidden></div>';
  }
  /** A session whose check on opening the portal answers when `settle` is called. */
  function heldSession(roles: string[]) {
    let settle: (ok: boolean) => void = () => undefined;
    const answer = new Promise<boolean>((resolve) => (settle = resolve));
    const user = storedUser({ name: 'Asha' });
    const session = sessionMachine.provide({
      actors: {
        ...(fakeSessionActors(roles, user) as object),
        restoreSession: fromPromise(async () => {
          if (!(await answer)) throw new Error('expired');
          return { user, roles, now: Date.now() };
        }),
      } as never,
    });
    return { session, settle };
  }
  /** A session kept without its roles (the check lets the user in, then loads them with `loadRoles`). */
  function sessionWithoutRoles(loadRoles: () => Promise<string[]>) {
    const user = storedUser({ name: 'Asha' });
    return sessionMachine.provide({
      actors: {
        ...(fakeSessionActors([], user) as object),
        restoreSession: fromPromise(async () => ({ user, roles: null, now: Date.now() })),
        loadRoles: fromPromise(loadRoles),
      } as never,
    });
  }

  it('keeps it while the session is checked, and drops it in the commit that draws the home page', async () => {
    pageWithFirstView();
    const { session, settle } = heldSession([]);
    await renderApp('/dashboard', session);
    // The app's full-page spinner is drawn: the first view stays.
    expect(await screen.findAllByText('Loading…')).not.toHaveLength(0);
    expect(screen.queryByTestId('brand-logo')).toBeNull();
    expect(document.getElementById('first-view')).not.toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(true);
    settle(true);
    // The layout's top bar and the home page's greeting are drawn, and the first view is gone with them.
    await screen.findByTestId('brand-logo', {}, { timeout: 10_000 });
    expect(screen.getByText('Hello Asha, what would you like to do?')).toBeTruthy();
    expect(document.getElementById('first-view')).toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(false);
  });

  it('keeps it while the roles of a session kept without them load, and drops it with the welcome drawn', async () => {
    pageWithFirstView();
    localStorage.setItem('settings', JSON.stringify({ company: 'Simu', device_bridge_url: 'http://bridge', demo: true }));
    let answerRoles: (roles: string[]) => void = () => undefined;
    const session = sessionWithoutRoles(() => new Promise<string[]>((resolve) => (answerRoles = resolve)));
    await renderApp('/dashboard', session);
    // The layout is drawn behind the first view, with its own spinner while the roles load.
    await screen.findByTestId('brand-logo', {}, { timeout: 10_000 });
    // The only heading is the first view's.
    expect([...document.querySelectorAll('h1')].map((h1) => h1.closest('#first-view') !== null)).toEqual([true]);
    expect(document.getElementById('first-view')).not.toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(true);
    answerRoles([]);
    await screen.findByText('Hello Asha, what would you like to do?', {}, { timeout: 10_000 });
    expect(document.getElementById('first-view')).toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(false);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Simu');
  });

  it('drops it when the roles fail to load, and the failure is drawn', async () => {
    pageWithFirstView();
    const session = sessionWithoutRoles(() => Promise.reject(new Error('roles')));
    await renderApp('/dashboard', session);
    await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(screen.getByText('Your permissions could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(document.getElementById('first-view')).toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(false);
  });

  it('drops it when the session has expired and the login is drawn', async () => {
    pageWithFirstView();
    const { session, settle } = heldSession([]);
    await renderApp('/dashboard', session);
    settle(false);
    await screen.findByRole('heading', { name: 'Login to proceed' }, { timeout: 10_000 });
    expect(document.getElementById('first-view')).toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(false);
  });

  it("drops it when the app's start fails, and says so in the root", () => {
    pageWithFirstView();
    const root = document.getElementById('root')!;
    root.innerHTML = '<div class="page-loading"><div class="page-spinner"></div></div>';
    showStartFailure(root, 'sw', () => undefined);
    expect(document.getElementById('first-view')).toBeNull();
    expect(root.hidden).toBe(false);
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('Portal haikuweza kufunguka');
  });
});
