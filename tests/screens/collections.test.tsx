import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The collection calls, in memory: what was asked, and what the next answer is. */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  failNext: null as null | object,
  rows: [] as any[],
  calls_: [] as any[],
  saved: [] as Array<{ name: string; content: string }>,
}));

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  loan_number: `LN00${id}`,
  customer: { id: id + 100, msisdn: `25575400${String(id).padStart(4, '0')}`, name: `Neema Juma ${id}` },
  store: { id: 3, name: 'Kariakoo Shop' },
  region: { id: 1, name: 'Dar es Salaam' },
  agent: { id: 5, name: 'Baraka Mushi' },
  days_defaulted: 20,
  category: 'doubtful',
  amount_due: 36000,
  loan_balance: 200000,
  last_repayment_date: '2026-10-10',
  next_repayment_date: '2026-10-13',
  device: { imei: '356938035643809', is_locked: true, last_check_in: '2026-11-01T07:00:00.000Z' },
  collector: null,
  last_call: null,
  next_action_date: null,
  promise: null,
  broken_promise: false,
  ...over,
});

vi.mock('../../src/services/download', () => ({
  saveFile: (name: string, _type: string, content: string) => server.saved.push({ name, content }),
}));

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any }) => {
    server.calls.push({ path: route.path, body: options.body });
    if (server.failNext) {
      const failure = server.failNext;
      server.failNext = null;
      throw failure;
    }
    const body = options.body ?? {};
    switch (route.path) {
      case '/api/v1/debt_collector/defaulters_list':
      case '/api/v1/npl_debt_collector/defaulters_list':
      case '/api/v1/defaulters_list': {
        const data = body.search === 'nobody' ? [] : server.rows.slice(body.skip, body.skip + body.limit);
        return { total: body.search === 'nobody' ? 0 : server.rows.length, limit: body.limit, skip: body.skip, data };
      }
      case '/api/v1/debt_collectors':
        return { data: [{ id: 6, name: 'Faraji Ngowi', username: 'collector', assigned: 4 }] };
      case '/api/v1/debt_collection/assign':
        return { assigned: body.loan_ids.length, collector_id: body.collector_id };
      case '/api/v1/get_debt_collection_calls':
        return { loan: row(body.loan_id), calls: server.calls_ };
      case '/api/v1/debt_collection_call':
        server.calls_ = [
          {
            id: 1,
            loan_id: body.loan_id,
            call_type: body.call_type,
            outcome: body.outcome,
            reason: body.reason ?? null,
            remark: body.remark ?? null,
            next_action_date: null,
            days_defaulted: 20,
            amount_due: 36000,
            by: 'Faraji Ngowi',
            at: '2026-11-02T08:00:00.000Z',
            promise: body.promise ? { id: 1, ...body.promise, paid_since: 0, status: 'open' } : null,
            comments: [],
            ratings: [],
          },
        ];
        return server.calls_[0];
      case '/api/v1/defaulters_reports':
        return {
          from: body.from ?? '2026-10-04',
          to: body.to ?? '2026-11-02',
          rows: [
            { reason: 'business_slow', category: 'doubtful', region: { id: 1, name: 'Dar es Salaam' }, defaulters: 3, amount_due: 90000 },
            { reason: 'not_given', category: 'watchful', region: { id: 2, name: 'Mwanza' }, defaulters: 1, amount_due: 7200 },
          ],
          totals: { defaulters: 4, amount_due: 97200 },
        };
      case '/api/v1/lipa_pole_pole_loans':
        return { total: 0, limit: body.limit, skip: body.skip, data: [] };
      default:
        throw { status: 500, message: `unexpected ${route.path}` };
    }
  },
}));

beforeEach(() => {
  server.calls = [];
  server.failNext = null;
  server.rows = [row(1), row(2, { category: 'non-performing', days_defaulted: 40 })];
  server.calls_ = [];
  server.saved = [];
});

const COLLECTOR = ['VIEW_MY_DEFAULTERS_LIST_REPORT', 'VIEW_NPL_DEFAULTERS_LIST_REPORT', 'VIEW_DEFAULTERS_REASONS_REPORT'];
const MANAGER = ['VIEW_ALL_DEFAULTERS_LIST_REPORT', 'VIEW_CUSTOMER_LOANS'];
/** The first render loads the screen's chunk and its strings: on a busy machine that takes a while. */
const table = () => screen.findByRole('table', {}, { timeout: 15_000 });
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);

