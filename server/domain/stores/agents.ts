import type { z } from 'zod';
import type {
  Agent,
  Category,
  agentListRequest,
  agentLocationRequest,
  allocateCategoryRequest,
  categoryListRequest,
  classifyAgentRequest,
  createCategoryRequest,
  updateCategoryRequest,
} from '../../../src/contract/stores';
import { parseMsisdn } from '../../../src/lib/msisdn';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { badRequest } from '../../errors';
import { iso, isUniqueViolation, refuse, type Row, type Tx } from '../shared';
import { likeEscaped, num, outOfScope, requireHeadOffice, scopeOf, seesStore, storeCondition, type Scope } from './scope';

// ---------------------------------------------------------------------------------------------------------------
// Categories: the catalogue is business-wide, so only head office changes it; anyone with the role lists it.

const CATEGORY_SELECT = `SELECT c.id, c.name, c.status, c.date_created,
  (SELECT count(*)::int FROM agents g WHERE g.category_id = c.id) AS agents FROM agent_categories c`;

const categoryOf = (r: Row): Category => ({
  id: Number(r.id),
  name: String(r.name),
  status: r.status,
  date_created: iso(r.date_created)!,
  agents: Number(r.agents),
});

export async function listCategories(deps: Deps, body: z.output<typeof categoryListRequest>) {
  const params: unknown[] = [];
  const where = ['true'];
  const search = body.search?.trim();
  if (search) where.push(`c.name ILIKE $${params.push(`%${likeEscaped(search)}%`)}`);
  if (body.status) where.push(`c.status = $${params.push(body.status)}`);
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const [counted] = await deps.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM agent_categories c ${whereSql}`, params);
  const rows = await deps.db.query<Row>(
    `${CATEGORY_SELECT} ${whereSql} ORDER BY lower(c.name), c.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, body.limit, body.skip],
  );
  return { total: Number(counted!.total), limit: body.limit, skip: body.skip, data: rows.map(categoryOf) };
}

const nameTaken = () => refuse(409, 'name_taken', 'A category has this name', { fields: { name: 'a category has this name' } });

