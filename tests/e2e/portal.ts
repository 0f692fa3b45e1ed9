import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/seed-security';

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

/** The newest one-time code in the demo outbox. */
export async function latestCode(): Promise<string> {
  const outbox = (await (await fetch(`${portalUrl()}/portal_api/dev/outbox`)).json()) as { data: Array<{ text: string }> };
  return outbox.data[0]!.text.match(/\b(\d{6})\b/)![1]!;
}
