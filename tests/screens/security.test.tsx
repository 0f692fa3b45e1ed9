import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROLES } from '../../src/contract/roles';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/**
 * An in-memory stand-in for the /prerequisites calls, reset before each test. Like the server since issue 11, a
 * change answers the request that waits for a second admin and changes nothing yet.
 */
const backend = vi.hoisted(() => ({
  groups: [] as Array<{ id: number; name: string; created_at: string }>,
  groupRoles: [] as Array<{ id: number; group_id: number; admin_role: string; created_at: string }>,
  users: [] as Array<Record<string, unknown>>,
  calls: [] as string[],
  /** The values of each new user sent. */
  created: [] as Array<Record<string, unknown>>,
  nextId: 100,
}));

vi.mock('../../src/services/settings', async (original) => {
  const actual = await original<typeof import('../../src/services/settings')>();
  const { fromPromise } = await import('xstate');
  return { ...actual, loadSettings: fromPromise(async () => ({ company: 'Simu Test' })) };
});

vi.mock('../../src/services/portal-api', async () => {
  const { fromPromise } = await import('xstate');
  const page = <T,>(rows: T[], i: { limit: number; skip: number }) => ({
    total: rows.length,
    limit: i.limit,
    skip: i.skip,
    data: rows.slice(i.skip, i.skip + i.limit),
  });
  const now = '2026-11-02T08:00:00.000Z';
  const awaiting = (kind: string, summary: string) => ({
    id: backend.nextId++,
    kind,
    status: 'submitted',
    summary,
    reason: null,
    requested_by: { id: 1, username: 'admin', name: 'Asha Mwakyusa' },
    requested_at: now,
    waited_ms: 0,
    store: null,
    customer: null,
    before: {},
    after: {},
  });
  return {
    fetchRoles: fromPromise(async () => ({
      total: 3,
      limit: 1000,
      skip: 0,
      data: ['VIEW_USERS', 'ADD_LOAN', 'FIND_CUSTOMER'].map((code, i) => ({ id: i + 1, code, description: '' })),
    })),
    fetchGroups: fromPromise(async ({ input }: { input: { limit: number; skip: number } }) => page(backend.groups, input)),
    createGroup: fromPromise(async ({ input }: { input: { values: { name: string } } }) => {
      backend.calls.push(`createGroup ${input.values.name}`);
      if (backend.groups.some((g) => g.name.toLowerCase() === input.values.name.toLowerCase())) {
        throw { status: 400, message: 'A group with this name already exists', fields: { name: 'A group with this name already exists' } };
      }
      return awaiting('group_create', `New security group ${input.values.name}`);
    }),
    fetchGroupRoles: fromPromise(async ({ input }: { input: { limit: number; skip: number; filter: { group_id: number } } }) =>
      page(
        backend.groupRoles.filter((r) => r.group_id === input.filter.group_id),
        input,
      ),
    ),
    addGroupRole: fromPromise(async ({ input }: { input: { values: { admin_role: string }; filter: { group_id: number } } }) => {
      backend.calls.push(`addGroupRole ${input.filter.group_id} ${input.values.admin_role}`);
      return awaiting('group_role_add', `Add ${input.values.admin_role}`);
    }),
    removeGroupRole: fromPromise(async ({ input }: { input: { id: number } }) => {
      backend.calls.push(`removeGroupRole ${input.id}`);
      return awaiting('group_role_remove', `Remove role ${input.id}`);
    }),
    fetchUsers: fromPromise(async ({ input }: { input: { limit: number; skip: number } }) => page(backend.users, input)),
    createUser: fromPromise(async ({ input }: { input: { values: Record<string, unknown> } }) => {
      backend.calls.push(`createUser ${String(input.values.username)}`);
      backend.created.push(input.values);
      return awaiting('portal_user_create', `New portal user ${String(input.values.username)}`);
    }),
  };
});

