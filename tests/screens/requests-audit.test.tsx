import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

const server = vi.hoisted(() => ({ queries: [] as Array<{ path: string; query: Record<string, unknown> }> }));

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { query?: Record<string, unknown> }) => {
    server.queries.push({ path: route.path, query: options.query ?? {} });
    if (route.path.endsWith('/csv'))
      return { filename: 'requests.csv', content_type: 'text/csv', rows: 1, truncated: false, csv: 'id,kind\n4,loan_extension\n' };
    const row = {
      id: 4,
      kind: 'loan_extension',
      status: 'denied',
      reason: 'Salary late',
      comment: 'Paid on time since',
      maker: { id: 6, username: 'collector', name: 'Faraji Ngowi' },
      checker: { id: 4, username: 'approver', name: 'Daudi Kimaro' },
      submitted_at: '2026-11-20T08:00:00.000Z',
      decided_at: '2026-11-21T09:00:00.000Z',
      store: null,
      customer: null,
      summary: 'Extend loan L-4 by 7 days',
      before: { loan_number: 'L-4', next_repayment_date: '2026-11-20', days_defaulted: 2 },
      after: { loan_number: 'L-4', next_repayment_date: '2026-11-27', days_defaulted: 0 },
    };
    return { total: 1, limit: 50, skip: 0, data: [row] };
  },
}));

beforeEach(() => {
  server.queries = [];
  URL.createObjectURL = () => 'blob:csv';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = () => undefined;
});

describe('audit of requests', () => {
  it('lists decided requests with maker, checker and comment, and searches by kind and result', async () => {
    await renderApp('/dashboard/requests-audit', loggedInSession(['VIEW_SECURITY']));
    const ui = jsdomUi();
    await ui.see('heading', 'Audit of requests');
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Loan extension');
    expect(row).toHaveTextContent('Denied');
    expect(row).toHaveTextContent('Faraji Ngowi');
    expect(row).toHaveTextContent('Daudi Kimaro');
    expect(row).toHaveTextContent('Paid on time since');
    await ui.select('Kind', 'loan_extension');
    await ui.select('Result', 'denied');
    await ui.click('button', 'Search');
    // Issue 17: the request in the reader's words, from what it changes.
    await ui.seeText('Move the next payment of L-4 from Nov 20, 2026 to Nov 27, 2026');
    expect(server.queries.at(-1)).toEqual({
      path: '/api/v1/requests/audit',
      query: { kind: 'loan_extension', result: 'denied', limit: 50, skip: 0 },
    });
  });

  it('exports the search as CSV', async () => {
    await renderApp('/dashboard/requests-audit', loggedInSession(['VIEW_SECURITY']));
    const ui = jsdomUi();
    await ui.click('button', 'Export CSV');
    await ui.seeAlert('1 row saved as CSV.');
    expect(server.queries.some((q) => q.path === '/api/v1/requests/audit/csv')).toBe(true);
  });
});
