import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { sessionMachine, type StoredUser } from '../../src/machines/session.machine';
import { act, screen } from '@testing-library/react';
import { i18n } from '../../src/i18n';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { dashboard, loginPage, otpPage } from '../support/pages';

const now = Date.now();
const agent: StoredUser = {
  id: 2,
  name: 'Baraka Mushi',
  username: 'agent',
  group: { id: 2, name: 'Agent' },
  exp: now + 3_600_000,
  otp_enabled: false,
  otp_channel: 'sms',
  otp_pending: false,
  token: 't-agent',
};
const admin: StoredUser = {
  ...agent,
  id: 1,
  name: 'Asha Mwakyusa',
  username: 'admin',
  group: { id: 1, name: 'Admin' },
  otp_enabled: true,
  otp_pending: true,
  token: 't-admin',
};

/** A user an admin created (issue 17): their own password before anything else. */
const newcomer: StoredUser = { ...agent, id: 9, name: 'Neema Swai', username: 'neema', must_change_password: true, token: 't-neema' };

function fakeSession(overrides: Partial<Record<string, unknown>> = {}) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => ({ user: null, roles: null, now: Date.now() })),
      authenticate: fromPromise(async ({ input }: { input: { username: string; password: string } }) => {
        if (input.password !== 'Demo#2026') throw { status: 401, message: 'Invalid username or password', reason: 'invalid_credentials' };
        return { user: input.username === 'admin' ? admin : input.username === 'neema' ? newcomer : agent, now: Date.now() };
      }),
      verifyOtp: fromPromise(async ({ input }: { input: { code: string } }) => {
        if (input.code !== '123456') throw { status: 400, message: 'Wrong code', reason: 'otp_wrong', left: 4 };
        return { user: { ...admin, otp_pending: false }, now: Date.now() };
      }),
      resendOtp: fromPromise(async () => ({ sent: true })),
      changePassword: fromPromise(async ({ input }: { input: { currentPassword: string; newPassword: string } }) => {
        if (input.currentPassword !== 'Demo#2026')
          throw { status: 400, message: 'This is not your current password', reason: 'wrong_current_password' };
        return { user: { ...newcomer, must_change_password: false }, now: Date.now() };
      }),
      loadRoles: fromPromise(async () => ['FIND_CUSTOMER', 'ADD_LOAN']),
      revokeSession: fromPromise(async () => ({ revoked: true })),
      watchUnauthorized: fromCallback(() => () => undefined),
      ...overrides,
    } as never,
  });
}

// The dashboard home asks the server for the company name; answer it here.
vi.mock('../../src/services/settings', async (original) => {
  const actual = await original<typeof import('../../src/services/settings')>();
  const { fromPromise: fp } = await import('xstate');
  return { ...actual, loadSettings: fp(async () => ({ company: 'Simu Test' })) };
});

