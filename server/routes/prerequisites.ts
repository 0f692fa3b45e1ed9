import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import * as security from '../domain/security';

export function prerequisitesRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.listGroups, ({ query }) => security.listGroups(deps, query));
  register(app, deps, registry, routes.createGroup, ({ caller, body }) => security.createGroup(deps, caller, body));
  register(app, deps, registry, routes.listRoles, ({ query }) => security.listRoles(deps, query));
  register(app, deps, registry, routes.listGroupRoles, ({ caller, query }) => security.listGroupRoles(deps, caller, query));
  register(app, deps, registry, routes.addGroupRole, ({ caller, body }) => security.addGroupRole(deps, caller, body));
  register(app, deps, registry, routes.removeGroupRole, ({ caller, params }) => security.removeGroupRole(deps, caller, params.id));
  register(app, deps, registry, routes.listUsers, ({ query }) => security.listUsers(deps, query));
  register(app, deps, registry, routes.createUser, ({ caller, body }) => security.createUser(deps, caller, body));
}
