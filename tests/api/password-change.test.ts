import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '../../src/contract/auth';
import { approvedAdminChange } from '../support/admin-changes';
import { testApi, type TestApi } from '../support/api';

/**
 * Issue 17: a user an admin created logs in with the password the admin chose, and must choose their own before
 * anything else. Their token reaches only the change of password and logout (403 password_change_required);
 * the change needs the current password, follows the portal's rules, and ends the login after 5 wrong current ones.
 */
let api: TestApi;
let tokens: { maker: string; checker: string };
let groupId: number;
const GIVEN = 'Given#2026x';
let unique = 0;

beforeAll(async () => {
  api = await testApi();
  tokens = { maker: await api.tokenFor('admin'), checker: await api.tokenFor('approver') };
  [{ id: groupId }] = (await api.db.query<{ id: number }>("SELECT id FROM admin_groups WHERE name = 'Call centre'")) as [{ id: number }];
});
afterAll(() => api.close());

/** A call-centre user made by the admin and approved by the approver, as the portal makes them. */
async function createdUser(over: Record<string, unknown> = {}) {
  const username = `newcomer${++unique}`;
  await approvedAdminChange(api, tokens, 'POST', '/prerequisites/admins', {
    username,
    full_name: 'Neema Swai',
    email: `${username}@simu.co.tz`,
    password: GIVEN,
    group_id: groupId,
    ...over,
  });
  return username;
}
const ip = () => `10.17.0.${unique}`;
const change = (token: string, body: unknown) => api.call('POST', '/authentication/password', { token, body });

describe('POST /portal_api/authentication/password: the first-login change of password', () => {
  it('marks a created user: the login says so, and every other call is refused until the password is changed', async () => {
    const username = await createdUser();
    const login = await api.login(username, GIVEN, ip());
    expect(login.status).toBe(200);
    expect(authUser.parse(login.body.user)).toMatchObject({ username, must_change_password: true, otp_pending: false });
    const token = login.body.accessToken as string;

    const find = await api.call('POST', '/api/v1/view_customer_msisdn', { token, body: { msisdn: '0754300100' } });
    expect(find.status).toBe(403);
    expect(find.body.reason).toBe('password_change_required');
    const settings = await api.call('GET', '/settings', { token });
    expect(settings).toMatchObject({ status: 403, body: { reason: 'password_change_required' } });

    const changed = await change(token, { current_password: GIVEN, new_password: 'Mwanza2027' });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ username, must_change_password: false, otp_pending: false });
    // The same token now reaches what the group holds; the old password no longer logs in, the new one does.
    expect((await api.call('GET', '/settings', { token })).status).toBe(200);
    expect((await api.login(username, GIVEN, ip())).status).toBe(401);
    const again = await api.login(username, 'Mwanza2027', ip());
    expect(again.body.user).toMatchObject({ must_change_password: false });

    const [row] = await api.auditRows('password.changed').then((rows) => rows.slice(-1));
    expect(row).toMatchObject({ entity: 'admin', before: { must_change_password: true }, after: { must_change_password: false } });
    expect(JSON.stringify(row)).not.toMatch(/Mwanza2027|Given#2026x|scrypt/);
  });

  it('asks an OTP user for the code first, then the password', async () => {
    const username = await createdUser({ otp_enabled: true, otp_channel: 'sms', phone: '255765000177' });
    const login = await api.login(username, GIVEN, ip());
    expect(login.body.user).toMatchObject({ otp_pending: true, must_change_password: true });
    const token = login.body.accessToken as string;
    expect((await change(token, { current_password: GIVEN, new_password: 'Mwanza2027' })).status).toBe(401);
    const verified = await api.call('POST', '/authentication/otp', { token, body: { code: await api.latestCode() } });
    expect(verified.body.user).toMatchObject({ otp_pending: false, must_change_password: true });
    expect((await api.call('GET', '/settings', { token })).body.reason).toBe('password_change_required');
    expect((await change(token, { current_password: GIVEN, new_password: 'Mwanza2027' })).status).toBe(200);
    expect((await api.call('GET', '/settings', { token })).status).toBe(200);
  });

  it.each([
    [{ current_password: GIVEN, new_password: 'abcdefgh' }, 'new_password'],
    [{ current_password: GIVEN, new_password: '12345678' }, 'new_password'],
    [{ current_password: GIVEN, new_password: 'Ab1' }, 'new_password'],
    [{ current_password: '', new_password: 'Mwanza2027' }, 'current_password'],
    [{ new_password: 'Mwanza2027' }, 'current_password'],
  ])('refuses %j with 400 naming %s, and the mark stays', async (body, field) => {
    const username = await createdUser();
    const token = (await api.login(username, GIVEN, ip())).body.accessToken as string;
    const res = await change(token, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect((await api.call('GET', '/settings', { token })).body.reason).toBe('password_change_required');
  });

  it('refuses a new password containing the username, or the current one again, naming new_password', async () => {
    const username = await createdUser();
    const token = (await api.login(username, GIVEN, ip())).body.accessToken as string;
    const withName = await change(token, { current_password: GIVEN, new_password: `${username.toUpperCase()}9` });
    expect(withName).toMatchObject({
      status: 400,
      body: { reason: 'password_has_username', fields: { new_password: expect.any(String) } },
    });
    const same = await change(token, { current_password: GIVEN, new_password: GIVEN });
    expect(same).toMatchObject({ status: 400, body: { reason: 'password_unchanged', fields: { new_password: expect.any(String) } } });
  });

  it('refuses a wrong current password with 400 naming current_password; the fifth ends the login', async () => {
    const username = await createdUser();
    const token = (await api.login(username, GIVEN, ip())).body.accessToken as string;
    for (let i = 1; i < 5; i++) {
      const wrong = await change(token, { current_password: `Wrong${i}pass`, new_password: 'Mwanza2027' });
      expect(wrong).toMatchObject({
        status: 400,
        body: { reason: 'wrong_current_password', fields: { current_password: expect.any(String) } },
      });
    }
    const fifth = await change(token, { current_password: 'Wrong5pass', new_password: 'Mwanza2027' });
    expect(fifth).toMatchObject({ status: 401, body: { reason: 'password_locked' } });
    expect((await change(token, { current_password: GIVEN, new_password: 'Mwanza2027' })).status).toBe(401);
    // The password is still the given one, and the user is still asked to change it.
    expect((await api.login(username, GIVEN, ip())).body.user).toMatchObject({ must_change_password: true });
  });

  it('lets the user log out before changing, and answers 401 without a token', async () => {
    const username = await createdUser();
    const token = (await api.login(username, GIVEN, ip())).body.accessToken as string;
    expect((await api.call('DELETE', '/authentication', { token })).status).toBe(200);
    expect((await change(token, { current_password: GIVEN, new_password: 'Mwanza2027' })).status).toBe(401);
    expect(
      (await api.call('POST', '/authentication/password', { body: { current_password: GIVEN, new_password: 'Mwanza2027' } })).status,
    ).toBe(401);
  });

  it('does not ask the demo users, who chose their own', async () => {
    expect((await api.login('agent')).body.user).toMatchObject({ must_change_password: false });
  });
});
