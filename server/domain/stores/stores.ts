import type { z } from 'zod';
import type { Store, StoreProfile, createStoreRequest, storeListRequest, storeLocationRequest } from '../../../src/contract/stores';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { countedTotal, keptTotal, pageBounds, totalColumn, totalOf } from '../../db/page';
import { badRequest } from '../../errors';
import { iso, isUniqueViolation, refuse, type Row, type Tx } from '../shared';
import { likeEscaped, num, outOfScope, scopeOf, seesRegion, seesStore, storeCondition } from './scope';

type ListRequest = z.output<typeof storeListRequest>;

const STORE_COLUMNS = `s.id, s.name, s.region_id, r.name AS region_name, s.store_type, s.shop_owner_id, o.full_name AS owner_name,
  o.msisdn AS owner_msisdn, s.has_owner, s.location, s.latitude, s.longitude, s.is_mapped, s.till_or_paybill, s.biller_type,
  s.biller_number, s.created_at, coalesce(n.agents_active, 0) AS agents, coalesce(n.in_stock, 0) AS in_stock`;
/**
 * A store, its region and owner, and its active agents and handsets in stock as kept by migration 041's triggers
 * (decision 080): counting them for each of a page's stores was more than half of the page's statement.
 */
const STORE_FROM = `FROM stores s JOIN regions r ON r.id = s.region_id LEFT JOIN shop_owners o ON o.id = s.shop_owner_id
  LEFT JOIN store_counts n ON n.store_id = s.id`;

export const storeOf = (r: Row): Store => ({
  id: Number(r.id),
  name: String(r.name),
  region: { id: Number(r.region_id), name: String(r.region_name) },
  store_type: r.store_type,
  owner: r.shop_owner_id === null ? null : { id: Number(r.shop_owner_id), name: String(r.owner_name), msisdn: String(r.owner_msisdn) },
  has_owner: Boolean(r.has_owner),
  location: String(r.location),
  latitude: num(r.latitude),
  longitude: num(r.longitude),
  is_mapped: Boolean(r.is_mapped),
  till_or_paybill: r.till_or_paybill,
  biller_type: r.biller_type,
  biller_number: String(r.biller_number),
  agents: Number(r.agents),
  in_stock: Number(r.in_stock),
  created_at: iso(r.created_at)!,
});

export async function readStore(tx: Tx, id: number): Promise<Store | null> {
  const [row] = await tx.query<Row>(`SELECT ${STORE_COLUMNS} ${STORE_FROM} WHERE s.id = $1`, [id]);
  return row ? storeOf(row) : null;
}

export async function listStores(deps: Deps, caller: Caller, body: ListRequest) {
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where = [storeCondition(scope, 's.id', params)];
  const search = body.search?.trim();
  if (search) {
    params.push(`%${likeEscaped(search)}%`);
    where.push(`(s.name ILIKE $${params.length} OR s.location ILIKE $${params.length} OR s.biller_number ILIKE $${params.length})`);
  }
  if (body.region_id !== undefined) where.push(`s.region_id = $${params.push(body.region_id)}`);
  if (body.store_type !== undefined) where.push(`s.store_type = $${params.push(body.store_type)}`);
  if (body.has_owner !== undefined) where.push(`s.has_owner = $${params.push(body.has_owner)}`);
  if (body.is_mapped !== undefined) where.push(`s.is_mapped = $${params.push(body.is_mapped)}`);
  const whereSql = `WHERE ${where.join(' AND ')}`;
  // The page and its total in one round trip (server/db/page.ts). Every store's total, as head office opens the list,
  // is the count kept in list_totals (migration 051), not the stores counted again.
  const total = where.length === 1 && scope.all ? keptTotal('stores') : `SELECT count(*)::int FROM stores s ${whereSql}`;
  const counted = countedTotal(deps.db, { total, params });
  const rows = await deps.db.query<Row>(
    `SELECT ${totalColumn(counted)}, ${STORE_COLUMNS} ${STORE_FROM} ${whereSql} ORDER BY lower(s.name), s.id ${pageBounds(body.limit, body.skip)}`,
    params,
  );
  return {
    total: await totalOf(deps.db, rows, counted),
    limit: body.limit,
    skip: body.skip,
    stores: rows.map(storeOf),
  };
}

