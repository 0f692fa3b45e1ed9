import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../src/i18n';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The customer calls, in memory: who was looked up and what was asked. */
const server = vi.hoisted(() => ({
  finds: [] as unknown[],
  submits: [] as Array<{ path: string; body: any }>,
  /** What the view answers besides the customer: the device's status and more loans, set per test. */
  deviceStatus: 'active',
  moreLoans: [] as unknown[],
  payments: [] as unknown[],
  requests: [] as unknown[],
}));

const customer = {
  id: 9,
  msisdn: '255754123456',
  first_name: 'Zainabu',
  other_names: 'Hassani Doto',
  sex: 'F',
  date_of_birth: '1990-04-01',
  id_type: 'nida',
  national_id: '19900401-12345-00001-23',
  nida_number: '19900401123450000123',
  customer_key: 'CK-9',
  registered_at: '2026-01-10T08:00:00.000Z',
  loan_status: 'active',
  birth_country: 'Tanzania',
  birth_region: null,
  birth_district: null,
  birth_ward: null,
  resident_postal_code: null,
  resident_region: 'Shinyanga',
  resident_district: null,
  resident_village: null,
  resident_street: null,
  security_question: null,
};
const device = {
  id: 3,
  imei: '356938035643809',
  device_name: 'itel A70',
  model: 'A665L',
  sku: 'ITL-A70',
  lock_solution_type: 'trustonic',
  lock_status: 'active',
  is_locked: false,
  status: 'active',
  last_check_in: null,
  enrolled_at: null,
  future_lock_date: null,
};
const loan = {
  id: 5,
  loan_number: 'L-5',
  status: 'active',
  repayment_period: 'daily',
  amount_due: 1500,
  amount_paid: 60_000,
  deposit_paid: 40_000,
  late_fee: 0,
  loan_balance: 230_000,
  days_defaulted: 9,
  due_now: 16_200,
  arrears: 14_400,
  last_repayment_date: '2026-11-10',
  next_repayment_date: '2026-11-13',
  contract_url: null,
};

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any }) => {
    if (route.path === '/api/v1/view_customer_msisdn') {
      server.finds.push(options.body);
      if (options.body.msisdn !== customer.msisdn) throw { status: 404, message: 'Customer record not found', reason: 'not_found' };
      return { customer, device: { ...device, status: server.deviceStatus }, loans: [loan, ...server.moreLoans] };
    }
    // The customer view's record lists: none yet for this customer.
    const lists: Record<string, unknown> = {
      '/api/v1/get_customer_sms': { total: 0, texts: [] },
      '/api/v1/customer_call_ratings': { total: 0, ratings: [] },
      '/api/v1/deposit_transactions': { total: server.payments.length, transactions: server.payments },
      '/api/v1/loan_statements': { statements: [] },
      '/api/v1/customer_requests': { total: server.requests.length, requests: server.requests },
    };
    if (route.path in lists) return lists[route.path];
    server.submits.push({ path: route.path, body: options.body });
    return { id: 1, status: 'submitted' };
  },
}));

