import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/contract/roles';
import {
  adminGroup,
  adminGroupRolesList,
  adminGroupsList,
  adminRolesList,
  portalUser,
  portalUsersList,
} from '../../src/contract/prerequisites';
import { portalChangeAwaitingApproval } from '../../src/contract/requests';
import { DEMO_GROUPS } from '../../server/db/seed-security';
import { testApi, DEMO_PASSWORD, TEST_NOW, type TestApi } from '../support/api';
import { APPROVE_PORTAL, approvedAdminChange } from '../support/admin-changes';

let api: TestApi;
let adminToken: string;
let agentToken: string;
let approverToken: string;
let adminId: number;
let approverId: number;
/** The demo groups by name: Admin, Agent, Shop owner, ... */
const groupIds: Record<string, number> = {};

beforeAll(async () => {
  api = await testApi();
  adminToken = await api.tokenFor('admin');
  agentToken = await api.tokenFor('agent');
  for (const g of await api.db.query<{ id: number; name: string }>('SELECT id, name FROM admin_groups')) groupIds[g.name] = g.id;
  approverToken = await api.tokenFor('approver');
  [{ id: adminId }] = (await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'admin'")) as [{ id: number }];
  [{ id: approverId }] = (await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'approver'")) as [{ id: number }];
});
afterAll(() => api.close());

interface Counts {
  groups: number;
  group_roles: number;
  admins: number;
  requests: number;
  audit: number;
}

/** What a state change can touch; a refused call must leave every one of these as it was. */
async function counts(): Promise<Counts> {
  const [row] = await api.db.query<Counts>(
    `SELECT (SELECT count(*) FROM admin_groups)::int AS groups,
            (SELECT count(*) FROM admin_group_roles)::int AS group_roles,
            (SELECT count(*) FROM admins)::int AS admins,
            (SELECT count(*) FROM requests)::int AS requests,
            (SELECT count(*) FROM audit_log)::int AS audit`,
  );
  return row!;
}

interface AuditRow {
  actor_id: number;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  at: Date;
}
const auditRows = async (action: string) => (await api.auditRows(action)) as unknown as AuditRow[];

/** The id of one of a group's role records, read from the database (not through the API under test). */
async function groupRoleId(group: string, role: string): Promise<number> {
  const [row] = await api.db.query<{ id: number }>('SELECT id FROM admin_group_roles WHERE group_id = $1 AND admin_role = $2', [
    groupIds[group],
    role,
  ]);
  return row!.id;
}

const PENDING_PORTAL = '/api/v1/pending/maker/checker/requests/portal';

/** A decision on one portal change request. */
const decide = (id: number, token: string) => api.call('POST', APPROVE_PORTAL, { token, body: { ids: [id], decision: 'approve' } });

/** A new group, asked by the admin and approved by the approver: its id. */
const newGroup = async (name: string) =>
  (await approvedAdminChange(api, { maker: adminToken, checker: approverToken }, 'POST', '/prerequisites/admin-groups', { name })).after
    .group_id as number;

/** A group's roles as the database holds them. */
const rolesOf = async (group: number) =>
  (
    await api.db.query<{ admin_role: string }>('SELECT admin_role FROM admin_group_roles WHERE group_id = $1 ORDER BY admin_role', [group])
  ).map((r) => r.admin_role);

/** How many identical requests a double-clicking user (or several server copies) sends at the same moment. */
const AT_ONCE = 6;

let unique = 0;
const newUser = (over: Record<string, unknown> = {}) => ({
  username: `clerk${++unique}`,
  full_name: 'Neema Swai',
  email: `clerk${unique}@simu.co.tz`,
  password: 'Clerk#2026long',
  group_id: groupIds.Agent,
  ...over,
});

/**
 * Every /prerequisites route with the role it needs and a request that would succeed with that role, so a 401 or
 * 403 is refused for the token alone. Paths and bodies are functions: the ids exist only after beforeAll.
 */
const ROUTES: ReadonlyArray<{ name: string; path: () => Promise<string> | string; role: string; body?: () => unknown }> = [
  { name: 'GET /prerequisites/admin-groups', path: () => '/prerequisites/admin-groups', role: 'VIEW_SECURITY' },
  {
    name: 'POST /prerequisites/admin-groups',
    path: () => '/prerequisites/admin-groups',
    role: 'ADD_SECURITY_GROUP',
    body: () => ({ name: 'Refused group' }),
  },
  { name: 'GET /prerequisites/admin-roles', path: () => '/prerequisites/admin-roles?$limit=1000', role: 'VIEW_SECURITY' },
  {
    name: 'GET /prerequisites/admin-group-roles',
    path: () => `/prerequisites/admin-group-roles?group_id=${groupIds.Admin}`,
    role: 'VIEW_SECURITY',
  },
  {
    name: 'POST /prerequisites/admin-group-roles',
    path: () => '/prerequisites/admin-group-roles',
    role: 'EDIT_ROLES',
    body: () => ({ group_id: groupIds.Agent, admin_role: 'VIEW_USERS' }),
  },
  {
    name: 'DELETE /prerequisites/admin-group-roles/:id',
    path: async () => `/prerequisites/admin-group-roles/${await groupRoleId('Agent', 'ADD_LOAN')}`,
    role: 'EDIT_ROLES',
  },
  { name: 'GET /prerequisites/admins', path: () => '/prerequisites/admins', role: 'VIEW_USERS' },
  { name: 'POST /prerequisites/admins', path: () => '/prerequisites/admins', role: 'ADD_USER', body: () => newUser() },
];
const byName = ROUTES.map((r) => ({ ...r, method: r.name.split(' ')[0]! }));

describe('every /prerequisites route refuses a caller it should not serve, and changes nothing', () => {
  it.each(byName)('$name: 401 without a token', async ({ method, path, body }) => {
    const before = await counts();
    const res = await api.call(method, await path(), { body: body?.() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Authentication required' });
    expect(await counts()).toEqual(before);
  });

  it.each(byName)('$name: 401 with a forged token', async ({ method, path, body }) => {
    const before = await counts();
    const res = await api.call(method, await path(), { body: body?.(), token: `${agentToken.slice(0, -4)}AAAA` });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired or is not valid/);
    expect(await counts()).toEqual(before);
  });

  it.each(byName)('$name: 403 naming $role for a group without it (agent)', async ({ method, path, body, role }) => {
    const before = await counts();
    const res = await api.call(method, await path(), { body: body?.(), token: agentToken });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: `This needs the ${role} role`, role });
    expect(await counts()).toEqual(before);
  });

  it('checks the role before the input: a bad body from a caller without the role is 403, not 400', async () => {
    const res = await api.call('POST', '/prerequisites/admins', { token: agentToken, body: { email: 'nope' } });
    expect(res.status).toBe(403);
    expect(res.body.role).toBe('ADD_USER');
  });
});

describe('bad input is 400 with the field named, and changes nothing', () => {
  const cases: ReadonlyArray<{
    name: string;
    method: string;
    path: () => string;
    body?: () => unknown;
    rawBody?: string;
    field: string;
    message?: RegExp;
  }> = [
    { name: 'GET admin-groups $limit=abc', method: 'GET', path: () => '/prerequisites/admin-groups?$limit=abc', field: '$limit' },
    {
      name: 'GET admin-groups $limit=5000',
      method: 'GET',
      path: () => '/prerequisites/admin-groups?$limit=5000',
      field: '$limit',
      message: /at most 1000/,
    },
    {
      name: 'GET admin-groups $limit=2.5',
      method: 'GET',
      path: () => '/prerequisites/admin-groups?$limit=2.5',
      field: '$limit',
      message: /whole number/,
    },
    {
      name: 'GET admin-groups $skip=-1',
      method: 'GET',
      path: () => '/prerequisites/admin-groups?$skip=-1',
      field: '$skip',
      message: /negative/,
    },
    { name: 'GET admin-roles $limit=abc', method: 'GET', path: () => '/prerequisites/admin-roles?$limit=abc', field: '$limit' },
    {
      name: 'GET admin-roles $limit=5000',
      method: 'GET',
      path: () => '/prerequisites/admin-roles?$limit=5000',
      field: '$limit',
      message: /at most 1000/,
    },
    {
      name: 'GET admin-group-roles $limit=5000',
      method: 'GET',
      path: () => '/prerequisites/admin-group-roles?$limit=5000',
      field: '$limit',
    },
    {
      name: 'GET admin-group-roles group_id=abc',
      method: 'GET',
      path: () => '/prerequisites/admin-group-roles?group_id=abc',
      field: 'group_id',
    },
    {
      name: 'GET admin-group-roles group_id=0',
      method: 'GET',
      path: () => '/prerequisites/admin-group-roles?group_id=0',
      field: 'group_id',
      message: /valid group/,
    },
    { name: 'GET admins $limit=abc', method: 'GET', path: () => '/prerequisites/admins?$limit=abc', field: '$limit' },
    { name: 'GET admins $skip=x', method: 'GET', path: () => '/prerequisites/admins?$skip=x', field: '$skip' },
    {
      name: 'POST admin-groups without a name',
      method: 'POST',
      path: () => '/prerequisites/admin-groups',
      body: () => ({}),
      field: 'name',
    },
    {
      name: 'POST admin-groups with a blank name',
      method: 'POST',
      path: () => '/prerequisites/admin-groups',
      body: () => ({ name: '   ' }),
      field: 'name',
      message: /valid group name/,
    },
    {
      name: 'POST admin-groups with a name of 61 characters',
      method: 'POST',
      path: () => '/prerequisites/admin-groups',
      body: () => ({ name: 'x'.repeat(61) }),
      field: 'name',
    },
    {
      name: 'POST admin-groups with a body that is not JSON',
      method: 'POST',
      path: () => '/prerequisites/admin-groups',
      rawBody: '{oops',
      field: 'body',
    },
    {
      name: 'POST admin-groups with a JSON array',
      method: 'POST',
      path: () => '/prerequisites/admin-groups',
      body: () => [{ name: 'Array' }],
      field: 'body',
    },
    {
      name: 'POST admin-group-roles with an unknown role code',
      method: 'POST',
      path: () => '/prerequisites/admin-group-roles',
      body: () => ({ group_id: groupIds.Agent, admin_role: 'FLY_PLANES' }),
      field: 'admin_role',
      message: /valid role required/,
    },
    {
      name: 'POST admin-group-roles without a group',
      method: 'POST',
      path: () => '/prerequisites/admin-group-roles',
      body: () => ({ admin_role: 'VIEW_USERS' }),
      field: 'group_id',
    },
    {
      name: 'POST admin-group-roles with a group id as text',
      method: 'POST',
      path: () => '/prerequisites/admin-group-roles',
      body: () => ({ group_id: String(groupIds.Agent), admin_role: 'VIEW_USERS' }),
      field: 'group_id',
    },
    {
      name: 'POST admin-group-roles into a group that does not exist',
      method: 'POST',
      path: () => '/prerequisites/admin-group-roles',
      body: () => ({ group_id: 999_999, admin_role: 'VIEW_USERS' }),
      field: 'group_id',
      message: /valid group required/,
    },
    {
      name: 'POST admin-group-roles with a role the group already holds',
      method: 'POST',
      path: () => '/prerequisites/admin-group-roles',
      body: () => ({ group_id: groupIds.Agent, admin_role: 'ADD_LOAN' }),
      field: 'admin_role',
      message: /already has this role/,
    },
    { name: 'DELETE admin-group-roles/abc', method: 'DELETE', path: () => '/prerequisites/admin-group-roles/abc', field: 'id' },
    {
      name: 'DELETE admin-group-roles/0',
      method: 'DELETE',
      path: () => '/prerequisites/admin-group-roles/0',
      field: 'id',
      message: /positive id/,
    },
    {
      name: 'DELETE admin-group-roles/<an id past 2^53>',
      method: 'DELETE',
      path: () => '/prerequisites/admin-group-roles/99999999999999999999',
      field: 'id',
    },
    { name: 'POST admin-groups with no body at all', method: 'POST', path: () => '/prerequisites/admin-groups', field: 'body' },
    {
      name: 'POST admin-group-roles with a group id past 2^53',
      method: 'POST',
      path: () => '/prerequisites/admin-group-roles',
      body: () => ({ group_id: 1e20, admin_role: 'VIEW_USERS' }),
      field: 'group_id',
    },
    {
      name: 'POST admin-group-roles into the largest group id that does not exist',
      method: 'POST',
      path: () => '/prerequisites/admin-group-roles',
      body: () => ({ group_id: Number.MAX_SAFE_INTEGER, admin_role: 'VIEW_USERS' }),
      field: 'group_id',
      message: /valid group required/,
    },
    {
      name: 'POST admins with a bad email',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ email: 'not-an-email' }),
      field: 'email',
      message: /valid email/,
    },
    {
      name: 'POST admins without a username',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ username: undefined }),
      field: 'username',
    },
    {
      name: 'POST admins with a username with spaces',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ username: 'two words' }),
      field: 'username',
      message: /valid username/,
    },
    {
      name: 'POST admins with a short password',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ password: 'short' }),
      field: 'password',
      message: /8 characters/,
    },
    {
      name: 'POST admins without a full name',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ full_name: '' }),
      field: 'full_name',
    },
    {
      name: 'POST admins into a group that does not exist',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ group_id: 999_999 }),
      field: 'group_id',
      message: /valid group/,
    },
    {
      name: 'POST admins with an unknown OTP channel',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ otp_channel: 'pigeon' }),
      field: 'otp_channel',
    },
    {
      name: 'POST admins with a phone that is not Tanzanian mobile (Kenyan)',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ phone: '+254 712 345 678' }),
      field: 'phone',
    },
    {
      name: 'POST admins with OTP by SMS and no phone',
      method: 'POST',
      path: () => '/prerequisites/admins',
      body: () => newUser({ otp_enabled: true, otp_channel: 'sms' }),
      field: 'phone',
      message: /phone number is required/,
    },
  ];

  it.each(cases)('$name: 400 naming $field', async ({ method, path, body, rawBody, field, message }) => {
    const before = await counts();
    const res = await api.call(method, path(), { token: adminToken, body: body?.(), rawBody });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty([field]);
    expect(res.body.fields[field]).toEqual(expect.any(String));
    if (message) expect(res.body.fields[field]).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for a group role id that does not exist, even the largest one, and changes nothing', async () => {
    const before = await counts();
    for (const id of [999_999, Number.MAX_SAFE_INTEGER]) {
      const res = await api.call('DELETE', `/prerequisites/admin-group-roles/${id}`, { token: adminToken });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'This group role does not exist' });
    }
    expect(await counts()).toEqual(before);
  });

  it('names every field at fault at once', async () => {
    const res = await api.call('POST', '/prerequisites/admins', { token: adminToken, body: { email: 'x' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['email', 'full_name', 'group_id', 'password', 'username']);
  });
});

