import type { ChangeFeed, Db, Queryable } from '../db/port';

/** What authenticate.ts reads for a session on every request that is not kept. */
export interface SessionRow {
  admin_id: number;
  expires_at: Date;
  username: string;
  full_name: string;
  group_id: number;
  otp_required: boolean;
  otp_verified: boolean;
  must_change_password: boolean;
  /** The group's roles, comma-separated: one string is cheaper to read than a text[] of a hundred roles. */
  roles: string | null;
}

/** How many sessions a server copy keeps (a few hundred bytes each): far more than its signed-in staff. */
export const SESSIONS_KEPT = 10_000;

/**
 * How long a kept session is trusted without reading it again, in ms. The change feed empties the cache at once on
 * any change; this bounds what a copy could miss if its LISTEN connection died without the socket saying so.
 */
export const SESSION_KEPT_MS = 10_000;

/**
 * The session rows authenticate.ts reads on every request, kept per server copy while the database's change feed says
 * nothing has changed them (decision 042): a logout, a disabled user or a group's new roles reach every copy at the
 * commit that makes them (migration 033's notices), and this copy's own writes at once. A row is kept only when the
 * feed was live and its version did not move while the row was read, so a change made during the read is never
 * hidden. Session expiry is still compared with the clock on every request by the caller.
 */
export function createSessionCache<Row>(feed: ChangeFeed, kept = SESSIONS_KEPT, keptMs = SESSION_KEPT_MS, time = () => performance.now()) {
  const rows = new Map<string, { row: Row; version: number; until: number }>();
  return {
    async get(key: string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
      const live = feed.live;
      const version = feed.version;
      const hit = rows.get(key);
      if (hit && live && hit.version === version && hit.until > time()) return hit.row;
      if (hit) rows.delete(key);
      const row = await read();
      if (row !== undefined && live && feed.live && feed.version === version) {
        if (rows.size >= kept) rows.clear();
        rows.set(key, { row, version, until: time() + keptMs });
      }
      return row;
    },
  };
}
export type SessionCache<Row> = ReturnType<typeof createSessionCache<Row>>;

/**
 * A read kept per Db (a cache of `createSessionCache` each) and key, for as long as that Db's change feed says nothing
 * has changed it: what a caller's scope or stores are, read on every list. On a Queryable without a feed (a
 * transaction, which may decide a write on it) it is always read.
 */
export function keptPerDb<T>() {
  const caches = new WeakMap<Db, SessionCache<T>>();
  return async (db: Queryable, key: string, read: () => Promise<T>): Promise<T> => {
    if (!('changes' in db)) return read();
    const feedDb = db as Db;
    let kept = caches.get(feedDb);
    if (!kept) caches.set(feedDb, (kept = createSessionCache<T>(feedDb.changes)));
    // Kept or read now: undefined only when `read` gave it.
    return (await kept.get(key, read)) as T;
  };
}
