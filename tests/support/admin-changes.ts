import type { Role } from '../../src/contract/roles';
import { DEMO_PASSWORD, type TestApi } from './api';

/** The portal inbox's decide call: where a second admin approves an admin change. */
export const APPROVE_PORTAL = '/api/v1/approve/maker/checkers/portal';

/**
 * An admin change as the portal makes it since issue 11: the maker's call records a request (202), and a second
 * admin approves it in the portal inbox. Answers what the approval applied (`after` names the new `group_id` or
 * `user_id`); throws when either step is refused, so a fixture never goes on half made.
 */
export async function approvedAdminChange(
  api: TestApi,
  tokens: { maker: string; checker: string },
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) {
  const asked = await api.call(method, path, { token: tokens.maker, body });
  if (asked.status !== 202) throw new Error(`${method} ${path}: ${asked.status} ${JSON.stringify(asked.body)}`);
  const decided = await api.call('POST', APPROVE_PORTAL, { token: tokens.checker, body: { ids: [asked.body.id], decision: 'approve' } });
  if (decided.status !== 200) throw new Error(`approving ${asked.body.id}: ${decided.status} ${JSON.stringify(decided.body)}`);
  return decided.body.results[0] as { id: number; before: Record<string, unknown>; after: Record<string, any> };
}

const demoTokens = new WeakMap<TestApi, Promise<{ maker: string; checker: string }>>();
/** The demo admin as maker and the demo approver as checker, logged in once per test database. */
function adminAndApprover(api: TestApi) {
  let tokens = demoTokens.get(api);
  if (!tokens) {
    tokens = Promise.all([api.tokenFor('admin'), api.tokenFor('approver')]).then(([maker, checker]) => ({ maker, checker }));
    demoTokens.set(api, tokens);
  }
  return tokens;
}

/**
 * A user of a new group holding exactly these roles, made by the demo admin and approved by the demo approver
 * (or by the tokens given). Answers the user's id, group and a token.
 */
export async function userWith(api: TestApi, username: string, roles: readonly Role[], given?: { maker: string; checker: string }) {
  const tokens = given ?? (await adminAndApprover(api));
  const group = await approvedAdminChange(api, tokens, 'POST', '/prerequisites/admin-groups', { name: `${username} group` });
  const groupId = group.after.group_id as number;
  for (const admin_role of roles)
    await approvedAdminChange(api, tokens, 'POST', '/prerequisites/admin-group-roles', { group_id: groupId, admin_role });
  const user = await approvedAdminChange(api, tokens, 'POST', '/prerequisites/admins', {
    username,
    full_name: `Test ${username}`,
    email: `${username}@simu.co.tz`,
    password: DEMO_PASSWORD,
    group_id: groupId,
  });
  // A fixture user starts at work: their first-login change of password (issue 17) is tested on its own.
  await api.db.query('UPDATE admins SET must_change_password = false WHERE id = $1', [user.after.user_id]);
  return { id: user.after.user_id as number, groupId, token: await api.tokenFor(username) };
}
