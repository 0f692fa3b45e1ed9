import type { z } from 'zod';
import type { Role } from './roles';
import * as auth from './auth';
import * as prereq from './prerequisites';
import { idParam, listQuery } from './common';

/**
 * One /portal_api call: method, path (relative to /portal_api, `:name` for a path parameter), who may call it,
 * and the zod schemas of what goes in and comes out. The server registers its handlers from these, the client
 * parses answers with them, and /portal_api/openapi.json is generated from them.
 */
export interface RouteContract {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  /** `public`: no token; `session`: any valid token; a role: a token whose group holds it. */
  readonly auth: 'public' | 'session' | 'otp' | Role;
  readonly summary: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response: z.ZodType;
  /** Refusals beyond the ones every route of its kind has (400 on bad input, 401, 403 for a missing role). */
  readonly refusals?: Readonly<Partial<Record<403 | 404 | 409 | 429, string>>>;
  /** Answers 201 (a record was created) rather than 200. */
  readonly created?: boolean;
  /** Answers only in demo mode (404 otherwise). */
  readonly demoOnly?: boolean;
}

const define = <const T extends RouteContract>(route: T): T => route;

export const routes = {
  login: define({
    method: 'POST', path: '/authentication', auth: 'public', summary: 'Log in with username and password',
    body: auth.loginRequest, response: auth.loginResponse,
    refusals: { 429: 'Too many failed logins for this username or address in the last minute' },
  }),
  logout: define({
    method: 'DELETE', path: '/authentication', auth: 'otp', summary: 'Log out: revoke this token',
    response: auth.logoutResponse,
  }),
  verifyOtp: define({
    method: 'POST', path: '/authentication/otp', auth: 'otp', summary: 'Enter the one-time code of this login',
    body: auth.otpVerifyRequest, response: auth.otpVerifyResponse,
  }),
  resendOtp: define({
    method: 'POST', path: '/authentication/otp/resend', auth: 'otp', summary: 'Send a new one-time code',
    response: auth.otpResendResponse,
  }),
  health: define({
    method: 'GET', path: '/health', auth: 'public', summary: 'Liveness and database kind', response: auth.healthResponse,
  }),
  settings: define({
    method: 'GET', path: '/settings', auth: 'session', summary: 'Portal settings (company name)',
    response: auth.settingsResponse,
  }),
  outbox: define({
    method: 'GET', path: '/dev/outbox', auth: 'public', demoOnly: true,
    summary: 'Demo only: the OTPs and SMS the simulators sent, newest first', response: auth.outboxResponse,
  }),
  listGroups: define({
    method: 'GET', path: '/prerequisites/admin-groups', auth: 'VIEW_SECURITY', summary: 'List security groups',
    query: listQuery, response: prereq.adminGroupsList,
  }),
  createGroup: define({
    method: 'POST', path: '/prerequisites/admin-groups', auth: 'ADD_SECURITY_GROUP', summary: 'Create a security group',
    body: prereq.createAdminGroup, created: true, response: prereq.adminGroup,
  }),
  listRoles: define({
    method: 'GET', path: '/prerequisites/admin-roles', auth: 'VIEW_SECURITY', summary: 'List every role',
    query: listQuery, response: prereq.adminRolesList,
  }),
  listGroupRoles: define({
    method: 'GET', path: '/prerequisites/admin-group-roles', auth: 'session',
    summary: 'List the roles of groups (any user may read those of their own group; VIEW_SECURITY for others)',
    query: prereq.adminGroupRolesQuery, response: prereq.adminGroupRolesList,
    refusals: { 403: "Another group's roles (or every group's) need VIEW_SECURITY" },
  }),
  addGroupRole: define({
    method: 'POST', path: '/prerequisites/admin-group-roles', auth: 'EDIT_ROLES', summary: 'Add a role to a group',
    body: prereq.createAdminGroupRole, created: true, response: prereq.adminGroupRole,
  }),
  removeGroupRole: define({
    method: 'DELETE', path: '/prerequisites/admin-group-roles/:id', auth: 'EDIT_ROLES',
    summary: 'Remove a role from a group', params: idParam, response: prereq.adminGroupRole,
    refusals: { 404: 'No such group role' },
  }),
  listUsers: define({
    method: 'GET', path: '/prerequisites/admins', auth: 'VIEW_USERS', summary: 'List portal users',
    query: listQuery, response: prereq.portalUsersList,
  }),
  createUser: define({
    method: 'POST', path: '/prerequisites/admins', auth: 'ADD_USER', summary: 'Create a portal user in a group',
    body: prereq.createPortalUser, created: true, response: prereq.portalUser,
  }),
} satisfies Record<string, RouteContract>;

export type Routes = typeof routes;
export type Input<R extends RouteContract> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
export type Output<R extends RouteContract> = z.output<R['response']>;
