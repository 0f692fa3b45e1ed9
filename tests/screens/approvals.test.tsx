import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../src/i18n';
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
  proposed_in_past: false,
});

const approver = ['VIEW_APPROVALS', 'VIEW_LOAN_EXTENSION_REQUESTS', 'APPROVE_LOAN_EXTENSION', 'DENY_LOAN_EXTENSION'];

beforeEach(() => {
  server.items = [item(1, 'Grace Mollel', 7), item(2, 'Faraji Ngowi', 14), item(3, 'Grace Mollel', 3)];
  server.decisions = [];
  server.refuse = new Map();
});

describe('loan extension queue', () => {
  it('lists the pending requests with what changes and how long they have waited; the customer links to their page', async () => {
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.see('heading', 'Loan extension requests');
    await ui.seeText('7 days: Nov 2, 2026 → Nov 9, 2026');
    expect(screen.getAllByText(/waiting 1 day/)).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Customer 1' })).toHaveAttribute('href', '/dashboard/customers/view?msisdn=255754001000');
    expect(within(screen.getByTestId('request-1')).getByText(/0754 001 000/)).toBeInTheDocument();
  });

  it('approves the selected requests after confirming, and says each result in words', async () => {
    server.refuse.set(2, { reason: 'already_decided', message: 'This request has already been decided' });
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.click('checkbox', "Select Customer 1's loan extension");
    await ui.click('checkbox', "Select Customer 2's loan extension");
    await ui.seeText('2 selected');
    await ui.click('button', 'Approve selected');
    await ui.see('heading', 'Approve 2 requests?');
    await ui.click('button', 'Approve');
    const results = await screen.findByTestId('decision-results');
    await within(results).findByText("Customer 1's loan extension approved");
    expect(results).toHaveTextContent("Customer 2's loan extension was already decided by someone else");
    expect(results).not.toHaveTextContent('Request 1');
    expect(server.decisions).toEqual([{ ids: [1, 2], decision: 'approve', comment: undefined }]);
  });

  it('decides one row with its own buttons, and keeps earlier results when the next decision comes', async () => {
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.click('button', "Approve Customer 1's loan extension");
    await ui.see('heading', "Approve Customer 1's loan extension?");
    await ui.click('button', 'Approve');
    const results = await screen.findByTestId('decision-results');
    await within(results).findByText("Customer 1's loan extension approved");
    await ui.click('button', "Deny Customer 3's loan extension");
    await ui.fill('Comment for the agent (why it is denied)', 'Already extended last month');
    await ui.click('button', 'Deny');
    await within(results).findByText("Customer 3's loan extension denied");
    expect(results).toHaveTextContent("Customer 1's loan extension approved");
    expect(server.decisions).toEqual([
      { ids: [1], decision: 'approve', comment: undefined },
      { ids: [3], decision: 'deny', comment: 'Already extended last month' },
    ]);
  });

  it('selects every request at once, and clears them again', async () => {
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.click('checkbox', 'Select all');
    await ui.seeText('3 selected');
    await ui.click('checkbox', 'Select all');
    await ui.seeText('0 selected');
  });

  it('denies in a small dialog that names the customer, with a labelled comment box and a Deny button; no comment, no denial', async () => {
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.click('checkbox', "Select Customer 3's loan extension");
    await ui.click('button', 'Deny selected');
    const dialog = await screen.findByRole('dialog', { name: "Deny Customer 3's loan extension?" });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await ui.click('button', 'Deny');
    await ui.seeText('Write at least 3 characters: the agent needs to know why.');
    expect(server.decisions).toEqual([]);
    const box = within(dialog).getByLabelText(/Comment for the agent/);
    expect(dialog.querySelector('label')).toHaveTextContent('Comment for the agent (why it is denied)');
    await ui.fill('Comment for the agent (why it is denied)', 'Already extended last month');
    expect(box).toHaveValue('Already extended last month');
    await ui.click('button', 'Deny');
    await ui.seeText("Customer 3's loan extension denied");
    expect(server.decisions).toEqual([{ ids: [3], decision: 'deny', comment: 'Already extended last month' }]);
  });

  it('warns the approver before approving an extension whose new due date has already passed', async () => {
    server.items = [
      { ...item(1, 'Grace Mollel', 14), proposed_next_repayment_date: '2026-11-13', proposed_days_defaulted: 10, proposed_in_past: true },
    ];
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.seeText('14 days: Nov 2, 2026 → Nov 13, 2026');
    await ui.seeText('New due date already past');
    await ui.click('button', "Approve Customer 1's loan extension");
    const warning = await screen.findByTestId('past-due-warning');
    expect(warning).toHaveTextContent('The new due date Nov 13, 2026 is already past: the loan stays 10 days late after approving.');
    expect(server.decisions).toEqual([]);
  });

  it('opens one request to see before and after in words, and decides it; a request decided elsewhere says so', async () => {
    server.refuse.set(1, { reason: 'already_decided', message: 'This request has already been decided' });
    await renderApp('/dashboard/loan_extensions', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.click('button', "Details of Customer 1's loan extension");
    const panel = await screen.findByTestId('request-panel');
    expect(within(panel).getByRole('heading')).toHaveTextContent("Customer 1's loan extension");
    expect(within(panel).getByRole('table')).toHaveTextContent('Next due dateNov 2, 2026Nov 9, 2026');
    await ui.click('button', 'Deny');
    await ui.seeAlert('A comment is required to deny');
    await ui.click('button', 'Approve');
    await ui.seeAlert('Already decided by someone else');
  });

  it('shows no decide buttons to someone who may only look', async () => {
    await renderApp('/dashboard/loan_extensions', loggedInSession(['VIEW_APPROVALS', 'VIEW_LOAN_EXTENSION_REQUESTS']));
    const ui = jsdomUi();
    await ui.seeText('7 days: Nov 2, 2026 → Nov 9, 2026');
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Approve / })).toBeNull();
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
    await ui.click('button', 'Details of New portal user');
    const panel = await screen.findByTestId('request-panel');
    const table = within(panel).getByRole('table');
    expect(table).toHaveTextContent('Username—neema');
    expect(table).toHaveTextContent('Group—Agent');
  });

  it("says what each change asks in Swahili, from its kind and values, never the server's English sentence (issue 17)", async () => {
    server.portal = [
      change(
        41,
        'portal_user_create',
        'SERVER SENTENCE 1',
        { username: null, group: null },
        { username: 'neema', full_name: 'Neema Swai', email: 'neema@simu.co.tz', group: 'Agent', otp_enabled: false },
      ),
      change(
        42,
        'group_role_remove',
        'SERVER SENTENCE 2',
        { group: 'Agent', role: 'VIEW_USERS', held: true },
        { group: 'Agent', role: 'VIEW_USERS', held: false },
      ),
      change(43, 'group_create', 'SERVER SENTENCE 3', { group: null }, { group: 'Auditors' }),
    ];
    await renderApp('/dashboard/maker-checker/portal', loggedInSession(['VIEW_APPROVALS']));
    const ui = jsdomUi();
    await ui.see('heading', 'Portal approvals (maker-checker)');
    await act(() => i18n.changeLanguage('sw'));
    await ui.seeText('Mtumiaji mpya wa portal neema (Neema Swai) katika Agent');
    await ui.seeText('Ondoa VIEW_USERS kutoka Agent');
    await ui.seeText('Kikundi kipya cha usalama Auditors');
    expect(screen.queryByText(/SERVER SENTENCE/)).toBeNull();
    await act(() => i18n.changeLanguage('en'));
  });
});
