import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** Customer conversion, claimed customers and collections due (decision 028), over calls kept in memory. */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  fail: new Set<string>(),
  empty: false,
  /** Rows of collections due beyond the first, one per store. */
  dueStores: 0,
  saved: [] as Array<{ name: string; content: string }>,
  pdfs: [] as Array<{ filename: string; title: string; lines?: readonly string[]; header: readonly string[]; rows: unknown[][] }>,
}));

vi.mock('../../src/services/download', () => ({
  saveFile: (name: string, _type: string, content: string) => server.saved.push({ name, content }),
}));
vi.mock('../../src/services/pdf', () => ({
  saveTablePdf: async (table: { filename: string; title: string; header: readonly string[]; rows: unknown[][] }) => {
    server.pdfs.push(table);
    return { rows: table.rows.length };
  },
}));

const conversion = [
  {
    id: '3:5',
    store: { id: 3, name: 'Kariakoo Shop' },
    agent: { id: 5, name: 'Baraka Mushi' },
    started: 3,
    paid: 2,
    converted: 1,
    rate: 0.3333,
  },
  { id: '4:none', store: { id: 4, name: 'Mwanza Shop' }, agent: null, started: 1, paid: 1, converted: 1, rate: 1 },
];
const claimed = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    claimed_at: '2026-11-01T07:00:00.000Z',
    customer: { id: 201, msisdn: '255755000010', name: 'Asha Claimed' },
    store: { id: 3, name: 'Kariakoo Shop' },
    agent: { id: 5, name: 'Baraka Mushi' },
    standing: 'defaulted',
    loan: { loan_number: 'LN201', days_defaulted: 9, category: 'substandard', amount_due: 16200, loan_balance: 250000 },
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    claimed_at: '2026-10-30T07:00:00.000Z',
    customer: { id: 202, msisdn: '255755000020', name: 'Juma Waiting' },
    store: { id: 3, name: 'Kariakoo Shop' },
    agent: { id: 5, name: 'Baraka Mushi' },
    standing: 'in_progress',
    loan: null,
  },
];

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any }) => {
    server.calls.push({ path: route.path, body: options.body });
    if (server.fail.has(route.path)) {
      server.fail.delete(route.path);
      throw { status: 500, message: 'boom' };
    }
    const body = options.body ?? {};
    const page = (rows: any[]) => {
      const data = server.empty ? [] : rows;
      return { from: body.from ?? '2026-10-04', to: body.to ?? '2026-11-02', total: data.length, limit: body.limit, skip: body.skip, data };
    };
    switch (route.path) {
      case '/api/v1/customers/conversion':
        return {
          ...page(conversion.filter((r) => !body.store_id || r.store.id === body.store_id)),
          totals: server.empty ? { started: 0, paid: 0, converted: 0, rate: 0 } : { started: 4, paid: 3, converted: 2, rate: 0.5 },
        };
      case '/api/v1/customers/claimed':
        return page(claimed.filter((r) => !body.standing || r.standing === body.standing));
      case '/api/v1/debt_collection/due': {
        const rows = server.empty
          ? []
          : [
              {
                store: { id: 3, name: 'Kariakoo Shop' },
                agent: { id: 5, name: 'Baraka Mushi' },
                today: { loans: 2, amount: 3600 },
                week: { loans: 3, amount: 19800 },
              },
              // Head office's many stores: a row each, paged by the server.
              ...Array.from({ length: server.dueStores }, (_, i) => ({
                store: { id: 100 + i, name: `Store ${i + 1}` },
                agent: null,
                today: { loans: 0, amount: 0 },
                week: { loans: 1, amount: 1000 },
              })),
            ];
        const { limit = 25, skip = 0 } = body as { limit?: number; skip?: number };
        return {
          today: '2026-11-02',
          week_end: '2026-11-08',
          checked_at: '2026-11-02T06:00:00.000Z',
          total: rows.length,
          limit,
          skip,
          rows: rows.slice(skip, skip + limit),
          totals: server.empty
            ? { today: { loans: 0, amount: 0 }, week: { loans: 0, amount: 0 } }
            : { today: { loans: 2, amount: 3600 }, week: { loans: 3 + server.dueStores, amount: 19800 + 1000 * server.dueStores } },
        };
      }
      case '/api/v1/debt_collection/collections':
        return { from: '2026-10-04', to: '2026-11-02', rows: [], totals: { payments: 0, amount: 0 } };
      default:
        throw { status: 500, message: `unexpected ${route.path}` };
    }
  },
}));

