import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The analytics calls, in memory: what was asked (path and query) and what each answers. */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; query?: Record<string, unknown> }>,
  fail: null as null | object,
  home: null as null | Record<string, unknown>,
}));

const row = (key: string, label: string, over: Record<string, unknown> = {}) => ({
  key,
  label,
  activeLoans: 10,
  grossReceivable: 1_000_000,
  par1: 0.2,
  par7: 0.15,
  par30: 0.1,
  par90: 0.05,
  par30Balance: 100_000,
  loansLate: 2,
  collectionRate: 0.8,
  collected: 80_000,
  due: 100_000,
  loansStarted: 3,
  depositsTaken: 150_000,
  writtenOff: 0,
  writeOffRatio: 0,
  firstPaymentDefault: 0.25,
  ownershipRate: null,
  lockedArrears: 1,
  lockedStolen: 0,
  lockedLost: 0,
  handsetsSold: 6,
  averageStock: 4,
  stockTurn: 1.5,
  ...over,
});

const auth = {
  scope: { kind: 'shop_owner', label: 'Owner B' },
  reports: ['bi_dashboard', 'agent_analysis', 'bi_phone_model', 'ageing_migration'],
  filters: {
    regions: [{ id: '1', label: 'Dar es Salaam' }],
    stores: [
      { id: '2', label: 'Store B' },
      { id: '3', label: 'Store C' },
    ],
    agents: [
      { id: '8', label: 'Elia Msuya' },
      { id: '9', label: 'Zuberi Hamisi' },
    ],
    phoneModels: [],
    lockTypes: [],
  },
  asOf: '2026-11-02',
};

const agentAnalysis = {
  report: 'agent_analysis',
  asOf: '2026-11-02',
  period: { code: '30d', from: '2026-10-04', to: '2026-11-02' },
  scope: auth.scope,
  totals: row('total', 'total', { par30: 0.155 }),
  headline: 'par30',
  breakdowns: [{ dimension: 'agent', rows: [row('8', 'Elia Msuya', { par30: 0.34 }), row('9', 'Zuberi Hamisi', { par30: 0 })] }],
  trend: [],
  vintage: [],
  migration: [],
};

const month = (monthEnd: string, previousMonthEnd: string, flows: unknown[]) => ({ monthEnd, previousMonthEnd, flows });
const ageingMigration = {
  ...agentAnalysis,
  report: 'ageing_migration',
  breakdowns: [],
  migration: [
    month('2026-09-30', '2026-08-31', [
      { from: 'new', to: 'current', loans: 2, balanceFrom: 0, balanceTo: 377_000 },
      { from: 'non_performing', to: 'non_performing', loans: 1, balanceFrom: 210_000, balanceTo: 210_000 },
    ]),
    month('2026-10-31', '2026-09-30', [
      { from: 'current', to: 'current', loans: 1, balanceFrom: 177_000, balanceTo: 172_000 },
      { from: 'current', to: 'doubtful', loans: 1, balanceFrom: 200_000, balanceTo: 200_000 },
      { from: 'non_performing', to: 'written_off', loans: 1, balanceFrom: 210_000, balanceTo: 210_000 },
    ]),
  ],
};

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { query?: Record<string, unknown> } = {}) => {
    server.calls.push({ path: route.path, query: options.query });
    if (server.fail && route.path !== '/settings') throw server.fail;
    if (route.path === '/settings') return { company: 'Simu Test' };
    if (route.path === '/api/v1/bi_auth') return auth;
    if (route.path === '/api/v1/agent_analysis') return agentAnalysis;
    if (route.path === '/api/v1/ageing_migration') return ageingMigration;
    if (route.path === '/api/v1/home_figures') {
      return (
        server.home ?? {
          portfolio: null,
          agent: { salesThisWeek: 4, depositsThisWeek: 200_000, customersInArrears: 3, arrearsBalance: 45_000, inStock: 6 },
          approvals: null,
          stores: null,
          collector: null,
          finance: null,
          reconciliation: null,
        }
      );
    }
    throw { status: 404, message: `unexpected ${route.path}` };
  },
}));