describe('GET /prerequisites/admin-groups', () => {
  it('lists the groups in the { total, limit, skip, data } envelope, by name', async () => {
    const res = await api.call('GET', '/prerequisites/admin-groups', { token: adminToken });
    expect(res.status).toBe(200);
    const list = adminGroupsList.parse(res.body);
    expect(list).toMatchObject({ total: DEMO_GROUPS.length, limit: 50, skip: 0 });
    expect(list.data.map((g) => g.name)).toEqual(DEMO_GROUPS.map((g) => g.name).sort((a, b) => (a < b ? -1 : 1)));
    expect(list.data.find((g) => g.name === 'Agent')).toEqual({ id: groupIds.Agent, name: 'Agent', created_at: TEST_NOW.toISOString() });
  });

  it('honours $limit and $skip', async () => {
    const all = (await api.call('GET', '/prerequisites/admin-groups?$limit=1000', { token: adminToken })).body;
    const res = await api.call('GET', '/prerequisites/admin-groups?$limit=2&$skip=3', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total: all.total, limit: 2, skip: 3, data: all.data.slice(3, 5) });
    const past = await api.call('GET', `/prerequisites/admin-groups?$skip=${all.total}`, { token: adminToken });
    expect(past.body).toEqual({ total: all.total, limit: 50, skip: all.total, data: [] });
    const none = await api.call('GET', '/prerequisites/admin-groups?$limit=0', { token: adminToken });
    expect(none.body).toEqual({ total: all.total, limit: 0, skip: 0, data: [] });
  });
});

