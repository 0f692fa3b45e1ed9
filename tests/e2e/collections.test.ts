import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { checkPageAtBothWidths, watchConsole } from '../support/page-checks';
import { apiLogin, apiLoginWithCode, approveInBusinessInbox, callApi, logInWithCode, pageLoggedInAs, portalUrl } from './portal';

/**
 * Debt collection on the demo data (issue 14): a manager assigns a defaulter to the collector; the collector finds
 * them in "My defaulters", opens the worklist and logs a call with a promise to pay; the customer pays through the
 * demo mobile-money control; the promise is kept and the list says so. The manager also opens the reasons report,
 * the deposits list, the collections made and due, customer conversion and claimed customers. A collector asks to
 * unlock a defaulter's locked phone until the day they promised to pay; a second person approves it in the business
 * inbox and the phone unlocks. Every screen is checked at 1280 and 360 px (axe, no sideways scrolling) and no console error.
 */

let browser: BrowserContext;
const url = portalUrl();
const eatToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

const api = callApi;

describe('collecting from a defaulter', () => {
  it('a manager assigns, the collector logs a promise to pay, a repayment keeps it and the list shows it', async () => {
    // An unassigned watchful defaulter, found as the manager (the admin, with a one-time code) would.
    const admin = await apiLoginWithCode('admin');
    const found = await api('/api/v1/defaulters_list', admin, { category: 'watchful', collector_id: 'unassigned', limit: 1 });
    expect(found.status).toBe(200);
    const defaulter = found.body.data[0];
    expect(defaulter).toBeDefined();
    const collectors = await api('/api/v1/debt_collectors', admin, {});
    const collector = collectors.body.data.find((c: { username: string }) => c.username === 'collector');

    // The manager assigns them to the collector from the list of every defaulter.
    const managerPage = await browser.newPage();
    const managerWatch = watchConsole(managerPage);
    const ui = playwrightUi(managerPage);
    await logInWithCode(managerPage, 'admin');
    await managerPage.goto(`${url}/dashboard/defaulters_list?category=watchful`);
    await ui.see('heading', 'Defaulters list');
    await ui.click('tab', 'All defaulters');
    await ui.fill('Phone number, loan number or name', defaulter.loan_number);
    await ui.click('button', 'Apply');
    await ui.click('checkbox', `Select ${defaulter.customer.name}`);
    await ui.seeText('1 defaulter selected');
    await managerPage.getByLabel('Collector', { exact: true }).selectOption(String(collector.id));
    await ui.click('button', 'Assign');
    await managerPage.getByRole('row').filter({ hasText: defaulter.loan_number }).filter({ hasText: 'Faraji Ngowi' }).waitFor();
    await checkPageAtBothWidths(managerPage, () => ui.see('heading', 'Defaulters list'));

    // The reasons report and the first deposits, each with its PDF export beside the CSV one.
    await managerPage.goto(`${url}/dashboard/defaulters_reasons_report`);
    await ui.see('heading', 'Defaulters reasons report');
    await checkPageAtBothWidths(managerPage, () => ui.see('heading', 'Defaulters reasons report'));
    await managerPage.goto(`${url}/dashboard/deposits`);
    await ui.see('heading', 'First deposits');
    await ui.see('button', 'Export PDF');
    await checkPageAtBothWidths(managerPage, () => ui.see('heading', 'First deposits'));
    await managerPage.goto(`${url}/dashboard/collections`);
    await ui.see('heading', 'Collections made');
    await managerPage.getByRole('table', { name: 'Collections due' }).waitFor();
    await checkPageAtBothWidths(managerPage, () => ui.see('heading', 'Collections made'));
    // Customer conversion by store and agent, and a row's claimed customers.
    await managerPage.goto(`${url}/dashboard/customers/conversion`);
    await ui.see('heading', 'Customer conversion');
    await managerPage.getByText(/customers started, .* paid, .* took a loan/).waitFor();
    await checkPageAtBothWidths(managerPage, () => ui.see('heading', 'Customer conversion'));
    await managerPage
      .getByRole('link', { name: /^Claimed customers of / })
      .first()
      .click();
    await ui.see('heading', 'Claimed customers');
    await managerPage.getByRole('table', { name: 'Claimed customers' }).waitFor();
    await checkPageAtBothWidths(managerPage, () => ui.see('heading', 'Claimed customers'));
    expect(managerWatch.errors).toEqual([]);
    await managerPage.close();

    // The collector finds them in their own list and logs a call with a promise to pay today.
    const page = await pageLoggedInAs(browser, 'collector');
    const watch = watchConsole(page);
    const cui = playwrightUi(page);
    await page.goto(`${url}/dashboard/defaulters_list`);
    await cui.see('tab', 'My defaulters');
    await cui.fill('Phone number, loan number or name', defaulter.loan_number);
    await cui.click('button', 'Apply');
    await cui.click('link', defaulter.customer.name);
    await cui.see('heading', `Collecting from ${defaulter.customer.name}`);
    await cui.click('button', 'Log a call');
    await cui.select('Outcome', 'promised_to_pay');
    await cui.select('Defaulting reason', 'business_slow');
    await cui.fill('Promised to pay by', eatToday());
    await cui.fill('Promised amount (TZS)', '1000');
    await checkPageAtBothWidths(page, () => cui.see('button', 'Save the call'));
    await cui.click('button', 'Save the call');
    await cui.seeText('Reason: Business is slow');
    await page
      .getByText(/^Promised: /)
      .first()
      .waitFor();
    await checkPageAtBothWidths(page, () => cui.see('heading', `Collecting from ${defaulter.customer.name}`));

    // The customer pays through the demo mobile-money control: its confirmation keeps the promise.
    const paid = await api('/dev/mobile-money/repayment', null, {
      payer_msisdn: `0${defaulter.customer.msisdn.slice(3)}`,
      account: defaulter.loan_number,
      amount: 1000,
    });
    expect(paid.status).toBe(200);
    const { accessToken: collectorToken } = await apiLogin('collector');
    const deadline = Date.now() + 20_000;
    for (;;) {
      const mine = await api('/api/v1/debt_collector/defaulters_list', collectorToken, { search: defaulter.loan_number });
      if (mine.body.data[0]?.promise?.status === 'kept') break;
      if (Date.now() > deadline) throw new Error(`the promise was not kept: ${JSON.stringify(mine.body.data[0]?.promise)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await page.goto(`${url}/dashboard/defaulters_list`);
    await cui.fill('Phone number, loan number or name', defaulter.loan_number);
    await cui.click('button', 'Apply');
    await page.getByRole('row').filter({ hasText: defaulter.loan_number }).filter({ hasText: 'Promise kept' }).waitFor();
    await checkPageAtBothWidths(page, () => cui.see('heading', 'Defaulters list'));
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('a collector asks to unlock a locked phone until the promise date, a second person approves, and the phone unlocks', async () => {
    // The demo's defaulter of the collector with a locked phone and an open promise (server/db/seed-collections.ts).
    const { accessToken: collectorToken } = await apiLogin('collector');
    const mine = await api('/api/v1/debt_collector/defaulters_list', collectorToken, { limit: 200 });
    expect(mine.status).toBe(200);
    const defaulter = mine.body.data.find((r: any) => r.device.is_locked && r.promise?.status === 'open');
    expect(defaulter, 'a locked defaulter with an open promise').toBeDefined();

    const page = await pageLoggedInAs(browser, 'collector');
    const watch = watchConsole(page);
    const cui = playwrightUi(page);
    await page.goto(`${url}/dashboard/collection-worklist?loan=${defaulter.id}`);
    await cui.see('heading', `Collecting from ${defaulter.customer.name}`);
    await cui.click('button', 'Ask to unlock until the promise date');
    await cui.seeText(/If the promise is broken, it locks again automatically/);
    await cui.fill('Why should it be unlocked?', 'Sells from the phone at the market and will pay on the promised day');
    await checkPageAtBothWidths(page, () => cui.see('button', 'Send for approval'));
    await cui.click('button', 'Send for approval');
    await page.getByText(/^Awaiting approval \(until /).waitFor();

    // A second person (the approver) approves it in the business inbox.
    const { accessToken: approverToken } = await apiLogin('approver');
    const inbox = await api('/api/v1/pending/maker/checker/requests', approverToken, { limit: 200 });
    expect(inbox.status).toBe(200);
    const request = inbox.body.pending_requests.find((r: any) => r.summary.includes(`loan ${defaulter.loan_number} `));
    expect(request, 'the unlock request in the business inbox').toBeDefined();
    expect(await approveInBusinessInbox(browser, request.id)).toEqual([]);

    // The unlock goes out through the lock-command outbox: the phone unlocks, until the promise date.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const calls = await api('/api/v1/get_debt_collection_calls', collectorToken, { loan_id: defaulter.id });
      if (calls.body.unlock?.status === 'granted' && calls.body.loan.device.is_locked === false) break;
      if (Date.now() > deadline)
        throw new Error(`not unlocked: ${JSON.stringify({ unlock: calls.body.unlock, device: calls.body.loan?.device })}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await page.reload();
    await cui.see('heading', `Collecting from ${defaulter.customer.name}`);
    await page.getByText(/^Unlocked until /).waitFor();
    await checkPageAtBothWidths(page, () => cui.see('heading', `Collecting from ${defaulter.customer.name}`));
    expect(watch.errors).toEqual([]);
    await page.close();
  }, 300_000);
});