beforeEach(() => {
  server.calls = [];
  server.fail = null;
  server.home = null;
});

const ANALYST = ['VIEW_ANALYTICS', 'VIEW_STORES'];

describe('/bi', () => {
  it('lists the analyses the caller may see, with their scope', async () => {
    await renderApp('/bi', loggedInSession(ANALYST));
    const ui = jsdomUi();
    await ui.see('heading', 'Analytics reports');
    await ui.seeText('Your shops (Owner B)');
    const list = screen.getByRole('list', { name: 'Analyses you may open' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      expect.stringContaining('Portfolio dashboard'),
      expect.stringContaining('Agents'),
      expect.stringContaining('By phone model'),
      expect.stringContaining('Ageing migration'),
    ]);
    expect(within(list).getByRole('link', { name: /Agents/ })).toHaveAttribute('href', '/bi/view?report=agent_analysis');
  });

  it('says why when the figures cannot be loaded, and retries', async () => {
    server.fail = { status: 403, message: 'This needs a role whose code contains ANALYTICS (VIEW_ANALYTICS)' };
    await renderApp('/bi', loggedInSession(ANALYST));
    await jsdomUi().seeAlert('Could not load data');
    server.fail = null;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await jsdomUi().seeText('Your shops (Owner B)');
  });
});

describe('/bi/view', () => {
  it('draws PAR 30 by agent as a chart with a table beside it, exportable as CSV', async () => {
    await renderApp('/bi/view?report=agent_analysis', loggedInSession(ANALYST));
    const ui = jsdomUi();
    await ui.see('heading', 'Agents');
    expect(await screen.findByTestId('kpi-par30')).toHaveTextContent('15.5%');
    const table = await screen.findByRole('table', { name: 'PAR 30 by agent' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['34.0%', '0.0%']);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Elia Msuya');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('download', 'agent_analysis-agent.csv');
    expect(decodeURIComponent(csv.getAttribute('href')!)).toContain('Elia Msuya,0.2,0.15,0.34,0.05,0.8,1000000,10,3,150000,0,0.25,,1');
    expect(server.calls.find((c) => c.path === '/api/v1/agent_analysis')?.query).toEqual({ period: '30d' });
  });

  it('drills down from an agent’s bar to that agent’s defaulters', async () => {
    await renderApp('/bi/view?report=agent_analysis', loggedInSession([...ANALYST, 'VIEW_ALL_DEFAULTERS_LIST_REPORT']));
    // The bar is a link in the chart (an SVG <a>, named for a screen reader), the row's name a link in the table.
    const bar = await screen.findByTestId('bar-8', {}, { timeout: 5000 });
    expect(bar).toHaveAttribute('aria-label', 'Elia Msuya: 34.0%');
    expect(bar).toHaveAttribute('href', '/dashboard/defaulters_list?agent=8&category=non-performing');
    expect(screen.getByRole('link', { name: 'Elia Msuya' })).toHaveAttribute(
      'href',
      '/dashboard/defaulters_list?agent=8&category=non-performing',
    );
    expect(screen.getByTestId('bar-9')).toHaveAttribute('href', '/dashboard/defaulters_list?agent=9&category=non-performing');
    await userEvent.click(bar);
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/dashboard/defaulters_list?agent=8&category=non-performing'),
    );
  });

  it('puts a filter in the URL and asks the server with it', async () => {
    await renderApp('/bi/view?report=agent_analysis', loggedInSession(ANALYST));
    const table = await screen.findByRole('table', { name: 'PAR 30 by agent' });
    expect(screen.getByRole('region', { name: 'Table: PAR 30 by agent' })).toContainElement(table);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), '3');
    await waitFor(() => expect(window.location.search).toBe('?report=agent_analysis&period=30d&store=3'));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/api/v1/agent_analysis').at(-1)?.query).toEqual({ period: '30d', store: '3' }),
    );
  });

  it('shows the ageing migration: balances by category at each month-end, one month’s moves, exportable as CSV', async () => {
    await renderApp('/bi/view?report=ageing_migration', loggedInSession(ANALYST));
    const ui = jsdomUi();
    await ui.see('heading', 'Ageing migration month to month');
    const balances = await screen.findByRole('table', { name: 'Balance by ageing category at each month-end' });
    const oct = within(balances).getByRole('rowheader', { name: '2026-10-31' }).closest('tr')!;
    expect(
      within(oct)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['TZS 172,000', 'TZS 0', 'TZS 0', 'TZS 0', 'TZS 200,000', 'TZS 0', 'TZS 210,000']);
    const moves = screen.getByRole('table', { name: 'Moves from 2026-09-30 to 2026-10-31: balance moved (loans)' });
    // Both tables scroll in frames the keyboard reaches, each a region named as its table.
    expect(screen.getByRole('region', { name: 'Moves from 2026-09-30 to 2026-10-31: balance moved (loans)' })).toContainElement(moves);
    expect(screen.getByRole('region', { name: 'Table: Balance by ageing category at each month-end' })).toContainElement(balances);
    expect(
      within(moves)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['Current', 'Non-performing']);
    expect(screen.getByTestId('move-current-doubtful')).toHaveTextContent('TZS 200,000 (1)');
    expect(screen.getByTestId('move-non_performing-written_off')).toHaveTextContent('TZS 210,000 (1)');
    // Another month, picked with the keyboard-usable select.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2026-09-30');
    expect(screen.getByTestId('move-new-current')).toHaveTextContent('TZS 377,000 (2)');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('download', 'ageing_migration-migration.csv');
    expect(decodeURIComponent(csv.getAttribute('href')!)).toContain('2026-10-31,Current,Doubtful,1,200000,200000');
  });

  it('refuses an analysis the caller may not open', async () => {
    await renderApp('/bi/view?report=shop_owners_analysis', loggedInSession(ANALYST));
    await jsdomUi().seeText('There is no such analysis, or it is not one you may open.');
    expect(server.calls.some((c) => c.path === '/api/v1/shop_owners_analysis')).toBe(false);
  });
});

