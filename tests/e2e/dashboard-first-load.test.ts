import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { pageLoggedInAs } from './portal';
import { axeViolations, checkPageAtBothWidths, watchConsole } from '../support/page-checks';
import { depositWizard } from '../support/deposit-wizard';
import deposit from '../../src/i18n/locales/deposit/en.json';
import scanner from '../../src/i18n/locales/scanner/en.json';

/**
 * The agent's dashboard draws its layout and home page without Chakra (docs/decisions/049): its first load fetches
 * none of Chakra's chunks (vite.config.ts's `chakra` and `chakra-parts` groups, and `chakra-root`, the provider with
 * the portal's system), until the user heads for a screen that draws with it.
 */
const url = inject('portalUrl');
let browser: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const CHAKRA_CHUNK = /\/assets\/chakra(-parts|-root)?-[\w-]+\.js$/;

/** The paths of the scripts the page fetches from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Whether Chakra's provider is mounted: it holds its global styles (Emotion's `css-global` style elements) while it is. */
/** Holds the server's answer to GET /settings until the returned function is called. */
async function holdSettings(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/portal_api/settings', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

const chakraMounted = (page: Page) => page.evaluate(() => document.querySelector('style[data-emotion="css-global"]') !== null);

/** The home page at rest: its welcome, its shortcuts done fading in. */
const homeAtRest = (page: Page) => async () => {
  await page.getByRole('heading', { name: 'Your shortcuts' }).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('main li')].every((li) => getComputedStyle(li).opacity === '1'));
};

describe("the agent's dashboard without Chakra", () => {
  it('fetches no Chakra until the pointer reaches a link to a screen drawn with it, which then opens as before', async () => {
    const page = await pageLoggedInAs(browser, 'agent');
    const watch = watchConsole(page);
    const scripts = scriptsOf(page);
    const ui = playwrightUi(page, 20_000);
    await page.goto(`${url}/dashboard?lng=en`);
    await ui.see('heading', /^Welcome to /);
    await homeAtRest(page)();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((path) => CHAKRA_CHUNK.test(path))).toEqual([]);
    // The user menu opens (its chunk brings Chakra with it).
    await ui.click('button', /^User menu: /);
    await ui.see('menuitem', 'Log out');
    await page.keyboard.press('Escape');
    await page.reload();
    scripts.length = 0;
    await homeAtRest(page)();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => CHAKRA_CHUNK.test(path))).toEqual([]);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Find customers' }).hover();
    await expect.poll(() => scripts.some((path) => /\/assets\/chakra-root-/.test(path))).toBe(true);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Find customers' }).click();
    await ui.see('heading', 'Find customer');
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('welcomes with the settings the session kept while the server has not answered for them (decision 050)', async () => {
    const page = await pageLoggedInAs(browser, 'agent');
    const kept = { company: 'Simu Kept Overnight', device_bridge_url: 'http://127.0.0.1:9', demo: true };
    // As a login left them last night: once, not again on the reload below.
    await page.addInitScript((stored) => {
      if (sessionStorage.getItem('kept-once')) return;
      sessionStorage.setItem('kept-once', '1');
      localStorage.setItem('settings', stored);
    }, JSON.stringify(kept));
    const watch = watchConsole(page);
    // The server's settings are held until the welcome has been seen.
    const release = await holdSettings(page);
    await page.goto(`${url}/dashboard?lng=en`);
    const ui = playwrightUi(page, 20_000);
    await ui.see('heading', 'Welcome to Simu Kept Overnight');
    release();
    // The server's are kept for the next page, which draws them.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? 'null')?.company)).not.toBe(kept.company);
    await page.unroute('**/portal_api/settings');
    await page.reload();
    await ui.see('heading', /^Welcome to (?!Simu Kept Overnight)/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it.each(['finance', 'shopowner'])("passes axe at both widths in the dark theme too (%s's figures, tables and links)", async (user) => {
    const page = await pageLoggedInAs(browser, user);
    await page.addInitScript(() => localStorage.setItem('theme', 'defaultDark'));
    const watch = watchConsole(page);
    await page.goto(`${url}/dashboard?lng=en`);
    await checkPageAtBothWidths(page, homeAtRest(page));
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe("the deposit wizard's first step without Chakra (docs/decisions/051)", () => {
  it('fetches no Chakra when opened, mounts no provider while on the first step, and passes axe at both widths in the dark theme, a refusal and a warning shown', async () => {
    const page = await pageLoggedInAs(browser, 'agent');
    await page.addInitScript(() => localStorage.setItem('theme', 'defaultDark'));
    const watch = watchConsole(page);
    const scripts = scriptsOf(page);
    const ui = playwrightUi(page, 20_000);
    const wizard = depositWizard(ui, deposit, scanner);
    const firstStep = () => page.getByRole('heading', { name: 'Step 1 of 8: Customer' }).waitFor();
    await page.goto(`${url}/dashboard/customers/add-loan?lng=en`);
    await wizard.seeStep(1, 'customer');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /\/assets\/first-deposit-screen-/.test(path))).toBe(true);
    expect(scripts.filter((path) => CHAKRA_CHUNK.test(path))).toEqual([]);
    expect(await chakraMounted(page)).toBe(false);
    expect(await page.getByRole('listitem').filter({ hasText: 'Customer' }).getAttribute('aria-current')).toBe('step');
    await checkPageAtBothWidths(page, firstStep);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    // A refused number: the error is tied to the field, and still no provider (typing only fetches the next steps' code).
    await wizard.findCustomer('0754');
    await ui.seeText('A valid phone number is required');
    const field = page.getByLabel(deposit.search.label);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(
      await field.evaluate((input) =>
        input
          .getAttribute('aria-describedby')!
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent),
      ),
    ).toEqual([deposit.search.help, 'A valid phone number is required']);
    expect(await axeViolations(page)).toEqual([]);
    expect(await chakraMounted(page)).toBe(false);
    await wizard.findCustomer('0713 000 000');
    await ui.seeAlert(deposit.search.notFound);
    expect(await axeViolations(page)).toEqual([]);

    // The later steps, drawn with Chakra, are first-deposit.test.ts's: it has a customer who qualifies.
    // Chromium logs the search's answer for the unknown number (404), as expected; nothing else.
    expect(watch.errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await page.close();
  });
  it("draws its frame and the search form while the settings are held, passes axe so, and enables the search in place once they answer (decision 051's addendum)", async () => {
    const page = await pageLoggedInAs(browser, 'agent');
    const watch = watchConsole(page);
    const release = await holdSettings(page);
    await page.goto(`${url}/dashboard/customers/add-loan?lng=en`);
    const ui = playwrightUi(page, 20_000);
    await depositWizard(ui, deposit, scanner).seeStep(1, 'customer');
    await ui.seeText(deposit.search.help);
    const search = page.getByRole('button', { name: deposit.search.submit });
    expect(await search.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The agent may type already; the element is marked, to see it is the same one once the wizard runs.
    const field = page.getByLabel(deposit.search.label);
    await field.fill('0754 100 200');
    await field.evaluate((input) => input.setAttribute('data-first-drawn', ''));
    release();
    await expect.poll(() => search.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await field.getAttribute('data-first-drawn')).toBe('');
    expect(await field.inputValue()).toBe('0754 100 200');
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
