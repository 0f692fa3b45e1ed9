import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import * as auth from '../domain/auth';

export function authenticationRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.login, ({ body, ip }) => auth.login(deps, { ...body, ip }));
  register(app, deps, registry, routes.logout, ({ caller }) => auth.logout(deps, caller));
  register(app, deps, registry, routes.verifyOtp, ({ caller, body }) => auth.verifyOtp(deps, caller, body.code));
  register(app, deps, registry, routes.resendOtp, ({ caller }) => auth.resendOtp(deps, caller));
  register(app, deps, registry, routes.changePassword, ({ caller, body }) => auth.changePassword(deps, caller, body));
}