describe('POST /prerequisites/admin-groups: a new group waits for a second admin', () => {
  it('records the new group as a request (202) with its audit row, creates nothing, and lists it in the portal inbox', async () => {
    const before = await counts();
    const res = await api.call('POST', '/prerequisites/admin-groups', { token: adminToken, body: { name: '  Auditors ' } });
    expect(res.status).toBe(202);
    const asked = portalChangeAwaitingApproval.parse(res.body);
    expect(asked).toMatchObject({
      kind: 'group_create',
      status: 'submitted',
      requested_by: { username: 'admin' },
      summary: 'New security group Auditors',
      before: { group: null },
      after: { group: 'Auditors' },
    });
    expect(await counts()).toEqual({ ...before, requests: before.requests + 1, audit: before.audit + 1 });
    const groups = await api.call('GET', '/prerequisites/admin-groups?$limit=1000', { token: adminToken });
    expect(groups.body.data.map((g: { name: string }) => g.name)).not.toContain('Auditors');
    const inbox = await api.call('POST', PENDING_PORTAL, { token: approverToken, body: { kind: 'group_create' } });
    expect(inbox.body.pending_requests.map((r: { id: number }) => r.id)).toContain(asked.id);

    const approved = await decide(asked.id, approverToken);
    expect(approved.status).toBe(200);
    const group = adminGroup.parse(
      (await api.call('GET', '/prerequisites/admin-groups?$limit=1000', { token: adminToken })).body.data.find(
        (g: { name: string }) => g.name === 'Auditors',
      ),
    );
    expect(approved.body.results[0].after).toEqual({ group: 'Auditors', group_id: group.id });
    expect((await auditRows('group.created')).at(-1)).toMatchObject({
      actor_id: approverId,
      entity: 'admin_group',
      entity_id: String(group.id),
      before: null,
      after: { id: group.id, name: 'Auditors', request_id: asked.id, requested_by: adminId },
      at: TEST_NOW,
    });
  });

  it.each(['Approver', 'approver', '  FINANCE  '])('refuses a duplicate group name %j with 400 naming name', async (name) => {
    const before = await counts();
    const res = await api.call('POST', '/prerequisites/admin-groups', { token: adminToken, body: { name } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ name: 'A group with this name already exists' });
    expect(await counts()).toEqual(before);
  });

  it('records only one of several simultaneous requests for the same new name; the others are 409 request_open, not 500', async () => {
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        api.call('POST', '/prerequisites/admin-groups', { token: adminToken, body: { name: 'Double click' } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(AT_ONCE - 1).fill(409)]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.reason)).toEqual(Array(AT_ONCE - 1).fill('request_open'));
    expect(await counts()).toEqual({ ...before, requests: before.requests + 1, audit: before.audit + 1 });
  });
});

