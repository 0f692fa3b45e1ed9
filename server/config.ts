import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { proxyList } from './http-surface';

export const DEMO_JWT_SECRET = 'simu-portal-demo-secret-not-for-production';
export const DEFAULT_BRIDGE_PORT = 8765;
/**
 * PostgreSQL connections per copy unless DB_POOL_SIZE says otherwise: two per core of this machine, at least 4 and at
 * most 10 (decision 088). More statements at once than the cores can run only make PostgreSQL's backends take turns:
 * at a million customers on 2 cores, 4 connections spent 10-35% less of PostgreSQL's CPU per call than 10 did.
 */
export const defaultPoolSize = (cores: number) => Math.min(10, Math.max(4, 2 * cores));
export const DEFAULT_POOL_SIZE = defaultPoolSize(availableParallelism());
export const DEFAULT_BRIDGE_URL = `http://127.0.0.1:${DEFAULT_BRIDGE_PORT}`;

const schema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    PORTAL_MODE: z.enum(['demo', 'production']).optional(),
    NODE_ENV: z.string().optional(),
    JWT_SECRET: z.string().optional(),
    TOKEN_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(8 * 60),
    COMPANY_NAME: z.string().min(1).default('Simu Pay Tanzania'),
    DEMO_SEED: z.coerce.number().int().default(2026),
    BRIDGE_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_BRIDGE_PORT),
    BRIDGE_URL: z.url().optional(),
    MOBILE_MONEY_CALLBACK_SECRET: z.string().min(16, 'must be 16 characters or more').optional(),
    // Comma-separated addresses or CIDR ranges of the reverse proxies in front of the server; only their
    // X-Forwarded-For is believed. Default: none (the socket's peer is the client).
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const entries = value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
        try {
          proxyList(entries);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
        return entries;
      }),
    // Background work (ageing run, analytics snapshot, lock commands, deposit release) on this copy: 'off' for copies
    // that only answer requests while another copy of the same database does the work (decision 016).
    WORKERS: z.enum(['on', 'off']).default('on'),
    // The embedded database (no DATABASE_URL) on a thread of its own (decision 073): 'auto' where the machine has more
    // than one core (on one, the thread only adds its messages' cost), 'off' in-process.
    PGLITE_THREAD: z.enum(['auto', 'on', 'off']).default('auto'),
    // Connections this copy keeps open to PostgreSQL (DATABASE_URL): the most statements it runs at once. Copies times
    // this must stay under the database's max_connections.
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
    PORTAL_API_URL: z.url().optional(),
  })
  .transform((env, ctx) => {
    const mode = env.PORTAL_MODE ?? (env.NODE_ENV === 'production' ? 'production' : 'demo');
    if (mode === 'production' && (!env.JWT_SECRET || env.JWT_SECRET === DEMO_JWT_SECRET || env.JWT_SECRET.length < 32)) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'production needs a JWT secret of its own, 32 characters or more' });
      return z.NEVER;
    }
    return {
      port: env.PORT,
      host: env.HOST,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      mode,
      jwtSecret: env.JWT_SECRET ?? DEMO_JWT_SECRET,
      tokenTtlMs: env.TOKEN_TTL_MINUTES * 60_000,
      companyName: env.COMPANY_NAME,
      demoSeed: env.DEMO_SEED,
      // Demo mode runs the device service simulator on BRIDGE_PORT unless BRIDGE_URL names a service elsewhere.
      bridgeUrl: env.BRIDGE_URL ?? `http://127.0.0.1:${env.BRIDGE_PORT}`,
      bridgePort: mode === 'demo' && !env.BRIDGE_URL ? env.BRIDGE_PORT : null,
      // The token the mobile-money provider sends with its callbacks; demo mode uses the simulator's own.
      mobileMoneyCallbackSecret: env.MOBILE_MONEY_CALLBACK_SECRET,
      trustedProxies: env.TRUSTED_PROXIES,
      // A build pointed at another back-end calls it from the browser: the CSP allows it.
      portalApiUrl: env.PORTAL_API_URL,
      workers: env.WORKERS === 'on',
      poolSize: env.DB_POOL_SIZE,
      pgliteThread: env.PGLITE_THREAD === 'on' || (env.PGLITE_THREAD === 'auto' && availableParallelism() > 1),
    } as const;
  });

export type ServerConfig = z.output<typeof schema>;

/** Parses the environment; a bad value stops the start with the variable named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  // An empty variable (`DATABASE_URL=` in an env file) means unset.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new Error(`Refusing to start, bad environment:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
