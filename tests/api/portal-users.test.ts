import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { APPROVE_PORTAL } from '../support/admin-changes';

/** Issue 17, new user form: phone in any usual form, password rules, the link to an agent record (decision 023). */
let api: TestApi;
let admin: string;
let approver: string;
let agentGroup: number;
let unique = 0;
const at = TEST_NOW.toISOString();

const newUser = (over: Record<string, unknown> = {}) => ({
  username: `seller${++unique}`,
  full_name: 'Neema Swai',
  email: `seller${unique}@simu.co.tz`,
  password: 'Kariakoo2026',
  group_id: agentGroup,
  ...over,
});

async function agent(msisdn: string, withStore: boolean, status = 'active') {
  const [region] = await api.db.query<{ id: number }>(
    "INSERT INTO regions (name, territory, created_at) VALUES ($1, 'Coastal', $2) RETURNING id",
    [`Region ${msisdn}`, at],
  );
  const [store] = await api.db.query<{ id: number }>(
    `INSERT INTO stores (name, region_id, store_type, location, till_or_paybill, biller_type, biller_number, created_at)
     VALUES ($1, $2, 'main_shop', 'Mtaa wa Uhuru', 'paybill', 'mpesa', '400200', $3) RETURNING id`,
    [`Shop ${msisdn}`, region!.id, at],
  );
  const [row] = await api.db.query<{ id: number }>(
    'INSERT INTO agents (full_name, msisdn, store_id, status, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [`Agent ${msisdn}`, msisdn, withStore ? store!.id : null, status, at],
  );
  return row!.id;
}

const ask = (body: unknown) => api.call('POST', '/prerequisites/admins', { token: admin, body });
const approve = (id: number) => api.call('POST', APPROVE_PORTAL, { token: approver, body: { ids: [id], decision: 'approve' } });

beforeAll(async () => {
  api = await testApi();
  admin = await api.tokenFor('admin');
  approver = await api.tokenFor('approver');
  [{ id: agentGroup }] = (await api.db.query<{ id: number }>("SELECT id FROM admin_groups WHERE name = 'Agent'")) as [{ id: number }];
});
afterAll(() => api.close());

describe("a new portal user's phone number", () => {
  it.each(['0754 300 100', '+255 754 300 100', '255754300100', '0754-300-100'])(
    'accepts %s and stores it as 255754300100',
    async (phone) => {
      const body = newUser({ phone });
      const asked = await ask(body);
      expect(asked.status).toBe(202);
      expect((await approve(asked.body.id)).status).toBe(200);
      const [row] = await api.db.query<{ phone: string }>('SELECT phone FROM admins WHERE username = $1', [body.username]);
      expect(row!.phone).toBe('255754300100');
    },
  );

  it.each(['+254 712 345 678', '0754 300', 'abc'])('refuses %s with a 400 naming phone', async (phone) => {
    const res = await ask(newUser({ phone }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['phone']);
  });
});

describe('the password rules', () => {
  it.each([
    ['abcdefgh', /at least one letter and one digit/],
    ['12345678', /at least one letter and one digit/],
    ['abc1234', /at least 8 characters/],
  ])('refuses %s', async (password, message) => {
    const res = await ask(newUser({ password }));
    expect(res.status).toBe(400);
    expect(res.body.fields.password).toMatch(message);
  });

  it('refuses a password that contains the username', async () => {
    const res = await ask(newUser({ username: 'mariam', password: 'Mariam2026' }));
    expect(res.status).toBe(400);
    expect(res.body.fields.password).toBe('The password must not contain the username');
  });

  it('accepts 8 characters with a letter and a digit', async () => {
    expect((await ask(newUser({ password: 'simu2026' }))).status).toBe(202);
  });
});

describe('linking a new user to an agent record', () => {
  it('links the agent to the user when the request is approved, and the request shows the agent and store', async () => {
    const agentId = await agent('255754300201', true);
    const body = newUser({ agent_msisdn: '0754 300 201' });
    const asked = await ask(body);
    expect(asked.status).toBe(202);
    const decided = await approve(asked.body.id);
    expect(decided.status).toBe(200);
    expect(decided.body.results[0].after).toMatchObject({ agent: 'Agent 255754300201', store: 'Shop 255754300201' });
    const [linked] = await api.db.query<{ admin_id: number; username: string }>(
      'SELECT g.admin_id, a.username FROM agents g JOIN admins a ON a.id = g.admin_id WHERE g.id = $1',
      [agentId],
    );
    expect(linked!.username).toBe(body.username);
  });

  it.each([
    ['no agent with the number', async () => '0754 399 999', 'No agent has this phone number'],
    [
      'an agent without a store',
      async () => (await agent('255754300202', false), '0754300202'),
      'This agent has no store: give the agent a store first',
    ],
    ['an inactive agent', async () => (await agent('255754300203', true, 'inactive'), '0754300203'), 'This agent is inactive'],
  ])('refuses %s with a 400 naming agent_msisdn, and records nothing', async (_, number, message) => {
    const msisdn = await number();
    const [before] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM requests');
    const res = await ask(newUser({ agent_msisdn: msisdn }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ agent_msisdn: message });
    const [after] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM requests');
    expect(after!.n).toBe(before!.n);
  });

  it('refuses an agent who already has a portal user', async () => {
    await agent('255754300204', true);
    const first = await ask(newUser({ agent_msisdn: '255754300204' }));
    expect((await approve(first.body.id)).status).toBe(200);
    const res = await ask(newUser({ agent_msisdn: '255754300204' }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ agent_msisdn: 'This agent already has a portal user' });
  });
});
