import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { checkPageAtBothWidths, watchConsole } from '../support/page-checks';
import { playwrightUi } from '../support/ui-playwright';
import { pageLoggedInAs, portalUrl } from './portal';

let browser: BrowserContext;
const url = portalUrl();

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

describe('analytics on the demo data', () => {
  it('a shop owner sees their stores at home, opens /bi, views PAR 30 by agent and drills from an agent’s bar to that agent’s defaulters', async () => {
    const page = await pageLoggedInAs(browser, 'shopowner');
    const watch = watchConsole(page);
    const ui = playwrightUi(page);

    // Home: their own stores' sales, arrears and stock.
    await page.goto(`${url}/dashboard`);
    const stores = page.getByRole('table', { name: /^Arrears as of/ });
    await checkPageAtBothWidths(page, () => stores.waitFor());
    await ui.see('heading', /^My stores \(/);
    expect(await stores.getByRole('rowheader').count()).toBeGreaterThan(0);

    await page.goto(`${url}/bi`);
    await checkPageAtBothWidths(page, () => ui.see('heading', 'Analytics reports'));
    await page.getByRole('link', { name: /^Agents/ }).click();
    const table = page.getByRole('table', { name: 'PAR 30 by agent' });
    await checkPageAtBothWidths(page, () => table.waitFor());
    await ui.see('heading', 'Agents');

    // The worst agent first: the demo data makes one of the shop's agents a poor seller.
    const bar = page.locator('[data-testid^="bar-"]').first();
    const agentId = (await bar.getAttribute('data-testid'))!.slice('bar-'.length);
    expect(await bar.getAttribute('aria-label')).toMatch(/: \d+\.\d%$/);
    await bar.click();
    await page.waitForURL((u) => u.pathname === '/dashboard/defaulters_list');
    expect(new URL(page.url()).search).toBe(`?agent=${agentId}&category=non-performing`);
    await checkPageAtBothWidths(page, () => ui.see('heading', 'Defaulters list'));

    // The ageing migration of their stores, month to month.
    await page.goto(`${url}/bi/view?report=ageing_migration`);
    const balances = page.getByRole('table', { name: 'Balance by ageing category at each month-end' });
    await checkPageAtBothWidths(page, () => balances.waitFor());
    expect(await balances.getByRole('row').count()).toBe(13);

    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('finance sees at home the unreconciled days of each provider and opens reconciliation from there', async () => {
    const page = await pageLoggedInAs(browser, 'finance');
    const watch = watchConsole(page);
    const ui = playwrightUi(page);
    await page.goto(`${url}/dashboard`);
    const table = page.getByRole('table').filter({ hasText: 'that no signed-off reconciliation covers' });
    await checkPageAtBothWidths(page, () => table.waitFor());
    await ui.see('heading', 'Statements to reconcile');
    // The demo uploads each provider's last 30 days and signs none off: every provider has days to reconcile.
    expect(await table.getByRole('rowheader').allTextContents()).toEqual(['M-Pesa', 'Mixx by Yas (Tigo Pesa)', 'Airtel Money', 'HaloPesa']);
    expect(
      Number(
        await page
          .getByTestId('home-unreconciled-days')
          .textContent()
          .then((t) => t!.split(' ')[0]),
      ),
    ).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Open reconciliation' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/reconciliation');
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
