import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { loginPage, otpPage } from '../support/pages';
import { DEMO_PASSWORD } from '../../server/db/seed-security';
import { apiLogin, latestCode, pageLoggedInAs } from './portal';

const url = inject('portalUrl');
let browser: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

/** Ticks a request's box the way a user does: on the box drawn in its row. */
async function select(page: Page, id: number) {
  const box = page.getByRole('checkbox', { name: `Select request ${id}`, exact: true });
  await page.getByRole('row').filter({ has: box }).locator('[data-part="control"]').click();
  await expect.poll(() => box.isChecked()).toBe(true);
}

async function pending(path: string, token: string): Promise<Array<{ id: number }>> {
  const res = await fetch(`${url}/portal_api/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ limit: 200, skip: 0 }),
  });
  return ((await res.json()) as { pending_requests: Array<{ id: number }> }).pending_requests;
}

describe('an approver clears the queues on the demo data', () => {
  it('approves a loan extension from its panel, and it leaves the queue', async () => {
    const token = (await apiLogin('approver')).accessToken;
    const before = await pending('pending/loan/extension/requests', token);
    expect(before.length).toBeGreaterThan(0);
    const page = await pageLoggedInAs(browser, 'approver');
    const ui = playwrightUi(page);
    await page.goto(`${url}/dashboard`);
    await ui.click('button', 'Approvals');
    await page.getByTestId('side-nav').getByRole('link', { name: 'Loan extension requests' }).click();
    await ui.see('heading', 'Loan extension requests');
    await page.getByRole('row').nth(1).click();
    const panel = page.getByTestId('request-panel');
    await panel.waitFor();
    await expect(panel.textContent()).resolves.toMatch(/Before.*After/);
    await panel.getByRole('button', { name: 'Approve', exact: true }).click();
    await ui.seeAlert('Approved');
    const after = await pending('pending/loan/extension/requests', token);
    expect(after.length).toBe(before.length - 1);
    expect(after.map((r) => r.id)).not.toContain(before[0]!.id);
    await page.close();
  });

  it('denies two deregistrations at once with a comment, each with its result', async () => {
    const token = (await apiLogin('approver')).accessToken;
    const before = await pending('pending_loan_removal_requests', token);
    const page = await pageLoggedInAs(browser, 'approver');
    const ui = playwrightUi(page);
    await page.goto(`${url}/dashboard/deregistrations`);
    await ui.see('heading', 'Deregistration requests');
    await select(page, before[0]!.id);
    await select(page, before[1]!.id);
    await ui.click('button', 'Deny selected');
    await ui.fill('Comment', 'The customer is still paying');
    await ui.click('button', 'Save');
    const results = page.getByTestId('decision-results');
    await results.waitFor();
    await expect(results.textContent()).resolves.toContain(`Request ${before[0]!.id}: Denied`);
    await expect(results.textContent()).resolves.toContain(`Request ${before[1]!.id}: Denied`);
    expect((await pending('pending_loan_removal_requests', token)).length).toBe(before.length - 2);
    await page.close();
  });

  it('approves an IMEI change after confirming', async () => {
    const token = (await apiLogin('approver')).accessToken;
    const before = await pending('pending_imei_requests', token);
    const page = await pageLoggedInAs(browser, 'approver');
    const ui = playwrightUi(page);
    await page.goto(`${url}/dashboard/imei_changes`);
    await select(page, before[0]!.id);
    await ui.click('button', 'Approve selected');
    await ui.see('heading', 'Approve 1 request?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('decision-results').textContent()).resolves.toContain(`Request ${before[0]!.id}: Approved`);
    await page.close();
  });

  it('the server refuses a maker deciding their own request, even the admin', async () => {
    const page = await browser.newPage();
    const ui = playwrightUi(page);
    await page.goto(`${url}/`);
    // Pages of one browser share local storage: start logged out.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${url}/`);
    await loginPage(ui).logIn('admin', DEMO_PASSWORD);
    await otpPage(ui).open();
    await otpPage(ui).enter(await latestCode());
    await ui.see('heading', /^Welcome to /);
    await page.goto(`${url}/dashboard/maker-checker/portal`);
    await ui.see('heading', 'Portal approvals (maker-checker)');
    await page.getByRole('row').nth(1).click();
    await page.getByTestId('request-panel').getByRole('button', { name: 'Approve', exact: true }).click();
    await ui.seeAlert('You made this request: someone else must decide it.');
    await page.close();
  });
});
