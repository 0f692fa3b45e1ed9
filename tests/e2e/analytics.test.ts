import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { pageLoggedInAs, portalUrl } from './portal';

let browser: BrowserContext;
const url = portalUrl();
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

/** axe-core's WCAG 2 A/AA rules on the page as it is: the violations, by rule and the first target of each. */
async function axeViolations(page: Page) {
  // Evaluated, not added as a <script>: the portal's Content-Security-Policy refuses inline scripts.
  await page.evaluate(readFileSync(axePath, 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes[0]?.target)}`);
  });
}

describe('analytics on the demo data', () => {
  it('a shop owner opens /bi, views PAR 30 by agent and drills from an agent’s bar to that agent’s defaulters', async () => {
    const page = await pageLoggedInAs(browser, 'shopowner');
    const ui = playwrightUi(page);
    await page.goto(`${url}/bi`);
    await ui.see('heading', 'Analytics reports');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /^Agents/ }).click();
    await ui.see('heading', 'Agents');
    const table = page.getByRole('table', { name: 'PAR 30 by agent' });
    await table.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The worst agent first: the demo data makes one of the shop's agents a poor seller.
    const bar = page.locator('[data-testid^="bar-"]').first();
    const agentId = (await bar.getAttribute('data-testid'))!.slice('bar-'.length);
    expect(await bar.getAttribute('aria-label')).toMatch(/: \d+\.\d%$/);
    await bar.click();
    await page.waitForURL((u) => u.pathname === '/dashboard/defaulters_list');
    expect(new URL(page.url()).search).toBe(`?agent=${agentId}&category=non_performing`);
    await page.close();
  });
});