beforeEach(() => {
  server.calls = [];
  server.fail = new Set();
  server.empty = false;
  server.dueStores = 0;
  server.saved = [];
  server.pdfs = [];
});

const MANAGER = ['VIEW_ALL_DEFAULTERS_LIST_REPORT', 'VIEW_CUSTOMER_LOANS'];
const table = (name: string) => screen.findByRole('table', { name }, { timeout: 15_000 });
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const csvLines = (i = 0) => server.saved[i]!.content.replace('\uFEFF', '').trim().split('\r\n');

describe('customer conversion', () => {
  it('shows started, paid and converted by store and agent with the totals, narrows to a store, and exports the CSV', async () => {
    await renderApp('/dashboard/customers/conversion', loggedInSession(MANAGER));
    const ui = jsdomUi();
    const grid = await table('Customer conversion');
    await ui.see('heading', 'Customer conversion');
    expect(within(grid).getByText('Baraka Mushi')).toBeInTheDocument();
    expect(within(grid).getByText('33.3%')).toBeInTheDocument();
    await ui.seeText('4 customers started, 3 paid, 2 took a loan: 50% converted.');
    const link = within(grid).getByRole('link', { name: 'Claimed customers of Baraka Mushi at Kariakoo Shop' });
    expect(link.getAttribute('href')).toBe('/dashboard/customers/claimed?store=3&agent=5');
    expect(sent('/api/v1/customers/conversion')).toContainEqual({ limit: 25, skip: 0 });
    await ui.click('button', 'Mwanza Shop');
    await waitFor(() => expect(sent('/api/v1/customers/conversion').at(-1)).toMatchObject({ store_id: 4 }));
    await ui.seeText('Store #4');
    await waitFor(() => expect(screen.queryByText('Baraka Mushi')).toBeNull());
    await ui.click('button', 'Export CSV');
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]!.name).toBe('customer-conversion.csv');
    expect(csvLines()).toEqual(['Store,Agent,Started,Paid,Took a loan,Conversion', 'Mwanza Shop,,1,1,1,100%']);
    await ui.click('button', 'Clear the filter Store #4');
    await waitFor(() => expect(sent('/api/v1/customers/conversion').at(-1)).toEqual({ limit: 25, skip: 0 }));
  });

  it('refuses an end before the start, says when nothing started, and says why the list could not load', async () => {
    server.fail.add('/api/v1/customers/conversion');
    await renderApp('/dashboard/customers/conversion', loggedInSession(MANAGER));
    const ui = jsdomUi();
    await screen.findAllByRole('alert', {}, { timeout: 15_000 });
    server.empty = true;
    await ui.fill('Started from', '2026-10-20');
    await ui.fill('Started to', '2026-10-10');
    await ui.click('button', 'Apply');
    await ui.seeText('Choose an end on or after the start, at most a year later.');
    await ui.fill('Started to', '2026-10-25');
    await ui.click('button', 'Apply');
    await waitFor(() =>
      expect(sent('/api/v1/customers/conversion').at(-1)).toEqual({ from: '2026-10-20', to: '2026-10-25', limit: 25, skip: 0 }),
    );
    await ui.seeText('0 customers started, 0 paid, 0 took a loan: 0% converted.');
  });
});

