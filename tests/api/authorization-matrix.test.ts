import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { routes, type RouteContract } from '../../src/contract/routes';
import { ROLES } from '../../src/contract/roles';
import { DEMO_GROUPS } from '../../server/db/seed-security';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { createTokens } from '../../server/auth/tokens';
import { hashPassword } from '../../server/auth/password';
import { DEMO_JWT_SECRET } from '../../server/config';
import { DEMO_PASSWORD, testApi, type TestApi } from '../support/api';

/**
 * The authorization matrix, generated from the contract (issue 11): every route x every demo group x {no token,
 * bad tokens, OTP pending, a password to change} answers 401, 403 or goes through exactly as the route's `auth` says. "Goes through"
 * means neither 401 nor 403: the request carries a plausible body, so what follows (200, 400, 404, 409) is the
 * route's own business. A `session` route that checks roles itself names them in its 403 refusal. A user whose
 * password an admin chose (issue 17) reaches only the change of password and logout: 403 password_change_required.
 */

let api: TestApi;
const PASSWORD_TO_CHANGE = 'password to change';
const credentials = new Map<string, string | undefined>();
beforeAll(async () => {
  api = await testApi();
  for (const group of DEMO_GROUPS) credentials.set(group.name, await api.tokenFor(group.user.username));
  credentials.set('OTP pending', (await api.login('admin', undefined, '10.0.0.3')).body.accessToken);
  // A call-centre user an admin has just created: every role of the group, but their own password still to choose.
  await api.db.query(
    `INSERT INTO admins (username, full_name, email, password_hash, group_id, otp_enabled, otp_channel, created_at, must_change_password)
     SELECT 'newcomer', 'New Comer', 'newcomer@simu.co.tz', $1, group_id, false, 'sms', now(), true FROM admins WHERE username = 'callcentre'`,
    [await hashPassword(DEMO_PASSWORD)],
  );
  credentials.set(PASSWORD_TO_CHANGE, await api.tokenFor('newcomer'));
  const [agent] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'agent'");
  const [session] = await api.db.query<{ id: string }>('SELECT id FROM auth_sessions WHERE admin_id = $1 LIMIT 1', [agent!.id]);
  const now = api.clock.now();
  const demo = createTokens(DEMO_JWT_SECRET);
  BAD_TOKENS.expired = await demo.sign(
    { adminId: agent!.id, sessionId: session!.id },
    new Date(now.getTime() - 9 * 3600_000),
    new Date(now.getTime() - 3600_000),
  );
  BAD_TOKENS['unknown session'] = await demo.sign({ adminId: agent!.id, sessionId: randomUUID() }, now, new Date(now.getTime() + 3600_000));
  BAD_TOKENS['other admin in the session'] = await demo.sign(
    { adminId: agent!.id + 1, sessionId: session!.id },
    now,
    new Date(now.getTime() + 3600_000),
  );
  BAD_TOKENS.forged = await createTokens('x'.repeat(40)).sign(
    { adminId: agent!.id, sessionId: session!.id },
    now,
    new Date(now.getTime() + 3600_000),
  );
  BAD_TOKENS['alg none'] =
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(agent!.id), jti: session!.id })).toString('base64url')}.`;
});
afterAll(() => api?.close());

const BAD_TOKENS: Record<string, string> = { garbage: 'not-a-token', 'empty bearer': '' };

/** A plausible value for a field, asked of its own schema: the request then reaches the route's handler. */
const POOL: unknown[] = [
  '0754300100',
  '356938035643809',
  randomUUID(),
  '123456',
  '2026-01-15',
  '2026-01-15T10:00:00Z',
  'A sensible reason',
  'agent',
  'new.user',
  'a@b.co',
  'AbCdEfGhIjKlMnOp1234',
  'AbCdEfGhIjKlMnOp1234.pdf',
  '19920314-41020-00017-26',
  'LN0000012',
  'local',
  'approve',
  'sms',
  'daily',
  'mpesa',
  'incoming',
  'happy',
  'inquiry',
  'no_answer',
  '1GB',
  'vivo',
  'SUCCESS',
  '0',
  'approved',
  'Demo#2026x',
  'VIEW_SECURITY',
  'AAAAAAAAAAAAAAAAAAAA',
  // A customer's SMS language (customer_language).
  'sw',
  1,
  7,
  true,
  [1],
];

function plausible(schema: z.ZodType | undefined): Record<string, unknown> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (field.safeParse(undefined).success) continue;
    const value = POOL.find((v) => field.safeParse(v).success);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

const rolesNamed = (text: string | undefined) => ROLES.filter((role) => text?.includes(role));
const rolesOf = (group: string) => (group === 'OTP pending' ? [] : [...(DEMO_GROUPS.find((g) => g.name === group)?.roles ?? [])]);

type Expected = 401 | 403 | 'through';

function expected(route: RouteContract, who: string): Expected {
  if (route.auth === 'public') return 'through';
  if (!credentials.has(who)) return 401; // no token or a bad one
  if (who === 'OTP pending') return route.auth === 'otp' ? 'through' : 401;
  if (route.auth === 'otp' || route.auth === 'password') return 'through';
  if (who === PASSWORD_TO_CHANGE) return 403;
  const held = rolesOf(who);
  if (route.auth === 'session') {
    const needed = rolesNamed(route.refusals?.[403]);
    return needed.length === 0 || needed.some((role) => held.includes(role)) ? 'through' : 403;
  }
  return held.includes(route.auth) ? 'through' : 403;
}

async function send(route: RouteContract, token: string | undefined) {
  const headers: Record<string, string> = { 'x-callback-token': DEMO_CALLBACK_SECRET };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const path = route.path.replace(':id', '999999').replace(':file', 'AbCdEfGhIjKlMnOp1234.pdf');
  let url = `/portal_api${path}`;
  if (route.query) url += `?${new URLSearchParams(plausible(route.query) as Record<string, string>)}`;
  let body: string | undefined;
  if (route.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(plausible(route.body));
  }
  const res = await api.app.request(url, { method: route.method, headers, body }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  return { status: res.status, body: (await res.json().catch(() => null)) as { role?: string; reason?: string } | null };
}

// Logging out revokes the token it is sent with: last.
const table = (Object.entries(routes) as Array<[string, RouteContract]>).sort(
  ([a], [b]) => Number(a === 'logout') - Number(b === 'logout'),
);
const WHO = [
  ...DEMO_GROUPS.map((g) => g.name),
  'OTP pending',
  PASSWORD_TO_CHANGE,
  'no token',
  'garbage',
  'empty bearer',
  'expired',
  'unknown session',
  'other admin in the session',
  'forged',
  'alg none',
];

describe('every route x every demo group and credential', () => {
  const tally = { through: 0, 401: 0, 403: 0 };
  afterAll(() =>
    console.log(
      `Authorization matrix: ${table.length} routes x ${WHO.length} callers: ${tally.through} through, ${tally[401]} 401, ${tally[403]} 403`,
    ),
  );

  it.each(table)('%s answers as its auth says', async (_name, route) => {
    const wrong: string[] = [];
    for (const who of WHO) {
      const token = credentials.has(who) ? credentials.get(who) : who === 'no token' ? undefined : BAD_TOKENS[who];
      const want = expected(route, who);
      const got = await send(route, token);
      tally[want]++;
      const ok =
        want === 'through'
          ? // Logging in with a wrong password is the login route's own 401, not a refusal of the caller's token.
            // A 403 past the role check is the maker deciding their own request, or (decision 019) a business-wide
            // change asked by someone who is not head office: refusals of the caller's scope, not of the role.
            (got.status !== 401 || got.body?.reason === 'invalid_credentials') &&
            (got.status !== 403 || got.body?.reason === 'own_request' || got.body?.reason === 'head_office_only')
          : who === PASSWORD_TO_CHANGE
            ? got.status === want && got.body?.reason === 'password_change_required'
            : got.status === want && (want !== 403 || route.auth === 'session' || got.body?.role === route.auth);
      if (!ok) wrong.push(`${who}: expected ${want}, got ${got.status} ${JSON.stringify(got.body)}`);
      expect(got.status, `${who}`).toBeLessThan(500);
    }
    expect(wrong, `${route.method} ${route.path} (auth ${route.auth})`).toEqual([]);
  });
});
