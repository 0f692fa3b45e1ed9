import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { apiLogin, pageLoggedInAs, portalUrl } from './portal';
import { checkPageAtBothWidths, watchConsole } from '../support/page-checks';

let browser: BrowserContext;
const url = portalUrl();

beforeAll(async () => {
  // A phone's width: the lists must work where agents use them.
  browser = await launchChromium({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
});

async function firstRowOf(path: string, token: string) {
  const res = await fetch(`${url}/portal_api/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ limit: 1 }),
  });
  expect(res.status).toBe(200);
  const page = (await res.json()) as { total: number; data: Array<{ imei: string; customer: { msisdn: string; name: string } }> };
  expect(page.total).toBeGreaterThan(0);
  return page.data[0]!;
}

describe('the device lists on the demo data', () => {
  it('a call-centre user opens each list from the menu and finds a device by the customer phone', async () => {
    const { accessToken } = await apiLogin('callcentre');
    const page = await pageLoggedInAs(browser, 'callcentre');
    const watch = watchConsole(page);
    const ui = playwrightUi(page);
    for (const [path, menu, heading, extra] of [
      ['damaged_devices', 'Damaged devices', 'Damaged devices', 'Service centre'],
      ['lost_devices', 'Lost devices', 'Lost devices', 'Date lost'],
      ['suspended_imeis', 'Suspended IMEI', 'Suspended IMEI', 'Since'],
    ] as const) {
      const row = await firstRowOf(path, accessToken);
      await page.goto(`${url}/dashboard`);
      // On a phone the side nav is in a drawer behind the navigation button.
      await ui.click('button', 'Open or close the navigation');
      await page.getByRole('dialog').getByRole('link', { name: menu, exact: true }).click();
      await ui.see('heading', heading);
      await page.getByRole('columnheader', { name: extra, exact: true }).waitFor();
      await ui.fill('IMEI, phone number, name or loan number', `0${row.customer.msisdn.slice(3)}`);
      await ui.click('button', 'Search');
      await ui.seeText(`Showing the devices matching “0${row.customer.msisdn.slice(3)}”`);
      const rows = page.getByRole('row').filter({ hasText: row.imei });
      await rows.first().waitFor();
      await expect(page.getByRole('row').count()).resolves.toBe(2);
      await checkPageAtBothWidths(page, () => rows.first().waitFor());
    }
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