describe('the defaulters list', () => {
  it("shows a collector their own list and the non-performing one, never everyone's", async () => {
    await renderApp('/dashboard/defaulters_list', loggedInSession(COLLECTOR));
    const ui = jsdomUi();
    const grid = await table();
    await ui.see('heading', 'Defaulters list');
    await ui.see('tab', 'My defaulters');
    await ui.see('tab', 'Non-performing');
    expect(screen.queryByRole('tab', { name: 'All defaulters' })).toBeNull();
    expect(within(grid).getByRole('link', { name: 'Neema Juma 1' })).toHaveAttribute('href', '/dashboard/collection-worklist?loan=1');
    expect(within(grid).getAllByText('Doubtful (15-30 days)')).toHaveLength(1);
    expect(sent('/api/v1/debt_collector/defaulters_list')[0]).toEqual({ limit: 25, skip: 0 });
    await ui.click('tab', 'Non-performing');
    await waitFor(() => expect(sent('/api/v1/npl_debt_collector/defaulters_list')).toHaveLength(1));
  });

  it('takes agent, store, region and category from the link, and says which it could not use', async () => {
    await renderApp('/dashboard/defaulters_list?store=3&category=doubtful&agent=x', loggedInSession(MANAGER));
    const ui = jsdomUi();
    await table();
    expect(sent('/api/v1/defaulters_list')[0]).toEqual({ store_id: 3, category: 'doubtful', limit: 25, skip: 0 });
    await ui.seeAlert('ignored: agent');
    await ui.see('button', 'Clear the filter Store #3');
    await ui.click('button', 'Clear the filter Store #3');
    await waitFor(() => expect(sent('/api/v1/defaulters_list').at(-1)).toEqual({ category: 'doubtful', limit: 25, skip: 0 }));
  });

  it('searches and sorts on the server, and says when nothing matches', async () => {
    await renderApp('/dashboard/defaulters_list', loggedInSession(MANAGER));
    const ui = jsdomUi();
    await table();
    await ui.select('Ageing category', 'watchful');
    await ui.select('Sort by', 'amount_due');
    await ui.fill('Phone number, loan number or name', 'nobody');
    await ui.click('button', 'Apply');
    await ui.seeText('Nothing here yet');
    expect(sent('/api/v1/defaulters_list').at(-1)).toEqual({
      category: 'watchful',
      search: 'nobody',
      sort: 'amount_due',
      limit: 25,
      skip: 0,
    });
  });

  it('a manager assigns the chosen defaulters to a collector, and the list reloads', async () => {
    await renderApp('/dashboard/defaulters_list', loggedInSession(MANAGER));
    const ui = jsdomUi();
    await table();
    await ui.click('checkbox', 'Select Neema Juma 1');
    await ui.click('checkbox', 'Select Neema Juma 2');
    await ui.seeText('2 defaulters selected');
    await ui.click('button', 'Assign');
    await ui.seeText('Choose a collector');
    expect(sent('/api/v1/debt_collection/assign')).toEqual([]);
    await ui.select('Collector', '6');
    await ui.click('button', 'Assign');
    await waitFor(() => expect(sent('/api/v1/debt_collection/assign')).toEqual([{ loan_ids: [1, 2], collector_id: 6 }]));
    await waitFor(() => expect(sent('/api/v1/defaulters_list')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Assign to a collector' })).toBeNull());
  });

  it('says why a list could not load, and tries again', async () => {
    server.failNext = { status: 500, message: 'boom' };
    await renderApp('/dashboard/defaulters_list', loggedInSession(COLLECTOR));
    const ui = jsdomUi();
    await ui.seeAlert('Could not load data');
    await ui.click('button', 'Retry');
    await table();
  });

  it('exports the filtered list as CSV with the headers in the chosen language', async () => {
    await renderApp('/dashboard/defaulters_list?category=doubtful', loggedInSession(MANAGER));
    const ui = jsdomUi();
    await table();
    await ui.click('button', 'Export CSV');
    await ui.seeText('2 rows saved to the file.');
    expect(sent('/api/v1/defaulters_list').at(-1)).toEqual({ category: 'doubtful', limit: 200, skip: 0 });
    const [file] = server.saved;
    expect(file!.name).toBe('defaulters-all.csv');
    const lines = file!.content.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Customer,Phone number,Loan,Region,Store,Agent,Ageing category,Days defaulted,Amount due/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Neema Juma 1,255754000001,LN001,Dar es Salaam,Kariakoo Shop,Baraka Mushi,Doubtful (15-30 days),20,36000');
  });
});

describe('the collection worklist', () => {
  it('logs a call with a promise to pay, refusing a promise without its amount', async () => {
    await renderApp('/dashboard/collection-worklist?loan=7', loggedInSession(COLLECTOR));
    const ui = jsdomUi();
    await screen.findByRole('heading', { name: 'Collecting from Neema Juma 7' }, { timeout: 15_000 });
    await ui.seeText('No call logged yet.');
    await ui.click('button', 'Log a call');
    await ui.select('Outcome', 'promised_to_pay');
    await ui.select('Defaulting reason', 'sickness');
    await ui.fill('Promised to pay by', '2026-11-05');
    await ui.click('button', 'Save the call');
    await ui.seeText('Enter a whole amount in TZS, more than 0');
    expect(sent('/api/v1/debt_collection_call')).toEqual([]);
    await ui.fill('Promised amount (TZS)', '5000');
    await ui.click('button', 'Save the call');
    await waitFor(() =>
      expect(sent('/api/v1/debt_collection_call')).toEqual([
        {
          loan_id: 7,
          call_type: 'outgoing',
          outcome: 'promised_to_pay',
          reason: 'sickness',
          promise: { promised_on: '2026-11-05', amount: 5000 },
        },
      ]),
    );
    await ui.seeText('Reached, promised to pay');
    await ui.seeText('Reason: Sickness');
  });

  it('says plainly when the defaulter is not in a list the user may work', async () => {
    server.failNext = { status: 404, message: 'No such loan', reason: 'not_found' };
    await renderApp('/dashboard/collection-worklist?loan=7', loggedInSession(COLLECTOR));
    await jsdomUi().seeAlert('This defaulter is not in any list you may work, or no longer exists.');
  });
});

describe('the defaulters reasons report', () => {
  it('shows counts and amounts by reason, category and region, and refuses an end before the start', async () => {
    await renderApp('/dashboard/defaulters_reasons_report', loggedInSession(COLLECTOR));
    const ui = jsdomUi();
    const grid = await table();
    await ui.see('heading', 'Defaulters reasons report');
    expect(within(grid).getByText('Business is slow')).toBeInTheDocument();
    expect(within(grid).getByText('Not given')).toBeInTheDocument();
    expect(within(grid).getByText('Total')).toBeInTheDocument();
    await ui.fill('From', '2026-10-20');
    await ui.fill('To', '2026-10-10');
    await ui.click('button', 'Show');
    await ui.seeText('The end must not be before the start');
    expect(sent('/api/v1/defaulters_reports')).toEqual([{}]);
    await ui.fill('To', '2026-10-31');
    await ui.click('button', 'Show');
    await waitFor(() => expect(sent('/api/v1/defaulters_reports').at(-1)).toEqual({ from: '2026-10-20', to: '2026-10-31' }));
    await ui.click('button', 'Export CSV');
    await ui.seeText('File saved.');
    expect(server.saved[0]!.content).toContain('Reason,Ageing category,Region,Defaulters,Amount due');
  });
});

describe('loans', () => {
  it('lists by tab and says when a tab is empty', async () => {
    await renderApp('/dashboard/loans?store=4', loggedInSession(MANAGER));
    const ui = jsdomUi();
    await screen.findByRole('heading', { name: 'Loans' }, { timeout: 15_000 });
    await ui.seeText('Nothing here yet');
    expect(sent('/api/v1/lipa_pole_pole_loans')[0]).toEqual({ store_id: 4, tab: 'active', limit: 25, skip: 0 });
    await ui.click('tab', 'Defaulted');
    await waitFor(() => expect(sent('/api/v1/lipa_pole_pole_loans').at(-1)).toEqual({ store_id: 4, tab: 'defaulted', limit: 25, skip: 0 }));
  });
});
