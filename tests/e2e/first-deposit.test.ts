import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { depositWizard } from '../support/deposit-wizard';
import en from '../../src/i18n/locales/deposit/en.json';
import sw from '../../src/i18n/locales/deposit/sw.json';
import scannerEn from '../../src/i18n/locales/scanner/en.json';
import scannerSw from '../../src/i18n/locales/scanner/sw.json';
import { apiLogin, pageLoggedInAs, portalUrl } from './portal';

let browser: BrowserContext;
const url = portalUrl();

// Each journey has a browser of its own: the wizard is saved in local storage under the agent's name.
beforeEach(async () => {
  browser = await launchChromium({ viewport: { width: 390, height: 844 } });
});
afterEach(async () => {
  await browser?.close();
});

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}/portal_api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The newest code the demo outbox holds whose text matches. */
async function codeIn(match: (m: { recipient: string; text: string }) => boolean): Promise<string> {
  const outbox = (await (await fetch(`${url}/portal_api/dev/outbox`)).json()) as { data: Array<{ recipient: string; text: string }> };
  const message = outbox.data.find(match);
  if (!message) throw new Error('no such code in the outbox');
  return message.text.match(/\b(\d{6})\b/)![1]!;
}
const agentCode = (name: string) => codeIn((m) => m.text.includes(`phone loan of ${name}`));
const customerCode = (msisdn: string) => codeIn((m) => m.recipient === msisdn && m.text.includes('confirm your phone loan'));

/** A qualifying demo customer (README: "Try the deposit wizard") and a phone of theirs that is not vivo. */
async function qualifying(token: string, msisdn: string) {
  const found = await post('/api/v1/customer_limits', { msisdn }, token);
  expect(found.status).toBe(200);
  const phone = (found.body.phones as Array<{ name: string; lock_solution_type: string }>).find((p) => p.lock_solution_type !== 'vivo')!;
  const customer = found.body.customer as { msisdn: string; first_name: string; other_names: string; security_question: string };
  return { customer, phone, name: `${customer.first_name} ${customer.other_names}` };
}

async function check(page: Page, label: string) {
  await page.locator('label').filter({ hasText: label }).locator('[data-part="control"]').click();
}

describe('first-time deposit, as an agent', () => {
  it('English, fingerprint: search to loan, a failed push and a wrong OTP retried, a reload at the payment and the contract step', async () => {
    const { accessToken } = await apiLogin('agent');
    const { customer, phone, name } = await qualifying(accessToken, '255754300100');
    const page = await pageLoggedInAs(browser, 'agent');
    await page.goto(`${url}/dashboard/customers/add-loan?lng=en`);
    const ui = playwrightUi(page, 20_000);
    const wizard = depositWizard(ui, en, scannerEn);

    await wizard.seeStep(1, 'customer');
    await wizard.findCustomer('0754 300 100');
    await wizard.choosePhone(phone.name);
    await wizard.choosePeriod('weekly');

    // The customer's first push fails for lack of money; the agent sends a new one.
    expect((await post('/dev/mobile-money', { payment_msisdn: customer.msisdn, outcome: 'insufficient_funds' })).status).toBe(200);
    await wizard.takeDeposit();
    await wizard.seePaymentFailure('insufficient_funds');
    await wizard.retryPayment();
    await ui.seeText(/Waiting for the customer to approve/);
    await page.reload(); // a reload while waiting for the customer resumes the same push
    await wizard.seeStep(3, 'deposit');
    await wizard.seeDepositReceived();
    await wizard.seeCodesSent();

    // A wrong code is refused with the tries left; the right ones pass.
    await wizard.enterCodes('000000', await customerCode(customer.msisdn));
    await ui.seeAlert(/Wrong code/);
    await wizard.enterCodes(await agentCode(name), await customerCode(customer.msisdn));

    // Someone else's finger on the scanner: the NIDA check refuses it; the customer's own finger passes.
    const settings = (await (
      await fetch(`${url}/portal_api/settings`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { device_bridge_url: string };
    const finger = (who: string) =>
      fetch(`${settings.device_bridge_url}/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ finger: who }),
      });
    await finger('stranger');
    await wizard.seeStep(5, 'identity');
    await wizard.captureFingerprint();
    await wizard.submitNida('19920314-41020-00017-26');
    await ui.seeAlert('The fingerprint does not match the NIDA number provided');
    await finger('any');
    await wizard.recapture();
    await ui.click('button', scannerEn.action.capture);
    await wizard.submitNida('19920314-41020-00017-26');
    await wizard.seeStep(6, 'contract');
    await page.reload(); // a reload at the contract step resumes there
    await wizard.seeStep(6, 'contract');
    await wizard.sign(name, (label) => check(page, label));
    await wizard.seeStep(7, 'lock');
    await wizard.confirmLock((label) => check(page, label));
    await wizard.seeLoanCreated();

    const status = await post('/api/v1/customer_limits', { msisdn: customer.msisdn }, accessToken);
    expect(status.body.not_qualified_reason).toBe('active_loan');
    await page.close();
  });

  it('Swahili, security question: search to loan', async () => {
    const { accessToken } = await apiLogin('agent');
    const { phone, name } = await qualifying(accessToken, '255715300206');
    const page = await pageLoggedInAs(browser, 'agent');
    await page.goto(`${url}/dashboard/customers/add-loan?lng=sw`);
    const ui = playwrightUi(page, 20_000);
    const wizard = depositWizard(ui, sw, scannerSw);

    await wizard.seeStep(1, 'customer');
    await wizard.findCustomer('+255 715 300 206');
    await wizard.choosePhone(phone.name);
    await wizard.takeDeposit();
    await wizard.seeDepositReceived();
    await wizard.enterCodes(await agentCode(name), await customerCode('255715300206'));
    await wizard.seeStep(5, 'identity');
    // The question in the agent's language, not its code (mother_first_name).
    await wizard.answerQuestion(sw.securityQuestion.mother_first_name, 'Zawadi');
    await wizard.seeStep(6, 'contract');
    await wizard.sign(name, (label) => check(page, label));
    await wizard.confirmLock((label) => check(page, label));
    await wizard.seeLoanCreated();
    await page.close();
  });
});
