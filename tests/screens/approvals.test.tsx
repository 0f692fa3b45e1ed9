import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The queue and decide calls, in memory: what the screen sends and what the server would answer. */
const server = vi.hoisted(() => ({
  items: [] as Array<Record<string, unknown>>,
  portal: [] as Array<Record<string, unknown>>,
  decisions: [] as Array<{ ids: number[]; decision: string; comment?: string }>,
  refuse: new Map<number, { reason: string; message: string }>(),
}));

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any }) => {
    if (route.path.endsWith('/pending/maker/checker/requests/portal')) {
      return { pending_requests: server.portal, total: server.portal.length, limit: 200, skip: 0 };
    }
    if (route.path.includes('/pending/loan/extension/requests')) {
      return { pending_requests: server.items, total: server.items.length, limit: 200, skip: 0 };
    }
    if (route.path.includes('/approve/loan/extension')) {
      const { ids, decision, comment } = options.body;
      server.decisions.push({ ids, decision, comment });
      const results = ids.map((id: number) => {
        const refusal = server.refuse.get(id);
        if (refusal) return { id, outcome: 'refused', status: 409, ...refusal };
        return { id, outcome: decision === 'approve' ? 'approved' : 'denied', status: 200, message: 'ok' };
      });
      if (ids.length === 1 && results[0].outcome === 'refused')
        throw { status: 409, message: results[0].message, reason: results[0].reason };
      server.items = server.items.filter((i) => !ids.includes(i.id) || server.refuse.has(i.id as number));
      return { results, approved: 0, denied: 0, refused: 0 };
    }
    throw { status: 404, message: `no fake for ${route.path}` };
  },
}));

const item = (id: number, maker: string, days: number) => ({
  id,
  kind: 'loan_extension',
  status: 'submitted',
  reason: 'Customer was in hospital',
  requested_by: { id: 7, username: maker, name: maker },
  requested_at: '2026-11-01T08:00:00.000Z',
  waited_ms: 26 * 3_600_000,
  store: { id: 1, name: 'Dar es Salaam Main Shop' },
  customer: { id: id * 10, msisdn: `25575400${id}000`, name: `Customer ${id}` },
  before: { next_repayment_date: '2026-11-02' },
  after: { next_repayment_date: '2026-11-09' },
  loan: { id, loan_number: `L-${id}`, status: 'active', loan_balance: 100_000 },
  days_to_extend: days,
  current_next_repayment_date: '2026-11-02',
  proposed_next_repayment_date: '2026-11-09',
  days_defaulted: 3,
  proposed_days_defaulted: 0,
});

const approver = ['VIEW_APPROVALS', 'VIEW_LOAN_EXTENSION_REQUESTS', 'APPROVE_LOAN_EXTENSION', 'DENY_LOAN_EXTENSION'];

beforeEach(() => {
  server.items = [item(1, 'Grace Mollel', 7), item(2, 'Faraji Ngowi', 14), item(3, 'Grace Mollel', 3)];
  server.decisions = [];
  server.refuse = new Map();
});

describe('loan extension queue', () => {
  it('lists the pending requests with what changes and how long they have waited', async () => {
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.see('heading', 'Loan extension requests');
    await ui.seeText('7 days: 2026-11-02 → 2026-11-09');
    expect(screen.getAllByText('waiting 1 day')).toHaveLength(3);
  });

  it('approves the selected requests after confirming, and shows a result per request', async () => {
    server.refuse.set(2, { reason: 'already_decided', message: 'This request has already been decided' });
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.click('checkbox', 'Select request 1');
    await ui.click('checkbox', 'Select request 2');
    await ui.seeText('2 selected');
    await ui.click('button', 'Approve selected');
    await ui.see('heading', 'Approve 2 requests?');
    await ui.click('button', 'Approve');
    const results = await screen.findByTestId('decision-results');
    expect(results).toHaveTextContent('Request 1: Approved');
    expect(results).toHaveTextContent('Request 2: Already decided by someone else');
    expect(server.decisions).toEqual([{ ids: [1, 2], decision: 'approve', comment: undefined }]);
  });

  it('will not deny without a comment, then denies with one', async () => {
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.click('checkbox', 'Select request 3');
    await ui.click('button', 'Deny selected');
    await ui.click('button', 'Save');
    expect(server.decisions).toEqual([]);
    await ui.fill('Comment', 'Already extended last month');
    await ui.click('button', 'Save');
    await ui.seeText('Request 3: Denied');
    expect(server.decisions).toEqual([{ ids: [3], decision: 'deny', comment: 'Already extended last month' }]);
  });

  it('opens one request to see before and after, and decides it; a request decided elsewhere says so', async () => {
    server.refuse.set(1, { reason: 'already_decided', message: 'This request has already been decided' });
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.click('row', /Customer 1/);
    const panel = await screen.findByTestId('request-panel');
    expect(within(panel).getByRole('table')).toHaveTextContent('next_repayment_date2026-11-022026-11-09');
    await ui.click('button', 'Deny');
    await ui.seeAlert('A comment is required to deny');
    await ui.click('button', 'Approve');
    await ui.seeAlert('Already decided by someone else');
  });

  it('shows no decide buttons to someone who may only look', async () => {
    await renderApp('/dashboard/loan_extensions', loggedInSession(['VIEW_APPROVALS', 'VIEW_LOAN_EXTENSION_REQUESTS']));
    const ui = jsdomUi();
    await ui.seeText('7 days: 2026-11-02 → 2026-11-09');
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deny selected' })).toBeNull();
  });

  it('says so when the queue is empty', async () => {
    server.items = [];
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    await jsdomUi().seeText('No pending requests: all clear.');
  });
});

describe('portal approvals: the admin changes a second admin approves (issue 11)', () => {
  const change = (id: number, kind: string, summary: string, before: Record<string, unknown>, after: Record<string, unknown>) => ({
    id,
    kind,
    status: 'submitted',
    summary,
    reason: null,
    requested_by: { id: 1, username: 'admin', name: 'Asha Mwakyusa' },
    requested_at: '2026-11-02T07:00:00.000Z',
    waited_ms: 3_600_000,
    store: null,
    customer: null,
    before,
    after,
  });

  it('lists each change with who asked and what it changes: the user, the group, the role', async () => {
    server.portal = [
      change(
        41,
        'portal_user_create',
        'New portal user neema (Neema Swai) in Agent',
        { username: null, group: null },
        { username: 'neema', full_name: 'Neema Swai', email: 'neema@simu.co.tz', group: 'Agent', otp_enabled: false },
      ),
      change(
        42,
        'group_role_add',
        'Add VIEW_USERS to Agent',
        { group: 'Agent', role: 'VIEW_USERS', held: false },
        { group: 'Agent', role: 'VIEW_USERS', held: true },
      ),
      change(43, 'group_create', 'New security group Auditors', { group: null }, { group: 'Auditors' }),
    ];
    await renderApp('/dashboard/maker-checker/portal', loggedInSession(['VIEW_APPROVALS']));
    const ui = jsdomUi();
    await ui.see('heading', 'Portal approvals (maker-checker)');
    await ui.seeText('New portal user neema (Neema Swai) in Agent');
    await ui.seeText('Add VIEW_USERS to Agent');
    await ui.seeText('New security group Auditors');
    await ui.click('row', /New portal user neema/);
    const panel = await screen.findByTestId('request-panel');
    const table = within(panel).getByRole('table');
    expect(table).toHaveTextContent('username—neema');
    expect(table).toHaveTextContent('group—Agent');
  });
});
