import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { dashboard, loginPage, otpPage } from '../support/pages';
import { visibleLinks } from '../../src/app/nav-table';
import { DEMO_GROUPS, DEMO_PASSWORD } from '../../server/db/seed-security';
import { apiLogin, latestCode, openLoggedOut } from './portal';
import { axeViolations, checkPageAtBothWidths, PHONE, watchConsole } from '../support/page-checks';
import en from '../../src/i18n/locales/en.json';
import sw from '../../src/i18n/locales/sw.json';

const url = inject('portalUrl');
let browser: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<Page> {
  const page = await browser.newPage();
  await openLoggedOut(page);
  return page;
}

const label = (key: string) => key.split('.').reduce<any>((o, k) => o[k], en) as string;

describe('logging in as each demo user', () => {
  for (const group of DEMO_GROUPS) {
    it(`${group.user.username} (${group.name}) sees exactly the nav entries of the group's roles`, async () => {
      const page = await freshPage();
      const ui = playwrightUi(page);
      await loginPage(ui).open();
      await loginPage(ui).logIn(group.user.username, DEMO_PASSWORD);
      if (group.user.otp) {
        await otpPage(ui).open();
        await otpPage(ui).enter(await latestCode());
      }
      await ui.see('heading', /^Welcome to /);
      expect(await ui.path()).toBe('/dashboard');
      const expected = visibleLinks(group.roles).map((link) => label(link.label));
      expect(await dashboard(ui).navLinks()).toEqual(expected);
      await expect(page.getByTestId('nav-group-name').textContent()).resolves.toBe(group.name);
      await page.close();
    });
  }
});

/** The home page at rest: its heading shown and its shortcut cards done fading in (axe measures contrast as drawn). */
const welcome = (page: Page) => async () => {
  await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
  // The welcome comes first, from the settings the login kept (decision 050); the shortcuts follow the figures and
  // fade in: the page is at rest once they are there and done.
  await page.getByRole('heading', { name: 'Your shortcuts' }).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('main li')].every((li) => getComputedStyle(li).opacity === '1'));
};

describe('the session', () => {
  it('the OTP step refuses a wrong code and accepts the one from the outbox (login, OTP and home checked at both widths)', async () => {
    const page = await freshPage();
    const watch = watchConsole(page);
    const ui = playwrightUi(page);
    await loginPage(ui).open();
    await checkPageAtBothWidths(page, () => page.getByRole('heading', { name: 'Login to proceed' }).waitFor());
    await loginPage(ui).logIn('admin', DEMO_PASSWORD);
    await otpPage(ui).open();
    await checkPageAtBothWidths(page, () => page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor());
    const code = await latestCode();
    await otpPage(ui).enter(code === '000000' ? '111111' : '000000');
    await otpPage(ui).seeError(/Wrong code/);
    await checkPageAtBothWidths(page, () => page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor());
    await otpPage(ui).enter(code);
    await ui.see('heading', /^Welcome to /);
    await checkPageAtBothWidths(page, welcome(page));
    // The wrong code's refusal (a 400) is the one line the browser itself logs; nothing else may be.
    expect(watch.errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await page.close();
  });

  it('the keyboard skips the navigation: "Skip to content" is the first Tab stop and moves the focus to the main landmark', async () => {
    const page = await freshPage();
    const watch = watchConsole(page);
    const ui = playwrightUi(page);
    await loginPage(ui).logIn('finance', DEMO_PASSWORD);
    await ui.see('heading', /^Welcome to /);
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await expect(page.getByRole('link', { name: 'Skip to content' }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // On a phone, the navigation drawer is a named dialog, checked by axe while open.
    await page.setViewportSize(PHONE);
    await ui.click('button', 'Open or close the navigation');
    await ui.see('dialog', 'Main navigation');
    // (The drawer exists only on a phone: axe at that width.)
    expect(await axeViolations(page)).toEqual([]);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('logging out from the user menu shows the notice, and the old token is refused', async () => {
    const page = await freshPage();
    const watch = watchConsole(page);
    const ui = playwrightUi(page);
    await loginPage(ui).logIn('agent', DEMO_PASSWORD);
    await ui.see('heading', /^Welcome to /);
    await checkPageAtBothWidths(page, welcome(page));
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token as string);
    await dashboard(ui).logOut();
    await loginPage(ui).seeLoggedOutNotice();
    expect(await ui.path()).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    const replay = await fetch(`${url}/portal_api/settings`, { headers: { authorization: `Bearer ${token}` } });
    expect(replay.status).toBe(401);
    await checkPageAtBothWidths(page, () => page.getByRole('heading', { name: 'Login to proceed' }).waitFor());
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('a token that expires while the page is open logs out at its expiry', async () => {
    const { accessToken, user } = await apiLogin('finance');
    const page = await browser.newPage();
    const exp = Date.now() + 4000;
    await page.addInitScript(
      ([stored]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('user', stored!);
          sessionStorage.setItem('seeded', '1');
        }
      },
      [JSON.stringify({ ...user, exp, token: accessToken })],
    );
    await page.goto(`${url}/dashboard`);
    const ui = playwrightUi(page);
    await ui.see('heading', /^Welcome to /);
    await loginPage(ui).seeLoggedOutNotice();
    expect(Date.now()).toBeGreaterThanOrEqual(exp);
    await page.close();
  });

  it('a 401 from the server (token revoked elsewhere) logs out with the notice', async () => {
    const { accessToken, user } = await apiLogin('callcentre');
    const page = await browser.newPage();
    await page.addInitScript(([stored]) => localStorage.setItem('user', stored!), [JSON.stringify({ ...user, token: accessToken })]);
    await fetch(`${url}/portal_api/authentication`, { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}` } });
    await page.goto(`${url}/dashboard`);
    await loginPage(playwrightUi(page)).seeLoggedOutNotice();
    await page.close();
  });
});

describe('language and theme', () => {
  it('switching to Swahili survives a reload', async () => {
    const page = await freshPage();
    const ui = playwrightUi(page);
    await loginPage(ui).open();
    await page.getByLabel('Language').selectOption('sw');
    await ui.see('heading', sw.login.heading);
    await page.reload();
    await ui.see('heading', sw.login.heading);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('sw');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sw');
    await page.close();
  });

  it('the theme toggle switches to dark and the choice is remembered', async () => {
    const page = await freshPage();
    const ui = playwrightUi(page);
    await loginPage(ui).logIn('approver', DEMO_PASSWORD);
    await ui.see('heading', /^Welcome to /);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await ui.click('button', 'Switch to dark theme');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await ui.see('button', 'Switch to light theme');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.close();
  });
});