describe('home dashboard', () => {
  it('shows an agent their own figures, and keeps the shortcuts', async () => {
    await renderApp('/dashboard', loggedInSession(['ADD_LOAN', 'FIND_CUSTOMER']));
    const ui = jsdomUi();
    await ui.see('heading', 'Welcome to Simu Test');
    expect(await screen.findByTestId('home-sales')).toHaveTextContent('4');
    expect(screen.getByTestId('home-arrears')).toHaveTextContent('3');
    expect(screen.getByTestId('home-stock')).toHaveTextContent('6');
    await ui.see('heading', 'Your shortcuts');
  });

  const nothing = { portfolio: null, agent: null, approvals: null, stores: null, collector: null, finance: null, reconciliation: null };
  const storeRow = (storeId: string, name: string, over: Record<string, unknown> = {}) => ({
    storeId,
    name,
    salesThisWeek: 2,
    depositsThisWeek: 100_000,
    activeLoans: 40,
    loansLate: 5,
    par30Balance: 300_000,
    par30: 0.125,
    inStock: 7,
    ...over,
  });

  it("shows a shop owner their stores' sales, arrears and stock, each store drilling into its agents, exportable as CSV", async () => {
    server.home = {
      ...nothing,
      stores: {
        scope: { kind: 'shop_owner', label: 'Owner B' },
        asOf: '2026-11-02',
        storeCount: 2,
        totals: {
          salesThisWeek: 3,
          depositsThisWeek: 150_000,
          activeLoans: 60,
          loansLate: 6,
          par30Balance: 300_000,
          par30: 0.1,
          inStock: 9,
        },
        rows: [storeRow('2', 'Store B'), storeRow('3', 'Store C', { salesThisWeek: 1, par30Balance: 0, par30: 0, inStock: 2 })],
      },
    };
    await renderApp('/dashboard', loggedInSession(ANALYST));
    const ui = jsdomUi();
    await ui.see('heading', 'My stores (Owner B)');
    expect(screen.getByTestId('home-stores-sales')).toHaveTextContent('3');
    expect(screen.getByTestId('home-stores-late')).toHaveTextContent('6');
    expect(screen.getByTestId('home-stores-par30')).toHaveTextContent('10.0%');
    expect(screen.getByTestId('home-stores-stock')).toHaveTextContent('9');
    const table = screen.getByRole('table', { name: 'Arrears as of 2026-11-02, stock now.' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Store B', 'Store C']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', 'TZS 100,000', '40', '5', '12.5%', 'TZS 300,000', '7']);
    expect(within(rows[0]!).getByRole('link', { name: 'Store B' })).toHaveAttribute('href', '/bi/view?report=agent_analysis&store=2');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('download', 'my-stores.csv');
    expect(decodeURIComponent(csv.getAttribute('href')!)).toContain('Store C,1,100000,40,5,0,0,2');
    expect(screen.queryByRole('heading', { name: 'My collection list' })).toBeNull();
  });

  it('shows a region lead their region, and says when no store is linked', async () => {
    server.home = {
      ...nothing,
      stores: {
        scope: { kind: 'region', label: 'Coast' },
        asOf: null,
        storeCount: 0,
        totals: { salesThisWeek: 0, depositsThisWeek: 0, activeLoans: 0, loansLate: 0, par30Balance: 0, par30: null, inStock: 0 },
        rows: [],
      },
    };
    await renderApp('/dashboard', loggedInSession(['VIEW_STORES']));
    await jsdomUi().see('heading', "My region's stores (Coast)");
    expect(screen.getByTestId('home-stores-par30')).toHaveTextContent('–');
    await jsdomUi().seeText('No stores are linked to you yet.');
  });

  it('shows a collector their list by ageing category, each opening that category of their defaulters, and their promises', async () => {
    server.home = {
      ...nothing,
      collector: {
        categories: [
          { category: 'due', loans: 3, amountDue: 6_000 },
          { category: 'watchful', loans: 0, amountDue: 0 },
          { category: 'substandard', loans: 1, amountDue: 10_000 },
          { category: 'doubtful', loans: 2, amountDue: 40_000 },
          { category: 'non-performing', loans: 4, amountDue: 120_000 },
        ],
        promisesDueToday: 2,
        promisedToday: 15_000,
        brokenPromises: 1,
      },
    };
    await renderApp('/dashboard', loggedInSession(['VIEW_MY_DEFAULTERS_LIST_REPORT']));
    const ui = jsdomUi();
    await ui.see('heading', 'My collection list');
    expect(screen.getByTestId('home-list-total')).toHaveTextContent('10');
    expect(screen.getByTestId('home-promises-today')).toHaveTextContent('2 · TZS 15,000');
    expect(screen.getByTestId('home-promises-broken')).toHaveTextContent('1');
    const table = screen.getByRole('table', { name: 'My list by ageing category' });
    const npl = within(table).getByRole('link', { name: 'Non-performing' });
    expect(npl).toHaveAttribute('href', '/dashboard/defaulters_list?category=non-performing');
    expect(
      within(npl.closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', 'TZS 120,000']);
    expect(screen.getByRole('link', { name: 'Open my worklist' })).toHaveAttribute('href', '/dashboard/collection-worklist');
  });

  it('tells a collector with nothing assigned that their list is empty', async () => {
    server.home = {
      ...nothing,
      collector: {
        categories: ['due', 'watchful', 'substandard', 'doubtful', 'non-performing'].map((category) => ({
          category,
          loans: 0,
          amountDue: 0,
        })),
        promisesDueToday: 0,
        promisedToday: 0,
        brokenPromises: 0,
      },
    };
    await renderApp('/dashboard', loggedInSession(['VIEW_MY_DEFAULTERS_LIST_REPORT']));
    await jsdomUi().seeText('No loans in arrears are assigned to you.');
    expect(screen.queryByRole('table', { name: 'My list by ageing category' })).toBeNull();
  });

  it('shows finance the money in suspense and its age', async () => {
    server.home = { ...nothing, finance: { suspenseCount: 2, suspenseAmount: 7_000, oldestSuspenseDays: 10, suspenseOver7Days: 4_000 } };
    await renderApp('/dashboard', loggedInSession(['VIEW_SUSPENSE_TRANSACTIONS']));
    const ui = jsdomUi();
    await ui.see('heading', 'Money in suspense');
    expect(screen.getByTestId('home-suspense-count')).toHaveTextContent('2');
    expect(screen.getByTestId('home-suspense-amount')).toHaveTextContent('TZS 7,000');
    expect(screen.getByTestId('home-suspense-oldest')).toHaveTextContent('10 days');
    expect(screen.getByRole('link', { name: 'Open the suspense list' })).toHaveAttribute('href', '/dashboard/suspense-transactions');
    // No reconciliation part for a caller without the reconciliation role.
    expect(screen.queryByRole('heading', { name: 'Statements to reconcile' })).toBeNull();
  });

  it('shows finance the unreconciled days per provider, those awaiting sign-off, and links to reconciliation', async () => {
    server.home = {
      ...nothing,
      reconciliation: {
        from: '2026-10-03',
        to: '2026-11-01',
        providers: [
          { provider: 'mpesa', unreconciledDays: 10, awaitingSignOff: 7, lastReconciledDay: '2026-10-22' },
          { provider: 'tigo_pesa', unreconciledDays: 0, awaitingSignOff: 0, lastReconciledDay: '2026-11-01' },
          { provider: 'airtel_money', unreconciledDays: 30, awaitingSignOff: 5, lastReconciledDay: null },
          { provider: 'halopesa', unreconciledDays: 30, awaitingSignOff: 0, lastReconciledDay: null },
        ],
      },
    };
    await renderApp('/dashboard', loggedInSession(['UPLOAD_RECONCILIATION_DOCUMENT']));
    const ui = jsdomUi();
    await ui.see('heading', 'Statements to reconcile');
    expect(screen.getByTestId('home-unreconciled-days')).toHaveTextContent('70 days');
    expect(screen.getByTestId('home-awaiting-sign-off')).toHaveTextContent('12 days');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Days from 2026-10-03 to 2026-11-01 that no signed-off reconciliation covers.')).toBeInTheDocument();
    const mpesa = within(table).getByRole('rowheader', { name: 'M-Pesa' }).closest('tr')!;
    expect(
      within(mpesa)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '7', '2026-10-22']);
    const airtel = within(table).getByRole('rowheader', { name: 'Airtel Money' }).closest('tr')!;
    expect(
      within(airtel)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['30', '5', 'never']);
    expect(screen.getByRole('link', { name: 'Open reconciliation' })).toHaveAttribute('href', '/dashboard/reconciliation');
    // Keyboard: the table scrolls with the keyboard (a focusable region named after it).
    expect(screen.getByRole('region', { name: 'Unreconciled days by provider' })).toHaveAttribute('tabindex', '0');
  });

  it('says why when the home figures cannot be loaded, and retries', async () => {
    server.fail = { status: 500, message: 'boom' };
    await renderApp('/dashboard', loggedInSession(['VIEW_SUSPENSE_TRANSACTIONS']));
    await jsdomUi().seeAlert('Could not load data');
    server.fail = null;
    server.home = { ...nothing, finance: { suspenseCount: 0, suspenseAmount: 0, oldestSuspenseDays: null, suspenseOver7Days: 0 } };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('home-suspense-oldest')).toHaveTextContent('none');
  });
});
