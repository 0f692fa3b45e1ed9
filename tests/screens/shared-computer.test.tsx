import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { fakeSessionActors, storedUser } from '../support/fake-session';
import { liveSessionMachine } from '../../src/services/session';
import { wizardStore } from '../../src/services/first-deposit';

vi.mock('../../src/services/settings', async (original) => {
  const actual = await original<typeof import('../../src/services/settings')>();
  const { fromPromise } = await import('xstate');
  return { ...actual, loadSettings: fromPromise(async () => ({ company: 'Simu Test' })) };
});

/** The last customer of the shop: what must not be left on its computer. */
const CUSTOMER = { first_name: 'Rehema', other_names: 'Juma Mollel', msisdn: '255754123456', nida: '19900101123450000123' };
const NAMES_A_CUSTOMER = [CUSTOMER.first_name, CUSTOMER.other_names, CUSTOMER.msisdn, CUSTOMER.nida];

/** Everything in local and session storage, key by key. */
function storage() {
  const all: Record<string, string> = {};
  for (const [where, store] of [
    ['local', localStorage],
    ['session', sessionStorage],
  ] as const) {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i)!;
      all[`${where}:${key}`] = store.getItem(key)!;
    }
  }
  return all;
}

/**
 * The app with the real session logic (its clearSession as the app provides it) over actors that answer like the
 * server: the logout and expiry paths run as in the browser.
 */
const liveSession = (user = storedUser()) => liveSessionMachine.provide({ actors: fakeSessionActors(['FIND_CUSTOMER', 'ADD_LOAN'], user) });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  const user = storedUser();
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('roles', JSON.stringify({ groupId: user.group.id, roles: ['FIND_CUSTOMER', 'ADD_LOAN'] }));
  // A deposit wizard saved mid-way (as the wizard screen saves it after every step), and a search kept for the tab.
  wizardStore.save(user.username, {
    status: 'active',
    value: { payment: 'waitingForOtp' },
    context: { customer: CUSTOMER, wizardId: 'w-1' },
  });
  sessionStorage.setItem('simu.lastSearch', CUSTOMER.msisdn);
  // The preferences, which name no one, stay.
  localStorage.setItem('i18nextLng', 'sw');
  sessionStorage.setItem('i18nextLng', 'sw');
  localStorage.setItem('theme', 'defaultDark');
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('a shared shop computer keeps no customer data after the session ends (issue 11)', () => {
  it('logging out clears the saved wizard and everything else but the language and the theme', async () => {
    expect(JSON.stringify(storage())).toContain(CUSTOMER.nida);
    await renderApp('/dashboard', liveSession());
    const ui = jsdomUi();
    await ui.see('heading', 'Welcome to Simu Test');
    await ui.click('button', /^User menu: /);
    await ui.click('menuitem', 'Log out');
    await ui.seeText('You have been logged out');

    expect(storage()).toEqual({ 'local:i18nextLng': 'en', 'session:i18nextLng': 'sw', 'local:theme': 'defaultDark' });
    const left = JSON.stringify(storage());
    for (const text of NAMES_A_CUSTOMER) expect(left).not.toContain(text);
    expect(wizardStore.load('admin')).toBeUndefined();
  });

  it('a session that expires clears them too', async () => {
    await renderApp('/dashboard', liveSession(storedUser({ exp: Date.now() + 1_500 })));
    const ui = jsdomUi();
    await ui.see('heading', 'Welcome to Simu Test');
    await ui.seeText('You have been logged out');

    expect(Object.keys(storage()).sort()).toEqual(['local:i18nextLng', 'local:theme', 'session:i18nextLng']);
    const left = JSON.stringify(storage());
    for (const text of NAMES_A_CUSTOMER) expect(left).not.toContain(text);
  });
});
