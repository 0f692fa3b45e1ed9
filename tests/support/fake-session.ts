import { fromCallback, fromPromise } from 'xstate';
import { sessionMachine, type StoredUser } from '../../src/machines/session.machine';

export function storedUser(over: Partial<StoredUser> = {}): StoredUser {
  return {
    id: 1,
    name: 'Asha Mwakyusa',
    username: 'admin',
    group: { id: 1, name: 'Admin' },
    exp: Date.now() + 3_600_000,
    otp_enabled: false,
    otp_channel: 'sms',
    otp_pending: false,
    token: 'token',
    ...over,
  };
}

/** The session's actors answering as a server would for this user and roles (no server, no storage). */
export function fakeSessionActors(roles: string[], user: StoredUser = storedUser()) {
  return {
    restoreSession: fromPromise(async () => ({ user, roles, now: Date.now() })),
    authenticate: fromPromise(async () => ({ user, now: Date.now() })),
    verifyOtp: fromPromise(async () => ({ user, now: Date.now() })),
    resendOtp: fromPromise(async () => undefined),
    loadRoles: fromPromise(async () => roles),
    revokeSession: fromPromise(async () => undefined),
    watchUnauthorized: fromCallback(() => () => undefined),
  } as never;
}

/** A session already logged in with these roles (no server): for screen tests of the dashboard. */
export function loggedInSession(roles: string[], user: StoredUser = storedUser()) {
  return sessionMachine.provide({ actors: fakeSessionActors(roles, user) });
}
