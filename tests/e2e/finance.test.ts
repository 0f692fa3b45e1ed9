import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { apiLogin, approveInBusinessInbox, callApi, logInWithCode, pageLoggedInAs, portalUrl } from './portal';
import { checkPageAtBothWidths, watchConsole } from '../support/page-checks';

/**
 * Finance fixes a wrong-account payment (issue 13): a demo customer in arrears paid enough to be current but keyed
 * in a wrong loan number, so the money sits in suspense and the phone stays locked. Finance finds it and proposes
 * the right loan on a phone-sized screen; an approver approves it in the business inbox; the phone unlocks.
 * And the whole reconciliation (issue 13's Done-when): finance uploads a provider statement, resolves every
 * difference, a second person signs it off, the payment it found is fixed to its loan with a second person's
 * approval, and the customer's phone unlocks.
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

const api = (path: string, token: string, body: unknown) => callApi(`/api/v1/${path}`, token, body);

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
    expect(await approveInBusinessInbox(browser, request.id)).toEqual([]);

    expect(await locked()).toBe(false);
    const found = await api('search/transaction', finance, { transaction_id: receipt });
    expect(found.body.data[0]).toMatchObject({ status: 'completed', allocated_to: loan });
  }, 120_000);
});

/** EAT wall-clock time of an instant, as statements print it. */
const eatText = (at: Date | string) => new Date(new Date(at).getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('a provider statement reconciled, signed off and its missing payment fixed to its loan', () => {
  it('finance uploads, resolves every difference; a second person signs off; the money found reaches its loan with an approval; the phone unlocks', async () => {
    const finance = (await apiLogin('finance')).accessToken;
    // A customer in arrears with a locked phone (one of the demo's wrong-account customers not fixed yet): they paid
    // what they owe by HaloPesa yesterday, but the provider's callback never reached the portal.
    const queue = await api('queue/suspense/accounts', finance, { limit: 200 });
    let customer: { msisdn: string; name: string; loan: string; due: number } | null = null;
    for (const item of queue.body.response) {
      if (item.pending_allocation) continue;
      const answer = await api('get_wrong_account_transactions', finance, { transaction_id: item.transaction_id });
      // What they owe now, short of the whole balance: the loan stays open and is read again after.
      const own = answer.body.candidates.find(
        (c: any) => c.why === 'payer_phone' && c.is_locked && c.amount_due > 0 && c.amount_due < c.loan_balance,
      );
      if (own) {
        customer = { msisdn: own.customer.msisdn, name: own.customer.name, loan: own.loan_number, due: own.amount_due };
        break;
      }
    }
    expect(customer, 'a demo customer with a locked phone').not.toBeNull();
    const { msisdn, loan, due } = customer!;
    const other = queue.body.response[0].transaction_id;
    const locked = async () =>
      (await api('get_wrong_account_transactions', finance, { transaction_id: other, search: loan })).body.candidates.find(
        (c: any) => c.loan_number === loan,
      ).is_locked;
    expect(await locked()).toBe(true);

    // Yesterday's HaloPesa statement as the provider prints it: what the portal recorded, one amount that differs, a
    // line printed twice, and the customer's payment that the portal never heard of.
    const yesterday = new Date(Date.now() + 3 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const recorded = await api('reconciliation_deposits', finance, { from: yesterday, to: yesterday, network: 'halopesa', limit: 200 });
    expect(recorded.status).toBe(200);
    const payments = (recorded.body.data as any[]).filter((t) => t.status === 'completed' || t.status === 'suspended');
    const receipt = `HPE2E${Date.now().toString(36).toUpperCase()}`;
    const line = (r: string, at: string, phone: string, amount: number) =>
      `${r},${eatText(at)},Payment from ${phone ?? ''},"${amount.toLocaleString('en-US')}",,`;
    const statement = [
      'Reference,Date Time,Narration,Amount In,Amount Out,Running Balance',
      ...payments.map((t, i) => line(t.transaction_id, t.date_processed, t.payment_phone, t.amount + (i === 0 ? 500 : 0))),
      ...payments.slice(1, 2).map((t) => line(t.transaction_id, t.date_processed, t.payment_phone, t.amount)),
      `${receipt},${yesterday} 10:15:00,Payment from ${msisdn} - ${customer!.name.toUpperCase()},"${due.toLocaleString('en-US')}",,`,
    ].join('\n');

    const page = await pageLoggedInAs(browser, 'finance');
    const watch = watchConsole(page);
    const ui = playwrightUi(page);
    await page.goto(`${url}/dashboard/reconciliation`);
    await ui.see('heading', 'Reconciliation');
    await checkPageAtBothWidths(page, () => page.getByRole('heading', { name: 'Month-end close' }).waitFor());
    const form = page.getByRole('form', { name: 'Upload a statement' });
    await form.getByLabel('Provider').selectOption('halopesa');
    await form.getByLabel('From').fill(yesterday);
    await form.getByLabel('To').fill(yesterday);
    const fileName = `halopesa-${receipt}.csv`;
    await form.getByLabel('Statement file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(statement) });
    await ui.click('button', 'Upload and match');
    await ui.see('heading', new RegExp(`HaloPesa statement, ${yesterday} to ${yesterday}`));
    await page.getByRole('combobox', { name: 'Lines to show' }).selectOption('open');
    // The three-way match says why in words (statement -> callback log -> ledger).
    const row = page.getByRole('row').filter({ hasText: receipt });
    await row.getByText('The provider’s callback never arrived: no payment and no ledger entry.').waitFor();
    if (payments.length > 1) {
      await page
        .getByRole('row')
        .filter({ hasText: 'Amount differs' })
        .first()
        .getByText(/The statement shows .* apart\./)
        .waitFor();
      await page
        .getByRole('row')
        .filter({ hasText: 'Duplicate line' })
        .first()
        .getByText(/twice: this line is a copy/)
        .waitFor();
    }
    const resolveButton = row.getByRole('button', { name: `Resolve ${receipt}` });
    const settled = async () => {
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    };
    // Checked once the run is read (not while a reload dims the table).
    await checkPageAtBothWidths(page, async () => {
      await resolveButton.waitFor();
      await expect.poll(() => resolveButton.isEnabled()).toBe(true);
      await settled();
    });

    // The customer's payment is booked, into suspense; every other difference is explained with a reason.
    await resolveButton.click();
    let dialog = page.getByRole('dialog');
    const record = dialog.getByRole('radio', { name: 'Record the payment (into suspense)' });
    await record.locator('xpath=ancestor::label[1]').click();
    expect(await record.isChecked()).toBe(true);
    await dialog.getByLabel('Reason').fill('The callback never reached the portal');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await row.waitFor({ state: 'detached' });
    for (;;) {
      await settled();
      const next = page.getByRole('button', { name: /^Resolve / }).first();
      if ((await next.count()) === 0) break;
      await next.click();
      dialog = page.getByRole('dialog');
      await dialog.getByLabel('Reason').fill('Checked with HaloPesa: their statement line, our record stands');
      await dialog.getByRole('button', { name: 'Resolve' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await ui.seeText('0 differences still to resolve.');
    await page.getByRole('combobox', { name: 'Lines to show' }).selectOption('differences');
    await page.getByRole('row').filter({ hasText: receipt }).getByText('Recorded from the statement into suspense').waitFor();

    // The one who uploaded it cannot sign it off.
    await ui.click('button', 'Sign off');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign off' }).click();
    await ui.seeText(/You uploaded this statement: a second person signs it off\./);
    await ui.seeText('0 differences still to resolve.');
    await page.close();

    // A second person (the administrator, with a one-time code) signs it off in the browser: it is locked.
    const adminPage = await browser.newPage();
    const adminWatch = watchConsole(adminPage);
    const admin = playwrightUi(adminPage);
    await logInWithCode(adminPage, 'admin');
    await adminPage.goto(`${url}/dashboard/reconciliation`);
    await admin.see('heading', 'Reconciliation');
    await adminPage.getByRole('button', { name: new RegExp(`^Open\\s*${fileName}$`) }).click();
    await admin.see('heading', new RegExp(`HaloPesa statement, ${yesterday} to ${yesterday}`));
    await admin.click('button', 'Sign off');
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Sign off' }).click();
    await admin.seeText(/^Signed off by Asha Mwakyusa on .*: locked\.$/);
    await checkPageAtBothWidths(adminPage, () => adminPage.getByText(/^Signed off by Asha Mwakyusa/).waitFor());
    expect(await adminPage.getByRole('button', { name: /^Resolve / }).count()).toBe(0);
    expect(await adminPage.getByRole('button', { name: 'Sign off' }).count()).toBe(0);
    expect(adminWatch.errors).toEqual([]);
    await adminPage.close();

    // Finance applies the money found to the customer's loan, from Suspense transactions.
    const fixPage = await pageLoggedInAs(browser, 'finance');
    const fixWatch = watchConsole(fixPage);
    const fix = playwrightUi(fixPage);
    await fixPage.goto(`${url}/dashboard/suspense-transactions`);
    await fix.see('heading', 'Suspense transactions');
    await fix.fill("Receipt, account keyed in or payer's phone", receipt);
    await fix.click('button', 'Find');
    const fixButton = fixPage.getByRole('button', { name: `Fix ${receipt}` });
    await checkPageAtBothWidths(fixPage, () => fixButton.waitFor());
    await fixButton.click();
    const fixDialog = fixPage.getByRole('dialog');
    await fixDialog.getByText("The payer's own loan").waitFor();
    const choice = fixDialog.getByRole('radio', { name: new RegExp(loan) });
    await choice.locator('xpath=ancestor::label[1]').click();
    expect(await choice.isChecked()).toBe(true);
    await fix.fill('Reason', 'Found on the HaloPesa statement: the customer paid what was due');
    await fix.click('button', 'Send for approval');
    await fix.seeText(/Awaiting approval/);
    expect(fixWatch.errors).toEqual([]);
    await fixPage.close();
    expect(await locked()).toBe(true);

    // An approver approves it in the business inbox; the money reaches the loan and the phone unlocks.
    const approverToken = (await apiLogin('approver')).accessToken;
    const inbox = await api('pending/maker/checker/requests', approverToken, { limit: 200, kind: 'suspense_allocation' });
    const request = inbox.body.pending_requests.find((r: any) => r.summary.includes(receipt));
    expect(request).toBeTruthy();
    expect(await approveInBusinessInbox(browser, request.id)).toEqual([]);
    expect(await locked()).toBe(false);

    // Finance finds the payment: completed, on the customer's loan.
    const findPage = await pageLoggedInAs(browser, 'finance');
    const findWatch = watchConsole(findPage);
    const find = playwrightUi(findPage);
    await findPage.goto(`${url}/dashboard/transactions/find`);
    await find.see('heading', 'Find transaction');
    await find.fill('Transaction id', receipt);
    await find.click('button', 'Search');
    const result = findPage.getByRole('row').filter({ hasText: receipt });
    await checkPageAtBothWidths(findPage, () => result.waitFor());
    await result.getByText(loan).first().waitFor();
    const found = await api('search/transaction', finance, { transaction_id: receipt });
    expect(found.body.data[0]).toMatchObject({ status: 'completed', amount: due, payment_method: 'halopesa', allocated_to: loan });
    // The one refusal the browser logs: the uploader's own sign-off (403).
    expect(watch.errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    expect(findWatch.errors).toEqual([]);
    await findPage.close();
  }, 300_000);
});