beforeEach(() => {
  backend.groups = [
    { id: 1, name: 'Admin', created_at: '2026-01-01T00:00:00.000Z' },
    { id: 2, name: 'Agent', created_at: '2026-01-01T00:00:00.000Z' },
  ];
  backend.groupRoles = [{ id: 10, group_id: 2, admin_role: 'FIND_CUSTOMER', created_at: '2026-01-01T00:00:00.000Z' }];
  backend.users = [
    {
      id: 1,
      username: 'admin',
      full_name: 'Asha Mwakyusa',
      email: 'admin@demo.simu.co.tz',
      group_id: 1,
      role: 'Admin',
      last_seen: '2026-11-01T10:00:00.000Z',
      last_ip: '10.0.0.1',
      otp_enabled: true,
      otp_channel: 'sms',
      disabled: false,
    },
  ];
  backend.calls = [];
  backend.created = [];
});

describe('security screen', () => {
  it('is not registered without VIEW_SECURITY: the path goes to the dashboard home', async () => {
    await renderApp('/dashboard/security', loggedInSession(['VIEW_USERS']));
    await jsdomUi().see('heading', 'Welcome to Simu Test');
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('lists groups, refuses an empty name without calling the server, then sends a new group for approval', async () => {
    await renderApp('/dashboard/security', loggedInSession([...ROLES]));
    const ui = jsdomUi();
    await ui.see('heading', 'Security');
    await ui.seeText('Changes to groups, roles and users take effect only when a second admin approves them in Portal approvals.');
    await ui.seeText('Agent');
    await ui.click('button', 'New group');
    await ui.click('button', 'Send for approval');
    await ui.seeText('valid Group name required');
    expect(backend.calls).toEqual([]);
    await ui.fill('Group name', 'Auditors');
    await ui.click('button', 'Send for approval');
    await ui.seeText('Sent for approval: a second admin must approve it before it takes effect.');
    expect(backend.calls).toEqual(['createGroup Auditors']);
    // Not applied: the group is not listed until a second admin approves it.
    await ui.notSee('dialog', 'New group');
    expect(within(screen.getByRole('table', { name: 'Groups' })).queryByText('Auditors')).toBeNull();
    expect(screen.queryByText('Added successfully')).toBeNull();
  });

  it('shows the server refusal of a duplicate group and keeps the form open', async () => {
    await renderApp('/dashboard/security', loggedInSession([...ROLES]));
    const ui = jsdomUi();
    await ui.click('button', 'New group');
    await ui.fill('Group name', 'agent');
    await ui.click('button', 'Send for approval');
    await ui.seeAlert('A group with this name already exists');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens a group to see its roles, and sends an added role and a removal (after confirming) for approval', async () => {
    await renderApp('/dashboard/security', loggedInSession([...ROLES]));
    const ui = jsdomUi();
    await ui.click('row', /Agent/);
    await ui.see('heading', 'Roles of Agent');
    // A role says what it allows, with its code (issue 17).
    await ui.seeText('Find a customer by phone number or national ID (FIND_CUSTOMER)');
    await ui.click('button', 'Add role');
    expect(
      await screen.findByRole('option', { name: 'Sell a phone on credit: take the first deposit and install the lock (ADD_LOAN)' }),
    ).toBeInTheDocument();
    await ui.select('Role', 'ADD_LOAN');
    await ui.click('button', 'Send for approval');
    await ui.seeText('Sent for approval: a second admin must approve it before it takes effect.');
    expect(backend.calls).toContain('addGroupRole 2 ADD_LOAN');
    const roles = () => within(screen.getByRole('list', { name: 'Roles of Agent' }));
    expect(roles().queryByText(/ADD_LOAN/)).toBeNull();

    await ui.click('button', 'Remove FIND_CUSTOMER');
    await ui.see('heading', 'Remove this role?');
    await ui.seeText('Once a second admin approves, everyone in Agent loses FIND_CUSTOMER at their next action.');
    await ui.click('button', 'Cancel');
    expect(backend.calls).not.toContain('removeGroupRole 10');
    await ui.click('button', 'Remove FIND_CUSTOMER');
    await ui.click('button', 'Send for approval');
    await ui.seeText('Removal sent for approval: the role stays until a second admin approves it.');
    expect(backend.calls).toContain('removeGroupRole 10');
    await ui.see('button', 'Remove FIND_CUSTOMER');
    expect(roles().getByText('Find a customer by phone number or national ID (FIND_CUSTOMER)')).toBeInTheDocument();
  });

  it('hides the edit buttons from a user without EDIT_ROLES or ADD_SECURITY_GROUP', async () => {
    await renderApp('/dashboard/security?group=2', loggedInSession(['VIEW_SECURITY']));
    const ui = jsdomUi();
    await ui.see('heading', 'Roles of Agent');
    expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove FIND_CUSTOMER' })).toBeNull();
  });

  it('sends a new portal user for approval, checking the e-mail first', async () => {
    await renderApp('/dashboard/security?tab=users', loggedInSession([...ROLES]));
    const ui = jsdomUi();
    await ui.seeText('admin@demo.simu.co.tz');
    await ui.click('button', 'New user');
    await ui.fill('Username', 'neema');
    await ui.fill('Full name', 'Neema Swai');
    await ui.fill('E-mail', 'not-an-email');
    await ui.fill('Password', 'Secret#2026');
    await ui.select('Group', '2');
    await ui.click('button', 'Send for approval');
    await ui.seeText('Type an e-mail address such as neema@simu.co.tz.');
    expect(backend.calls).toEqual([]);
    await ui.fill('E-mail', 'neema@demo.simu.co.tz');
    await ui.click('button', 'Send for approval');
    await ui.seeText('Sent for approval: a second admin must approve it before it takes effect.');
    expect(backend.calls).toEqual(['createUser neema']);
    await ui.notSee('dialog', 'New user');
    expect(screen.queryByText('neema@demo.simu.co.tz')).toBeNull();
  });
});

describe('the new user form (issue 17)', () => {
  const openForm = async () => {
    await renderApp('/dashboard/security?tab=users', loggedInSession([...ROLES]));
    const ui = jsdomUi();
    await ui.seeText('admin@demo.simu.co.tz');
    await ui.click('button', 'New user');
    await ui.fill('Username', 'neema');
    await ui.fill('Full name', 'Neema Swai');
    await ui.fill('E-mail', 'neema@demo.simu.co.tz');
    await ui.select('Group', '2');
    return ui;
  };

  it('states the password rules and refuses "abcdefgh" and a password holding the username, in words, without calling the server', async () => {
    const ui = await openForm();
    await ui.seeText('At least 8 characters, with at least one letter and one digit, and not the username.');
    await ui.fill('Password', 'abcdefgh');
    await ui.click('button', 'Send for approval');
    await ui.seeText('The password needs at least 8 characters, with at least one letter and one digit.');
    await ui.fill('Password', 'Neema2026');
    await ui.click('button', 'Send for approval');
    await ui.seeText('The password must not contain the username.');
    expect(backend.calls).toEqual([]);
  });

  it("takes the phone and the agent record's number in the usual local form and sends them as 255...", async () => {
    const ui = await openForm();
    await ui.fill('Password', 'Kariakoo2026');
    await ui.fill('Phone number', '0754 300 100');
    await ui.fill('Agent record (phone number)', '+255 754 300 201');
    await ui.click('button', 'Send for approval');
    await ui.notSee('dialog', 'New user');
    expect(backend.created).toEqual([expect.objectContaining({ phone: '255754300100', agent_msisdn: '255754300201' })]);
  });

  it('says what is wrong with a phone number in words', async () => {
    const ui = await openForm();
    await ui.fill('Password', 'Kariakoo2026');
    await ui.fill('Phone number', '+254 712 345 678');
    await ui.click('button', 'Send for approval');
    await ui.seeText('Type a Tanzanian mobile number, such as 0754 300 100.');
    expect(backend.calls).toEqual([]);
  });
});

describe('users screen', () => {
  it('shows the portal users table with every column', async () => {
    await renderApp('/dashboard/users', loggedInSession(['VIEW_USERS']));
    const ui = jsdomUi();
    await ui.see('heading', 'Portal users');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Username', 'Full name', 'E-mail', 'Role', 'Last seen', 'Last IP', 'OTP status', 'OTP channel']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['admin', 'Asha Mwakyusa', 'admin@demo.simu.co.tz', 'Admin', expect.stringContaining('2026'), '10.0.0.1', 'On', 'SMS']);
  });

  it('shows an empty state when there are no users on the page', async () => {
    backend.users = [];
    await renderApp('/dashboard/users', loggedInSession(['VIEW_USERS']));
    await jsdomUi().seeText('Nothing here yet');
  });
});