describe('GET /prerequisites/admin-roles', () => {
  it('lists every role the portal knows with $limit=1000', async () => {
    const res = await api.call('GET', '/prerequisites/admin-roles?$limit=1000', { token: adminToken });
    expect(res.status).toBe(200);
    const list = adminRolesList.parse(res.body);
    expect(list).toMatchObject({ total: ROLES.length, limit: 1000, skip: 0 });
    expect(list.data.map((r) => r.code).sort()).toEqual([...ROLES].sort());
  });

  it('honours $limit and $skip, and defaults $limit to 50', async () => {
    const all = (await api.call('GET', '/prerequisites/admin-roles?$limit=1000', { token: adminToken })).body;
    const res = await api.call('GET', '/prerequisites/admin-roles?$limit=5&$skip=10', { token: adminToken });
    expect(res.body).toEqual({ total: ROLES.length, limit: 5, skip: 10, data: all.data.slice(10, 15) });
    const tail = await api.call('GET', `/prerequisites/admin-roles?$skip=${ROLES.length - 2}`, { token: adminToken });
    expect(tail.body).toEqual({ total: ROLES.length, limit: 50, skip: ROLES.length - 2, data: all.data.slice(-2) });
  });
});

describe('GET /prerequisites/admin-group-roles', () => {
  const agentRoles = DEMO_GROUPS.find((g) => g.name === 'Agent')!.roles;

  it("lets any user read their own group's roles the way the portal does after login", async () => {
    const res = await api.call('GET', `/prerequisites/admin-group-roles?group_id=${groupIds.Agent}&$limit=1000`, { token: agentToken });
    expect(res.status).toBe(200);
    const list = adminGroupRolesList.parse(res.body);
    expect(list).toMatchObject({ total: agentRoles.length, limit: 1000, skip: 0 });
    expect(list.data.every((r) => r.group_id === groupIds.Agent)).toBe(true);
    expect(list.data.map((r) => r.admin_role).sort()).toEqual([...agentRoles].sort());
  });

  it.each([
    ['another group', () => `?group_id=${groupIds.Admin}&$limit=1000`],
    ['every group', () => '?$limit=1000'],
  ])("refuses %s's roles without VIEW_SECURITY: 403 naming it", async (_, query) => {
    const res = await api.call('GET', `/prerequisites/admin-group-roles${query()}`, { token: agentToken });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'This needs the VIEW_SECURITY role', role: 'VIEW_SECURITY' });
  });

  it("reads another group's roles with VIEW_SECURITY, honouring $limit and $skip", async () => {
    const all = await api.call('GET', `/prerequisites/admin-group-roles?group_id=${groupIds.Agent}&$limit=1000`, { token: adminToken });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(agentRoles.length);
    const res = await api.call('GET', `/prerequisites/admin-group-roles?group_id=${groupIds.Agent}&$limit=3&$skip=2`, {
      token: adminToken,
    });
    expect(res.body).toEqual({ total: agentRoles.length, limit: 3, skip: 2, data: all.body.data.slice(2, 5) });
    const everyGroup = await api.call('GET', '/prerequisites/admin-group-roles?$limit=1', { token: adminToken });
    const [{ n }] = (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_group_roles')) as [{ n: number }];
    expect(everyGroup.body).toMatchObject({ total: n, limit: 1, skip: 0 });
    expect(everyGroup.body.data).toHaveLength(1);
  });
});

