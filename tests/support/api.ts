import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_PARSERS, pgliteDb } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { migrate } from '../../server/db/migrate';
import { seedDemoStaff, seedRoles, DEMO_PASSWORD } from '../../server/db/seed-security';
import { fixedClock } from '../../server/clock';
import { createSimulators, type Simulators } from '../../server/adapters/simulators';
import { appCallbackTransport } from '../../server/adapters/mobile-money';
import { createApp } from '../../server/app';
import { DEMO_JWT_SECRET } from '../../server/config';
import type { Db } from '../../server/db/port';
import { TEMPLATE_PATH, TEST_NOW } from './template';

export { DEMO_PASSWORD, TEST_NOW };

/** A database of this test file's own: a copy of the run's PGlite template, or a fresh schema on PostgreSQL. */
export async function testDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = await openPostgres(url, `t_${randomUUID().replaceAll('-', '')}`);
    await migrate(db);
    await seedRoles(db);
    await seedDemoStaff(db, TEST_NOW);
    await db.query("INSERT INTO settings (key, value) VALUES ('company_name', 'Simu Test')");
    return db;
  }
  const pg = await PGlite.create({
    loadDataDir: new Blob([readFileSync(TEMPLATE_PATH)]),
    parsers: EMBEDDED_PARSERS,
  });
  return pgliteDb(pg);
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  ip?: string;
  /** The socket's peer; by default the test's trusted proxy, so `ip` (sent as X-Forwarded-For) is the client. */
  peer?: string;
}

/** The reverse proxy the tests stand behind: its X-Forwarded-For is believed (TRUSTED_PROXIES). */
export const TEST_PROXY = '127.0.0.1';

/** A server app over a test database with a settable clock, and small helpers to call it. */
export async function testApi(
  config: { mode?: 'demo' | 'production'; tokenTtlMs?: number; trustedProxies?: string[]; estimateTotalsFromRows?: number } = {},
) {
  const db = await testDb();
  const clock = fixedClock(TEST_NOW);
  // The simulators stand for the outside parties: they outlive a restart() of the server.
  const simulators: Simulators = createSimulators(db, clock);
  const build = () =>
    createApp({
      db,
      clock,
      adapters: simulators.adapters,
      config: {
        mode: config.mode ?? 'demo',
        jwtSecret: DEMO_JWT_SECRET,
        tokenTtlMs: config.tokenTtlMs ?? 8 * 3600_000,
        trustedProxies: config.trustedProxies ?? [TEST_PROXY],
        estimateTotalsFromRows: config.estimateTotalsFromRows,
      },
    });
  let { app, registry } = build();
  simulators.mobileMoney.connect(appCallbackTransport({ request: (path, init) => app.request(path, init) }));
  /** A new server on the same database and simulators, as after a restart between a push and its callback. */
  const restart = () => {
    ({ app, registry } = build());
  };

  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '10.0.0.1' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const env = { incoming: { socket: { remoteAddress: options.peer ?? TEST_PROXY } } };
    const response = await app.request(`/portal_api${path}`, { method, headers, body }, env);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  async function login(username: string, password = DEMO_PASSWORD, ip?: string) {
    return call('POST', '/authentication', { body: { strategy: 'local', username, password }, ip });
  }

  /** A token ready for use: logs in, and for an OTP user enters the code read from the outbox. */
  async function tokenFor(username: string): Promise<string> {
    const res = await login(username);
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.user.otp_pending) {
      const code = await latestCode();
      const verified = await call('POST', '/authentication/otp', { token: res.body.accessToken, body: { code } });
      if (verified.status !== 200) throw new Error(`otp ${username}: ${verified.status}`);
    }
    return res.body.accessToken;
  }

  async function latestCode(): Promise<string> {
    const res = await call('GET', '/dev/outbox');
    const text: string = res.body.data[0]?.text ?? '';
    const code = text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the outbox: ${text}`);
    return code;
  }

  const auditRows = (action: string) => db.query('SELECT * FROM audit_log WHERE action = $1 ORDER BY id', [action]);

  return {
    db,
    clock,
    get app() {
      return app;
    },
    get registry() {
      return registry;
    },
    mobileMoney: simulators.mobileMoney,
    restart,
    call,
    login,
    tokenFor,
    latestCode,
    auditRows,
    close: () => db.close(),
  };
}
export type TestApi = Awaited<ReturnType<typeof testApi>>;
