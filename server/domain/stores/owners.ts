import type { z } from 'zod';
import type { ShopOwner, createShopOwnerRequest, shopOwnerLinkRequest, shopOwnerListRequest } from '../../../src/contract/stores-owners';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { audit } from '../../audit';
import { countedTotal, keptTotal, pageBounds, totalColumn, totalOf } from '../../db/page';
import { badRequest } from '../../errors';
import { iso, isUniqueViolation, type Row, type Tx } from '../shared';
import { insertRequest, refuse as refuseRequest, type Change, type Payload } from '../requests/record';
import { pendingPage } from '../requests/queues';
import { likeEscaped, requireHeadOffice, scopeOf } from './scope';

/**
 * Shop owners (issue 12, decision 026). Head office creates an owner (no store yet, so it grants nothing) and
 * proposes an owner for a dealer shop; the link gives the owner's portal user that store's data (scope.ts), so it
 * is a `shop_owner_link` request of the business maker-checker inbox, applied by `applyShopOwnerLink` when a
 * second person approves it. A caller sees the owners of the stores they see, and their own owner record.
 */

const OWNER_COLUMNS = `o.id, o.full_name, o.msisdn, a.username, o.created_at,
  coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY lower(s.name), s.id)
              FROM stores s WHERE s.shop_owner_id = o.id), '[]'::json) AS stores,
  coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'request_id', r.id) ORDER BY r.submitted_at, r.id)
              FROM requests r JOIN stores s ON s.id = r.store_id
             WHERE r.kind = 'shop_owner_link' AND r.status = 'submitted'
               AND (r.payload -> 'params' ->> 'shop_owner_id')::bigint = o.id), '[]'::json) AS pending_stores`;
const OWNER_FROM = 'FROM shop_owners o LEFT JOIN admins a ON a.id = o.admin_id';

const ownerOf = (r: Row): ShopOwner => ({
  id: Number(r.id),
  full_name: String(r.full_name),
  msisdn: String(r.msisdn),
  username: r.username === null ? null : String(r.username),
  stores: (r.stores as Row[]).map((s) => ({ id: Number(s.id), name: String(s.name) })),
  pending_stores: (r.pending_stores as Row[]).map((s) => ({ id: Number(s.id), name: String(s.name), request_id: Number(s.request_id) })),
  created_at: iso(r.created_at)!,
});

async function readOwner(db: Queryable, id: number): Promise<ShopOwner | null> {
  const [row] = await db.query<Row>(`SELECT ${OWNER_COLUMNS} ${OWNER_FROM} WHERE o.id = $1`, [id]);
  return row ? ownerOf(row) : null;
}

export async function listShopOwners(deps: Deps, caller: Caller, body: z.output<typeof shopOwnerListRequest>) {
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where: string[] = [];
  if (!scope.all) {
    params.push(scope.storeIds, caller.adminId);
    where.push('(o.admin_id = $2 OR EXISTS (SELECT 1 FROM stores s WHERE s.shop_owner_id = o.id AND s.id = ANY($1::bigint[])))');
  }
  const search = body.search?.trim();
  if (search) {
    params.push(`%${likeEscaped(search.toLowerCase())}%`);
    const p = `$${params.length}`;
    where.push(
      `(lower(o.full_name) LIKE ${p} OR o.msisdn LIKE ${p} OR EXISTS (SELECT 1 FROM stores s WHERE s.shop_owner_id = o.id AND lower(s.name) LIKE ${p}))`,
    );
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // The page and its total in one round trip (server/db/page.ts). Every shop owner's total is the count kept in
  // list_totals (migration 050), not the table counted again.
  const total = where.length ? `SELECT count(*)::int FROM shop_owners o ${whereSql}` : keptTotal('shop_owners');
  const counted = countedTotal(deps.db, { total, params });
  const rows = await deps.db.query<Row>(
    `SELECT ${totalColumn(counted)}, ${OWNER_COLUMNS} ${OWNER_FROM} ${whereSql} ORDER BY lower(o.full_name), o.id ${pageBounds(body.limit, body.skip)}`,
    params,
  );
  return { total: await totalOf(deps.db, rows, counted), limit: body.limit, skip: body.skip, data: rows.map(ownerOf) };
}

const msisdnTaken = () => badRequest('msisdn', 'a shop owner has this phone number');

export async function createShopOwner(deps: Deps, caller: Caller, body: z.output<typeof createShopOwnerRequest>): Promise<ShopOwner> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      requireHeadOffice(await scopeOf(tx, caller));
      if ((await tx.query<Row>('SELECT 1 FROM shop_owners WHERE msisdn = $1', [body.msisdn])).length) throw msisdnTaken();
      let adminId: number | null = null;
      if (body.username) {
        const [user] = await tx.query<Row>('SELECT id FROM admins WHERE lower(username) = lower($1)', [body.username]);
        if (!user) throw badRequest('username', 'no portal user has this username');
        if ((await tx.query<Row>('SELECT 1 FROM shop_owners WHERE admin_id = $1', [user.id])).length) {
          throw badRequest('username', 'this user is already a shop owner');
        }
        adminId = Number(user.id);
      }
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
        [body.full_name, body.msisdn, adminId, now],
      );
      const owner = (await readOwner(tx, Number(row!.id)))!;
      await audit(tx, {
        actorId: caller.adminId,
        action: 'shop_owner.created',
        entity: 'shop_owner',
        entityId: owner.id,
        after: owner,
        at: now,
      });
      return owner;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw msisdnTaken();
    throw error;
  }
}

