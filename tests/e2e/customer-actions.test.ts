import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { generateBusiness } from '../../server/db/seed-business';
import { checkPageAtBothWidths, watchConsole } from '../support/page-checks';
import { apiLogin, callApi, pageLoggedInAs, portalUrl } from './portal';

let browser: BrowserContext;
const url = portalUrl();

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

const api = (path: string, token: string, body: unknown) => callApi(`/api/v1/${path}`, token, body);

/** A demo customer with an unlocked phone in use, SMS received, and no offline PIN issued today. */
async function pickCustomer(token: string) {
  for (const c of generateBusiness({ seed: 2026, now: new Date() }).customers.slice(40, 400)) {
    const found = await api('view_customer_msisdn', token, { msisdn: c.msisdn });
    if (found.status !== 200 || !found.body.device || found.body.device.status !== 'active' || found.body.device.is_locked) continue;
    const sms = await api('get_customer_sms', token, { msisdn: c.msisdn });
    if (sms.body.total > 0) return { view: found.body, sms: sms.body.texts };
  }
  throw new Error('no demo customer with an unlocked phone and SMS');
}

describe('a call-centre user helps a customer', () => {
  it('finds the customer in each phone form, reads the SMS, rates a call; stolen refuses the offline PIN until recovered', async () => {
    const { accessToken } = await apiLogin('callcentre');
    const { view, sms } = await pickCustomer(accessToken);
    const msisdn: string = view.customer.msisdn;
    const name = `${view.customer.first_name} ${view.customer.other_names}`;
    const page = await pageLoggedInAs(browser, 'callcentre');
    const watch = watchConsole(page);
    const ui = playwrightUi(page);

    for (const typed of [`0${msisdn.slice(3)}`, msisdn, `+${msisdn}`]) {
      await page.goto(`${url}/dashboard/customers/find`);
      await ui.fill('Phone number or national ID', typed);
      await ui.click('button', 'Search');
      await ui.see('heading', name);
    }
    await ui.see('heading', 'SMS messages');
    await ui.seeText(sms[0].body);
    await checkPageAtBothWidths(page, () => ui.see('heading', 'SMS messages'));

    await ui.click('button', 'Rate call');
    await ui.select('Call type', 'incoming');
    await ui.select("Customer's mood", 'neutral');
    await ui.select('Description', 'inquiry');
    await ui.fill('Comment', 'Asked about the next due date');
    await ui.click('button', 'Submit rating');
    await ui.seeAlert('call rating submitted');
    await ui.seeText('Asked about the next due date');

    // Stolen: reported from the customer view's link, confirmed; the offline PIN is then refused.
    await page.getByRole('link', { name: 'Report stolen phone' }).last().click();
    await ui.click('button', 'Find device');
    await ui.click('button', 'Report stolen');
    await ui.click('button', /^Report stolen$/);
    await ui.seeAlert('Reported stolen: the phone is locked.');
    await page.goto(`${url}/dashboard/customers/view?msisdn=${msisdn}`);
    await page.getByTestId('stolen-badge').waitFor();
    await expect(page.getByTestId('stolen-badge').textContent()).resolves.toBe('Stolen');
    await expect(page.getByRole('button', { name: 'Offline PIN' }).isDisabled()).resolves.toBe(true);
    await ui.seeText('No offline PIN for this phone: it is reported stolen or lost. Record it recovered first.');
    await checkPageAtBothWidths(page, () => page.getByTestId('stolen-badge').waitFor());

    // Recovered: the offline PIN works again.
    await page.goto(`${url}/dashboard/recovered-phone`);
    await ui.fill('IMEI or customer phone number', `0${msisdn.slice(3)}`);
    await ui.click('button', 'Find device');
    await ui.click('button', 'Record recovered');
    await ui.click('button', /^Record recovered$/);
    await ui.seeAlert('Recorded recovered: the loan contract resumes.');
    await page.goto(`${url}/dashboard/customers/view?msisdn=${msisdn}`);
    await ui.click('button', 'Offline PIN');
    await ui.click('button', 'Issue PIN');
    await expect(page.getByTestId('offline-pin').textContent()).resolves.toMatch(/^\d{8}$/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
