import type { Caller, Deps } from '../deps';
import type { Queryable } from '../db/port';
import { HttpError } from '../errors';
import { countedTotal, pageBounds, totalColumn, totalOf } from '../db/page';
import { iso, type Row } from './shared';

// The security lists. Creating a group or a user and adding or removing a group's role are portal change requests
// a second admin approves (issue 11): requests/proposals.ts submits them and requests/effects.ts applies them.

interface Page {
  $limit: number;
  $skip: number;
}

async function page<T>(
  db: Queryable,
  from: string,
  params: unknown[],
  select: string,
  order: string,
  { $limit, $skip }: Page,
  map: (row: any) => T,
) {
  // The page and its total in one round trip (server/db/page.ts).
  const total = countedTotal(db, { total: `SELECT count(*)::int FROM ${from}`, params });
  const rows = await db.query<Row>(
    `SELECT ${totalColumn(total)}, ${select} FROM ${from} ORDER BY ${order} ${pageBounds($limit, $skip)}`,
    params,
  );
  return { total: await totalOf(db, rows, total), limit: $limit, skip: $skip, data: rows.map(map) };
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

const USERS_FROM = 'admins a JOIN admin_groups g ON g.id = a.group_id';
const USER_COLUMNS = 'a.*, g.name AS group_name';

export const listUsers = (deps: Deps, q: Page) => page(deps.db, USERS_FROM, [], USER_COLUMNS, 'a.username', q, userOut);
