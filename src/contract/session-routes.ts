import { define, type RouteContract } from './route';
import * as auth from './auth';
import * as prereq from './prerequisites';
import * as requests from './requests';
import { idParam, listQuery } from './common';
import { settingsRoute } from './settings';

/**
 * The session's calls and the admin's users and groups: what the dashboard's first load needs (the login, the
 * caller's roles, the portal settings), kept apart from the other areas' route contracts so the client loads those
 * with their screens (docs/decisions/034). `routes` (routes.ts) spreads them first, so its order is unchanged.
 */
export const sessionRoutes = {
  login: define({
    method: 'POST',
    path: '/authentication',
    auth: 'public',
    summary: 'Log in with username and password',
    body: auth.loginRequest,
    response: auth.loginResponse,
    refusals: {
      429: 'Too many failed logins (reason throttled, with Retry-After): 5 a minute for this username from this address, 10 a minute from this address, or past 10 in 15 minutes for this username from an address it has not logged in from (a delay that doubles); or, for a user with one-time codes, 10 wrong codes or 10 codes sent this hour (reasons otp_account_locked, otp_send_limit)',
    },
  }),
  logout: define({
    method: 'DELETE',
    path: '/authentication',
    auth: 'otp',
    summary: 'Log out: revoke this token',
    response: auth.logoutResponse,
  }),
  verifyOtp: define({
    method: 'POST',
    path: '/authentication/otp',
    auth: 'otp',
    summary: 'Enter the one-time code of this login',
    body: auth.otpVerifyRequest,
    response: auth.otpVerifyResponse,
    refusals: {
      429: 'Too many wrong codes for this user in the last hour, over every login (reason otp_account_locked, with Retry-After)',
    },
  }),
  resendOtp: define({
    method: 'POST',
    path: '/authentication/otp/resend',
    auth: 'otp',
    summary: 'Send a new one-time code',
    response: auth.otpResendResponse,
    refusals: {
      429: 'Resent 3 times already in this login (reason otp_resend_limit), less than 60 s since the last code (reason otp_resend_too_soon, with Retry-After), or 10 codes sent to this user this hour (reason otp_send_limit)',
    },
  }),
  changePassword: define({
    method: 'POST',
    path: '/authentication/password',
    auth: 'password',
    summary:
      "Change the caller's own password: the first thing a user an admin created must do, every other call answering them 403 (reason password_change_required); a wrong current password is 400 naming current_password, the fifth in a login ends it (401)",
    body: auth.passwordChangeRequest,
    response: auth.passwordChangeResponse,
  }),
  health: define({
    method: 'GET',
    path: '/health',
    auth: 'public',
    summary: 'Liveness and database kind',
    response: auth.healthResponse,
  }),
  settings: settingsRoute,
  outbox: define({
    method: 'GET',
    path: '/dev/outbox',
    auth: 'public',
    demoOnly: true,
    summary: 'Demo only: the OTPs and SMS the simulators sent, newest first',
    response: auth.outboxResponse,
  }),
  listGroups: define({
    method: 'GET',
    path: '/prerequisites/admin-groups',
    auth: 'VIEW_SECURITY',
    summary: 'List security groups',
    query: listQuery,
    response: prereq.adminGroupsList,
  }),
  // Admin changes (issue 11): each is recorded as a portal change request that a second admin approves
  // (pending/maker/checker/requests/portal); the change applies in the approval's transaction.
  createGroup: define({
    method: 'POST',
    path: '/prerequisites/admin-groups',
    auth: 'ADD_SECURITY_GROUP',
    summary: 'Ask to create a security group (applies when a second admin approves)',
    body: prereq.createAdminGroup,
    accepted: true,
    response: requests.portalChangeAwaitingApproval,
    refusals: { 409: 'The same group is already awaiting approval (reason request_open)' },
  }),
  listRoles: define({
    method: 'GET',
    path: '/prerequisites/admin-roles',
    auth: 'VIEW_SECURITY',
    summary: 'List every role',
    query: listQuery,
    response: prereq.adminRolesList,
  }),
  listGroupRoles: define({
    method: 'GET',
    path: '/prerequisites/admin-group-roles',
    auth: 'session',
    summary: 'List the roles of groups (any user may read those of their own group; VIEW_SECURITY for others)',
    query: prereq.adminGroupRolesQuery,
    response: prereq.adminGroupRolesList,
    refusals: { 403: "Another group's roles (or every group's) need VIEW_SECURITY" },
  }),
  addGroupRole: define({
    method: 'POST',
    path: '/prerequisites/admin-group-roles',
    auth: 'EDIT_ROLES',
    summary: 'Ask to add a role to a group (applies when a second admin approves)',
    body: prereq.createAdminGroupRole,
    accepted: true,
    response: requests.portalChangeAwaitingApproval,
    refusals: { 409: 'The same change is already awaiting approval (reason request_open)' },
  }),
  removeGroupRole: define({
    method: 'DELETE',
    path: '/prerequisites/admin-group-roles/:id',
    auth: 'EDIT_ROLES',
    summary: 'Ask to remove a role from a group (applies when a second admin approves)',
    params: idParam,
    accepted: true,
    response: requests.portalChangeAwaitingApproval,
    refusals: { 404: 'No such group role', 409: 'The same change is already awaiting approval (reason request_open)' },
  }),
  listUsers: define({
    method: 'GET',
    path: '/prerequisites/admins',
    auth: 'VIEW_USERS',
    summary: 'List portal users',
    query: listQuery,
    response: prereq.portalUsersList,
  }),
  createUser: define({
    method: 'POST',
    path: '/prerequisites/admins',
    auth: 'ADD_USER',
    summary: 'Ask to create a portal user in a group (applies when a second admin approves)',
    body: prereq.createPortalUser,
    accepted: true,
    response: requests.portalChangeAwaitingApproval,
    refusals: { 409: 'A user with this username is already awaiting approval (reason request_open)' },
  }),
} satisfies Record<string, RouteContract>;
