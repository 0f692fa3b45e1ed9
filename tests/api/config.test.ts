import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET, defaultPoolSize, loadConfig } from '../../server/config';

describe('server configuration', () => {
  it('defaults to demo mode on port 8080 with the data under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'demo', port: 8080, dataDir: './data', databaseUrl: undefined });
  });

  it('refuses a production start without a JWT secret of its own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: production needs a JWT secret of its own/);
    expect(() => loadConfig({ PORTAL_MODE: 'production', JWT_SECRET: DEMO_JWT_SECRET })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ PORTAL_MODE: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ PORTAL_MODE: 'production', JWT_SECRET: 'x'.repeat(40) }).mode).toBe('production');
  });

  it('takes an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 8080 });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MOBILE_MONEY_CALLBACK_SECRET: 'short' })).toThrow(
      /MOBILE_MONEY_CALLBACK_SECRET: must be 16 characters or more/,
    );
  });

  it('keeps two PostgreSQL connections a core, 4 to 10, unless DB_POOL_SIZE says otherwise, and names it when it is no count', () => {
    expect([1, 2, 3, 5, 16].map(defaultPoolSize)).toEqual([4, 4, 6, 10, 10]);
    expect(loadConfig({}).poolSize).toBe(defaultPoolSize(availableParallelism()));
    expect(loadConfig({ DB_POOL_SIZE: '4' }).poolSize).toBe(4);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ DB_POOL_SIZE: '2.5' })).toThrow(/DB_POOL_SIZE/);
  });

  it('runs the embedded database on a thread of its own where there is a second core, as PGLITE_THREAD says, and names a bad value', () => {
    expect(loadConfig({}).pgliteThread).toBe(availableParallelism() > 1);
    expect(loadConfig({ PGLITE_THREAD: 'on' }).pgliteThread).toBe(true);
    expect(loadConfig({ PGLITE_THREAD: 'off' }).pgliteThread).toBe(false);
    expect(() => loadConfig({ PGLITE_THREAD: 'no' })).toThrow(/PGLITE_THREAD/);
  });

  it("takes the mobile-money provider's callback token from the environment", () => {
    expect(loadConfig({ MOBILE_MONEY_CALLBACK_SECRET: 'a-token-of-the-provider' }).mobileMoneyCallbackSecret).toBe(
      'a-token-of-the-provider',
    );
    expect(loadConfig({}).mobileMoneyCallbackSecret).toBeUndefined();
  });

  it('trusts no proxy by default, and names TRUSTED_PROXIES when an entry is not an address or range', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1' }).trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/40' })).toThrow(/TRUSTED_PROXIES: not an IP address or CIDR range/);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.internal' })).toThrow(/TRUSTED_PROXIES/);
  });
  it('runs the background work unless WORKERS=off, and names WORKERS for any other value', () => {
    expect(loadConfig({}).workers).toBe(true);
    expect(loadConfig({ WORKERS: 'off' }).workers).toBe(false);
    expect(() => loadConfig({ WORKERS: 'no' })).toThrow(/WORKERS/);
  });
});