export async function createCategory(deps: Deps, caller: Caller, body: z.output<typeof createCategoryRequest>): Promise<Category> {
  requireHeadOffice(await scopeOf(deps.db, caller));
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [taken] = await tx.query('SELECT 1 FROM agent_categories WHERE lower(name) = lower($1)', [body.name]);
      if (taken) throw nameTaken();
      const [row] = await tx.query<Row>(`INSERT INTO agent_categories (name, date_created) VALUES ($1, $2) RETURNING id`, [body.name, now]);
      const [created] = await tx.query<Row>(`${CATEGORY_SELECT} WHERE c.id = $1`, [row!.id]);
      const category = categoryOf(created!);
      await audit(tx, {
        actorId: caller.adminId,
        action: 'category.created',
        entity: 'agent_category',
        entityId: category.id,
        after: category,
        at: now,
      });
      return category;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateCategory(deps: Deps, caller: Caller, body: z.output<typeof updateCategoryRequest>): Promise<Category> {
  requireHeadOffice(await scopeOf(deps.db, caller));
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [before] = await tx.query<Row>(`${CATEGORY_SELECT} WHERE c.id = $1 FOR UPDATE OF c`, [body.category_id]);
      if (!before) throw refuse(404, 'not_found', 'No such category');
      if (body.name !== undefined) {
        const [taken] = await tx.query('SELECT 1 FROM agent_categories WHERE lower(name) = lower($1) AND id <> $2', [
          body.name,
          body.category_id,
        ]);
        if (taken) throw nameTaken();
      }
      await tx.query('UPDATE agent_categories SET name = coalesce($2, name), status = coalesce($3, status) WHERE id = $1', [
        body.category_id,
        body.name ?? null,
        body.status ?? null,
      ]);
      const [after] = await tx.query<Row>(`${CATEGORY_SELECT} WHERE c.id = $1`, [body.category_id]);
      await audit(tx, {
        actorId: caller.adminId,
        action: 'category.updated',
        entity: 'agent_category',
        entityId: body.category_id,
        before: { name: before.name, status: before.status },
        after: { name: after!.name, status: after!.status },
        at: now,
      });
      return categoryOf(after!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Agents

const AGENT_SELECT = `SELECT g.id, g.full_name, g.msisdn, g.status, g.store_id, s.name AS store_name, g.category_id, c.name AS category_name,
    g.latitude, g.longitude, g.location_updated_at
  FROM agents g LEFT JOIN stores s ON s.id = g.store_id LEFT JOIN agent_categories c ON c.id = g.category_id`;

const agentOf = (r: Row): Agent => ({
  id: Number(r.id),
  full_name: String(r.full_name),
  msisdn: String(r.msisdn),
  status: r.status,
  store: r.store_id === null ? null : { id: Number(r.store_id), name: String(r.store_name) },
  is_category: r.category_id === null ? 0 : 1,
  category: r.category_id === null ? null : { id: Number(r.category_id), name: String(r.category_name) },
  latitude: num(r.latitude),
  longitude: num(r.longitude),
  location_updated_at: iso(r.location_updated_at),
});

async function readAgent(tx: Tx, id: number): Promise<Agent | null> {
  const [row] = await tx.query<Row>(`${AGENT_SELECT} WHERE g.id = $1`, [id]);
  return row ? agentOf(row) : null;
}

export async function listAgents(deps: Deps, caller: Caller, body: z.output<typeof agentListRequest>) {
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where = [scope.all ? 'true' : storeCondition(scope, 'g.store_id', params)];
  const search = body.search?.trim();
  if (search) {
    const msisdn = parseMsisdn(search);
    where.push(msisdn ? `g.msisdn = $${params.push(msisdn)}` : `g.full_name ILIKE $${params.push(`%${likeEscaped(search)}%`)}`);
  }
  if (body.store_id !== undefined) where.push(`g.store_id = $${params.push(body.store_id)}`);
  if (body.category_id !== undefined) where.push(`g.category_id = $${params.push(body.category_id)}`);
  if (body.unassigned !== undefined) where.push(body.unassigned ? 'g.category_id IS NULL' : 'g.category_id IS NOT NULL');
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const [counted] = await deps.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM agents g ${whereSql}`, params);
  const rows = await deps.db.query<Row>(
    `${AGENT_SELECT} ${whereSql} ORDER BY s.name NULLS LAST, lower(g.full_name), g.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, body.limit, body.skip],
  );
  return { total: Number(counted!.total), limit: body.limit, skip: body.skip, data: rows.map(agentOf) };
}

async function agentInScope(tx: Tx, scope: Scope, agentId: number, field = 'agent_id') {
  const [row] = await tx.query<Row>('SELECT id, store_id, category_id FROM agents WHERE id = $1 FOR UPDATE', [agentId]);
  if (!row) throw badRequest(field, 'no such agent');
  if (!scope.all && (row.store_id === null || !seesStore(scope, Number(row.store_id)))) throw outOfScope('agent');
  return row;
}

async function activeCategory(tx: Tx, categoryId: number) {
  const [row] = await tx.query<Row>('SELECT status FROM agent_categories WHERE id = $1', [categoryId]);
  if (!row) throw badRequest('category_id', 'no such category');
  if (row.status !== 'active') throw badRequest('category_id', 'the category is inactive');
}

export async function classifyAgent(deps: Deps, caller: Caller, body: z.output<typeof classifyAgentRequest>): Promise<Agent> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await agentInScope(tx, await scopeOf(tx, caller), body.agent_id);
    if (body.category_id !== null) await activeCategory(tx, body.category_id);
    await tx.query('UPDATE agents SET category_id = $2 WHERE id = $1', [body.agent_id, body.category_id]);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'agent.classified',
      entity: 'agent',
      entityId: body.agent_id,
      before: { category_id: before.category_id === null ? null : Number(before.category_id) },
      after: { category_id: body.category_id },
      at: now,
    });
    return (await readAgent(tx, body.agent_id))!;
  });
}

export async function allocateCategory(deps: Deps, caller: Caller, body: z.output<typeof allocateCategoryRequest>) {
  const now = deps.clock.now();
  const ids = [...new Set(body.agent_ids)];
  return deps.db.transaction(async (tx) => {
    await activeCategory(tx, body.category_id);
    const scope = await scopeOf(tx, caller);
    for (const id of ids) await agentInScope(tx, scope, id, `agent_ids.${body.agent_ids.indexOf(id)}`);
    await tx.query('UPDATE agents SET category_id = $2 WHERE id = ANY($1::bigint[])', [ids, body.category_id]);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'category.allocated',
      entity: 'agent_category',
      entityId: body.category_id,
      after: { agent_ids: ids },
      at: now,
    });
    const agents = await tx.query<Row>(`${AGENT_SELECT} WHERE g.id = ANY($1::bigint[]) ORDER BY g.id`, [ids]);
    return { updated: ids.length, agents: agents.map(agentOf) };
  });
}

export async function updateAgentLocation(deps: Deps, caller: Caller, body: z.output<typeof agentLocationRequest>): Promise<Agent> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await agentInScope(tx, await scopeOf(tx, caller), body.agent_id);
    const [before] = await tx.query<Row>('SELECT latitude, longitude FROM agents WHERE id = $1', [body.agent_id]);
    await tx.query('UPDATE agents SET latitude = $2, longitude = $3, location_updated_at = $4 WHERE id = $1', [
      body.agent_id,
      body.latitude,
      body.longitude,
      now,
    ]);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'agent.location_updated',
      entity: 'agent',
      entityId: body.agent_id,
      before: { latitude: num(before!.latitude), longitude: num(before!.longitude) },
      after: { latitude: body.latitude, longitude: body.longitude },
      at: now,
    });
    return (await readAgent(tx, body.agent_id))!;
  });
}
