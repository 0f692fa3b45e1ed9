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
  loanOver: {} as Record<string, unknown>,
  pdfs: [] as Array<{ filename: string; title: string; lines?: readonly string[]; header: readonly string[]; rows: unknown[][] }>,
  unlock: null as null | { status: string; until: string; request_id: number },
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

vi.mock('../../src/services/pdf', () => ({
  saveTablePdf: async (table: { filename: string; title: string; header: readonly string[]; rows: unknown[][] }) => {
    server.pdfs.push(table);
    return { rows: table.rows.length };
  },
}));

const deposit = (n: number, status: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  started_at: '2026-11-01T07:00:00.000Z',
  paid_at: status === 'awaiting_payment' ? null : '2026-11-01T07:05:00.000Z',
  customer: { id: 200 + n, msisdn: `2557550000${n}0`, name: `Asha Deposit ${n}` },
  store: { id: 3, name: 'Kariakoo Shop' },
  agent: { id: 5, name: 'Baraka Mushi' },
  phone: 'Tecno Spark 20',
  repayment_period: 'daily',
  amount: 60000,
  provider: status === 'awaiting_payment' ? null : 'mpesa',
  receipt: status === 'awaiting_payment' ? null : `RCPT${n}`,
  status,
  loan_number: status === 'loan_created' ? `LN10${n}` : null,
});

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
        return { loan: row(body.loan_id, server.loanOver), calls: server.calls_, unlock: server.unlock };
      case '/api/v1/debt_collection/promise_unlock':
        server.unlock = { status: 'pending', until: '2026-11-05', request_id: 31 };
        return { id: 31, kind: 'promise_unlock', status: 'submitted' };
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
      case '/api/v1/first_deposits': {
        const data = [deposit(1, 'awaiting_payment'), deposit(2, 'loan_created')].filter((d) => !body.status || d.status === body.status);
        return {
          from: body.from ?? '2026-10-04',
          to: body.to ?? '2026-11-02',
          total: data.length,
          limit: body.limit,
          skip: body.skip,
          data,
        };
      }
      case '/api/v1/debt_collection/collections':
        return {
          from: body.from ?? '2026-10-04',
          to: body.to ?? '2026-11-02',
          rows:
            body.from === '2026-01-01'
              ? []
              : [{ day: '2026-11-01', collector: { id: 6, name: 'Faraji Ngowi' }, payments: 2, loans: 1, amount: 5400 }],
          totals: body.from === '2026-01-01' ? { payments: 0, amount: 0 } : { payments: 2, amount: 5400 },
        };
      case '/api/v1/call_ratings': {
        const data = [
          {
            id: 'customer_care:1',
            kind: 'customer_care',
            at: '2026-11-01T07:00:00.000Z',
            call_type: 'incoming',
            mood: 'happy',
            description: 'inquiry',
            score: null,
            comment: 'Asked about the balance',
            staff: { id: 7, name: 'Grace Mollel' },
            customer: { id: 101, msisdn: '255754000101', name: 'Neema Juma 1' },
          },
          {
            id: 'debt_collection:1',
            kind: 'debt_collection',
            at: '2026-11-01T06:00:00.000Z',
            call_type: 'outgoing',
            mood: 'neutral',
            description: null,
            score: 4,
            comment: null,
            staff: { id: 6, name: 'Faraji Ngowi' },
            customer: { id: 102, msisdn: '255754000102', name: 'Neema Juma 2' },
          },
        ].filter((r) => !body.kind || r.kind === body.kind);
        return { from: '2026-10-04', to: '2026-11-02', total: data.length, limit: body.limit, skip: body.skip, data };
      }
      case '/api/v1/lipa_pole_pole_loans':
        return { total: 0, limit: body.limit, skip: body.skip, data: [] };
      case '/api/v1/debt_collection/due':
        return {
          today: '2026-11-02',
          week_end: '2026-11-08',
          rows: [],
          totals: { today: { loans: 0, amount: 0 }, week: { loans: 0, amount: 0 } },
        };
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
  server.loanOver = {};
  server.pdfs = [];
  server.unlock = null;
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

  it('asks for the locked device to be unlocked until the promise date, with a reason, and shows it awaiting approval', async () => {
    server.loanOver = { promise: { id: 4, promised_on: '2026-11-05', amount: 5000, paid_since: 0, status: 'open' } };
    await renderApp('/dashboard/collection-worklist?loan=7', loggedInSession(COLLECTOR));
    const ui = jsdomUi();
    await screen.findByRole('heading', { name: 'Collecting from Neema Juma 7' }, { timeout: 15_000 });
    await ui.click('button', 'Ask to unlock until the promise date');
    await ui.seeText(/If the promise is broken, it locks again automatically/);
    await ui.click('button', 'Send for approval');
    await ui.seeText('Give a reason of at least 3 characters.');
    expect(sent('/api/v1/debt_collection/promise_unlock')).toEqual([]);
    await ui.fill('Why should it be unlocked?', 'Needs the phone to sell at the market');
    await ui.click('button', 'Send for approval');
    await waitFor(() =>
      expect(sent('/api/v1/debt_collection/promise_unlock')).toEqual([{ loan_id: 7, reason: 'Needs the phone to sell at the market' }]),
    );
    await ui.seeText(/Awaiting approval \(until/);
    expect(screen.queryByRole('button', { name: 'Ask to unlock until the promise date' })).toBeNull();
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
    await ui.click('button', 'Export PDF');
    await waitFor(() => expect(server.pdfs).toHaveLength(1));
    expect(server.pdfs[0]).toMatchObject({
      filename: 'defaulters-reasons-2026-10-20-2026-10-31.pdf',
      title: 'Defaulters reasons report',
      header: ['Reason', 'Ageing category', 'Region', 'Defaulters', 'Amount due'],
    });
    expect(server.pdfs[0]!.rows[0]).toEqual(['Business is slow', 'Doubtful (15-30 days)', 'Dar es Salaam', 3, 90000]);
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

describe('deposits', () => {
  it('lists the first deposits, filters by status on the server, refuses a bad period, and exports a PDF with the filters', async () => {
    await renderApp('/dashboard/deposits', loggedInSession(MANAGER));
    const ui = jsdomUi();
    const grid = await table();
    await ui.see('heading', 'First deposits');
    expect(within(grid).getByText('Asha Deposit 1')).toBeInTheDocument();
    expect(within(grid).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(grid).getByText('LN102')).toBeInTheDocument();
    expect(sent('/api/v1/first_deposits')[0]).toEqual({ limit: 25, skip: 0 });
    // The networks by their brand names, as the stores' billers and finance's figures name them (Tigo Pesa is Mixx by Yas).
    expect(
      within(screen.getByLabelText('Provider'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'M-Pesa', 'Mixx by Yas (Tigo Pesa)', 'Airtel Money', 'HaloPesa']);
    await ui.fill('Started from', '2026-10-20');
    await ui.fill('Started to', '2026-10-10');
    await ui.click('button', 'Apply');
    await ui.seeText('Choose an end on or after the start, at most a year later.');
    expect(sent('/api/v1/first_deposits')).toHaveLength(1);
    await ui.fill('Started from', '');
    await ui.fill('Started to', '');
    await ui.select('Status', 'loan_created');
    await ui.click('button', 'Apply');
    await waitFor(() => expect(sent('/api/v1/first_deposits').at(-1)).toEqual({ status: 'loan_created', limit: 25, skip: 0 }));
    await waitFor(() => expect(screen.queryByText('Asha Deposit 1')).toBeNull());
    await ui.click('button', 'Export PDF');
    await waitFor(() => expect(server.pdfs).toHaveLength(1));
    expect(server.pdfs[0]).toMatchObject({ filename: 'first-deposits.pdf', title: 'First deposits', lines: ['Status: Loan created'] });
    expect(server.pdfs[0]!.rows).toEqual([
      [
        '2026-11-01T07:00:00.000Z',
        '2026-11-01T07:05:00.000Z',
        'Asha Deposit 2',
        '255755000020',
        'Kariakoo Shop',
        'Baraka Mushi',
        'Tecno Spark 20',
        'Daily',
        60000,
        'M-Pesa',
        'RCPT2',
        'Loan created',
        'LN102',
      ],
    ]);
  });
});

describe('collections made', () => {
  it('shows what each collector collected by day, with totals, says when a period has none, and saves a PDF', async () => {
    await renderApp('/dashboard/collections', loggedInSession(COLLECTOR));
    const ui = jsdomUi();
    const grid = await screen.findByRole('table', { name: 'Collections made' }, { timeout: 15_000 });
    await ui.see('heading', 'Collections made');
    expect(within(grid).getByText('Faraji Ngowi')).toBeInTheDocument();
    expect(within(grid).getByText('Total')).toBeInTheDocument();
    await ui.click('button', 'Export PDF');
    await waitFor(() => expect(server.pdfs).toHaveLength(1));
    expect(server.pdfs[0]).toMatchObject({ filename: 'collections-2026-10-04-2026-11-02.pdf', title: 'Collections made' });
    expect(server.pdfs[0]!.rows).toEqual([['2026-11-01', 'Faraji Ngowi', 2, 1, 5400]]);
    await ui.fill('From', '2026-01-01');
    await ui.fill('To', '2026-01-31');
    await ui.click('button', 'Show');
    await ui.seeText('No collections in this period.');
    expect(sent('/api/v1/debt_collection/collections').at(-1)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });
});

describe('call ratings', () => {
  it('lists both kinds of rating, filters by kind on the server, and exports the filtered rows as CSV', async () => {
    await renderApp('/dashboard/call-ratings', loggedInSession(['RATE_CALL']));
    const ui = jsdomUi();
    const grid = await table();
    await ui.see('heading', 'Call ratings');
    expect(within(grid).getByText('Inquiry')).toBeInTheDocument();
    expect(within(grid).getByText('4/5')).toBeInTheDocument();
    await ui.select('Kind of call', 'debt_collection');
    await ui.click('button', 'Apply');
    await waitFor(() => expect(sent('/api/v1/call_ratings').at(-1)).toEqual({ kind: 'debt_collection', limit: 25, skip: 0 }));
    await waitFor(() => expect(screen.queryByText('Neema Juma 1')).toBeNull());
    await ui.click('button', 'Export CSV');
    await waitFor(() => expect(server.saved).toHaveLength(1));
    const lines = server.saved[0]!.content.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('When,Kind of call,Call,Customer,Phone number,Mood,About,Score,Rated by,Comment');
    expect(lines.slice(1)).toEqual([
      '2026-11-01T06:00:00.000Z,Debt collection,Outgoing,Neema Juma 2,255754000102,Neutral,,4,Faraji Ngowi,',
    ]);
  });
});