export async function storeProfile(deps: Deps, caller: Caller, storeId: number): Promise<StoreProfile> {
  const scope = await scopeOf(deps.db, caller);
  const store = seesStore(scope, storeId) ? await readStore(deps.db, storeId) : null;
  if (!store) throw refuse(404, 'not_found', 'No such store');
  const stock = await deps.db.query<Row>(
    `SELECT m.id AS phone_model_id, m.name AS model, i.status, count(*)::int AS count
       FROM inventory_items i JOIN phone_models m ON m.id = i.phone_model_id
      WHERE i.store_id = $1 GROUP BY m.id, m.name, i.status ORDER BY m.name, i.status`,
    [storeId],
  );
  const since = new Date(deps.clock.now().getTime() - 30 * 86_400_000);
  const [sales] = await deps.db.query<Row>(
    `SELECT count(*) FILTER (WHERE status = 'active')::int AS active_loans,
            count(*) FILTER (WHERE started_at >= $2)::int AS sold_last_30_days,
            count(*) FILTER (WHERE status = 'active' AND days_defaulted > 0)::int AS in_arrears,
            coalesce(sum(amount_due) FILTER (WHERE status = 'active' AND days_defaulted > 0), 0)::bigint AS arrears_amount
       FROM loans WHERE store_id = $1`,
    [storeId, since],
  );
  return {
    store,
    stock: stock.map((r) => ({
      phone_model_id: Number(r.phone_model_id),
      model: String(r.model),
      status: r.status,
      count: Number(r.count),
    })),
    sales: {
      active_loans: Number(sales!.active_loans),
      sold_last_30_days: Number(sales!.sold_last_30_days),
      in_arrears: Number(sales!.in_arrears),
      arrears_amount: Number(sales!.arrears_amount),
    },
  };
}

export async function createStore(deps: Deps, caller: Caller, body: z.output<typeof createStoreRequest>): Promise<Store> {
  const scope = await scopeOf(deps.db, caller);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [region] = await tx.query<Row>('SELECT id FROM regions WHERE id = $1', [body.region_id]);
      if (!region) throw badRequest('region_id', 'no such region');
      if (!seesRegion(scope, body.region_id)) throw outOfScope('region');
      if (body.shop_owner_id !== undefined) {
        const [owner] = await tx.query<Row>('SELECT id FROM shop_owners WHERE id = $1', [body.shop_owner_id]);
        if (!owner) throw badRequest('shop_owner_id', 'no such shop owner');
      }
      const [taken] = await tx.query<Row>('SELECT 1 FROM stores WHERE lower(name) = lower($1)', [body.name]);
      if (taken) throw badRequest('name', 'a store has this name');
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO stores (name, region_id, store_type, shop_owner_id, location, latitude, longitude, till_or_paybill, biller_type,
                             biller_number, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          body.name,
          body.region_id,
          body.store_type,
          body.shop_owner_id ?? null,
          body.location,
          body.latitude ?? null,
          body.longitude ?? null,
          body.till_or_paybill,
          body.biller_type,
          body.biller_number,
          now,
        ],
      );
      const store = (await readStore(tx, Number(row!.id)))!;
      await audit(tx, { actorId: caller.adminId, action: 'store.created', entity: 'store', entityId: store.id, after: store, at: now });
      return store;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('name', 'a store has this name');
    throw error;
  }
}

export async function updateStoreLocation(deps: Deps, caller: Caller, body: z.output<typeof storeLocationRequest>): Promise<Store> {
  const scope = await scopeOf(deps.db, caller);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = seesStore(scope, body.store_id) ? await readStore(tx, body.store_id) : null;
    if (!before) throw refuse(404, 'not_found', 'No such store');
    await tx.query('UPDATE stores SET latitude = $2, longitude = $3, location = coalesce($4, location) WHERE id = $1', [
      body.store_id,
      body.latitude,
      body.longitude,
      body.location ?? null,
    ]);
    const after = (await readStore(tx, body.store_id))!;
    await audit(tx, {
      actorId: caller.adminId,
      action: 'store.location_updated',
      entity: 'store',
      entityId: body.store_id,
      before: { latitude: before.latitude, longitude: before.longitude, location: before.location },
      after: { latitude: after.latitude, longitude: after.longitude, location: after.location },
      at: now,
    });
    return after;
  });
}
