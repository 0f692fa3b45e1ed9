import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';
import { HELD_ID, contract, customer, depositCompleted, heldRefusal, heldStatus, qualified } from '../machines/deposit-fixtures';
import en from '../../src/i18n/locales/deposit/en.json';
import sw from '../../src/i18n/locales/deposit/sw.json';
import pt from '../../src/i18n/locales/deposit/pt.json';

/**
 * Issue 11 item 1 (decision 010), the wizard's side: a customer whose deposit is paid in a wizard is shown that
 * deposit and offered to resume it, never to pay again; leaving a paid wizard asks first.
 */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  /** What customer_limits answers: the phones, or a refusal that hands back the held wizard. */
  search: null as unknown,
  status: null as unknown,
}));

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    server.calls.push({ path: route.path, body: options.body });
    switch (route.path) {
      case '/settings':
        return { company: 'Simu Credit', device_bridge_url: 'http://127.0.0.1:8765', demo: true };
      case '/api/v1/customer_limits':
        if (server.search) throw server.search;
        return qualified;
      case '/api/v1/loan_deposit':
        return depositCompleted;
      case '/api/v1/agent_otp':
      case '/api/v1/customer_otp':
        return { sent_to: '2557******00', expires_at: '2026-11-23T08:05:00.000Z' };
      case '/api/v1/customer/login/check':
        return { verified: true };
      case '/api/v1/first_deposit/status':
        if (!server.status) throw { status: null, message: 'Failed to fetch' };
        return server.status;
      case '/api/v1/fetch_econtract_details':
        return contract;
      default:
        throw { status: 500, message: `unexpected ${route.path}` };
    }
  },
}));

beforeEach(() => {
  server.calls = [];
  server.search = null;
  server.status = null;
  localStorage.clear();
});

const agent = ['ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES', 'FIND_CUSTOMER'];
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);

async function search() {
  await renderApp('/dashboard/customers/add-loan', loggedInSession(agent));
  const ui = jsdomUi();
  await ui.fill('Customer phone number or national ID', '0754 100 200');
  await ui.click('button', 'Find customer');
  return ui;
}

async function toOtp() {
  const ui = await search();
  await ui.click('button', 'Choose Tecno Spark 20');
  // Issue 17: the IMEI of the box handed over.
  await ui.fill('IMEI of the Tecno Spark 20 box you hand over', '490154203237518');
  await ui.click('button', /Take the deposit of/);
  await ui.seeText(/Both OTP codes sent/);
  return ui;
}

