import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The reconciliation calls, in memory: what was asked, and the answers (issue 13, decision 018). */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  refuseNext: null as null | object,
  /** A refusal for the next save of a mapping. */
  refuseSave: null as null | object,
  resolved: false,
}));

const run = (over: Record<string, unknown> = {}) => ({
  id: 7,
  provider: 'halopesa',
  from: '2026-11-01',
  to: '2026-11-30',
  file_name: 'halopesa-nov.csv',
  sha256: 'ab'.repeat(32),
  lines: 4,
  statement_total: 19_700,
  portal_total: 17_500,
  counts: { matched: 2, amount_mismatch: 0, statement_only: 1, portal_only: 1, duplicate: 0 },
  open_differences: 2,
  status: 'open',
  uploaded_by: 'Esther Massawe',
  uploaded_at: '2026-11-20T08:00:00.000Z',
  signed_off_by: null,
  signed_off_at: null,
  ...over,
});
const line = (over: Record<string, unknown>) => ({
  id: 1,
  kind: 'statement_only',
  matched_by: null,
  receipt: 'HP-MISSING-1',
  completed_at: '2026-11-19T09:30:00.000Z',
  details: 'Payment from 255754123456',
  payer_phone: '255754123456',
  statement_amount: 4_200,
  portal_amount: null,
  transaction_id: null,
  portal_status: null,
  account_keyed_in: null,
  ledger_posted: false,
  callbacks: 0,
  callback_at: null,
  callback_status: null,
  callback_result_code: null,
  explanation: 'callback_missing',
  resolution: null,
  resolution_reason: null,
  resolved_by: null,
  resolved_at: null,
  ...over,
});

const answers: Record<string, (body: any) => unknown> = {
  '/api/v1/reconciliation/mappings': () => ({
    data: [{ name: 'Airtel export 2026', provider: 'airtel_money', columns: {}, created_at: '2026-11-01T00:00:00.000Z' }],
  }),
  '/api/v1/reconciliation/mappings/save': (body) => ({ ...body, created_at: '2026-11-24T06:00:00.000Z' }),
  '/api/v1/reconciliation/runs': () => ({ data: [run()], total: 1, limit: 10, skip: 0 }),
  '/api/v1/finance/closed_periods': () => ({ data: [], closed_through: null }),
  '/api/v1/reconciliation/upload': () => run(),
  '/api/v1/reconciliation/run': () => ({
    run: run(server.resolved ? { open_differences: 1 } : {}),
    data: [
      line(
        server.resolved
          ? {
              resolution: 'record_payment',
              resolution_reason: 'Callback never arrived',
              resolved_by: 'Esther Massawe',
              portal_status: 'suspended',
              explanation: 'recorded',
            }
          : {},
      ),
      line({
        id: 2,
        kind: 'portal_only',
        receipt: 'RC000002',
        transaction_id: 'RC000002',
        portal_status: 'completed',
        ledger_posted: true,
        callbacks: 1,
        callback_at: '2026-11-19T08:00:00.000Z',
        callback_status: 'SUCCESS',
        explanation: 'portal_only',
        statement_amount: null,
        portal_amount: 2_500,
      }),
      line({
        id: 3,
        receipt: 'HP-FAILED-1',
        callbacks: 1,
        callback_at: '2026-11-19T10:00:00.000Z',
        callback_status: 'FAILED',
        callback_result_code: 'TIMEOUT',
        explanation: 'callback_not_posted',
      }),
    ],
    total: 3,
    limit: 50,
    skip: 0,
  }),
  '/api/v1/reconciliation/resolve': () => {
    server.resolved = true;
    return line({ resolution: 'record_payment' });
  },
};

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    server.calls.push({ path: route.path, body: options.body });
    if (server.refuseNext && route.path === '/api/v1/reconciliation/upload') {
      const refusal = server.refuseNext;
      server.refuseNext = null;
      throw refusal;
    }
    if (server.refuseSave && route.path === '/api/v1/reconciliation/mappings/save') {
      const refusal = server.refuseSave;
      server.refuseSave = null;
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
  server.refuseSave = null;
  server.resolved = false;
});
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const FINANCE = ['UPLOAD_RECONCILIATION_DOCUMENT', 'VIEW_SUSPENSE_TRANSACTIONS'];

