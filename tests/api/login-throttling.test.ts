import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT, OTP_RULES } from '../../server/domain/auth';
import { clientAddress, proxyList } from '../../server/http-surface';
import { testApi, type TestApi } from '../support/api';

/**
 * Login throttling (issue 11, item 4): counted atomically, by account and address, never a lockout a stranger can
 * cause; X-Forwarded-For believed only from a trusted proxy; one-time codes resent at most 3 times, 60 s apart,
 * and wrong codes counted per account over an hour.
 */
let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(() => api.close());
// Every test starts past the windows of the one before (the longest is an hour).
beforeEach(() => api.clock.advance(2 * 3600_000));

const lastIp = async (username: string) =>
  (await api.db.query<{ last_ip: string }>('SELECT last_ip FROM admins WHERE username = $1', [username]))[0]!.last_ip;
const wrongCode = async () => ((await api.latestCode()) === '000000' ? '111111' : '000000');

describe('wrong passwords', () => {
  it('tries only 5 of 30 concurrent wrong passwords for one account and address; the rest are refused unchecked', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => api.login('approver', 'wrong-password', '10.30.0.1')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT.perAccountAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_LIMIT.perAccountAddress);
    const [{ counted }] = (await api.db.query<{ counted: number }>(
      "SELECT count(*)::int AS counted FROM login_attempts WHERE username = 'approver' AND client_ip = '10.30.0.1'",
    )) as [{ counted: number }];
    expect(counted).toBe(LOGIN_LIMIT.perAccountAddress);
  });

  it('does not let a stranger lock the real user out: the pair is throttled, the user at their own address is not', async () => {
    expect((await api.login('collector', undefined, '10.40.0.7')).status).toBe(200); // the user's usual computer
    for (let i = 0; i < 5; i++) expect((await api.login('collector', 'guess', '10.66.0.1')).status).toBe(401);
    const stranger = await api.login('collector', 'guess', '10.66.0.1');
    expect(stranger.status).toBe(429);
    expect(stranger.body.reason).toBe('throttled');
    expect((await api.login('collector', undefined, '10.40.0.7')).status).toBe(200);
    // Even the right password from the stranger's address waits: the pair is throttled, not the password.
    expect((await api.login('collector', undefined, '10.66.0.1')).status).toBe(429);
  });

  it('slows the account with growing delays past 10 wrong passwords from many addresses, except at the addresses it logs in from', async () => {
    expect((await api.login('callcentre', undefined, '10.50.0.7')).status).toBe(200);
    const { free } = LOGIN_LIMIT.account;
    for (let i = 0; i < free; i++) expect((await api.login('callcentre', 'guess', `10.67.0.${i}`)).status).toBe(401);
    // A new address now waits the first delay (1 s), then each wrong password doubles it.
    const slowed = await api.login('callcentre', 'guess', '10.67.1.1');
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('1');
    api.clock.advance(1_000);
    expect((await api.login('callcentre', 'guess', '10.67.1.2')).status).toBe(401);
    const slower = await api.login('callcentre', 'guess', '10.67.1.3');
    expect(slower.status).toBe(429);
    expect(slower.headers.get('retry-after')).toBe('2');
    // The real user at their usual address logs in at once.
    expect((await api.login('callcentre', undefined, '10.50.0.7')).status).toBe(200);
    // And on a new computer only waits the delay (a slowdown, never a lockout).
    api.clock.advance(2_000);
    expect((await api.login('callcentre', undefined, '10.50.0.8')).status).toBe(200);
  });

  it('throttles an address across accounts after 10 wrong passwords', async () => {
    for (let i = 0; i < LOGIN_LIMIT.perAddress; i++) expect((await api.login(`nobody${i}`, 'bad', '10.31.0.1')).status).toBe(401);
    expect((await api.login('shopowner', undefined, '10.31.0.1')).status).toBe(429);
    expect((await api.login('shopowner', undefined, '10.31.0.2')).status).toBe(200);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored from a peer that is not a trusted proxy: rotating it neither escapes the limit nor sets last_ip', async () => {
    const direct = await testApi({ trustedProxies: [] });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await direct.call('POST', '/authentication', {
          body: { strategy: 'local', username: 'finance', password: 'bad' },
          ip: `198.51.100.${i}`,
          peer: '203.0.113.9',
        });
        expect(res.status).toBe(401);
      }
      const rotated = await direct.call('POST', '/authentication', {
        body: { strategy: 'local', username: 'finance', password: 'bad' },
        ip: '198.51.100.77',
        peer: '203.0.113.9',
      });
      expect(rotated.status).toBe(429);
      const ok = await direct.call('POST', '/authentication', {
        body: { strategy: 'local', username: 'agent', password: 'Demo#2026' },
        ip: '198.51.100.78',
        peer: '203.0.113.10',
      });
      expect(ok.status).toBe(200);
      expect((await direct.db.query<{ last_ip: string }>("SELECT last_ip FROM admins WHERE username = 'agent'"))[0]!.last_ip).toBe(
        '203.0.113.10',
      );
    } finally {
      await direct.close();
    }
  });

  it('is believed from a trusted proxy: the client is the address the proxy saw', async () => {
    expect((await api.login('agent', undefined, '10.77.0.5')).status).toBe(200);
    expect(await lastIp('agent')).toBe('10.77.0.5');
  });

  it('is read from the right, past every trusted proxy, and an address a client wrote before them is not believed', () => {
    const proxies = proxyList(['10.0.0.0/8', '::1']);
    expect(clientAddress('10.0.0.2', '1.2.3.4, 203.0.113.5, 10.0.0.3', proxies)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:10.0.0.2', '203.0.113.5', proxies)).toBe('203.0.113.5');
    expect(clientAddress('::1', '2001:db8::1', proxies)).toBe('2001:db8::1');
    expect(clientAddress('203.0.113.5', '10.0.0.9', proxies)).toBe('203.0.113.5');
    expect(clientAddress('10.0.0.2', 'not-an-ip, 10.0.0.3', proxies)).toBe('10.0.0.3');
    expect(clientAddress('10.0.0.2', undefined, proxies)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '203.0.113.5', null)).toBe('10.0.0.2');
    expect(() => proxyList(['10.0.0.0/33'])).toThrow(/CIDR/);
    expect(() => proxyList(['proxy.local'])).toThrow(/CIDR/);
  });
});

