import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The finance calls, in memory: what was asked, and the answers. */
const server = vi.hoisted(() => ({ calls: [] as Array<{ path: string; body: any }>, refuseNext: null as null | object }));

const tx = (over: Record<string, unknown> = {}) => ({
  id: 1,
  transaction_id: 'QK71ABC123',
  master_transaction_id: 'MT2026111900000001',
  reference_no: 'LN000123-R00000001',
  kind: 'repayment',
  payment_method: 'mpesa',
  status: 'completed',
  amount: 19_800,
  debit: 0,
  credit: 19_800,
  balance_before: 300_000,
  balance_after: 280_200,
  date_processed: '2026-11-19T09:30:00.000Z',
  payment_phone: '255754123456',
  allocated_to: 'LN000123',
  business_short_code: '400200',
  account_keyed_in: 'LN000123',
  customer_name: 'ZAINABU DOTO',
  customer: { id: 9, msisdn: '255754123456', name: 'Zainabu Hassani Doto' },
  loan: { id: 4, loan_number: 'LN000123' },
  ...over,
});
const suspended = tx({
  status: 'suspended',
  account_keyed_in: 'LN000129',
  allocated_to: null,
  customer: null,
  loan: null,
  balance_before: null,
  balance_after: null,
  age_days: 3,
  pending_allocation: null,
});
const line = (code: string, name: string, amount: number, account_number: string | null = null) => ({ code, name, amount, account_number });
const account = (over: Record<string, unknown>) => ({
  account_number: null,
  balance: 0,
  available_amount: 0,
  min_balance: null,
  max_balance: null,
  negative_allowed: true,
  daily_withdrawal_limit: null,
  weekly_withdrawal_limit: null,
  monthly_withdrawal_limit: null,
  global_name: null,
  ob_number: null,
  capital: false,
  ...over,
});

const answers: Record<string, (body: any) => unknown> = {
  '/api/v1/search/transaction': () => ({ data: [tx()], total: 1, more: false, limit: 25, skip: 0 }),
  '/api/v1/queue/suspense/accounts': () => ({ response: [suspended], total: 1, total_amount: 19_800, limit: 25, skip: 0 }),
  '/api/v1/get_wrong_account_transactions': () => ({
    transaction: suspended,
    candidates: [
      {
        loan_id: 4,
        loan_number: 'LN000123',
        customer: { id: 9, msisdn: '255754123456', name: 'Zainabu Hassani Doto' },
        loan_balance: 300_000,
        amount_due: 18_000,
        days_defaulted: 10,
        is_locked: true,
        why: 'payer_phone',
      },
    ],
  }),
  '/api/v1/correct_wrong_account_transactions': (body) => ({ id: 77, status: 'submitted', kind: 'suspense_allocation', ...body }),
  '/api/v1/finance/balance_sheet': (body) => ({
    at: body.at,
    assets: [
      line('loans_receivable', 'Loans receivable', 700_000, '1100'),
      line('bank_operating', 'Operating bank account', 300_000, '1000'),
    ],
    liabilities: [line('unallocated_payments', 'Suspense', 19_800, '2300')],
    equity: [line('paid_in_capital', 'Paid-in capital', 900_000, '3000')],
    retained_earnings: 80_200,
    total_assets: 1_000_000,
    total_liabilities: 19_800,
    total_equity: 980_200,
    balanced: true,
  }),
  '/api/v1/finance/journal': (body) => ({
    account: body.account,
    data: [
      {
        id: 5,
        posted_at: '2026-11-19T09:30:00.000Z',
        kind: 'repayment',
        description: 'Repayment QK71ABC123 of LN000123',
        counter_account: 'mobile_money_clearing',
        debit: 0,
        credit: 19_800,
        loan: { id: 4, loan_number: 'LN000123' },
        customer: { id: 9, msisdn: '255754123456', name: 'Zainabu Hassani Doto' },
        request_id: null,
      },
    ],
    total: 1,
    limit: 25,
    skip: 0,
  }),
  '/api/v1/finance/accounts': () => ({
    data: [
      account({
        code: 'bank_operating',
        name: 'Operating bank account',
        category: 'asset',
        account_number: '1000',
        balance: 1_500_000,
        available_amount: 500_000,
        min_balance: 1_000_000,
        capital: true,
        negative_allowed: false,
      }),
      account({
        code: 'paid_in_capital',
        name: 'Paid-in capital',
        category: 'equity',
        account_number: '3000',
        balance: 1_500_000,
        available_amount: 1_500_000,
      }),
    ],
    external_link: 'https://go.xero.com/GeneralLedger/ChartOfAccounts.aspx',
  }),
};

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    server.calls.push({ path: route.path, body: options.body });
    if (server.refuseNext && route.path !== '/api/v1/finance/accounts') {
      const refusal = server.refuseNext;
      server.refuseNext = null;
      throw refusal;
    }
    const answer = answers[route.path];
    if (!answer) throw { status: 500, message: `unexpected ${route.path}` };
    return answer(options.body);
  },
}));

beforeEach(() => {
  server.calls = [];
  server.refuseNext = null;
});
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const FINANCE = ['FIND_TRANSACTION', 'FIND_CUSTOMER', 'VIEW_SUSPENSE_TRANSACTIONS', 'ADD_CAPITAL_INJECTION', 'DEDUCT_CAPITAL_INJECTION'];

