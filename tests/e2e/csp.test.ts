import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { pageLoggedInAs } from './portal';

/**
 * Issue 11 item 5: the portal is served with a Content-Security-Policy, and the portal itself passes it: no page of
 * the journeys below makes the browser refuse a script, a style, an image, a worker or a connection.
 */
const url = inject('portalUrl');
let browser: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => refused.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

describe('the Content-Security-Policy, in the browser', () => {
  it('is sent with the portal, and the login page passes it', async () => {
    const page = await browser.newPage();
    const refused = await watchViolations(page);
    const response = await page.goto(`${url}/?lng=en`);
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button').first().isVisible()).resolves.toBe(true);
    expect(refused).toEqual([]);
    await page.close();
  });

  it("passes on an agent's dashboard and deposit wizard", async () => {
    const page = await pageLoggedInAs(browser, 'agent');
    const refused = await watchViolations(page);
    const ui = playwrightUi(page, 20_000);
    await page.goto(`${url}/dashboard?lng=en`);
    await ui.see('heading', /^Welcome to /);
    await page.goto(`${url}/dashboard/customers/add-loan?lng=en`);
    await ui.seeText(/Step 1 of 8/);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    await page.close();
  });

  it('passes on the process explorer, which lays out its diagrams in a worker', async () => {
    const page = await pageLoggedInAs(browser, 'finance');
    const refused = await watchViolations(page);
    const ui = playwrightUi(page, 20_000);
    await page.goto(`${url}/dashboard/processes?lng=en`);
    await ui.click('button', 'session');
    await ui.see('group', 'Statechart of session');
    expect(refused).toEqual([]);
    await page.close();
  });
});
