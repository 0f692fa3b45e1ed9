import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The analytics calls, in memory: what was asked (path and query) and what each answers. */
const server = vi.hoisted(() => ({ calls: [] as Array<{ path: string; query?: Record<string, unknown> }>, fail: null as null | object }));

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
  ...over,
});

const auth = {
  scope: { kind: 'shop_owner', label: 'Owner B' },
  reports: ['bi_dashboard', 'agent_analysis', 'bi_phone_model'],
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
};

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { query?: Record<string, unknown> } = {}) => {
    server.calls.push({ path: route.path, query: options.query });
    if (server.fail && route.path !== '/settings') throw server.fail;
    if (route.path === '/settings') return { company: 'Simu Test' };
    if (route.path === '/api/v1/bi_auth') return auth;
    if (route.path === '/api/v1/agent_analysis') return agentAnalysis;
    if (route.path === '/api/v1/home_figures') {
      return {
        portfolio: null,
        agent: { salesThisWeek: 4, depositsThisWeek: 200_000, customersInArrears: 3, arrearsBalance: 45_000 },
        approvals: null,
      };
    }
    throw { status: 404, message: `unexpected ${route.path}` };
  },
}));

beforeEach(() => {
  server.calls = [];
  server.fail = null;
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
    expect(bar).toHaveAttribute('href', '/dashboard/defaulters_list?agent=8&category=non_performing');
    expect(screen.getByRole('link', { name: 'Elia Msuya' })).toHaveAttribute(
      'href',
      '/dashboard/defaulters_list?agent=8&category=non_performing',
    );
    expect(screen.getByTestId('bar-9')).toHaveAttribute('href', '/dashboard/defaulters_list?agent=9&category=non_performing');
    await userEvent.click(bar);
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/dashboard/defaulters_list?agent=8&category=non_performing'),
    );
  });

  it('puts a filter in the URL and asks the server with it', async () => {
    await renderApp('/bi/view?report=agent_analysis', loggedInSession(ANALYST));
    await screen.findByRole('table', { name: 'PAR 30 by agent' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Store' }), '3');
    await waitFor(() => expect(window.location.search).toBe('?report=agent_analysis&period=30d&store=3'));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/api/v1/agent_analysis').at(-1)?.query).toEqual({ period: '30d', store: '3' }),
    );
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
    await ui.see('heading', 'Your shortcuts');
  });
});
