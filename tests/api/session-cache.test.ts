import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCache } from '../../server/auth/session-cache';
import { testApi, type TestApi } from '../support/api';

/**
 * Decision 042: a server copy keeps the session row it reads on every request, and lets go of it the moment anything
 * changes a session, a user or a group's roles. What a caller sees: a logout, a disabled user, a group that loses a
 * role and a revoked session are refused on the very next request, however they were made.
 */
describe('the session cache', () => {
  const feed = { version: 0, live: true };
  const reader = (rows: Array<string | undefined>) => {
    let reads = 0;
    return { read: async () => rows[reads++], reads: () => reads };
  };

  it('reads a session once while nothing changes, and again after any change', async () => {
    const cache = createSessionCache<string>(feed);
    const r = reader(['first', 'second']);
    expect(await cache.get('s1', r.read)).toBe('first');
    expect(await cache.get('s1', r.read)).toBe('first');
    expect(r.reads()).toBe(1);
    feed.version++;
    expect(await cache.get('s1', r.read)).toBe('second');
    expect(r.reads()).toBe(2);
  });

  it('keeps nothing read while a change was made, nothing while the feed is not live, and no missing session', async () => {
    const changing = { version: 0, live: true };
    const cache = createSessionCache<string>(changing);
    let reads = 0;
    const racing = async () => {
      reads++;
      changing.version++; // a commit lands while the row is on its way
      return 'stale';
    };
    await cache.get('s1', racing);
    await cache.get('s1', racing);
    expect(reads).toBe(2);

    const down = createSessionCache<string>({ version: 0, live: false });
    const r = reader(['a', 'b']);
    await down.get('s1', r.read);
    expect(await down.get('s1', r.read)).toBe('b');

    const none = createSessionCache<string>(feed);
    const gone = reader([undefined, 'back']);
    expect(await none.get('s1', gone.read)).toBeUndefined();
    expect(await none.get('s1', gone.read)).toBe('back');
  });

  it('reads a kept session again after its time is up, and never holds more sessions than it may', async () => {
    let now = 0;
    const cache = createSessionCache<string>(feed, 2, 10_000, () => now);
    const r = reader(['a', 'a2', 'b', 'c', 'a3']);
    await cache.get('a', r.read);
    now = 10_001;
    expect(await cache.get('a', r.read)).toBe('a2');
    await cache.get('b', r.read); // two kept: full
    await cache.get('c', r.read); // emptied, then c kept
    expect(await cache.get('a', r.read)).toBe('a3');
    expect(r.reads()).toBe(5);
  });
});

describe('a change to a session, a user or a role reaches the next request (PGlite, one process)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi();
  });
  afterAll(() => api.close());

  const settings = (token: string) => api.call('GET', '/settings', { token }).then((r) => r.status);
  // No customer has this number: 404 to a caller who may look customers up, 403 to one who may not.
  const lookup = (token: string) =>
    api.call('POST', '/api/v1/view_customer_msisdn', { token, body: { msisdn: '0754300100' } }).then((r) => r.status);

  it('refuses a token whose user was disabled or whose session was revoked by a statement of its own', async () => {
    const token = await api.tokenFor('callcentre');
    expect(await settings(token)).toBe(200);
    expect(await settings(token)).toBe(200);
    await api.db.query("UPDATE admins SET disabled = true WHERE username = 'callcentre'");
    expect(await settings(token)).toBe(401);
    await api.db.query("UPDATE admins SET disabled = false WHERE username = 'callcentre'");
    expect(await settings(token)).toBe(200);

    await api.db.transaction(async (tx) => {
      await tx.query("UPDATE auth_sessions SET revoked_at = now() WHERE admin_id = (SELECT id FROM admins WHERE username = 'callcentre')");
    });
    expect(await settings(token)).toBe(401);
  });

  it("refuses a call at once when the caller's group loses the role it needs, and allows it again when it is back", async () => {
    const token = await api.tokenFor('callcentre');
    expect(await lookup(token)).toBe(404);
    const [held] = await api.db.query<{ group_id: number; admin_role: string }>(
      `DELETE FROM admin_group_roles WHERE admin_role = 'FIND_CUSTOMER'
          AND group_id = (SELECT group_id FROM admins WHERE username = 'callcentre') RETURNING group_id, admin_role`,
    );
    expect(held).toBeDefined();
    expect(await lookup(token)).toBe(403);
    await api.db.query('INSERT INTO admin_group_roles (group_id, admin_role, created_at) VALUES ($1, $2, now())', [
      held!.group_id,
      held!.admin_role,
    ]);
    expect(await lookup(token)).toBe(404);
  });

  it('refuses the token after a logout', async () => {
    const token = await api.tokenFor('callcentre');
    expect(await settings(token)).toBe(200);
    expect((await api.call('DELETE', '/authentication', { token })).status).toBeLessThan(300);
    expect(await settings(token)).toBe(401);
  });
});
