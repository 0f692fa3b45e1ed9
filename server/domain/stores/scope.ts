import type { Caller } from '../../deps';
import type { Db, Queryable } from '../../db/port';
import { keptPerDb } from '../../auth/session-cache';
import { refuse } from '../shared';

/**
 * Who sees which stores (decision 013). A portal user linked to the store network sees only their part of it:
 * a shop owner (shop_owners.admin_id) their own stores, a region lead (regions.lead_admin_id) the stores of their
 * region, an agent who uses the portal (agents.admin_id) their store. Links add up (a shop owner who also leads a
 * region sees both). Staff linked to nothing see the whole network only when they hold ADD_STORE, head office's
 * power to create the network (decision 019); anyone else linked to nothing (a shop owner not yet linked to a
 * store, an agent not yet linked to an agent record) sees nothing. The role still decides what a caller may do at
 * all; the scope decides on which rows.
 */
export type Scope = { all: true } | { all: false; storeIds: number[]; regionIds: number[] };

/** The role that makes a caller linked to nothing head office (decision 019). */
export const HEAD_OFFICE_ROLE = 'ADD_STORE';

type ScopeRow = { linked: boolean; store_ids: number[] | null; region_ids: number[] | null };

/**
 * Scopes kept per server copy (one cache per Db) while the change feed says nothing has changed the links they come
 * from (decision 041): migration 032 sends the same notices for shop owners, stores, regions and agents as migration
 * 033 does for sessions, and this copy's own writes move the feed on at once. A list then costs no round trip for its
 * scope. Inside a transaction (a Queryable without a feed) the scope is always read: a change decides on it.
 */
const keptScopes = keptPerDb<ScopeRow | undefined>();

export async function scopeOf(db: Queryable | Db, caller: Caller): Promise<Scope> {
  const row = await keptScopes(db, String(caller.adminId), () => readScope(db, caller.adminId));
  if (!row?.linked && caller.roles.includes(HEAD_OFFICE_ROLE)) return { all: true };
  return { all: false, storeIds: (row?.store_ids ?? []).map(Number), regionIds: (row?.region_ids ?? []).map(Number) };
}

async function readScope(db: Queryable, adminId: number): Promise<ScopeRow | undefined> {
  const [row] = await db.query<ScopeRow>(
    `WITH owned AS (SELECT s.id FROM stores s JOIN shop_owners o ON o.id = s.shop_owner_id WHERE o.admin_id = $1),
          led AS (SELECT r.id FROM regions r WHERE r.lead_admin_id = $1),
          works AS (SELECT g.store_id AS id FROM agents g WHERE g.admin_id = $1 AND g.store_id IS NOT NULL),
          stores_seen AS (SELECT id FROM owned UNION SELECT s.id FROM stores s JOIN led ON led.id = s.region_id UNION SELECT id FROM works)
     SELECT (EXISTS (SELECT 1 FROM shop_owners WHERE admin_id = $1) OR EXISTS (SELECT 1 FROM led)
             OR EXISTS (SELECT 1 FROM agents WHERE admin_id = $1)) AS linked,
            (SELECT array_agg(id ORDER BY id) FROM stores_seen) AS store_ids,
            (SELECT array_agg(DISTINCT x ORDER BY x) FROM (SELECT id AS x FROM led
                UNION SELECT s.region_id FROM stores s WHERE s.id IN (SELECT id FROM stores_seen)) r) AS region_ids`,
    [adminId],
  );
  return row;
}

export const seesStore = (scope: Scope, storeId: number) => scope.all || scope.storeIds.includes(storeId);
export const seesRegion = (scope: Scope, regionId: number) => scope.all || scope.regionIds.includes(regionId);

/** A SQL condition limiting `column` (a store id) to the scope, its parameter appended to `params`. */
export function storeCondition(scope: Scope, column: string, params: unknown[]): string {
  if (scope.all) return 'true';
  params.push(scope.storeIds);
  return `${column} = ANY($${params.length}::bigint[])`;
}

export function regionCondition(scope: Scope, column: string, params: unknown[]): string {
  if (scope.all) return 'true';
  params.push(scope.regionIds);
  return `${column} = ANY($${params.length}::bigint[])`;
}

export const outOfScope = (what: string) => refuse(403, 'out_of_scope', `The ${what} is outside what you may see`);

/** Business-wide changes (regions, leads, categories) are head office's: a caller linked to the network may not. */
export function requireHeadOffice(scope: Scope): void {
  if (!scope.all) throw refuse(403, 'head_office_only', 'Only head-office staff may change this');
}

/** The user's text inside a LIKE pattern, its own % and _ taken literally. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