/** A link proposed (202): the request in the business inbox, as the inbox lists it. */
export async function proposeShopOwnerLink(deps: Deps, caller: Caller, body: z.output<typeof shopOwnerLinkRequest>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    requireHeadOffice(await scopeOf(tx, caller));
    const [owner] = await tx.query<Row>('SELECT id, full_name, msisdn FROM shop_owners WHERE id = $1', [body.shop_owner_id]);
    if (!owner) throw badRequest('shop_owner_id', 'no such shop owner');
    const [store] = await tx.query<Row>(
      `SELECT s.id, s.name, s.store_type, s.shop_owner_id, o.full_name AS owner_name
         FROM stores s LEFT JOIN shop_owners o ON o.id = s.shop_owner_id WHERE s.id = $1`,
      [body.store_id],
    );
    if (!store) throw badRequest('store_id', 'no such store');
    if (store.store_type !== 'dealer_shop') throw badRequest('store_id', 'a main shop has no owner');
    if (store.shop_owner_id !== null && Number(store.shop_owner_id) === Number(owner.id)) {
      throw badRequest('store_id', 'this owner already owns this store');
    }
    const id = await insertRequest(tx, {
      kind: 'shop_owner_link',
      subject: `store:${store.id}`,
      maker: caller,
      reason: null,
      payload: {
        summary: `${owner.full_name} (${owner.msisdn}) as the owner of ${store.name}${store.owner_name ? `, was ${store.owner_name}` : ''}`,
        before: { store: store.name, owner: store.owner_name ?? null },
        after: { store: store.name, owner: owner.full_name },
        params: {
          store_id: Number(store.id),
          shop_owner_id: Number(owner.id),
          previous_owner_id: store.shop_owner_id === null ? null : Number(store.shop_owner_id),
        },
      },
      storeId: Number(store.id),
      now,
      open: 'A new owner of this store already awaits approval',
    });
    const [item] = (await pendingPage(tx, 'maker_checker', now, { ids: [id] })).items as Row[];
    return { ...item, status: 'submitted' as const } as never;
  });
}

/** The approval, in the deciding transaction: the store gets its owner, unless it changed since the request. */
export async function applyShopOwnerLink(
  tx: Tx,
  { request, params, checker, now }: { request: Row; params: Record<string, any>; checker: Caller; now: Date },
): Promise<Change> {
  const [store] = await tx.query<Row>('SELECT id, shop_owner_id, store_type FROM stores WHERE id = $1 FOR UPDATE', [params.store_id]);
  const owner = store ? (await tx.query<Row>('SELECT id FROM shop_owners WHERE id = $1', [params.shop_owner_id]))[0] : undefined;
  const previous = store?.shop_owner_id === null || store === undefined ? null : Number(store.shop_owner_id);
  if (!store || !owner || store.store_type !== 'dealer_shop' || previous !== params.previous_owner_id) {
    throw refuseRequest(409, 'changed_since_request', "The store's owner has changed since the request: propose the link again");
  }
  await tx.query('UPDATE stores SET shop_owner_id = $2 WHERE id = $1', [store.id, params.shop_owner_id]);
  await audit(tx, {
    actorId: checker.adminId,
    action: 'store.owner_linked',
    entity: 'store',
    entityId: Number(store.id),
    before: { shop_owner_id: previous, request_id: request.id, requested_by: request.maker_id },
    after: { shop_owner_id: params.shop_owner_id, request_id: request.id, requested_by: request.maker_id },
    at: now,
  });
  const payload = request.payload as Payload;
  return { before: payload.before, after: payload.after };
}