describe('POST and DELETE /prerequisites/admin-group-roles: role changes wait for a second admin', () => {
  it('records a role to add (202) and adds it only when the approver approves, with its audit row', async () => {
    const group = await newGroup('Role testers');
    const before = await counts();
    const res = await api.call('POST', '/prerequisites/admin-group-roles', {
      token: adminToken,
      body: { group_id: group, admin_role: 'VIEW_USERS' },
    });
    expect(res.status).toBe(202);
    const asked = portalChangeAwaitingApproval.parse(res.body);
    expect(asked).toMatchObject({
      kind: 'group_role_add',
      summary: 'Add VIEW_USERS to Role testers',
      before: { group: 'Role testers', role: 'VIEW_USERS', held: false },
      after: { group: 'Role testers', role: 'VIEW_USERS', held: true },
    });
    expect(await counts()).toEqual({ ...before, requests: before.requests + 1, audit: before.audit + 1 });
    expect(await rolesOf(group)).toEqual([]);

    const again = await api.call('POST', '/prerequisites/admin-group-roles', {
      token: adminToken,
      body: { group_id: group, admin_role: 'VIEW_USERS' },
    });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('request_open');

    expect((await decide(asked.id, approverToken)).status).toBe(200);
    expect(await rolesOf(group)).toEqual(['VIEW_USERS']);
    const [added] = await api.db.query<{ id: number }>('SELECT id FROM admin_group_roles WHERE group_id = $1', [group]);
    expect((await auditRows('group_role.added')).at(-1)).toMatchObject({
      actor_id: approverId,
      entity: 'admin_group_role',
      entity_id: String(added!.id),
      before: null,
      after: { group_id: group, admin_role: 'VIEW_USERS', request_id: asked.id, requested_by: adminId },
    });
    const held = await api.call('POST', '/prerequisites/admin-group-roles', {
      token: adminToken,
      body: { group_id: group, admin_role: 'VIEW_USERS' },
    });
    expect(held.status).toBe(400);
    expect(held.body.fields).toEqual({ admin_role: 'The group already has this role' });
  });

  it('records only one of several simultaneous adds of the same role; the others are 409 request_open, not 500', async () => {
    const group = await newGroup('Race testers');
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        api.call('POST', '/prerequisites/admin-group-roles', { token: adminToken, body: { group_id: group, admin_role: 'FIND_CUSTOMER' } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(AT_ONCE - 1).fill(409)]);
    expect(await counts()).toEqual({ ...before, requests: before.requests + 1, audit: before.audit + 1 });
  });

  it('records a removal (202), keeps the role until it is approved, then removes it; the removed id is then 404', async () => {
    const group = await newGroup('Removal testers');
    await approvedAdminChange(api, { maker: adminToken, checker: approverToken }, 'POST', '/prerequisites/admin-group-roles', {
      group_id: group,
      admin_role: 'VIEW_STORES',
    });
    const [{ id: roleId }] = (await api.db.query<{ id: number }>('SELECT id FROM admin_group_roles WHERE group_id = $1', [group])) as [
      { id: number },
    ];
    const before = await counts();
    const res = await api.call('DELETE', `/prerequisites/admin-group-roles/${roleId}`, { token: adminToken });
    expect(res.status).toBe(202);
    expect(portalChangeAwaitingApproval.parse(res.body)).toMatchObject({
      kind: 'group_role_remove',
      summary: 'Remove VIEW_STORES from Removal testers',
      before: { held: true },
      after: { held: false },
    });
    expect(await rolesOf(group)).toEqual(['VIEW_STORES']);

    expect((await decide(res.body.id, approverToken)).status).toBe(200);
    expect(await rolesOf(group)).toEqual([]);
    expect(await counts()).toEqual({
      ...before,
      group_roles: before.group_roles - 1,
      requests: before.requests + 1,
      audit: before.audit + 3,
    });
    expect((await auditRows('group_role.removed')).at(-1)).toMatchObject({
      actor_id: approverId,
      entity: 'admin_group_role',
      entity_id: String(roleId),
      before: { group_id: group, admin_role: 'VIEW_STORES', request_id: res.body.id, requested_by: adminId },
      after: null,
    });
    const again = await api.call('DELETE', `/prerequisites/admin-group-roles/${roleId}`, { token: adminToken });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This group role does not exist');
  });

  it("takes effect on the group's users at their next call once approved, in both directions", async () => {
    const tokens = { maker: adminToken, checker: approverToken };
    expect((await api.call('GET', '/prerequisites/admins', { token: agentToken })).status).toBe(403);

    const asked = await api.call('POST', '/prerequisites/admin-group-roles', {
      token: adminToken,
      body: { group_id: groupIds.Agent, admin_role: 'VIEW_USERS' },
    });
    expect((await api.call('GET', '/prerequisites/admins', { token: agentToken })).status).toBe(403);
    await decide(asked.body.id, approverToken);
    const allowed = await api.call('GET', '/prerequisites/admins', { token: agentToken });
    expect(allowed.status).toBe(200);
    expect(portalUsersList.parse(allowed.body).data.map((u) => u.username)).toContain('agent');

    await approvedAdminChange(api, tokens, 'DELETE', `/prerequisites/admin-group-roles/${await groupRoleId('Agent', 'VIEW_USERS')}`);
    const refused = await api.call('GET', '/prerequisites/admins', { token: agentToken });
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('VIEW_USERS');
  });
});

