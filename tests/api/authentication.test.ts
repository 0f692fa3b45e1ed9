import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());

describe('POST /portal_api/authentication', () => {
  it('answers a token and the user with group, expiry in ms and OTP flags', async () => {
    const res = await api.login('agent');
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toMatch(/^ey/);
    expect(res.body.user).toMatchObject({
      name: 'Baraka Mushi',
      username: 'agent',
      group: { name: 'Agent' },
      exp: api.clock.now().getTime() + 8 * 3600_000,
      otp_enabled: false,
      otp_pending: false,
    });
    expect(await api.auditRows('login')).not.toHaveLength(0);
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const res = await api.login('approver', 'wrong', '10.9.9.1');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid username or password');
  });

  it('refuses an unknown user the same way, without saying which part was wrong', async () => {
    const res = await api.login('nobody', 'whatever', '10.9.9.2');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid username or password');
  });

  it('answers 400 naming the fields when the body is incomplete or not JSON', async () => {
    const missing = await api.call('POST', '/authentication', { body: { strategy: 'local', username: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ username: 'valid username required', password: expect.any(String) });
    const notJson = await api.call('POST', '/authentication', { rawBody: '{oops' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.fields).toHaveProperty('body');
  });

  it('throttles a username and address pair after 5 wrong passwords in a minute; other addresses are not held up', async () => {
    for (let i = 0; i < 5; i++) expect((await api.login('finance', 'bad', '10.1.0.1')).status).toBe(401);
    const blocked = await api.login('finance', undefined, '10.1.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('60');
    expect((await api.login('finance', undefined, '10.1.0.99')).status).toBe(200);
    api.clock.advance(61_000);
    expect((await api.login('finance', undefined, '10.1.0.1')).status).toBe(200);
  });

  it('throttles a client address after 10 wrong passwords in a minute across usernames', async () => {
    for (let i = 0; i < 10; i++) expect((await api.login(`guess${i}`, 'bad', '10.2.0.1')).status).toBe(401);
    expect((await api.login('collector', undefined, '10.2.0.1')).status).toBe(429);
    expect((await api.login('collector', undefined, '10.2.0.2')).status).toBe(200);
    api.clock.advance(61_000);
  });
});

describe('the one-time code step', () => {
  it('sends a code by SMS to an OTP user and only accepts calls after it is entered', async () => {
    const res = await api.login('admin');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ otp_enabled: true, otp_channel: 'sms', otp_pending: true });
    const token = res.body.accessToken;
    const outbox = await api.call('GET', '/dev/outbox');
    expect(outbox.body.data[0]).toMatchObject({ channel: 'sms', recipient: '255754000001' });
    expect((await api.call('GET', '/prerequisites/admin-groups', { token })).status).toBe(401);

    const wrongCode = (await api.latestCode()) === '000000' ? '111111' : '000000';
    const wrong = await api.call('POST', '/authentication/otp', { token, body: { code: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.code).toMatch(/wrong code, 4 tries left/);

    const good = await api.call('POST', '/authentication/otp', { token, body: { code: await api.latestCode() } });
    expect(good.status).toBe(200);
    expect(good.body.user.otp_pending).toBe(false);
    expect((await api.call('GET', '/prerequisites/admin-groups', { token })).status).toBe(200);
  });

  it('resends a new code, and the old one stops working', async () => {
    const { body } = await api.login('admin');
    const first = await api.latestCode();
    api.clock.advance(60_000); // resends are 60 s apart
    const resent = await api.call('POST', '/authentication/otp/resend', { token: body.accessToken });
    expect(resent.body).toEqual({ sent: true, channel: 'sms' });
    const second = await api.latestCode();
    if (first !== second) {
      expect((await api.call('POST', '/authentication/otp', { token: body.accessToken, body: { code: first } })).status).toBe(400);
    }
    expect((await api.call('POST', '/authentication/otp', { token: body.accessToken, body: { code: second } })).status).toBe(200);
  });

  it('ends the attempt after 5 wrong codes', async () => {
    const { body } = await api.login('admin');
    const right = await api.latestCode();
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) {
      expect((await api.call('POST', '/authentication/otp', { token: body.accessToken, body: { code: wrongCode } })).status).toBe(400);
    }
    const fifth = await api.call('POST', '/authentication/otp', { token: body.accessToken, body: { code: wrongCode } });
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toBe('Too many wrong codes, log in again');
    expect((await api.call('POST', '/authentication/otp', { token: body.accessToken, body: { code: right } })).status).toBe(401);
  });

  it('refuses an expired code', async () => {
    const { body } = await api.login('admin');
    const code = await api.latestCode();
    api.clock.advance(5 * 60_000 + 1);
    const res = await api.call('POST', '/authentication/otp', { token: body.accessToken, body: { code } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The code has expired, send a new one');
  });
});

describe('tokens', () => {
  it('answers 401 without a token, with a forged one, and after expiry', async () => {
    expect((await api.call('GET', '/settings')).status).toBe(401);
    expect((await api.call('GET', '/settings', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.xxxx' })).status).toBe(401);
    const token = await api.tokenFor('agent');
    expect((await api.call('GET', '/settings', { token })).body).toEqual({
      company: 'Simu Test',
      device_bridge_url: 'http://127.0.0.1:8765',
      demo: true,
    });
    api.clock.advance(8 * 3600_000 + 1000);
    expect((await api.call('GET', '/settings', { token })).status).toBe(401);
  });

  it('revokes the token on logout: replaying it gets 401', async () => {
    const token = await api.tokenFor('callcentre');
    const out = await api.call('DELETE', '/authentication', { token });
    expect(out.status).toBe(200);
    expect(await api.auditRows('logout')).not.toHaveLength(0);
    expect((await api.call('GET', '/settings', { token })).status).toBe(401);
  });

  it('refuses the token of a user who has been disabled since', async () => {
    const token = await api.tokenFor('shopowner');
    await api.db.query("UPDATE admins SET disabled = true WHERE username = 'shopowner'");
    expect((await api.call('GET', '/settings', { token })).status).toBe(401);
    expect((await api.login('shopowner')).status).toBe(401);
  });
});

describe('system routes', () => {
  it('reports health and the database kind', async () => {
    const res = await api.call('GET', '/health');
    expect(res.body).toEqual({ ok: true, db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('serves the outbox in demo mode only', async () => {
    const production = await testApi({ mode: 'production' });
    expect((await production.call('GET', '/dev/outbox')).status).toBe(404);
    await production.close();
  });
});
