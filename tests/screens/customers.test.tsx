import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The customer calls, in memory: who was looked up and what was asked. */
const server = vi.hoisted(() => ({ finds: [] as unknown[], submits: [] as Array<{ path: string; body: any }> }));

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
  last_repayment_date: '2026-11-10',
  next_repayment_date: '2026-11-13',
  contract_url: null,
};

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any }) => {
    if (route.path === '/api/v1/view_customer_msisdn') {
      server.finds.push(options.body);
      if (options.body.msisdn !== customer.msisdn) throw { status: 404, message: 'Customer record not found', reason: 'not_found' };
      return { customer, device, loans: [loan] };
    }
    // The customer view's record lists: none yet for this customer.
    const lists: Record<string, unknown> = {
      '/api/v1/get_customer_sms': { total: 0, texts: [] },
      '/api/v1/customer_call_ratings': { total: 0, ratings: [] },
      '/api/v1/deposit_transactions': { total: 0, transactions: [] },
      '/api/v1/loan_statements': { statements: [] },
    };
    if (route.path in lists) return lists[route.path];
    server.submits.push({ path: route.path, body: options.body });
    return { id: 1, status: 'submitted' };
  },
}));

beforeEach(() => {
  server.finds = [];
  server.submits = [];
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
    expect(screen.getByTestId('next-due')).toHaveTextContent('2026-11-13');
    await ui.seeText('9 (substandard)');
    await ui.seeText(/TSh\s?230,000|TZS\s?230,000/);
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