describe('find transaction', () => {
  it('asks for at least one criterion, then searches by phone in any form and shows the Transaction with a link to the customer', async () => {
    await renderApp('/dashboard/transactions/find', loggedInSession(FINANCE));
    const ui = jsdomUi();
    // The first screen of this file pays for loading the dashboard's chunks: on a busy machine that takes a while.
    await screen.findByRole('heading', { name: 'Find transaction' }, { timeout: 30_000 });
    await ui.click('button', 'Search');
    await ui.seeAlert('Fill in at least one thing to search by.');
    expect(sent('/api/v1/search/transaction')).toEqual([]);
    await ui.fill('Payment phone', '12');
    await ui.click('button', 'Search');
    await ui.seeText(/Check this field/);
    await ui.fill('Payment phone', '0754 123 456');
    await ui.click('button', 'Search');
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    for (const text of ['QK71ABC123', 'Completed', '255754123456', 'LN000123', '400200', 'MT2026111900000001', 'LN000123-R00000001']) {
      expect(row).toHaveTextContent(text);
    }
    expect(within(row).getByRole('link', { name: 'ZAINABU DOTO' })).toHaveAttribute(
      'href',
      '/dashboard/customers/view?msisdn=255754123456',
    );
    expect(sent('/api/v1/search/transaction')).toEqual([{ payment_phone: '0754 123 456', limit: 25, skip: 0 }]);
  });
});

describe('suspense transactions', () => {
  it('lists payments in suspense with their age and total, and sends a fix for approval', async () => {
    await renderApp('/dashboard/suspense-transactions', loggedInSession(FINANCE));
    const ui = jsdomUi();
    await ui.see('heading', 'Suspense transactions');
    await ui.seeText(/1 payments in suspense|1 payment/);
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('LN000129');
    expect(row).toHaveTextContent('3 days');
    await ui.click('button', /^Fix\s*QK71ABC123$/);
    await ui.seeText('The payer’s own loan'.replace('’', "'"));
    // Sending without a loan or reason is refused on the spot.
    await ui.click('button', 'Send for approval');
    await ui.seeAlert('Choose the loan');
    expect(sent('/api/v1/correct_wrong_account_transactions')).toEqual([]);
    await userEvent.click(screen.getByRole('radio', { name: /LN000123/ }));
    await ui.fill('Reason', 'Customer typed 9 for 3');
    await ui.click('button', 'Send for approval');
    await waitFor(() =>
      expect(sent('/api/v1/correct_wrong_account_transactions')).toEqual([
        { transaction_id: 'QK71ABC123', loan_number: 'LN000123', reason: 'Customer typed 9 for 3' },
      ]),
    );
    // The list reloads after the request is recorded.
    await waitFor(() => expect(sent('/api/v1/queue/suspense/accounts').length).toBeGreaterThanOrEqual(3));
  });

  it('shows a refusal in the dialog', async () => {
    await renderApp('/dashboard/suspense-transactions', loggedInSession(FINANCE));
    const ui = jsdomUi();
    await ui.click('button', /^Fix\s*QK71ABC123$/);
    await userEvent.click(await screen.findByRole('radio', { name: /LN000123/ }));
    await ui.fill('Reason', 'Customer typed 9 for 3');
    server.refuseNext = { status: 409, reason: 'request_open', message: 'An allocation of this payment already awaits approval' };
    await ui.click('button', 'Send for approval');
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('alert')).toBeInTheDocument());
  });
});

describe('balance sheet', () => {
  it('shows the sections balanced and drills down to an account’s journal lines', async () => {
    await renderApp('/dashboard/finance/balance-sheet', loggedInSession(FINANCE));
    const ui = jsdomUi();
    await ui.see('heading', 'Balance sheet');
    await ui.seeText('Balanced: assets equal liabilities plus equity.');
    // Each section scrolls sideways in a frame the keyboard can reach, named for a screen reader as its section.
    const assets = screen.getByRole('region', { name: 'Assets' });
    expect(assets).toHaveAttribute('tabindex', '0');
    expect(within(assets).getByRole('button', { name: /Loans receivable/ })).toBeInTheDocument();
    await ui.click('button', /Loans receivable/);
    await ui.see('heading', 'Journal lines of Loans receivable');
    await ui.seeText('Repayment QK71ABC123 of LN000123');
    expect(sent('/api/v1/finance/journal')).toEqual([{ account: 'loans_receivable', limit: 25, skip: 0 }]);
    await ui.see('button', 'Export CSV');
  });
});

describe('capital accounting', () => {
  it('shows the chart of accounts and refuses a deduction below the minimum with the reason', async () => {
    await renderApp('/dashboard/capital-accounting', loggedInSession(FINANCE));
    const ui = jsdomUi();
    await ui.see('heading', 'Capital accounting');
    await ui.seeText('Operating bank account');
    await ui.see('link', 'Open the external chart of accounts');
    await ui.click('button', 'Deduct capital');
    await ui.click('button', 'Send for approval');
    await ui.seeText('valid account required');
    await ui.select('Account', 'bank_operating');
    await ui.fill('Amount (TZS)', '900000');
    await ui.fill('Reference (bank or wallet)', 'CRDB-1');
    await ui.fill('Reason', 'Dividend to owners');
    server.refuseNext = { status: 409, reason: 'below_minimum_balance', message: 'At most TZS 500,000 may be deducted' };
    await ui.click('button', 'Send for approval');
    await ui.seeAlert(/below its minimum balance. At most TZS 500,000 may be deducted/);
    expect(sent('/api/v1/deduct_working_capital_injection')).toEqual([
      { account: 'bank_operating', amount: 900_000, reference: 'CRDB-1', reason: 'Dividend to owners' },
    ]);
  });
});