describe('claimed customers', () => {
  it('takes the store and agent from the link, shows the standing, filters by it on the server, and exports a PDF', async () => {
    await renderApp('/dashboard/customers/claimed?store=3&agent=5', loggedInSession(MANAGER));
    const ui = jsdomUi();
    const grid = await table('Claimed customers');
    await ui.see('heading', 'Claimed customers');
    expect(sent('/api/v1/customers/claimed')[0]).toEqual({ store_id: 3, agent_id: 5, limit: 25, skip: 0 });
    await ui.seeText('Store #3 · Agent #5');
    expect(within(grid).getByText('In default')).toBeInTheDocument();
    expect(within(grid).getByText('Substandard (8-14 days)')).toBeInTheDocument();
    expect(within(grid).getByText('Deposit in progress')).toBeInTheDocument();
    await ui.select('Standing', 'defaulted');
    await ui.click('button', 'Apply');
    await waitFor(() =>
      expect(sent('/api/v1/customers/claimed').at(-1)).toEqual({ store_id: 3, agent_id: 5, standing: 'defaulted', limit: 25, skip: 0 }),
    );
    await waitFor(() => expect(screen.queryByText('Juma Waiting')).toBeNull());
    await ui.click('button', 'Export PDF');
    await waitFor(() => expect(server.pdfs).toHaveLength(1));
    expect(server.pdfs[0]).toMatchObject({
      filename: 'claimed-customers.pdf',
      title: 'Claimed customers',
      lines: ['Store: 3', 'Agent: 5', 'Standing: In default'],
    });
    expect(server.pdfs[0]!.header[5]).toBe('Standing');
    expect(server.pdfs[0]!.rows).toEqual([
      [
        '2026-11-01T07:00:00.000Z',
        'Asha Claimed',
        '255755000010',
        'Kariakoo Shop',
        'Baraka Mushi',
        'In default',
        'LN201',
        9,
        16200,
        250000,
      ],
    ]);
  });

  it('says when no customer was claimed', async () => {
    server.empty = true;
    await renderApp('/dashboard/customers/claimed', loggedInSession(MANAGER));
    const ui = jsdomUi();
    await ui.see('heading', 'Claimed customers');
    await waitFor(() => expect(sent('/api/v1/customers/claimed')).toHaveLength(1), { timeout: 15_000 });
    expect(await screen.findByText('Nothing here yet', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('collections due', () => {
  it('shows what falls due today and this week by store and agent, with totals, and saves the CSV', async () => {
    await renderApp('/dashboard/collections', loggedInSession(MANAGER));
    const ui = jsdomUi();
    const grid = await table('Collections due');
    await ui.see('heading', 'Collections');
    expect(within(grid).getByText('Kariakoo Shop')).toBeInTheDocument();
    expect(within(grid).getAllByText('Total')).toHaveLength(1);
    await ui.seeText('Today, Nov 2, 2026, and the week to Nov 8, 2026');
    // 06:00 UTC is 09:00 in Dar es Salaam, where the figures were worked out by the hourly run.
    await ui.seeText(/^Figures as of Nov 2, 2026, 9:00\sAM: they are worked out every hour/);
    await ui.click('button', 'Export CSV');
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]!.name).toBe('collections-due-2026-11-02.csv');
    expect(csvLines()).toEqual([
      'Store,Agent,Loans due today,Due today,Loans due this week,Due this week',
      'Kariakoo Shop,Baraka Mushi,2,3600,3,19800',
    ]);
  });

  it("pages head office's rows 50 at a time, totals over all of them, and exports every row", async () => {
    server.dueStores = 59;
    await renderApp('/dashboard/collections', loggedInSession(MANAGER));
    const ui = jsdomUi();
    let grid = await table('Collections due');
    expect(within(grid).getByText('Kariakoo Shop')).toBeInTheDocument();
    expect(within(grid).getByText('Store 49')).toBeInTheDocument();
    expect(within(grid).queryByText('Store 50')).toBeNull();
    await ui.seeText('1–50 of 60');
    expect(sent('/api/v1/debt_collection/due').at(-1)).toEqual({ limit: 50, skip: 0 });
    await ui.click('button', 'Next');
    await ui.seeText('51–60 of 60');
    grid = await table('Collections due');
    expect(within(grid).getByText('Store 50')).toBeInTheDocument();
    expect(within(grid).getByText('Store 59')).toBeInTheDocument();
    expect(within(grid).queryByText('Kariakoo Shop')).toBeNull();
    // The week's total is every store's, on every page.
    expect(within(grid).getByText('62')).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await ui.click('button', 'Export CSV');
    await waitFor(() => expect(server.saved).toHaveLength(1));
    const lines = csvLines();
    expect(lines).toHaveLength(61);
    expect(lines[1]).toBe('Kariakoo Shop,Baraka Mushi,2,3600,3,19800');
    expect(lines[60]).toBe('Store 59,,0,0,1,1000');
    await ui.click('button', 'Previous');
    await ui.seeText('1–50 of 60');
  });

  it('says when nothing falls due, and tries again after a failure', async () => {
    server.fail.add('/api/v1/debt_collection/due');
    await renderApp('/dashboard/collections', loggedInSession(MANAGER));
    const ui = jsdomUi();
    await screen.findAllByRole('alert', {}, { timeout: 15_000 });
    server.empty = true;
    await ui.click('button', 'Retry');
    await ui.seeText('Nothing falls due this week.');
  });
});
