import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, registerRead, type Registry } from '../http';
import * as security from '../domain/security';
import { proposeGroup, proposeGroupRole, proposeGroupRoleRemoval, proposePortalUser } from '../domain/requests/proposals';

/** The security lists, and the admin changes: each one a request that a second admin approves (issue 11). */
export function prerequisitesRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.listGroups, ({ query }) => security.listGroups(deps, query));
  register(app, deps, registry, routes.createGroup, ({ caller, body }) => proposeGroup(deps, caller, body));
  register(app, deps, registry, routes.listRoles, ({ query }) => security.listRoles(deps, query));
  register(app, deps, registry, routes.listGroupRoles, ({ caller, query }) => security.listGroupRoles(deps, caller, query));
  register(app, deps, registry, routes.addGroupRole, ({ caller, body }) => proposeGroupRole(deps, caller, 'add', body));
  register(app, deps, registry, routes.removeGroupRole, ({ caller, params }) => proposeGroupRoleRemoval(deps, caller, params.id));
  registerRead(app, deps, registry, routes.listUsers, ({ query }) => security.listUsers(deps, query));
  register(app, deps, registry, routes.createUser, ({ caller, body }) => proposePortalUser(deps, caller, body));
}
