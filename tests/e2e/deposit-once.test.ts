import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { depositWizard } from '../support/deposit-wizard';
import en from '../../src/i18n/locales/deposit/en.json';
import scannerEn from '../../src/i18n/locales/scanner/en.json';
import { apiLogin, callApi, codeIn, pageLoggedInAs, portalUrl } from './portal';

/**
 * Issue 11 item 1 (a blocker), through the browser: an agent on the OTP step of a paid deposit starts a new deposit
 * and searches the same customer. The portal asks first, then offers to resume the paid deposit, never to take it
 * again; resumed, it ends in one loan and the customer's payments show one completed deposit.
 */
let browser: BrowserContext;
const url = portalUrl();

beforeEach(async () => {
  browser = await launchChromium({ viewport: { width: 360, height: 740 } });
});
afterEach(async () => {
  await browser?.close();
});

const post = (path: string, body: unknown, token?: string) => callApi(path, token ?? null, body);

/**
 * axe-core's serious and critical violations in the part of the page this journey is about (the wizard in the
 * page's main region, or the dialog over it: the layout around them is its own screens' to check), and no sideways
 * scroll at phone width.
 */
async function axe(page: Page, label: string, within = 'main') {
  // The pointer off the button just clicked: its hover shade is a passing state, not the page.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page }).include(within).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.html} ${n.failureSummary}`) }));
  expect(serious, `axe on ${label}`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `sideways scroll on ${label}`,
  ).toBe(0);
}

async function check(page: Page, label: string) {
  await page.locator('label').filter({ hasText: label }).locator('[data-part="control"]').click();
}

const msisdn = '255689300307'; // Juma Said Mbwana (README: "Try the deposit wizard"), used by no other journey

describe('a paid deposit is taken once, as an agent', () => {
  it('"Start a new deposit" on the OTP step asks first; the same customer is offered the paid deposit to resume, not to pay again', async () => {
    const { accessToken } = await apiLogin('agent');
    const found = await post('/api/v1/customer_limits', { msisdn }, accessToken);
    expect(found.status).toBe(200);
    const phone = (found.body.phones as Array<{ name: string; deposit: number; lock_solution_type: string; phone_model_id: number }>).find(
      (p) => p.lock_solution_type !== 'vivo',
    )!;
    // Issue 17: the box handed over, off the agent's shelf.
    const stock = await post(
      '/api/v1/get_phone_inventory',
      { status: 'in_stock', phone_model_id: phone.phone_model_id, limit: 10 },
      accessToken,
    );
    const box = (stock.body.data as Array<{ imei: string }>)[0]!.imei;
    const name = `${found.body.customer.first_name} ${found.body.customer.other_names}`;

    const page = await pageLoggedInAs(browser, 'agent');
    await page.goto(`${url}/dashboard/customers/add-loan?lng=en`);
    const ui = playwrightUi(page, 20_000);
    const wizard = depositWizard(ui, en, scannerEn);

    // Paid, on the OTP step.
    await wizard.findCustomer('0689 300 307');
    await wizard.choosePhone(phone.name);
    await wizard.scanBox(phone.name, box);
    await wizard.takeDeposit();
    await wizard.seeDepositReceived();
    await wizard.seeCodesSent();
    await wizard.seeStep(4, 'otp');

    // "Start a new deposit": asked first; cancelling changes nothing.
    await ui.click('button', en.startOver);
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(en.leave.title).waitFor({ state: 'visible' });
    await axe(page, 'the confirmation before leaving a paid deposit', '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await wizard.seeStep(4, 'otp');

    // Confirmed: a new wizard; the same customer is searched and offered the paid deposit, not the phones.
    await ui.click('button', en.startOver);
    await dialog.getByRole('button', { name: en.startOver, exact: true }).click();
    await wizard.seeStep(1, 'customer');
    await wizard.findCustomer('0689 300 307');
    await ui.seeAlert(`${name} has already paid the deposit of`);
    await ui.see('button', en.held.resume);
    expect(await page.getByRole('button', { name: en.phone.pick.replace('{{name}}', phone.name) }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Take the deposit of/ }).count()).toBe(0);
    await axe(page, 'the deposit held by a wizard');

    // Resumed at the OTP step, with the codes sent before; finished to the loan.
    await ui.click('button', en.held.resume);
    await wizard.seeStep(4, 'otp');
    await ui.seeText(en.otp.sentEarlier);
    await axe(page, 'the resumed OTP step');
    await wizard.enterCodes(
      await codeIn((m) => m.text.includes(`phone loan of ${name}`)),
      // The customer's code is in the customer's language (issue 17; the demo customers read Swahili).
      await codeIn((m) => m.recipient === msisdn && m.text.includes('msimbo wako wa kuthibitisha mkopo wa simu')),
    );
    await wizard.seeStep(5, 'identity');
    await wizard.answerQuestion(en.securityQuestion.first_school, 'Mwenge');
    await wizard.seeStep(6, 'contract');
    await wizard.sign(name, (label) => check(page, label));
    await wizard.seeStep(7, 'lock');
    await wizard.confirmLock((label) => check(page, label));
    await wizard.seeLoanCreated();

    // One completed deposit in the customer's payments, of the phone's deposit; the customer now has the loan.
    const finance = await apiLogin('finance');
    const payments = await post('/api/v1/deposit_transactions', { msisdn }, finance.accessToken);
    expect(payments.status).toBe(200);
    const deposits = (
      payments.body.transactions as Array<{ kind: string; status: string; amount: number; loan_number: string | null }>
    ).filter((t) => t.kind === 'deposit');
    expect(deposits.filter((t) => t.status === 'completed')).toEqual([
      expect.objectContaining({ amount: phone.deposit, loan_number: expect.any(String) }),
    ]);
    expect((await post('/api/v1/customer_limits', { msisdn }, accessToken)).body.not_qualified_reason).toBe('active_loan');
    await page.close();
  });
});
