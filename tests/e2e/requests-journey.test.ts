import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { dashboard } from '../support/pages';
import { generateBusiness } from '../../server/db/seed-business';
import { apiLogin, callApi, pageLoggedInAs, portalUrl } from './portal';
import { checkPageAtBothWidths, watchConsole } from '../support/page-checks';

let browser: BrowserContext;
const url = portalUrl();

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1366, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

const api = (path: string, token: string, body: unknown) => callApi(`/api/v1/${path}`, token, body);

/** A demo customer with an active loan and a phone, and no request waiting yet. */
async function pickCustomer(agentToken: string, approverToken: string) {
  const waiting = new Set<number>();
  for (const path of ['pending/loan/extension/requests', 'pending_loan_removal_requests', 'pending_imei_requests']) {
    for (const r of (await api(path, approverToken, { limit: 200, skip: 0 })).body.pending_requests) waiting.add(r.customer?.id);
  }
  for (const c of generateBusiness({ seed: 2026, now: new Date() }).customers.slice(0, 200)) {
    const found = await api('view_customer_msisdn', agentToken, { msisdn: c.msisdn });
    if (found.status === 200 && found.body.customer.loan_status === 'active' && found.body.device && !waiting.has(found.body.customer.id))
      return found.body;
  }
  throw new Error('no demo customer without a waiting request');
}

/** A valid IMEI no device has: a made-up TAC with its Luhn digit. */
function freshImei(): string {
  const body = `35${String(Date.now()).slice(-12)}`;
  const sum = [...body].reverse().reduce((acc, d, i) => acc + (i % 2 === 0 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(d)]! : Number(d)), 0);
  return body + ((10 - (sum % 10)) % 10);
}

async function request(page: Page, button: string, fill: Array<[string, string]>) {
  const ui = playwrightUi(page);
  await ui.click('button', button);
  for (const [label, value] of fill) await ui.fill(label, value);
  await ui.click('button', 'Save');
  await ui.seeAlert('Request sent: it waits for an approver.');
}

describe('requests made by an agent, decided by an approver', () => {
  it('an agent requests an extension, an IMEI change and a deregistration; the approver decides; the customer view shows the result', async () => {
    const agent = await apiLogin('agent');
    const approver = await apiLogin('approver');
    const view = await pickCustomer(agent.accessToken, approver.accessToken);
    const local = `0${view.customer.msisdn.slice(3)}`;
    const oldDue: string = view.loans.find((l: { status: string }) => l.status === 'active').next_repayment_date;
    const newImei = freshImei();

    // The agent, in a shop: finds the customer by the number as the customer says it, and asks for the three changes.
    const agentPage = await pageLoggedInAs(browser, 'agent');
    const ui = playwrightUi(agentPage);
    await agentPage.goto(`${url}/dashboard`);
    expect(await dashboard(ui).navLinks()).not.toContain('Loan extension requests');
    await expect(agentPage.getByRole('button', { name: 'Approvals' }).count()).resolves.toBe(0);
    await agentPage.getByTestId('side-nav').getByRole('link', { name: 'Find customers' }).click();
    await ui.fill('Phone number or national ID', local);
    await ui.click('button', 'Search');
    await ui.see('heading', `${view.customer.first_name} ${view.customer.other_names}`);
    const agentWatch = watchConsole(agentPage);
    await checkPageAtBothWidths(agentPage, () => agentPage.getByTestId('device-imei').waitFor());
    await request(agentPage, 'Request loan extension', [
      ['Days to extend', '7'],
      ['Reason', 'Salary paid late this month'],
    ]);
    await request(agentPage, 'Request IMEI change', [
      ['New IMEI (15 digits)', newImei],
      ['Reason', 'Phone replaced under warranty'],
    ]);
    await request(agentPage, 'Request deregistration', [['Reason', 'Customer wants to return the phone']]);
    expect(agentWatch.errors).toEqual([]);
    await agentPage.close();

    // The approver clears them: approves the extension and the IMEI change, denies the deregistration.
    const page = await pageLoggedInAs(browser, 'approver');
    const watch = watchConsole(page);
    const pui = playwrightUi(page);
    const decideRowOf = async (path: string, decision: 'Approve' | 'Deny', comment?: string) => {
      await page.goto(`${url}/dashboard/${path}`);
      const local = view.customer.msisdn.replace(/^255(\d{3})(\d{3})(\d{3})$/, '0$1 $2 $3');
      await page
        .getByRole('listitem')
        .filter({ hasText: local })
        .getByRole('button', { name: /^Details of / })
        .click();
      const panel = page.getByTestId('request-panel');
      await checkPageAtBothWidths(page, () => panel.waitFor());
      if (comment) await panel.getByRole('textbox', { name: 'Comment for the agent (why it is denied)' }).fill(comment);
      await panel.getByRole('button', { name: decision, exact: true }).click();
      await pui.seeAlert(decision === 'Approve' ? 'Approved' : 'Denied');
    };
    await decideRowOf('loan_extensions', 'Approve');
    await decideRowOf('imei_changes', 'Approve');
    await decideRowOf('deregistrations', 'Deny', 'The customer is paying on time');

    // Back on the customer: the new due date and the new IMEI; the loan is still active.
    await page.goto(`${url}/dashboard/customers/view?msisdn=${view.customer.msisdn}`);
    await page.getByTestId('device-imei').waitFor();
    await expect(page.getByTestId('device-imei').textContent()).resolves.toBe(newImei);
    const due = new Date(`${oldDue}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 7);
    const dueWords = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(due);
    await expect(page.getByTestId('next-due').textContent()).resolves.toBe(dueWords);
    await pui.see('heading', `${view.customer.first_name} ${view.customer.other_names}`);
    // The denied deregistration and the approver's comment, on the customer's page.
    const history = page.getByTestId('request-history');
    await expect.poll(() => history.textContent()).toContain("Approver's comment: The customer is paying on time");
    await checkPageAtBothWidths(page, () => history.getByText('Denied').first().waitFor());
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
