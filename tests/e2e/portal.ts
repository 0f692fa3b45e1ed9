import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/seed-security';
import { playwrightUi } from '../support/ui-playwright';
import { loginPage, otpPage } from '../support/pages';
import { watchConsole } from '../support/page-checks';

/** The portal the browser journeys run against, and the API shortcuts they start from. */
export const portalUrl = () => inject('portalUrl');

export interface ApiLogin {
  accessToken: string;
  user: Record<string, unknown> & { exp: number };
}

/** Logs in through the API (no UI), as the journeys that do not test logging in start. */
export async function apiLogin(username: string, password = DEMO_PASSWORD): Promise<ApiLogin> {
  const res = await fetch(`${portalUrl()}/portal_api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return (await res.json()) as ApiLogin;
}

/** A page whose local storage holds this user's session, as the portal itself keeps it after login. */
export async function pageLoggedInAs(
  browser: BrowserContext,
  username: string,
  overrides: Record<string, unknown> = {},
  password = DEMO_PASSWORD,
): Promise<Page> {
  const { accessToken, user } = await apiLogin(username, password);
  const page = await browser.newPage();
  await page.addInitScript(
    ([stored]) => {
      localStorage.removeItem('roles');
      localStorage.setItem('user', stored!);
    },
    [JSON.stringify({ ...user, token: accessToken, ...overrides })],
  );
  return page;
}

/** The code of the newest message in the demo outbox that matches (newest first, as the outbox lists them). */
export async function codeIn(match: (m: { recipient: string; text: string }) => boolean): Promise<string> {
  const outbox = (await (await fetch(`${portalUrl()}/portal_api/dev/outbox`)).json()) as {
    data: Array<{ recipient: string; text: string }>;
  };
  const message = outbox.data.find(match);
  if (!message) throw new Error('no such code in the outbox');
  return message.text.match(/\b(\d{6})\b/)![1]!;
}

/** The newest one-time code in the demo outbox. */
export const latestCode = () => codeIn(() => true);

/** A call to the portal's API as any client makes it (JSON in and out, with the caller's token when given). */
export async function callApi(path: string, token: string | null, body?: unknown, method = 'POST'): Promise<{ status: number; body: any }> {
  const res = await fetch(`${portalUrl()}/portal_api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Logs in through the API and enters the one-time code from the demo outbox (the admin has one at every login). */
export async function apiLoginWithCode(username: string, password = DEMO_PASSWORD): Promise<string> {
  const { accessToken } = await apiLogin(username, password);
  const res = await callApi('/authentication/otp', accessToken, { code: await latestCode() });
  if (res.status !== 200) throw new Error(`one-time code of ${username}: ${res.status}`);
  return accessToken;
}

/**
 * Opens the portal with nothing kept from the pages before: pages of one browser share local storage. The storage is
 * cleared once the app has drawn its first page, since its start writes there (the detected language, in a task of
 * its own after the page's load event: docs/decisions/065); cleared earlier, the page kept the language the test
 * before had chosen.
 */
export async function openLoggedOut(page: Page): Promise<void> {
  await page.goto(`${portalUrl()}/`);
  await page.getByRole('heading').first().waitFor();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${portalUrl()}/`);
}

/**
 * Logs the page in as a user asked for a one-time code, through the login and code screens with the code from the
 * demo outbox, and waits for the home page. It starts logged out: pages of one browser share local storage.
 */
export async function logInWithCode(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const ui = playwrightUi(page);
  await openLoggedOut(page);
  await loginPage(ui).open();
  await loginPage(ui).logIn(username, password);
  await otpPage(ui).open();
  await otpPage(ui).enter(await latestCode());
  await ui.see('heading', /^Welcome to /);
}

/**
 * The demo approver approves one request in the business approvals inbox, in the browser: its details, then Approve.
 * Answers the console errors the approver's page logged.
 */
export async function approveInBusinessInbox(browser: BrowserContext, requestId: number): Promise<string[]> {
  const page = await pageLoggedInAs(browser, 'approver');
  const watch = watchConsole(page);
  const ui = playwrightUi(page);
  await page.goto(`${portalUrl()}/dashboard/maker-checker`);
  await ui.see('heading', /Business approvals/);
  await page
    .getByTestId(`request-${requestId}`)
    .getByRole('button', { name: /^Details of / })
    .click();
  const panel = page.getByTestId('request-panel');
  await panel.waitFor();
  await panel.getByRole('button', { name: 'Approve', exact: true }).click();
  await ui.seeAlert('Approved');
  await page.close();
  return watch.errors;
}