describe('one-time codes', () => {
  it('resends a code at most 3 times per login, 60 s apart, each audited', async () => {
    const { body } = await api.login('admin');
    const token = body.accessToken;
    const before = (await api.auditRows('otp.resent')).length;
    const tooSoon = await api.call('POST', '/authentication/otp/resend', { token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.reason).toBe('otp_resend_too_soon');
    expect(tooSoon.headers.get('retry-after')).toBe('60');
    for (let i = 0; i < OTP_RULES.resends.perLogin; i++) {
      api.clock.advance(OTP_RULES.resends.gapMs);
      expect((await api.call('POST', '/authentication/otp/resend', { token })).status).toBe(200);
    }
    api.clock.advance(OTP_RULES.resends.gapMs);
    const fourth = await api.call('POST', '/authentication/otp/resend', { token });
    expect(fourth.status).toBe(429);
    expect(fourth.body.reason).toBe('otp_resend_limit');
    const audited = (await api.auditRows('otp.resent')).slice(before);
    expect(audited.map((row: any) => row.after.resent)).toEqual([1, 2, 3]);
    // The last code sent still works.
    expect((await api.call('POST', '/authentication/otp', { token, body: { code: await api.latestCode() } })).status).toBe(200);
  });

  it('counts wrong codes per account over an hour: a new password login grants no new guesses', async () => {
    const login = async () => (await api.login('admin')).body.accessToken as string;
    const guess = async (token: string) => api.call('POST', '/authentication/otp', { token, body: { code: await wrongCode() } });
    const first = await login();
    for (let i = 0; i < 4; i++) expect((await guess(first)).status).toBe(400);
    const second = await login();
    for (let i = 0; i < 4; i++) expect((await guess(second)).status).toBe(400);
    const third = await login();
    const ninth = await guess(third);
    expect(ninth.status).toBe(400);
    expect(ninth.body.left).toBe(1); // 9 wrong codes this hour: one left for the account, whatever the login
    const tenth = await guess(third);
    expect(tenth.status).toBe(429);
    expect(tenth.body.reason).toBe('otp_account_locked');
    // The right code no longer helps, and a new login sends no code until the hour has passed.
    const right = await api.call('POST', '/authentication/otp', { token: third, body: { code: await api.latestCode() } });
    expect(right.status).toBe(429);
    const again = await api.login('admin');
    expect(again.status).toBe(429);
    expect(again.body.reason).toBe('otp_account_locked');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await api.auditRows('otp.wrong')).length).toBeGreaterThanOrEqual(10);
    api.clock.advance(OTP_RULES.wrongCodesPerAccount.windowMs);
    expect(await api.tokenFor('admin')).toMatch(/^ey/);
  });

  it('sends at most 10 codes to an account in an hour, logins and resends together', async () => {
    for (let i = 0; i < OTP_RULES.sentPerAccount.count; i++) expect((await api.login('admin')).status).toBe(200);
    const eleventh = await api.login('admin');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.reason).toBe('otp_send_limit');
  });
});