beforeEach(() => {
  server.finds = [];
  server.submits = [];
  server.deviceStatus = 'active';
  server.moreLoans = [];
  server.payments = [];
  server.requests = [];
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const agent = [
  'FIND_CUSTOMER',
  'VIEW_CUSTOMER_PHONE',
  'VIEW_CUSTOMER_LOANS',
  'REQUEST_LOAN_EXTENSION',
  'REQUEST_CHANGE_IMEI',
  'REQUEST_LOAN_DEACTIVATION',
];

describe('find customer', () => {
  it('asks for a number or ID before searching, and says when there is no such customer', async () => {
    await renderApp('/dashboard/customers/find', loggedInSession(agent));
    const ui = jsdomUi();
    await ui.click('button', 'Search');
    await ui.seeText('A valid phone number or national ID is required');
    expect(server.finds).toEqual([]);
    await ui.fill('Phone number or national ID', '0713 000 000');
    await ui.click('button', 'Search');
    await ui.seeAlert('Customer record not found');
    expect(server.finds).toEqual([{ msisdn: '255713000000' }]);
  });

  it('finds by the number as the customer says it and opens the customer', async () => {
    await renderApp('/dashboard/customers/find', loggedInSession(agent));
    const ui = jsdomUi();
    await ui.fill('Phone number or national ID', '+255 754 123 456');
    await ui.click('button', 'Search');
    await ui.see('heading', 'Zainabu Hassani Doto');
    expect(window.location.pathname).toBe('/dashboard/customers/view');
    expect(window.location.search).toBe('?msisdn=255754123456');
  });
});

describe('customer view', () => {
  it('shows profile, device and loans with the ageing category, in TZS', async () => {
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(agent));
    const ui = jsdomUi();
    await ui.see('heading', 'Zainabu Hassani Doto');
    expect(screen.getByTestId('device-imei')).toHaveTextContent('356938035643809');
    expect(screen.getByTestId('next-due')).toHaveTextContent('Nov 13, 2026');
    await ui.seeText('9 (substandard)');
    await ui.seeText(/TSh\s?230,000|TZS\s?230,000/);
  });

  it('shows what is due now and the arrears of a late loan, in TZS', async () => {
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(agent));
    await jsdomUi().see('heading', 'Zainabu Hassani Doto');
    expect(screen.getByTestId('due-now').textContent?.replace(/\s/g, ' ')).toBe('TZS 16,200');
    expect(screen.getByTestId('arrears').textContent?.replace(/\s/g, ' ')).toBe('TZS 14,400');
    expect(screen.getByRole('columnheader', { name: 'Due now' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Arrears' })).toBeInTheDocument();
  });

  it('counts active loans in words and shows no ageing category for a deactivated loan', async () => {
    server.moreLoans = [{ ...loan, id: 4, loan_number: 'L-4', status: 'deactivated', days_defaulted: 102, due_now: 0, arrears: 0 }];
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(agent));
    await jsdomUi().see('heading', 'Zainabu Hassani Doto');
    expect(screen.getByTestId('active-loans')).toHaveTextContent(/^1 active loan$/);
    const old = screen.getByTestId('loan-L-4');
    expect(old).toHaveTextContent('deactivated');
    expect(old).not.toHaveTextContent('102');
    expect(old).not.toHaveTextContent('non-performing');
  });

  it('shows the phone number, dates and codes one way, in words, in every language', async () => {
    server.payments = [
      {
        id: 1,
        transaction_id: 'AM123',
        kind: 'repayment',
        payment_method: 'airtel_money',
        status: 'completed',
        amount: 204_000,
        loan_number: 'L-5',
        payment_phone: '255754123456',
        date: '2026-11-23T06:00:00.000Z',
      },
    ];
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(agent));
    const ui = jsdomUi();
    await ui.see('heading', 'Zainabu Hassani Doto');
    await ui.seeText('0754 123 456');
    expect(screen.queryByText('255754123456')).toBeNull();
    const payments = await screen.findByTestId('payments');
    await within(payments).findByText('Airtel Money');
    expect(payments).toHaveTextContent('Completed');
    expect(payments).not.toHaveTextContent('airtel_money');
    expect(payments.textContent?.replace(/\s/g, ' ')).toContain('TZS 204,000');
    await ui.seeText('Trustonic');
    await ui.seeText('Female');
    await act(() => i18n.changeLanguage('sw'));
    await within(payments).findByText('Imekamilika');
    expect(payments.textContent?.replace(/\s/g, ' ')).toContain('TSh 204,000');
    expect(document.body).not.toHaveTextContent(/completed|airtel_money|dial_code/);
    await act(() => i18n.changeLanguage('pt'));
    await within(await screen.findByTestId('payments')).findByText('Concluído');
  });

  it('lets keyboard users scroll every table: each scroll area is a named, focusable region', async () => {
    server.payments = [];
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(agent));
    await jsdomUi().see('heading', 'Zainabu Hassani Doto');
    const region = screen.getByRole('region', { name: /^Loans, table/ });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('marks a stolen phone and disables the offline PIN with the reason, before any click', async () => {
    server.deviceStatus = 'stolen';
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession([...agent, 'REQUEST_OFFLINE_PIN']));
    await jsdomUi().see('heading', 'Zainabu Hassani Doto');
    expect(screen.getByTestId('stolen-badge')).toHaveTextContent('Stolen');
    const pin = screen.getByRole('button', { name: 'Offline PIN' });
    expect(pin).toBeDisabled();
    expect(pin).toHaveAccessibleDescription(/reported stolen or lost/);
  });

  it("shows the request history with a denied request's comment", async () => {
    server.requests = [
      {
        id: 7,
        kind: 'loan_extension',
        status: 'denied',
        days_to_extend: 14,
        new_imei: null,
        reason: 'In hospital',
        comment: 'Two extensions already this year',
        requested_by: 'Asha Agent',
        decided_by: 'Baraka Approver',
        submitted_at: '2026-11-20T06:00:00.000Z',
        decided_at: '2026-11-21T06:00:00.000Z',
      },
    ];
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(agent));
    const history = await screen.findByTestId('request-history');
    await within(history).findByText('Loan extension by 14 days');
    expect(history).toHaveTextContent('Denied');
    expect(history).toHaveTextContent("Approver's comment: Two extensions already this year");
    expect(history).toHaveTextContent('Decided by Baraka Approver on Nov 21, 2026');
    await act(() => i18n.changeLanguage('sw'));
    await within(history).findByText('Kuongeza muda wa mkopo kwa siku 14');
    expect(history).toHaveTextContent('Imekataliwa');
  });

  it('checks a request before sending it, then sends it and says it waits for approval', async () => {
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(agent));
    const ui = jsdomUi();
    await ui.click('button', 'Request IMEI change');
    await ui.fill('New IMEI (15 digits)', '123');
    await ui.click('button', 'Save');
    await ui.seeText('valid IMEI required');
    await ui.seeText('A reason is required');
    expect(server.submits).toEqual([]);
    await ui.fill('New IMEI (15 digits)', '490154203237518');
    await ui.fill('Reason', 'Phone replaced');
    await ui.click('button', 'Save');
    await ui.seeAlert('Request sent: it waits for an approver.');
    expect(server.submits).toEqual([
      {
        path: '/api/v1/request/change/imei',
        body: { msisdn: '255754123456', reason: 'Phone replaced', new_imei: '490154203237518', device_id: 3 },
      },
    ]);
  });

  it('offers no request to someone without the request roles', async () => {
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(['FIND_CUSTOMER', 'VIEW_CUSTOMER_LOANS']));
    await jsdomUi().see('heading', 'Zainabu Hassani Doto');
    expect(screen.queryByRole('button', { name: /^Request/ })).toBeNull();
  });
});
