import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { apiLogin, pageLoggedInAs, portalUrl } from './portal';
import { checkPageAtBothWidths, watchConsole } from '../support/page-checks';

/**
 * Finance fixes a wrong-account payment (issue 13): a demo customer in arrears paid enough to be current but keyed
 * in a wrong loan number, so the money sits in suspense and the phone stays locked. Finance finds it and proposes
 * the right loan on a phone-sized screen; an approver approves it in the business inbox; the phone unlocks.
 */

const url = portalUrl();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 360, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
});

async function api(path: string, token: string, body: unknown) {
  const res = await fetch(`${url}/portal_api/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Serious and critical accessibility violations on the page, by rule. */
async function axeViolations(page: Page, within = 'body'): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the portal's CSP (rightly) refuses an injected inline script.
  await page.evaluate(AXE);
  return page.evaluate(async (selector) => {
    const result = await (window as any).axe.run(selector, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: any) => ['serious', 'critical'].includes(v.impact))
      .map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.html.slice(0, 160)).join(' | ')}`);
  }, within);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a wrong-account payment fixed by two people', () => {
  it('finance proposes the loan, an approver approves, the customer’s phone unlocks', async () => {
    const finance = (await apiLogin('finance')).accessToken;
    const queue = await api('queue/suspense/accounts', finance, { limit: 200 });
    let pick: { receipt: string; loan: string } | null = null;
    for (const item of queue.body.response) {
      if (item.pending_allocation) continue;
      const answer = await api('get_wrong_account_transactions', finance, { transaction_id: item.transaction_id });
      const own = answer.body.candidates.find((c: any) => c.why === 'payer_phone' && c.is_locked);
      if (own) {
        pick = { receipt: item.transaction_id, loan: own.loan_number };
        break;
      }
    }
    expect(pick, 'a demo wrong-account payment of a locked customer').not.toBeNull();
    const { receipt, loan } = pick!;
    // Whether the loan's phone is locked, read as finance sees it: a loan searched for beside another suspended payment.
    const other = queue.body.response.find((t: any) => t.transaction_id !== receipt).transaction_id;
    const locked = async () =>
      (await api('get_wrong_account_transactions', finance, { transaction_id: other, search: loan })).body.candidates.find(
        (c: any) => c.loan_number === loan,
      ).is_locked;
    expect(await locked()).toBe(true);

    const page = await pageLoggedInAs(browser, 'finance');
    const ui = playwrightUi(page);
    await page.goto(`${url}/dashboard/suspense-transactions`);
    await ui.see('heading', 'Suspense transactions');
    await ui.fill("Receipt, account keyed in or payer's phone", receipt);
    await ui.click('button', 'Find');
    await ui.click('button', `Fix ${receipt}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText("The payer's own loan").waitFor();
    // The radio's own input is visually hidden (and may sit outside the viewport): the user clicks its label.
    const choice = dialog.getByRole('radio', { name: new RegExp(loan) });
    await choice.locator('xpath=ancestor::label[1]').click();
    expect(await choice.isChecked()).toBe(true);
    await ui.fill('Reason', 'Customer keyed in the wrong last digit');
    expect(await axeViolations(page)).toEqual([]);
    await ui.click('button', 'Send for approval');
    await ui.seeText(/Awaiting approval/);
    expect(await noSideScroll(page)).toBe(true);
    // The screen itself (the shell's language button, "EN" named "Language", is the layout's own matter).
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.close();

    const approverToken = (await apiLogin('approver')).accessToken;
    const inbox = await api('pending/maker/checker/requests', approverToken, { limit: 200, kind: 'suspense_allocation' });
    const request = inbox.body.pending_requests.find((r: any) => r.summary.includes(receipt));
    expect(request).toBeTruthy();
    const approver = await pageLoggedInAs(browser, 'approver');
    const aui = playwrightUi(approver);
    await approver.goto(`${url}/dashboard/maker-checker`);
    await aui.see('heading', /Business approvals/);
    await approver
      .getByTestId(`request-${request.id}`)
      .getByRole('button', { name: /^Details of / })
      .click();
    const panel = approver.getByTestId('request-panel');
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Approve', exact: true }).click();
    await aui.seeAlert('Approved');
    await approver.close();

    expect(await locked()).toBe(false);
    const found = await api('search/transaction', finance, { transaction_id: receipt });
    expect(found.body.data[0]).toMatchObject({ status: 'completed', allocated_to: loan });
  }, 120_000);
});

describe('a provider statement reconciled', () => {
  it('finance uploads a HaloPesa statement, reads why a line differs, and books the money the portal never recorded', async () => {
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const receipt = `HPE2E${Date.now().toString(36).toUpperCase()}`;
    const csv = `Reference,Date Time,Narration,Amount In,Amount Out,Running Balance\n${receipt},${today} 00:00:05,Payment from 255754000888 - E2E PAYER,"12,300",,"12,300"\n`;
    const page = await pageLoggedInAs(browser, 'finance');
    const watch = watchConsole(page);
    const ui = playwrightUi(page);
    await page.goto(`${url}/dashboard/reconciliation`);
    await ui.see('heading', 'Reconciliation');
    await checkPageAtBothWidths(page, () => page.getByRole('heading', { name: 'Month-end close' }).waitFor());
    const form = page.getByRole('form', { name: 'Upload a statement' });
    await form.getByLabel('Provider').selectOption('halopesa');
    await form.getByLabel('From').fill(today);
    await form.getByLabel('To').fill(today);
    await form.getByLabel('Statement file').setInputFiles({ name: 'halopesa-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await ui.click('button', 'Upload and match');
    await ui.see('heading', new RegExp(`HaloPesa statement, ${today} to ${today}`));
    await page.getByRole('combobox', { name: 'Lines to show' }).selectOption('open');
    const row = page.getByRole('row').filter({ hasText: receipt });
    await row.getByText('On the statement, but no callback reached the portal').waitFor();
    const resolveButton = row.getByRole('button', { name: `Resolve ${receipt}` });
    // Checked once the run is read (not while a reload dims the table).
    await checkPageAtBothWidths(page, async () => {
      await resolveButton.waitFor();
      await expect.poll(() => resolveButton.isEnabled()).toBe(true);
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    });
    await resolveButton.click();
    const dialog = page.getByRole('dialog');
    const record = dialog.getByRole('radio', { name: 'Record the payment (into suspense)' });
    await record.locator('xpath=ancestor::label[1]').click();
    expect(await record.isChecked()).toBe(true);
    await dialog.getByLabel('Reason').fill('The callback never reached the portal');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    // Resolved, it leaves the open differences; among all differences it says what was done.
    await row.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Lines to show' }).selectOption('differences');
    await page.getByRole('row').filter({ hasText: receipt }).getByText('Recorded from the statement into suspense').waitFor();
    await page.close();
    const finance = (await apiLogin('finance')).accessToken;
    const found = await api('search/transaction', finance, { transaction_id: receipt });
    expect(found.body.data[0]).toMatchObject({ status: 'suspended', amount: 12_300, payment_method: 'halopesa' });
    expect(watch.errors).toEqual([]);
  }, 120_000);
});