describe('a deposit taken once, in the wizard', () => {
  it('shows the deposit already paid in a wizard of the agent, never the phones, and resumes it at the OTP step', async () => {
    server.search = heldRefusal();
    server.status = heldStatus('otp');
    const ui = await search();
    await ui.seeAlert(/Neema Joseph Mushi has already paid the deposit of TZS\s60,000: resume that deposit/);
    const held = screen.getByTestId('held-deposit');
    expect(within(held).getByText('MP261123.0800.A00001')).toBeDefined();
    expect(within(held).getByText('Tecno Spark 20')).toBeDefined();
    expect(within(held).getByText('OTP codes')).toBeDefined(); // the step it waits at
    expect(within(held).getByText(/^Asha Mwakyusa, /)).toBeDefined();
    await ui.notSee('button', 'Choose Tecno Spark 20');
    await ui.notSee('button', /Take the deposit of/);

    await ui.click('button', 'Resume this deposit');
    await ui.seeText('Step 4 of 8: OTP codes');
    await ui.seeText('The OTP codes were sent earlier: enter them, or send new codes if they have expired.');
    await ui.seeText(/Deposit transaction successful: TZS\s60,000, receipt MP261123.0800.A00001/);
    await ui.fill('Your OTP code', '123456');
    await ui.fill("Customer's OTP code", '654321');
    await ui.click('button', 'Check the codes');
    await ui.seeText('Step 5 of 8: Identity');

    // The held wizard, under its own id: asked where it stands, codes checked; nothing pushed, no codes re-sent.
    expect(sent('/api/v1/first_deposit/status')).toEqual([{ wizard_id: HELD_ID }]);
    expect(sent('/api/v1/customer/login/check')).toEqual([{ wizard_id: HELD_ID, agent_code: '123456', customer_code: '654321' }]);
    expect(sent('/api/v1/loan_deposit')).toEqual([]);
    expect(sent('/api/v1/agent_otp')).toEqual([]);
  });

  it("shows a colleague's deposit in progress as theirs, with no way to resume it or take it again", async () => {
    server.search = heldRefusal({
      step: 'deposit',
      deposit_status: 'pending',
      receipt: null,
      paid_at: null,
      yours: false,
      release_after: null,
    });
    const ui = await search();
    await ui.seeAlert(/A payment request of TZS\s60,000 to Neema Joseph Mushi is waiting for their answer/);
    await ui.seeText(/Only Asha Mwakyusa can resume this deposit/);
    await ui.notSee('button', 'Resume this deposit');
    await ui.notSee('button', /Take the deposit of/);
    expect(sent('/api/v1/first_deposit/status')).toEqual([]);
  });

  it('keeps offering the held deposit when it does not load, and says when it was released meanwhile', async () => {
    server.search = heldRefusal();
    const ui = await search();
    await ui.click('button', 'Resume this deposit');
    await ui.seeAlert(/Failed to fetch|connection|reach/i);
    await ui.see('button', 'Resume this deposit');
    server.status = heldStatus('abandoned');
    await ui.click('button', 'Resume this deposit');
    await ui.seeAlert('This deposit was left unfinished and released: its money is with finance. Search the customer to start again.');
    await ui.notSee('button', 'Resume this deposit');
  });

  it('asks before leaving a paid deposit: nothing changes on cancel; once confirmed a new wizard starts', async () => {
    const ui = await toOtp();
    await ui.click('button', 'Start a new deposit');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('The customer has already paid')).toBeDefined();
    expect(
      within(dialog).getByText(
        /Neema Joseph Mushi has paid the deposit of TZS\s60,000. If you start a new deposit, this one is kept: search the customer again to resume it/,
      ),
    ).toBeDefined();
    await ui.click('button', 'Cancel');
    await ui.notSee('dialog', 'The customer has already paid');
    await ui.seeText('Step 4 of 8: OTP codes');
    await ui.see('button', 'Check the codes');

    await ui.click('button', 'Start a new deposit');
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(await within(again).findByRole('button', { name: 'Start a new deposit' }));
    await ui.seeText('Step 1 of 8: Customer');
    await ui.see('button', 'Find customer');
    // The left wizard is not kept in the browser (a reload starts afresh too).
    expect(Object.keys(localStorage).filter((key) => key.startsWith('simu.firstDeposit.'))).toEqual([]);
    // Nothing was asked of the server by leaving: the paid wizard stays there, held for the customer.
    expect(sent('/api/v1/loan_deposit')).toHaveLength(1);
    expect(sent('/api/v1/first_deposit/status')).toEqual([]);
  });

  it('leaves at once before anything is paid', async () => {
    const ui = await search();
    await ui.click('button', 'Choose Tecno Spark 20');
    await ui.click('button', 'Start a new deposit');
    await ui.seeText('Step 1 of 8: Customer');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent('/api/v1/customer_limits')).toEqual([{ msisdn: customer.msisdn }]);
  });

  it("shows the customer's security question in words, not its code (issue 17)", async () => {
    server.search = heldRefusal({ step: 'identity' });
    server.status = heldStatus('identity', { customer: { ...customer, security_question: 'first_school' } });
    const ui = await search();
    await ui.click('button', 'Resume this deposit');
    await ui.seeText('Step 5 of 8: Identity');
    await ui.click('button', 'Security question');
    await ui.fill('What was the name of your first school?', 'Mwenge');
    expect(screen.queryByText('first_school')).toBeNull();
    // Every question the portal keeps as a code has its words in every language.
    const codes = ['mother_first_name', 'birth_village', 'first_school', 'favourite_food'];
    for (const words of [en, sw, pt]) expect(Object.keys(words.securityQuestion).sort()).toEqual([...codes].sort());
    expect(new Set([en, sw, pt].map((w) => w.securityQuestion.first_school)).size).toBe(3);
  });
});