describe('login screen', () => {
  it('shows the heading, and a clear error for a wrong password without leaving the page', async () => {
    await renderApp('/', fakeSession());
    const ui = jsdomUi();
    const login = loginPage(ui);
    await login.open();
    await login.logIn('agent', 'nope');
    await login.seeError('Wrong username or password.');
    expect(await ui.path()).toBe('/');
  });

  it('while the server answers the login, says "Logging in…" on a disabled button', async () => {
    const never = () => new Promise<never>(() => undefined);
    await renderApp('/', fakeSession({ authenticate: fromPromise(never) }));
    const ui = jsdomUi();
    await loginPage(ui).logIn('agent', 'Demo#2026');
    await ui.see('button', 'Logging in…');
    expect(screen.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
  });

  it('keeps the Verify button named while the code is checked, and disabled', async () => {
    const never = () => new Promise<never>(() => undefined);
    await renderApp('/', fakeSession({ verifyOtp: fromPromise(never) }));
    const ui = jsdomUi();
    await loginPage(ui).logIn('admin', 'Demo#2026');
    await otpPage(ui).enter('123456');
    await ui.see('button', 'Verify');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  });

  it('asks for both fields before sending anything', async () => {
    const authenticate = vi.fn(async () => ({ user: agent, now: Date.now() }));
    await renderApp('/', fakeSession({ authenticate: fromPromise(authenticate) }));
    const ui = jsdomUi();
    await loginPage(ui).open();
    await ui.click('button', 'Log in');
    await ui.seeText('Username is required');
    await ui.seeText('Password is required');
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('logs in and lands on the dashboard with the nav of the roles loaded', async () => {
    await renderApp('/', fakeSession());
    const ui = jsdomUi();
    await loginPage(ui).logIn('agent', 'Demo#2026');
    await dashboard(ui).seeWelcome('Simu Test');
    expect(await ui.path()).toBe('/dashboard');
    expect(await dashboard(ui).navLinks()).toEqual(['Dashboard', 'Find customers', 'Customer first time deposit']);
  });

  it('takes an OTP user through the code step: wrong code, then the right one', async () => {
    await renderApp('/', fakeSession());
    const ui = jsdomUi();
    await loginPage(ui).logIn('admin', 'Demo#2026');
    const otp = otpPage(ui);
    await otp.open();
    expect(await ui.path()).toBe('/otp');
    await otp.enter('111111');
    await otp.seeError('Wrong code. 4 tries left.');
    await otp.enter('123456');
    await dashboard(ui).seeWelcome('Simu Test');
  });

  it('asks a user an admin created for their own password first, stating the rules', async () => {
    const changePassword = vi.fn();
    await renderApp(
      '/',
      fakeSession({
        changePassword: fromPromise(async ({ input }: { input: { currentPassword: string; newPassword: string } }) => {
          changePassword(input);
          if (input.currentPassword !== 'Demo#2026')
            throw { status: 400, message: 'This is not your current password', reason: 'wrong_current_password' };
          return { user: { ...newcomer, must_change_password: false }, now: Date.now() };
        }),
      }),
    );
    const ui = jsdomUi();
    await loginPage(ui).logIn('neema', 'Demo#2026');
    await ui.see('heading', 'Choose your own password');
    expect(await ui.path()).toBe('/password');
    await ui.seeText('At least 8 characters, with at least one letter and one digit, and not containing your username.');

    // The form's own checks: nothing is sent while a rule is broken.
    await ui.fill('New password', 'abcdefgh');
    await ui.click('button', 'Save my password');
    await ui.seeText('Enter the password you logged in with');
    await ui.seeText('The new password needs at least 8 characters, with at least one letter and one digit');
    await ui.fill('Current password (the one you were given)', 'Demo#2026');
    await ui.fill('New password', 'Neema2027');
    await ui.click('button', 'Save my password');
    await ui.seeText('The new password must not contain your username');
    await ui.fill('New password', 'Mwanza2027');
    await ui.fill('New password again', 'Mwanza2028');
    await ui.click('button', 'Save my password');
    await ui.seeText('The two new passwords are not the same');
    expect(changePassword).not.toHaveBeenCalled();

    // The server's refusal in words, then the change and the dashboard.
    await ui.fill('Current password (the one you were given)', 'Wrong2026');
    await ui.fill('New password again', 'Mwanza2027');
    await ui.click('button', 'Save my password');
    await ui.seeAlert('This is not your current password.');
    await ui.fill('Current password (the one you were given)', 'Demo#2026');
    await ui.click('button', 'Save my password');
    await dashboard(ui).seeWelcome('Simu Test');
    expect(changePassword).toHaveBeenLastCalledWith({ currentPassword: 'Demo#2026', newPassword: 'Mwanza2027' });
  });

  it('states the password rules in Swahili', async () => {
    await renderApp('/', fakeSession({ restoreSession: fromPromise(async () => ({ user: newcomer, roles: null, now: Date.now() })) }));
    const ui = jsdomUi();
    await ui.see('heading', 'Choose your own password');
    await act(() => i18n.changeLanguage('sw'));
    await ui.see('heading', 'Chagua nenosiri lako mwenyewe');
    await ui.seeText('Angalau herufi 8, likiwa na angalau herufi moja na tarakimu moja, na lisilo na jina lako la mtumiaji.');
  });

  it('sends an unknown path to the login page, and a logged-out visitor at /otp too', async () => {
    await renderApp('/somewhere/else', fakeSession());
    await loginPage(jsdomUi()).open();
    expect(window.location.pathname).toBe('/');
  });

  it('shows "You have been logged out" when a 401 ends the session', async () => {
    let report: (() => void) | undefined;
    await renderApp(
      '/dashboard',
      fakeSession({
        restoreSession: fromPromise(async () => ({ user: agent, roles: ['FIND_CUSTOMER'], now: Date.now() })),
        watchUnauthorized: fromCallback(({ sendBack }) => {
          report = () => sendBack({ type: 'session.unauthorized' });
          return () => undefined;
        }),
      }),
    );
    const ui = jsdomUi();
    await dashboard(ui).seeWelcome('Simu Test');
    report!();
    await loginPage(ui).seeLoggedOutNotice();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
