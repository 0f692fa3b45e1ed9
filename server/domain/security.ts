import type { z } from 'zod';
import type { createAdminGroup, createAdminGroupRole, createPortalUser } from '../../src/contract/prerequisites';
import type { Caller, Deps } from '../deps';
import type { Queryable } from '../db/port';
import { HttpError, badRequest } from '../errors';
import { audit } from '../audit';
import { hashPassword } from '../auth/password';

interface Page {
  $limit: number;
  $skip: number;
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

async function page<T>(db: Queryable, from: string, params: unknown[], select: string, order: string, { $limit, $skip }: Page, map: (row: any) => T) {
  const [{ total }] = (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, params)) as [{ total: number }];
  const rows = await db.query(`SELECT ${select} FROM ${from} ORDER BY ${order} LIMIT ${$limit} OFFSET ${$skip}`, params);
  return { total, limit: $limit, skip: $skip, data: rows.map(map) };
}

const groupOut = (r: any) => ({ id: r.id, name: r.name, created_at: iso(r.created_at)! });
const groupRoleOut = (r: any) => ({ id: r.id, group_id: r.group_id, admin_role: r.admin_role, created_at: iso(r.created_at)! });
const userOut = (r: any) => ({
  id: r.id,
  username: r.username,
  full_name: r.full_name,
  email: r.email,
  group_id: r.group_id,
  role: r.group_name,
  last_seen: iso(r.last_seen),
  last_ip: r.last_ip,
  otp_enabled: r.otp_enabled,
  otp_channel: r.otp_channel,
  disabled: r.disabled,
});

/**
 * Two requests can both pass a clash check before either commits; the unique index then refuses the later one
 * (SQLSTATE 23505). That is the same refusal as the check's, so it gets the same 400, not a 500.
 */
const sameAsClash = (field: string, message: string) => (error: unknown): never => {
  if ((error as { code?: unknown } | null)?.code === '23505') throw badRequest(field, message);
  throw error;
};

export const listGroups = (deps: Deps, q: Page) => page(deps.db, 'admin_groups', [], '*', 'name, id', q, groupOut);

export const listRoles = (deps: Deps, q: Page) =>
  page(deps.db, 'admin_roles', [], '*', 'code', q, (r) => ({ id: r.id, code: r.code, description: r.description }));

export async function listGroupRoles(deps: Deps, caller: Caller, q: Page & { group_id?: number }) {
  // Everyone reads their own group's roles (the portal loads them after login); other groups need VIEW_SECURITY.
  if (q.group_id !== caller.groupId && !caller.roles.includes('VIEW_SECURITY')) {
    throw new HttpError(403, 'This needs the VIEW_SECURITY role', { role: 'VIEW_SECURITY' });
  }
  return q.group_id === undefined
    ? page(deps.db, 'admin_group_roles', [], '*', 'group_id, admin_role', q, groupRoleOut)
    : page(deps.db, 'admin_group_roles WHERE group_id = $1', [q.group_id], '*', 'admin_role', q, groupRoleOut);
}

export async function createGroup(deps: Deps, caller: Caller, body: z.output<typeof createAdminGroup>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const clash = await tx.query('SELECT 1 FROM admin_groups WHERE lower(name) = lower($1)', [body.name]);
    const taken = 'A group with this name already exists';
    if (clash.length) throw badRequest('name', taken);
    const [row] = await tx
      .query('INSERT INTO admin_groups (name, created_at) VALUES ($1, $2) RETURNING *', [body.name, now])
      .catch(sameAsClash('name', taken));
    const group = groupOut(row);
    await audit(tx, { actorId: caller.adminId, action: 'group.created', entity: 'admin_group', entityId: group.id, after: group, at: now });
    return group;
  });
}

export async function addGroupRole(deps: Deps, caller: Caller, body: z.output<typeof createAdminGroupRole>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const group = await tx.query('SELECT 1 FROM admin_groups WHERE id = $1', [body.group_id]);
    if (!group.length) throw badRequest('group_id', 'valid group required');
    const clash = await tx.query('SELECT 1 FROM admin_group_roles WHERE group_id = $1 AND admin_role = $2', [body.group_id, body.admin_role]);
    const held = 'The group already has this role';
    if (clash.length) throw badRequest('admin_role', held);
    const [row] = await tx
      .query('INSERT INTO admin_group_roles (group_id, admin_role, created_at) VALUES ($1, $2, $3) RETURNING *', [
        body.group_id,
        body.admin_role,
        now,
      ])
      .catch(sameAsClash('admin_role', held));
    const out = groupRoleOut(row);
    await audit(tx, { actorId: caller.adminId, action: 'group_role.added', entity: 'admin_group_role', entityId: out.id, after: out, at: now });
    return out;
  });
}

export async function removeGroupRole(deps: Deps, caller: Caller, id: number) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.query('DELETE FROM admin_group_roles WHERE id = $1 RETURNING *', [id]);
    if (!row) throw new HttpError(404, 'This group role does not exist');
    const out = groupRoleOut(row);
    await audit(tx, { actorId: caller.adminId, action: 'group_role.removed', entity: 'admin_group_role', entityId: id, before: out, at: now });
    return out;
  });
}

const USERS_FROM = 'admins a JOIN admin_groups g ON g.id = a.group_id';
const USER_COLUMNS = 'a.*, g.name AS group_name';

export const listUsers = (deps: Deps, q: Page) => page(deps.db, USERS_FROM, [], USER_COLUMNS, 'a.username', q, userOut);

export async function createUser(deps: Deps, caller: Caller, body: z.output<typeof createPortalUser>) {
  if (body.otp_enabled && body.otp_channel === 'sms' && !body.phone) {
    throw badRequest('phone', 'A valid phone number is required for codes by SMS');
  }
  const now = deps.clock.now();
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    const group = await tx.query('SELECT 1 FROM admin_groups WHERE id = $1', [body.group_id]);
    if (!group.length) throw badRequest('group_id', 'valid group required');
    const clash = await tx.query('SELECT 1 FROM admins WHERE lower(username) = lower($1)', [body.username]);
    const taken = 'This username is taken';
    if (clash.length) throw badRequest('username', taken);
    const [{ id }] = (await tx
      .query<{ id: number }>(
        `INSERT INTO admins (username, full_name, email, phone, password_hash, group_id, otp_enabled, otp_channel, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [body.username, body.full_name, body.email, body.phone ?? null, passwordHash, body.group_id, body.otp_enabled, body.otp_channel, now],
      )
      .catch(sameAsClash('username', taken))) as [{ id: number }];
    const [row] = await tx.query(`SELECT ${USER_COLUMNS} FROM ${USERS_FROM} WHERE a.id = $1`, [id]);
    const user = userOut(row);
    await audit(tx, { actorId: caller.adminId, action: 'user.created', entity: 'admin', entityId: id, after: user, at: now });
    return user;
  });
}
