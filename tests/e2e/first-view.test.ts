import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { storedSession } from '../../scripts/portal-process';
import { axeViolations, DESKTOP, PHONE, watchConsole } from '../support/page-checks';

/**
 * The home page's first view (docs/decisions/101): a returning user's /dashboard draws the layout's frame and the
 * welcome from its HTML and what the browser keeps, before any of the app's scripts has come, in the user's
 * language; the app then draws the same heading at the same place and size, and the first view goes.
 */
const url = inject('portalUrl');
let browser: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Kept {
  user: string;
  settings: string;
  company: string;
  name: string;
}

/** What a login leaves in local storage (the user with the token, the portal's settings), without the roles. */
async function keptSession(username: string): Promise<Kept> {
  const stored = await storedSession(url, username);
  const [user, settings] = [stored.user!, stored.settings!];
  return { user, settings, company: JSON.parse(settings).company, name: JSON.parse(user).name };
}

/** A page with this session kept, whose scripts wait until the returned function is called. */
async function pageWithScriptsHeld(kept: Kept | null, storage: Record<string, string> = {}): Promise<{ page: Page; release: () => void }> {
  const page = await browser.newPage();
  await page.addInitScript(
    ([entries]) => {
      // The browser's profile is shared by the tests: each page starts from this storage only.
      localStorage.clear();
      for (const [key, value] of Object.entries(entries!)) localStorage.setItem(key, value);
    },
    [{ ...(kept ? { user: kept.user, settings: kept.settings } : {}), ...storage }],
  );
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { page, release };
}

const box = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const rect = document.querySelector(s)?.getBoundingClientRect();
    return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  }, selector);

describe("the home page's first view", () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`draws the welcome before any script has come, and the app draws it again in the same place (${size.width} px)`, async () => {
      const kept = await keptSession('agent');
      const { page, release } = await pageWithScriptsHeld(kept);
      const watch = watchConsole(page);
      await page.setViewportSize(size);
      await page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
      const heading = page.locator('#first-view h1');
      await expect.poll(() => heading.textContent()).toBe(`Welcome to ${kept.company}`);
      expect(await page.locator('#first-view p').textContent()).toBe(`Hello ${kept.name}, what would you like to do?`);
      expect(await page.evaluate(() => document.getElementById('root')!.hidden)).toBe(true);
      // Nothing in it can be reached before the app answers.
      expect(await page.evaluate(() => document.getElementById('first-view')!.inert)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      const first = await box(page, '#first-view h1');
      expect(first).not.toBeNull();

      release();
      await page.getByRole('heading', { name: 'Your shortcuts' }).waitFor();
      expect(await page.locator('#first-view').count()).toBe(0);
      expect(await page.evaluate(() => document.getElementById('root')!.hidden)).toBe(false);
      expect(await page.locator('h1').allTextContents()).toEqual([`Welcome to ${kept.company}`]);
      expect(await box(page, '#root h1')).toEqual(first);
      expect(watch.errors).toEqual([]);
      await page.close();
    });
  }

  it("is in the language the app chooses: the page's lng, then the kept one", async () => {
    const kept = await keptSession('agent');
    const { page, release } = await pageWithScriptsHeld(kept, { i18nextLng: 'pt' });
    await page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#first-view h1').textContent()).toBe(`${kept.company} dá-lhe as boas-vindas`);
    // The language kept is Portuguese; the page's lng comes first.
    await page.goto(`${url}/dashboard?lng=sw`, { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#first-view h1').textContent()).toBe(`Karibu ${kept.company}`);
    // The session is kept without its roles: the app loads them, and the first view stays until the welcome is drawn.
    let rolesReleased: () => void = () => undefined;
    const rolesHeld = new Promise<void>((resolve) => (rolesReleased = resolve));
    await page.route('**/portal_api/prerequisites/admin-group-roles*', async (route) => {
      await rolesHeld;
      await route.continue();
    });
    release();
    // The layout is drawn in the hidden root, with its spinner while the roles load.
    await page.locator('#root .layout').waitFor({ state: 'attached' });
    expect(await page.locator('#first-view h1').textContent()).toBe(`Karibu ${kept.company}`);
    expect(await page.evaluate(() => document.getElementById('root')!.hidden)).toBe(true);
    rolesReleased();
    await expect.poll(() => page.locator('#first-view').count()).toBe(0);
    expect(await page.locator('h1').allTextContents()).toEqual([`Karibu ${kept.company}`]);
    await page.close();
  });

  it('is not drawn without a kept session, nor on another page of the dashboard', async () => {
    const nobody = await pageWithScriptsHeld(null);
    await nobody.page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
    await nobody.page.locator('#root .page-spinner').waitFor();
    expect(await nobody.page.locator('#first-view').count()).toBe(0);
    expect(await nobody.page.locator('#root .page-spinner').count()).toBe(1);
    nobody.release();
    await nobody.page.getByRole('heading', { name: 'Login to proceed' }).waitFor();
    await nobody.page.close();

    const kept = await keptSession('agent');
    const elsewhere = await pageWithScriptsHeld(kept);
    await elsewhere.page.goto(`${url}/dashboard/customers`, { waitUntil: 'commit' });
    await elsewhere.page.locator('#root .page-spinner').waitFor();
    expect(await elsewhere.page.locator('#first-view').count()).toBe(0);
    expect(await elsewhere.page.evaluate(() => document.getElementById('root')!.hidden)).toBe(false);
    elsewhere.release();
    await elsewhere.page.close();
  });

  it('goes when the server refuses the kept session, and the login is shown', async () => {
    const kept = await keptSession('agent');
    const refused = JSON.stringify({ ...JSON.parse(kept.user), token: 'not-a-token' });
    const { page, release } = await pageWithScriptsHeld({ ...kept, user: refused });
    await page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
    await expect.poll(() => page.locator('#first-view h1').count()).toBe(1);
    release();
    await page.getByRole('heading', { name: 'Login to proceed' }).waitFor();
    expect(await page.locator('#first-view').count()).toBe(0);
    expect(await page.evaluate(() => document.getElementById('root')!.hidden)).toBe(false);
    await page.close();
  });
});