describe('GET /prerequisites/admins', () => {
  it('lists the portal users with what the users table shows, by username', async () => {
    const res = await api.call('GET', '/prerequisites/admins', { token: adminToken });
    expect(res.status).toBe(200);
    const list = portalUsersList.parse(res.body);
    const [{ n }] = (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admins')) as [{ n: number }];
    expect(list).toMatchObject({ total: n, limit: 50, skip: 0 });
    const usernames = list.data.map((u) => u.username);
    expect(usernames).toEqual([...usernames].sort());
    for (const demo of ['admin', 'agent', 'shopowner', 'approver', 'finance', 'collector', 'callcentre']) expect(usernames).toContain(demo);
    expect(list.data.find((u) => u.username === 'admin')).toMatchObject({
      full_name: 'Asha Mwakyusa',
      email: 'admin@demo.simu.co.tz',
      group_id: groupIds.Admin,
      role: 'Admin',
      otp_enabled: true,
      otp_channel: 'sms',
      disabled: false,
    });
    expect(list.data.find((u) => u.username === 'agent')).toMatchObject({ role: 'Agent', otp_enabled: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
  });

  it('honours $limit and $skip', async () => {
    const all = (await api.call('GET', '/prerequisites/admins?$limit=1000', { token: adminToken })).body;
    const res = await api.call('GET', '/prerequisites/admins?$limit=2&$skip=1', { token: adminToken });
    expect(res.body).toEqual({ total: all.total, limit: 2, skip: 1, data: all.data.slice(1, 3) });
  });
});

describe('POST /prerequisites/admins: a new user waits for a second admin', () => {
  it('records the user (202) without the password; the user can log in only once the approver approves', async () => {
    const before = await counts();
    const body = newUser({ username: 'neema', full_name: 'Neema Swai', email: 'neema@simu.co.tz', group_id: groupIds['Call centre'] });
    const res = await api.call('POST', '/prerequisites/admins', { token: adminToken, body });
    expect(res.status).toBe(202);
    const asked = portalChangeAwaitingApproval.parse(res.body);
    expect(asked).toMatchObject({
      kind: 'portal_user_create',
      summary: 'New portal user neema (Neema Swai) in Call centre',
      after: { username: 'neema', full_name: 'Neema Swai', email: 'neema@simu.co.tz', group: 'Call centre', otp_enabled: false },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
    expect(JSON.stringify(await api.db.query('SELECT * FROM audit_log ORDER BY id DESC LIMIT 1'))).not.toContain(body.password);
    expect(await counts()).toEqual({ ...before, requests: before.requests + 1, audit: before.audit + 1 });
    expect((await api.login('neema', body.password, '10.7.0.1')).status).toBe(401);

    const approved = await decide(asked.id, approverToken);
    expect(approved.status).toBe(200);
    const listed = await api.call('GET', '/prerequisites/admins?$limit=1000', { token: adminToken });
    const user = portalUser.parse(listed.body.data.find((u: { username: string }) => u.username === 'neema'));
    expect(user).toEqual({
      id: approved.body.results[0].after.user_id,
      username: 'neema',
      full_name: 'Neema Swai',
      email: 'neema@simu.co.tz',
      group_id: groupIds['Call centre'],
      role: 'Call centre',
      last_seen: null,
      last_ip: null,
      otp_enabled: false,
      otp_channel: 'sms',
      disabled: false,
    });
    const [row] = await auditRows('user.created').then((rows) => rows.slice(-1));
    expect(row).toMatchObject({
      actor_id: approverId,
      entity: 'admin',
      entity_id: String(user.id),
      before: null,
      after: { username: 'neema', request_id: asked.id, requested_by: adminId },
    });
    expect(JSON.stringify(row!.after)).not.toMatch(new RegExp(`${body.password}|scrypt`));

    const login = await api.login('neema', body.password, '10.7.0.2');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      id: user.id,
      username: 'neema',
      group: { id: groupIds['Call centre'], name: 'Call centre' },
      otp_pending: false,
    });
    expect((await api.login('neema', 'Demo#2026', '10.7.0.3')).status).toBe(401);
  });

  it('creates, once approved, a user with OTP by SMS who then gets a code at login', async () => {
    const body = newUser({ username: 'otpuser', otp_enabled: true, otp_channel: 'sms', phone: '255765000123' });
    const applied = await approvedAdminChange(api, { maker: adminToken, checker: approverToken }, 'POST', '/prerequisites/admins', body);
    expect(applied.after).toMatchObject({ username: 'otpuser', otp_enabled: true });
    const login = await api.login('otpuser', body.password, '10.7.0.4');
    expect(login.body.user).toMatchObject({ otp_enabled: true, otp_pending: true });
    expect((await api.call('GET', '/dev/outbox')).body.data[0]).toMatchObject({ channel: 'sms', recipient: '255765000123' });
  });

  it.each(['agent', 'AGENT', 'ShopOwner'])('refuses a duplicate username %j with 400 naming username', async (username) => {
    const before = await counts();
    const res = await api.call('POST', '/prerequisites/admins', { token: adminToken, body: newUser({ username }) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ username: 'This username is taken' });
    expect(await counts()).toEqual(before);
  });

  it('records only one of several simultaneous requests for the same username; the others are 409 request_open, not 500', async () => {
    const before = await counts();
    const body = newUser({ username: 'twin' });
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () => api.call('POST', '/prerequisites/admins', { token: adminToken, body })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(AT_ONCE - 1).fill(409)]);
    expect(await counts()).toEqual({ ...before, requests: before.requests + 1, audit: before.audit + 1 });
  });
});

describe('four eyes: one admin cannot make an admin change alone (issue 11)', () => {
  it('refuses the maker their own approval of every kind, even holding every role, and a second admin applies each', async () => {
    // A second admin: made by the admin and approved by the approver, in the Admin group (every role).
    const second = await approvedAdminChange(
      api,
      { maker: adminToken, checker: approverToken },
      'POST',
      '/prerequisites/admins',
      newUser({ username: 'admin2', group_id: groupIds.Admin, password: DEMO_PASSWORD }),
    );
    // Past their first-login change of password (issue 17), which is tested on its own.
    await api.db.query("UPDATE admins SET must_change_password = false WHERE username = 'admin2'");
    const admin2Token = await api.tokenFor('admin2');
    const roleId = await groupRoleId('Agent', 'ADD_LOAN');
    const asked = [
      await api.call('POST', '/prerequisites/admin-groups', { token: adminToken, body: { name: 'Four eyes' } }),
      await api.call('POST', '/prerequisites/admin-group-roles', {
        token: adminToken,
        body: { group_id: groupIds.Finance, admin_role: 'VIEW_USERS' },
      }),
      await api.call('DELETE', `/prerequisites/admin-group-roles/${roleId}`, { token: adminToken }),
      await api.call('POST', '/prerequisites/admins', { token: adminToken, body: newUser({ username: 'solo' }) }),
    ];
    expect(asked.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    const ids = asked.map((a) => a.body.id as number);
    const applied = async () => ({
      group: (await api.db.query("SELECT 1 FROM admin_groups WHERE name = 'Four eyes'")).length,
      added: (await rolesOf(groupIds.Finance!)).includes('VIEW_USERS'),
      removed: !(await rolesOf(groupIds.Agent!)).includes('ADD_LOAN'),
      user: (await api.db.query("SELECT 1 FROM admins WHERE username = 'solo'")).length,
    });
    const nothing = { group: 0, added: false, removed: false, user: 0 };
    expect(await applied()).toEqual(nothing);

    // The maker holds VIEW_APPROVALS (the Admin group holds every role), yet is refused, one by one and in bulk.
    for (const id of ids) {
      const own = await decide(id, adminToken);
      expect(own.status).toBe(403);
      expect(own.body.reason).toBe('own_request');
    }
    const bulk = await api.call('POST', APPROVE_PORTAL, { token: adminToken, body: { ids, decision: 'approve' } });
    expect(bulk.body).toMatchObject({ approved: 0, refused: 4 });
    expect(await applied()).toEqual(nothing);

    // The second admin approves all four at once, and each applies.
    const approved = await api.call('POST', APPROVE_PORTAL, { token: admin2Token, body: { ids, decision: 'approve' } });
    expect(approved.body).toMatchObject({ approved: 4, refused: 0 });
    expect(await applied()).toEqual({ group: 1, added: true, removed: true, user: 1 });

    // The audit screen's search and its CSV show each change with its maker and checker.
    const audit = await api.call('GET', `/api/v1/requests/audit?checker_id=${second.after.user_id}&limit=200`, { token: adminToken });
    expect(
      audit.body.data
        .map((r: { id: number; kind: string; maker: { username: string }; checker: { username: string } }) => [
          r.id,
          r.kind,
          r.maker.username,
          r.checker.username,
        ])
        .sort(),
    ).toEqual(
      [
        [ids[0], 'group_create', 'admin', 'admin2'],
        [ids[1], 'group_role_add', 'admin', 'admin2'],
        [ids[2], 'group_role_remove', 'admin', 'admin2'],
        [ids[3], 'portal_user_create', 'admin', 'admin2'],
      ].sort(),
    );
    const csv = await api.call('GET', `/api/v1/requests/audit/csv?checker_id=${second.after.user_id}`, { token: adminToken });
    expect(csv.body.rows).toBe(4);
    for (const line of [
      'New security group Four eyes',
      'Add VIEW_USERS to Finance',
      'Remove ADD_LOAN from Agent',
      'New portal user solo',
    ]) {
      expect(csv.body.csv).toContain(line);
    }
  });
});
