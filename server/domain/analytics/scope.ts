import type { Queryable } from '../../db/port';
import type { Caller } from '../../deps';
import type { ScopeKind } from '../../../src/contract/analytics';
import { allows } from '../../../src/contract/roles';
import { HttpError } from '../../errors';

/**
 * Whose figures a caller may see (issue 15): a portal user linked to a shop owner sees that owner's stores, a
 * region lead their regions, a user linked to an agent that agent's loans; anyone else with an ANALYTICS role the
 * whole book. The links are the business's own (shop_owners.admin_id, regions.lead_admin_id, agents.admin_id).
 */
export interface Scope {
  kind: ScopeKind;
  label: string | null;
  shopOwnerId?: number;
  regionIds?: number[];
  agentId?: number;
}

export const ANALYTICS_ACCESS = { codeContains: 'ANALYTICS' } as const;

export function requireAnalytics(caller: Caller): void {
  if (!allows(ANALYTICS_ACCESS, caller.roles)) {
    throw new HttpError(403, 'This needs a role whose code contains ANALYTICS (VIEW_ANALYTICS)', { role: 'VIEW_ANALYTICS' });
  }
}

export async function scopeOf(db: Queryable, caller: Pick<Caller, 'adminId'>): Promise<Scope> {
  // One statement for the three links (every analysis and home page asks it first).
  const [links] = await db.query<{
    owner: { id: number; full_name: string } | null;
    regions: Array<{ id: number; name: string }> | null;
    agent: { id: number; full_name: string } | null;
  }>(
    `SELECT (SELECT json_build_object('id', id, 'full_name', full_name) FROM shop_owners WHERE admin_id = $1 ORDER BY id LIMIT 1) AS owner,
            (SELECT json_agg(json_build_object('id', id, 'name', name) ORDER BY name) FROM regions WHERE lead_admin_id = $1) AS regions,
            (SELECT json_build_object('id', id, 'full_name', full_name) FROM agents WHERE admin_id = $1 ORDER BY id LIMIT 1) AS agent`,
    [caller.adminId],
  );
  const { owner, regions, agent } = links ?? { owner: null, regions: null, agent: null };
  if (owner) return { kind: 'shop_owner', label: owner.full_name, shopOwnerId: Number(owner.id) };
  if (regions?.length) return { kind: 'region', label: regions.map((r) => r.name).join(', '), regionIds: regions.map((r) => Number(r.id)) };
  if (agent) return { kind: 'agent', label: agent.full_name, agentId: Number(agent.id) };
  return { kind: 'all', label: null };
}

/** A WHERE clause under construction: conditions and their parameters, numbered as they are added. */
export class Where {
  readonly conds: string[] = [];
  readonly params: unknown[];
  constructor(params: unknown[] = []) {
    this.params = [...params];
  }
  add(sql: (p: string) => string, value: unknown): this {
    this.params.push(value);
    this.conds.push(sql(`$${this.params.length}`));
    return this;
  }
  raw(sql: string): this {
    this.conds.push(sql);
    return this;
  }
  get sql(): string {
    return this.conds.length ? this.conds.join(' AND ') : 'true';
  }
}

/** The scope's conditions on a snapshot table `a` joined to its store `s`. */
export function scopeConditions(where: Where, scope: Scope): Where {
  if (scope.shopOwnerId !== undefined) where.add((p) => `s.shop_owner_id = ${p}`, scope.shopOwnerId);
  if (scope.regionIds !== undefined) where.add((p) => `s.region_id = ANY(${p}::bigint[])`, scope.regionIds);
  if (scope.agentId !== undefined) where.add((p) => `a.agent_id = ${p}`, scope.agentId);
  return where;
}