describe('reconciliation', () => {
  it('refuses a period in the future on the spot; a statement uploaded twice shows the server’s reason; then the upload opens the run', async () => {
    await renderApp('/dashboard/reconciliation', loggedInSession(FINANCE));
    const ui = jsdomUi();
    await screen.findByRole('heading', { name: 'Reconciliation' }, { timeout: 30_000 });
    await ui.seeText('No month is closed yet.');
    // The saved mapping is offered beside the provider's own columns.
    expect(await screen.findByRole('option', { name: 'Airtel export 2026' })).toBeInTheDocument();
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Upload a statement' });
    const file = new File(['Reference,Date Time,Narration,Amount In\n'], 'halopesa-nov.csv', { type: 'text/csv' });
    await user.selectOptions(within(form).getByLabelText('Provider'), 'halopesa');
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2999-01-01' } });
    await user.upload(within(form).getByLabelText('Statement file'), file);
    await ui.click('button', 'Upload and match');
    expect(await within(form).findAllByText(/has started and is not in the future/)).not.toHaveLength(0);
    expect(sent('/api/v1/reconciliation/upload')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-01' } });
    server.refuseNext = { status: 409, message: 'This statement was uploaded before: run 3', reason: 'duplicate_statement' };
    await ui.click('button', 'Upload and match');
    await ui.seeAlert(/This statement was uploaded before\. This statement was uploaded before: run 3/);
    await ui.click('button', 'Upload and match');
    await screen.findByRole('heading', { name: 'HaloPesa statement, 2026-11-01 to 2026-11-30' });
    const [body] = sent('/api/v1/reconciliation/upload').slice(-1);
    expect(body).toMatchObject({ provider: 'halopesa', from: '2026-11-01', to: '2026-11-01', file_name: 'halopesa-nov.csv' });
    expect(atob(body.content)).toBe('Reference,Date Time,Narration,Amount In\n');
  });

  it('explains each difference in words, resolves one with a reason (the run read again), and asks before signing off', async () => {
    await renderApp('/dashboard/reconciliation', loggedInSession(FINANCE));
    const ui = jsdomUi();
    await screen.findByRole('heading', { name: 'Reconciliation' }, { timeout: 30_000 });
    await ui.click('button', /^Open\s*halopesa-nov\.csv$/);
    await screen.findByRole('heading', { name: 'HaloPesa statement, 2026-11-01 to 2026-11-30' });
    await ui.seeText('2 differences still to resolve.');
    const table = screen.getByRole('table', { name: 'Statement lines and payments' });
    expect(screen.getByRole('region', { name: 'Statement lines and payments' })).toContainElement(table);
    // The three-way match, statement -> callback log -> ledger, in words (decision 027).
    expect(table).toHaveTextContent('The provider’s callback never arrived: no payment and no ledger entry.');
    expect(table).toHaveTextContent('The callback arrived (FAILED TIMEOUT) but no posting: the portal took it as not paid.');
    expect(table).toHaveTextContent(
      'The callback arrived and the ledger holds it (completed), but the statement does not show it: ask the provider.',
    );
    // Sign-off waits until nothing is open.
    expect(screen.getByRole('button', { name: 'Sign off' })).toBeDisabled();

    await ui.click('button', /^Resolve\s*HP-MISSING-1$/);
    const dialog = await screen.findByRole('dialog', { name: 'Resolve HP-MISSING-1' });
    await ui.click('button', 'Resolve');
    expect(await within(dialog).findByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    expect(sent('/api/v1/reconciliation/resolve')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Callback never arrived');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(sent('/api/v1/reconciliation/resolve')).toHaveLength(1));
    expect(sent('/api/v1/reconciliation/resolve')[0]).toEqual({
      run_id: 7,
      line_id: 1,
      resolution: 'record_payment',
      reason: 'Callback never arrived',
    });
    await ui.seeText('1 difference still to resolve.');
    expect(screen.getByRole('table', { name: 'Statement lines and payments' })).toHaveTextContent(
      'Record the payment (into suspense): Callback never arrived (Esther Massawe)',
    );
    expect(sent('/api/v1/reconciliation/run')).toHaveLength(2);
  });

  it('creates a column mapping from the screen: saved by name, then offered in the mapping select, chosen, and sent with the upload', async () => {
    await renderApp('/dashboard/reconciliation', loggedInSession(FINANCE));
    await screen.findByRole('heading', { name: 'Reconciliation' }, { timeout: 30_000 });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Upload a statement' });
    expect(await screen.findByRole('option', { name: 'Airtel export 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Mixx branch export' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'New column mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'New column mapping' });
    await user.type(within(dialog).getByLabelText(/Mapping name/), 'Mixx branch export');
    await user.selectOptions(within(dialog).getByLabelText('Provider'), 'tigo_pesa');
    await user.type(within(dialog).getByLabelText(/Receipt number/), 'Txn Ref');
    await user.type(within(dialog).getByLabelText(/Completion time/), 'Posted At');
    await user.type(within(dialog).getByLabelText(/Details/), 'Narrative');
    await user.type(within(dialog).getByLabelText(/Paid in/), 'Credit TZS');
    await user.type(within(dialog).getByLabelText(/Balance/), 'Closing');
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New column mapping' })).not.toBeInTheDocument());
    expect(sent('/api/v1/reconciliation/mappings/save')).toEqual([
      {
        name: 'Mixx branch export',
        provider: 'tigo_pesa',
        columns: { receipt: 'Txn Ref', completed_at: 'Posted At', details: 'Narrative', paid_in: 'Credit TZS', balance: 'Closing' },
      },
    ]);
    await jsdomUi().seeText('Mapping “Mixx branch export” saved and chosen for this upload.');
    const mapping = within(form).getByLabelText('Column mapping');
    expect(within(mapping).getByRole('option', { name: 'Mixx branch export' })).toBeInTheDocument();
    expect(within(mapping).getByRole('option', { name: 'Airtel export 2026' })).toBeInTheDocument();
    expect(mapping).toHaveValue('Mixx branch export');
    expect(within(form).getByLabelText('Provider')).toHaveValue('tigo_pesa');

    // The upload then reads the statement with the new mapping.
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-02' } });
    await user.upload(within(form).getByLabelText('Statement file'), new File(['Txn Ref\n'], 'mixx.csv', { type: 'text/csv' }));
    await user.click(within(form).getByRole('button', { name: 'Upload and match' }));
    await waitFor(() => expect(sent('/api/v1/reconciliation/upload')).toHaveLength(1));
    expect(sent('/api/v1/reconciliation/upload')[0]).toMatchObject({ provider: 'tigo_pesa', mapping_name: 'Mixx branch export' });
  });

  it('names each missing field of a new mapping before sending, then shows the server’s 400 beside the field it names', async () => {
    await renderApp('/dashboard/reconciliation', loggedInSession(FINANCE));
    await screen.findByRole('heading', { name: 'Reconciliation' }, { timeout: 30_000 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New column mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'New column mapping' });
    await user.type(within(dialog).getByLabelText(/Mapping name/), 'X');
    await user.type(within(dialog).getByLabelText(/Receipt number/), 'Txn Ref');
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));

    expect(await within(dialog).findByText('Give the mapping name, 2 to 60 characters.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Completion time/)).toHaveAccessibleErrorMessage(
      'Type the header of the “Completion time” column.',
    );
    expect(within(dialog).getByText('Type the header of the “Details” column.')).toBeInTheDocument();
    expect(within(dialog).getByText('Type the header of the “Paid in” column.')).toBeInTheDocument();
    // Withdrawn and balance may be left empty; the receipt was given.
    expect(within(dialog).queryByText(/“Receipt number” column/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/“Balance” column/)).not.toBeInTheDocument();
    expect(sent('/api/v1/reconciliation/mappings/save')).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Mapping name/));
    await user.type(within(dialog).getByLabelText(/Mapping name/), 'HaloPesa agents');
    await user.type(within(dialog).getByLabelText(/Completion time/), 'Date Time');
    await user.type(within(dialog).getByLabelText(/Details/), 'Narration');
    await user.type(within(dialog).getByLabelText(/Paid in/), 'Amount In');
    server.refuseSave = {
      status: 400,
      message: 'Invalid body: columns.paid_in',
      fields: { 'columns.paid_in': 'valid column for paid in required' },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(sent('/api/v1/reconciliation/mappings/save')).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server refused the mapping: see the fields marked below.');
    expect(within(dialog).getByLabelText(/Paid in/)).toHaveAccessibleErrorMessage('valid column for paid in required');
    expect(within(dialog).queryByText('Give the mapping name, 2 to 60 characters.')).not.toBeInTheDocument();
    // Nothing was saved: the dialog stays open and the select offers no new mapping.
    expect(screen.getByRole('dialog', { name: 'New column mapping' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'HaloPesa agents' })).not.toBeInTheDocument();
  });
});
