import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The customer view's qualified phones (issue 12) and SMS language (issue 17), over the calls in memory. */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  qualified: null as unknown,
  qualifiedRefusal: null as unknown,
  language: 'sw',
}));

const customer = () => ({
  id: 9,
  msisdn: '255754123456',
  first_name: 'Zainabu',
  other_names: 'Hassani Doto',
  sex: 'F',
  date_of_birth: '1990-04-01',
  id_type: 'nida',
  national_id: '19900401-12345-00001-23',
  nida_number: null,
  customer_key: 'CK-9',
  registered_at: '2026-01-10T08:00:00.000Z',
  loan_status: 'inactive',
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
  language: server.language,
});
const phone = (id: number, name: string, price: number, inStock: number) => ({
  phone_price_id: 100 + id,
  phone_model_id: id,
  sku: `SKU-${id}`,
  brand: 'Tecno',
  name,
  model: name,
  storage_gb: 64,
  ram_gb: 4,
  lock_solution_type: 'dial_code',
  price,
  deposit: 40_000,
  daily_payment: 1_500,
  weekly_payment: 10_500,
  monthly_payment: 45_000,
  installments: 210,
  total_repayable: 355_000,
  twelve_months_payment: 30_000,
  twelve_months_total: 400_000,
  in_stock: inStock,
});
const answer = (reason: string | null, phones: unknown[]) => ({
  customer: {
    id: 9,
    msisdn: '255754123456',
    first_name: 'Zainabu',
    other_names: 'Hassani Doto',
    national_id: 'x',
    has_nida_number: false,
    nida_number: null,
    security_question: null,
  },
  limit_amount: 400_000,
  not_qualified_reason: reason,
  phones,
});

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    const body = options.body ?? {};
    server.calls.push({ path: route.path, body });
    if (route.path === '/api/v1/view_customer_msisdn') return { customer: customer(), device: null, loans: null };
    if (route.path === '/api/v1/customer_limits') {
      if (server.qualifiedRefusal) throw server.qualifiedRefusal;
      return server.qualified;
    }
    if (route.path === '/api/v1/customer_language') {
      if (body.language === 'pt') throw { status: 503, message: 'Service unavailable' };
      const previous = server.language;
      server.language = body.language;
      return { msisdn: body.msisdn, language: body.language, previous };
    }
    const lists: Record<string, unknown> = {
      '/api/v1/customer_call_ratings': { total: 0, ratings: [] },
      '/api/v1/customer_requests': { total: 0, requests: [] },
    };
    if (route.path in lists) return lists[route.path];
    throw { status: 500, message: `unexpected ${route.path}` };
  },
}));

beforeEach(() => {
  server.calls = [];
  server.qualified = answer(null, [phone(1, 'Tecno Spark 20', 320_000, 3), phone(2, 'itel A70', 250_000, 1)]);
  server.qualifiedRefusal = null;
  server.language = 'sw';
});

const VIEW = '/dashboard/customers/view?msisdn=255754123456';
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);

describe('qualified phones on the customer view', () => {
  it('lists the phones within the limit in stock at the store, with the limit as the reason', async () => {
    await renderApp(VIEW, loggedInSession(['FIND_CUSTOMER', 'VIEW_CUSTOMERS_QUALIFIED_PHONES']));
    const section = await screen.findByTestId('qualified-phones', {}, { timeout: 15_000 });
    expect(within(section).getByRole('heading', { name: 'Qualified phones' })).toBeInTheDocument();
    expect(await within(section).findByTestId('qualified-limit')).toHaveTextContent(/Credit limit: TZS\s400,000/);
    const spark = within(section).getByTestId('qualified-1');
    expect(spark).toHaveTextContent('Tecno Spark 20');
    expect(spark).toHaveTextContent(/TZS\s320,000/);
    expect(within(spark).getAllByRole('cell').at(-1)).toHaveTextContent('3');
    expect(within(section).getByTestId('qualified-2')).toHaveTextContent('itel A70');
    expect(sent('/api/v1/customer_limits')).toEqual([{ msisdn: '255754123456' }]);
  });

  it('says why the customer qualifies for nothing', async () => {
    server.qualified = answer('active_loan', []);
    await renderApp(VIEW, loggedInSession(['FIND_CUSTOMER', 'VIEW_CUSTOMERS_QUALIFIED_PHONES']));
    const section = await screen.findByTestId('qualified-phones', {}, { timeout: 15_000 });
    expect(
      await within(section).findByText('Not qualified: the customer has an active loan. A new phone comes after it is repaid.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a deposit is in progress in a wizard, and offers a retry when the call fails', async () => {
    server.qualifiedRefusal = { status: 409, message: 'in a wizard', reason: 'deposit_push_pending' };
    await renderApp(VIEW, loggedInSession(['FIND_CUSTOMER', 'VIEW_CUSTOMERS_QUALIFIED_PHONES']));
    const section = await screen.findByTestId('qualified-phones', {}, { timeout: 15_000 });
    expect(await within(section).findByText(/in progress in the deposit wizard/)).toBeInTheDocument();
  });

  it('is not shown, nor asked for, without VIEW_CUSTOMERS_QUALIFIED_PHONES', async () => {
    await renderApp(VIEW, loggedInSession(['FIND_CUSTOMER']));
    await screen.findByRole('heading', { name: 'Zainabu Hassani Doto' }, { timeout: 15_000 });
    expect(screen.queryByTestId('qualified-phones')).not.toBeInTheDocument();
    expect(sent('/api/v1/customer_limits')).toEqual([]);
  });
});

describe('the customer’s SMS language', () => {
  it('shows the language, and sets another one for someone who speaks with the customer', async () => {
    await renderApp(VIEW, loggedInSession(['FIND_CUSTOMER', 'RATE_CALL']));
    const ui = jsdomUi();
    expect(await screen.findByTestId('sms-language', {}, { timeout: 15_000 })).toHaveTextContent('Swahili');
    await ui.click('button', 'Change SMS language');
    const dialog = await screen.findByRole('dialog');
    await ui.select('SMS language', 'English');
    await ui.click('button', 'Save');
    await ui.seeText("The customer's SMS language is now English.");
    expect(screen.getByTestId('sms-language')).toHaveTextContent('English');
    expect(sent('/api/v1/customer_language')).toEqual([{ msisdn: '255754123456', language: 'en' }]);
    expect(dialog).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the refusal when saving fails', async () => {
    await renderApp(VIEW, loggedInSession(['FIND_CUSTOMER', 'ADD_LOAN']));
    const ui = jsdomUi();
    await ui.click('button', 'Change SMS language');
    const dialog = await screen.findByRole('dialog');
    await ui.select('SMS language', 'Portuguese');
    await ui.click('button', 'Save');
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(screen.getByTestId('sms-language')).toHaveTextContent('Swahili');
  });

  it('offers no change to those who do not speak with customers', async () => {
    await renderApp(VIEW, loggedInSession(['FIND_CUSTOMER']));
    expect(await screen.findByTestId('sms-language', {}, { timeout: 15_000 })).toHaveTextContent('Swahili');
    expect(screen.queryByRole('button', { name: 'Change SMS language' })).not.toBeInTheDocument();
  });
});
