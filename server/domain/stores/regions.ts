import type { z } from 'zod';
import type { Region, addRegionLeadRequest, createRegionRequest, regionListRequest } from '../../../src/contract/stores';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { badRequest } from '../../errors';
import { iso, isUniqueViolation, refuse, type Row, type Tx } from '../shared';
import { likeEscaped, regionCondition, requireHeadOffice, scopeOf, seesRegion } from './scope';

const REGION_SELECT = `SELECT r.id, r.name, r.territory, r.created_at, a.id AS lead_id, a.full_name AS lead_name, a.username AS lead_username,
    l.started_at AS lead_since, (SELECT count(*)::int FROM stores s WHERE s.region_id = r.id) AS stores
  FROM regions r
  LEFT JOIN region_leads l ON l.region_id = r.id AND l.ended_at IS NULL
  LEFT JOIN admins a ON a.id = r.lead_admin_id`;

const regionOf = (r: Row): Region => ({
  id: Number(r.id),
  name: String(r.name),
  territory: String(r.territory),
  lead:
    r.lead_id === null
      ? null
      : {
          admin_id: Number(r.lead_id),
          name: String(r.lead_name),
          username: String(r.lead_username),
          since: iso(r.lead_since ?? r.created_at)!,
        },
  stores: Number(r.stores),
  created_at: iso(r.created_at)!,
});

async function readRegion(tx: Tx, id: number): Promise<Region | null> {
  const [row] = await tx.query<Row>(`${REGION_SELECT} WHERE r.id = $1`, [id]);
  return row ? regionOf(row) : null;
}

export async function listRegions(deps: Deps, caller: Caller, body: z.output<typeof regionListRequest>) {
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where = [regionCondition(scope, 'r.id', params)];
  const search = body.search?.trim();
  if (search) {
    params.push(`%${likeEscaped(search)}%`);
    where.push(`(r.name ILIKE $${params.length} OR r.territory ILIKE $${params.length})`);
  }
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const [counted] = await deps.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM regions r ${whereSql}`, params);
  const rows = await deps.db.query<Row>(
    `${REGION_SELECT} ${whereSql} ORDER BY lower(r.name), r.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, body.limit, body.skip],
  );
  return { total: Number(counted!.total), limit: body.limit, skip: body.skip, regions: rows.map(regionOf) };
}

export async function createRegion(deps: Deps, caller: Caller, body: z.output<typeof createRegionRequest>): Promise<Region> {
  requireHeadOffice(await scopeOf(deps.db, caller));
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [taken] = await tx.query('SELECT 1 FROM regions WHERE lower(name) = lower($1)', [body.name]);
      if (taken) throw badRequest('name', 'a region has this name');
      const [row] = await tx.query<{ id: number }>('INSERT INTO regions (name, territory, created_at) VALUES ($1, $2, $3) RETURNING id', [
        body.name,
        body.territory,
        now,
      ]);
      const region = (await readRegion(tx, Number(row!.id)))!;
      await audit(tx, { actorId: caller.adminId, action: 'region.created', entity: 'region', entityId: region.id, after: region, at: now });
      return region;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('name', 'a region has this name');
    throw error;
  }
}

/** One lead per region at a time: the current term ends as the new one starts, both kept as history. */
export async function addRegionLead(deps: Deps, caller: Caller, body: z.output<typeof addRegionLeadRequest>): Promise<Region> {
  requireHeadOffice(await scopeOf(deps.db, caller));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [region] = await tx.query<Row>('SELECT id, lead_admin_id FROM regions WHERE id = $1 FOR UPDATE', [body.region_id]);
    if (!region) throw badRequest('region_id', 'no such region');
    const [admin] = await tx.query<Row>('SELECT id FROM admins WHERE lower(username) = lower($1) AND NOT disabled', [body.username]);
    if (!admin) throw badRequest('username', 'no such portal user');
    const adminId = Number(admin.id);
    const previous = region.lead_admin_id === null ? null : Number(region.lead_admin_id);
    if (previous === adminId) throw refuse(409, 'already_lead', 'This user already leads the region');
    await tx.query('UPDATE region_leads SET ended_at = $2 WHERE region_id = $1 AND ended_at IS NULL', [body.region_id, now]);
    await tx.query('INSERT INTO region_leads (region_id, admin_id, started_at, assigned_by) VALUES ($1, $2, $3, $4)', [
      body.region_id,
      adminId,
      now,
      caller.adminId,
    ]);
    await tx.query('UPDATE regions SET lead_admin_id = $2 WHERE id = $1', [body.region_id, adminId]);
    const after = (await readRegion(tx, body.region_id))!;
    await audit(tx, {
      actorId: caller.adminId,
      action: 'region.lead_assigned',
      entity: 'region',
      entityId: body.region_id,
      before: { lead_admin_id: previous },
      after: { lead_admin_id: adminId },
      at: now,
    });
    return after;
  });
}

export async function regionLeadHistory(deps: Deps, caller: Caller, regionId: number) {
  const scope = await scopeOf(deps.db, caller);
  const [region] = seesRegion(scope, regionId) ? await deps.db.query('SELECT 1 FROM regions WHERE id = $1', [regionId]) : [];
  if (!region) throw refuse(404, 'not_found', 'No such region');
  const rows = await deps.db.query<Row>(
    `SELECT l.id, l.admin_id, a.full_name, a.username, l.started_at, l.ended_at, b.full_name AS assigned_by
       FROM region_leads l JOIN admins a ON a.id = l.admin_id LEFT JOIN admins b ON b.id = l.assigned_by
      WHERE l.region_id = $1 ORDER BY l.started_at DESC, l.id DESC LIMIT 200`,
    [regionId],
  );
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      admin_id: Number(r.admin_id),
      name: String(r.full_name),
      username: String(r.username),
      started_at: iso(r.started_at)!,
      ended_at: iso(r.ended_at),
      assigned_by: r.assigned_by ?? null,
    })),
  };
}
