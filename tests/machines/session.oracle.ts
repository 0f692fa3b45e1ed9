import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { StoredUser } from '../../src/machines/session.machine';
import type { Oracle, OracleStep } from './oracle';
import {
  NOW,
  admin,
  adminVerified,
  agent,
  expired,
  newcomer,
  newcomerChanged,
  newcomerOtp,
  newcomerOtpVerified,
  passwordLocked,
  sessionModel,
  tooManyCodes,
  user,
  wrongCode,
  wrongCurrent,
  wrongPassword,
} from './session.model';

/**
 * Issue 2 ("the session lifecycle is a machine"), spec sections 3, 4, 7 and 8, decision 004:
 * - at start the user is read from local storage (a spinner until then); nobody stored: the login page; exp not in
 *   the future (a JWT is not accepted at or after its exp): logged out at once, storage cleared, "You have been logged
 *   out"; otherwise a timer logs out exactly at exp while the app is open; roles not stored: loaded
 *   (`admin-group-roles` with the user's group) and kept with the user;
 * - login -> the OTP step when the user's OTP is pending (wrong code: an error, try again; resend allowed; 5 wrong
 *   codes end the attempt, which the server answers 401) -> roles -> ready;
 * - any 401 (reported by the HTTP client's watcher), logout from the user menu, or expiry: logged out, user and roles
 *   cleared from storage, the notice "You have been logged out" and no other message. Logout revokes the token on the
 *   server, and the user is logged out locally whatever the server says;
 * - issue 17: a user whose password an admin chose (created by an admin) chooses their own at the next login before
 *   anything else: after the password (and the OTP step, for an OTP user) the change-of-password step, kept across a
 *   reload; a wrong current password is an error to correct there; the fifth ends the login (the server answers
 *   401); once changed, the roles and the portal as for anyone. A 401, logout or expiry leave it like any other step.
 */
const staff = agent;
const otpUser = admin;
const otpVerified = adminVerified;
const ROLES = ['FIND_CUSTOMER', 'ADD_LOAN'];
const GROUP = 2;

const restored = (u: StoredUser | null, roles: string[] | null = null) => ({
  type: 'xstate.done.actor.restoreSession',
  output: { user: u, roles, now: NOW },
});
const storageBlocked = { type: 'xstate.error.actor.restoreSession', error: new Error('storage blocked') };
const login = { type: 'login.submitted', username: 'agent', password: 'Demo#2026' };
const loggedIn = (u: StoredUser) => ({ type: 'xstate.done.actor.authenticate', output: { user: u, now: NOW } });
const loginRefused = { type: 'xstate.error.actor.authenticate', error: wrongPassword };
const code = { type: 'otp.submitted', code: '123456' };
const resend = { type: 'otp.resend' };
const verified = { type: 'xstate.done.actor.verifyOtp', output: { user: otpVerified, now: NOW } };
const codeWrong = { type: 'xstate.error.actor.verifyOtp', error: wrongCode };
const paymentRequired = { status: 402, message: 'Payment required' };
const code402 = { type: 'xstate.error.actor.verifyOtp', error: paymentRequired };
const tooMany = tooManyCodes;
const attemptEnded = { type: 'xstate.error.actor.verifyOtp', error: tooMany };
const resent = { type: 'xstate.done.actor.resendOtp', output: { sent: true, channel: 'sms' } };
const offline = { status: null, message: 'Failed to fetch' };
const resendFails = { type: 'xstate.error.actor.resendOtp', error: offline };
const rolesLoaded = { type: 'xstate.done.actor.loadRoles', output: ROLES };
const rolesFail = { type: 'xstate.error.actor.loadRoles', error: offline };
const rolesRetry = { type: 'roles.retry' };
const unauthorized = { type: 'session.unauthorized' };
const logout = { type: 'session.logout' };
const revoked = { type: 'xstate.done.actor.revokeSession', output: { revoked: true } };
const revokeFails = { type: 'xstate.error.actor.revokeSession', error: offline };
const expiry = { type: 'xstate.after.untilExpiry.session.authenticated' };
const newPassword = { type: 'password.submitted', currentPassword: 'Demo#2026', newPassword: 'Mwanza2027' };
const passwordInput = { changePassword: { currentPassword: 'Demo#2026', newPassword: 'Mwanza2027' } };
const passwordChanged = { type: 'xstate.done.actor.changePassword', output: { user: newcomerChanged, now: NOW } };
const currentWrong = { type: 'xstate.error.actor.changePassword', error: wrongCurrent };
const passwordEnded = { type: 'xstate.error.actor.changePassword', error: passwordLocked };

/** What the app was asked to do with local storage, in order; each step takes what its event caused. */
const effects: unknown[] = [];
const takeEffects = () => effects.splice(0);
const actions = {
  persistSession: (_: unknown, params: unknown) => effects.push({ persist: params }),
  clearSession: () => effects.push('clear'),
};

const LOGGED_OUT = { user: null, roles: [], expiresInMs: 0, failure: null };
const signedIn = (u: StoredUser, roles: string[] = []) => ({ user: u, roles, expiresInMs: u.exp - NOW, failure: null });

/** A step with the storage effects it must cause (none unless given) and whether the 401 watcher runs. */
const step = (s: OracleStep & { effects?: unknown[] }): OracleStep => {
  const { effects: expected = [], check, ...rest } = s;
  const states = typeof rest.state === 'string' ? [rest.state] : rest.state;
  const watching = states.every((x) => x.startsWith('authenticated.'));
  return {
    ...rest,
    check: (snap: AnyMachineSnapshot) => {
      expect(takeEffects(), 'storage effects').toEqual(expected);
      expect(Object.keys(snap.children).includes('watchUnauthorized'), 'the 401 watcher runs exactly while authenticated').toBe(watching);
      check?.(snap);
    },
  };
};
const persisted = (u: StoredUser | null, roles: string[] | null) => ({ persist: { user: u, roles } });
const notified = (event: AnyEventObject, extra: Partial<OracleStep> = {}) =>
  step({ event, state: 'loggedOut.notified', tags: { busy: false }, context: LOGGED_OUT, effects: ['clear'], ...extra });

// Paths to the main states.
const toReady = [
  step({
    event: restored(staff),
    state: 'authenticated.loadingRoles',
    context: signedIn(staff),
    tags: { busy: false },
    invoked: { loadRoles: { groupId: GROUP } },
  }),
  step({ event: rolesLoaded, state: 'authenticated.ready', context: signedIn(staff, ROLES), effects: [persisted(staff, ROLES)] }),
];
const toIdle = [step({ event: restored(null), state: 'loggedOut.idle', context: LOGGED_OUT, tags: { busy: false } })];
const toOtp = [
  ...toIdle,
  step({
    event: login,
    state: 'loggedOut.authenticating',
    tags: { busy: true },
    context: { failure: null },
    invoked: { authenticate: { username: 'agent', password: 'Demo#2026' } },
  }),
  step({
    event: loggedIn(otpUser),
    state: 'authenticated.otp.entering',
    tags: { busy: false },
    context: signedIn(otpUser),
    effects: [persisted(otpUser, null)],
  }),
];

const toPassword = [
  ...toIdle,
  step({ event: login, state: 'loggedOut.authenticating' }),
  step({
    event: loggedIn(newcomer),
    state: 'authenticated.password.entering',
    tags: { busy: false },
    context: signedIn(newcomer),
    effects: [persisted(newcomer, null)],
    invoked: {},
  }),
];
const toChanging = [
  ...toPassword,
  step({ event: newPassword, state: 'authenticated.password.changing', tags: { busy: true }, invoked: passwordInput }),
];

export const sessionOracle: Oracle<typeof sessionModel.machine> = {
  model: sessionModel,
  actions,
  delays: { untilExpiry: (s) => s.context.user.exp - NOW },
  initial: {
    state: 'restoring',
    context: LOGGED_OUT,
    invoked: { restoreSession: undefined },
    check: (s) => {
      takeEffects();
      expect(Object.keys(s.children)).toEqual(['restoreSession']);
      expect(s.machine.id, 'the id the statechart exports are named by').toBe('session');
    },
  },
  scenarios: [
    { name: 'nobody stored: the login page, no notice', steps: toIdle },
    {
      name: 'storage cannot be read: the login page, storage cleared',
      steps: [step({ event: storageBlocked, state: 'loggedOut.idle', context: LOGGED_OUT, effects: ['clear'] })],
    },
    { name: 'a token expired a moment ago: logged out at once', steps: [notified(restored(user({ exp: NOW - 1 }), ROLES))] },
    { name: 'a token that expires now is no longer valid', steps: [notified(restored(user({ exp: NOW }), ROLES))] },
    { name: 'an expired token stored without roles: logged out at once', steps: [notified(restored(expired))] },
    {
      name: 'a user stored with one role: ready with it',
      steps: [
        step({
          event: restored(staff, ['FIND_CUSTOMER']),
          state: 'authenticated.ready',
          context: signedIn(staff, ['FIND_CUSTOMER']),
          invoked: {},
        }),
      ],
    },
    {
      name: 'a token valid for 1 ms more: signed in, logged out 1 ms later',
      steps: [
        step({
          event: restored(user({ exp: NOW + 1 }), ROLES),
          state: 'authenticated.ready',
          context: { ...signedIn(user({ exp: NOW + 1 }), ROLES), expiresInMs: 1 },
        }),
        notified(expiry),
      ],
    },
    {
      name: 'restored without roles: roles loaded and kept with the user, logged out exactly at exp',
      steps: [...toReady, notified(expiry)],
    },
    {
      name: 'restored with its roles: ready at once, no call',
      steps: [
        step({ event: restored(staff, ROLES), state: 'authenticated.ready', context: signedIn(staff, ROLES), invoked: {} }),
        notified(unauthorized),
      ],
    },
    {
      name: 'restored with the OTP still pending: the OTP step',
      steps: [
        step({ event: restored(otpUser), state: 'authenticated.otp.entering', context: signedIn(otpUser), invoked: {} }),
        notified(expiry),
      ],
    },
    {
      name: 'roles fail to load, retried',
      steps: [
        toReady[0]!,
        step({ event: rolesFail, state: 'authenticated.rolesFailed', context: { ...signedIn(staff), failure: offline } }),
        step({
          event: rolesRetry,
          state: 'authenticated.loadingRoles',
          context: signedIn(staff),
          invoked: { loadRoles: { groupId: GROUP } },
        }),
        step({ event: rolesLoaded, state: 'authenticated.ready', context: signedIn(staff, ROLES), effects: [persisted(staff, ROLES)] }),
      ],
    },
    {
      name: 'logged out after roles failed: only the logged-out notice',
      steps: [
        toReady[0]!,
        step({ event: rolesFail, state: 'authenticated.rolesFailed' }),
        step({ event: logout, state: 'loggingOut', invoked: { revokeSession: undefined } }),
        notified(revoked),
      ],
    },
    {
      name: 'login without OTP: roles, ready',
      steps: [
        ...toIdle,
        step({
          event: login,
          state: 'loggedOut.authenticating',
          tags: { busy: true },
          invoked: { authenticate: { username: 'agent', password: 'Demo#2026' } },
        }),
        step({
          event: loggedIn(staff),
          state: 'authenticated.loadingRoles',
          tags: { busy: false },
          context: signedIn(staff),
          effects: [persisted(staff, null)],
          invoked: { loadRoles: { groupId: GROUP } },
        }),
        step({ event: rolesLoaded, state: 'authenticated.ready', context: signedIn(staff, ROLES), effects: [persisted(staff, ROLES)] }),
        step({ event: logout, state: 'loggingOut', context: signedIn(staff, ROLES), invoked: { revokeSession: undefined } }),
        notified(revokeFails),
      ],
    },
    {
      name: 'a wrong password: the login page with the reason; logged in at the next try',
      steps: [
        ...toIdle,
        step({ event: login, state: 'loggedOut.authenticating' }),
        step({ event: loginRefused, state: 'loggedOut.idle', tags: { busy: false }, context: { ...LOGGED_OUT, failure: wrongPassword } }),
        step({
          event: login,
          state: 'loggedOut.authenticating',
          context: { failure: null },
          invoked: { authenticate: { username: 'agent', password: 'Demo#2026' } },
        }),
        step({ event: loggedIn(staff), state: 'authenticated.loadingRoles', context: signedIn(staff), effects: [persisted(staff, null)] }),
      ],
    },
    {
      name: 'login with OTP: a wrong code, a resend, the right code, roles',
      steps: [
        ...toOtp,
        step({
          event: code,
          state: 'authenticated.otp.verifying',
          tags: { busy: true },
          context: { failure: null },
          invoked: { verifyOtp: { code: '123456' } },
        }),
        step({
          event: codeWrong,
          state: 'authenticated.otp.entering',
          tags: { busy: false },
          context: { ...signedIn(otpUser), failure: wrongCode },
        }),
        step({
          event: resend,
          state: 'authenticated.otp.resending',
          tags: { busy: true },
          context: { failure: null },
          invoked: { resendOtp: undefined },
        }),
        step({ event: resent, state: 'authenticated.otp.entering', tags: { busy: false }, context: { failure: null } }),
        step({ event: code, state: 'authenticated.otp.verifying', invoked: { verifyOtp: { code: '123456' } } }),
        step({
          event: verified,
          state: 'authenticated.loadingRoles',
          context: signedIn(otpVerified),
          effects: [persisted(otpVerified, null)],
          invoked: { loadRoles: { groupId: GROUP } },
        }),
        step({
          event: rolesLoaded,
          state: 'authenticated.ready',
          context: signedIn(otpVerified, ROLES),
          effects: [persisted(otpVerified, ROLES)],
        }),
      ],
    },
    {
      name: 'a code refused with 402 is a wrong code, not the end of the attempt',
      steps: [
        ...toOtp,
        step({ event: code, state: 'authenticated.otp.verifying' }),
        step({ event: code402, state: 'authenticated.otp.entering', context: { failure: paymentRequired } }),
      ],
    },
    {
      name: 'a resend that fails says so; a code entered clears it',
      steps: [
        ...toOtp,
        step({ event: resend, state: 'authenticated.otp.resending' }),
        step({ event: resendFails, state: 'authenticated.otp.entering', context: { failure: offline } }),
        step({ event: code, state: 'authenticated.otp.verifying', context: { failure: null } }),
      ],
    },
    {
      name: 'the fifth wrong code ends the attempt: logged out with the reason, storage cleared',
      steps: [
        ...toOtp,
        step({ event: code, state: 'authenticated.otp.verifying' }),
        step({ event: attemptEnded, state: 'loggedOut.idle', context: { ...LOGGED_OUT, failure: tooMany }, effects: ['clear'] }),
      ],
    },
    {
      name: 'a 401 during the OTP step after a wrong code: only the logged-out notice',
      steps: [
        ...toOtp,
        step({ event: code, state: 'authenticated.otp.verifying' }),
        step({ event: codeWrong, state: 'authenticated.otp.entering' }),
        notified(unauthorized),
      ],
    },
    {
      name: 'logged in again after being logged out',
      steps: [
        ...toReady,
        notified(unauthorized),
        step({
          event: login,
          state: 'loggedOut.authenticating',
          tags: { busy: true },
          context: { failure: null },
          invoked: { authenticate: { username: 'agent', password: 'Demo#2026' } },
        }),
        step({
          event: loggedIn(otpUser),
          state: 'authenticated.otp.entering',
          context: signedIn(otpUser),
          effects: [persisted(otpUser, null)],
        }),
      ],
    },
    {
      name: 'a user an admin created: their own password first, a wrong current one corrected, then roles and ready',
      steps: [
        ...toChanging,
        step({
          event: currentWrong,
          state: 'authenticated.password.entering',
          tags: { busy: false },
          context: { ...signedIn(newcomer), failure: wrongCurrent },
        }),
        step({
          event: newPassword,
          state: 'authenticated.password.changing',
          tags: { busy: true },
          context: { failure: null },
          invoked: passwordInput,
        }),
        step({
          event: passwordChanged,
          state: 'authenticated.loadingRoles',
          tags: { busy: false },
          context: signedIn(newcomerChanged),
          effects: [persisted(newcomerChanged, null)],
          invoked: { loadRoles: { groupId: GROUP } },
        }),
        step({
          event: rolesLoaded,
          state: 'authenticated.ready',
          context: signedIn(newcomerChanged, ROLES),
          effects: [persisted(newcomerChanged, ROLES)],
        }),
      ],
    },
    {
      name: 'reloaded before the password was changed: the change-of-password step again, no call',
      steps: [
        step({ event: restored(newcomer), state: 'authenticated.password.entering', context: signedIn(newcomer), invoked: {} }),
        step({ event: newPassword, state: 'authenticated.password.changing', invoked: passwordInput }),
      ],
    },
    {
      name: 'an OTP user an admin created: the code, then their own password',
      steps: [
        ...toIdle,
        step({ event: login, state: 'loggedOut.authenticating' }),
        step({
          event: loggedIn(newcomerOtp),
          state: 'authenticated.otp.entering',
          context: signedIn(newcomerOtp),
          effects: [persisted(newcomerOtp, null)],
        }),
        step({ event: code, state: 'authenticated.otp.verifying' }),
        step({
          event: { type: 'xstate.done.actor.verifyOtp', output: { user: newcomerOtpVerified, now: NOW } },
          state: 'authenticated.password.entering',
          tags: { busy: false },
          context: signedIn(newcomerOtpVerified),
          effects: [persisted(newcomerOtpVerified, null)],
          invoked: {},
        }),
      ],
    },
    {
      name: 'the fifth wrong current password ends the login: logged out with the reason, storage cleared',
      steps: [
        ...toChanging,
        step({ event: passwordEnded, state: 'loggedOut.idle', context: { ...LOGGED_OUT, failure: passwordLocked }, effects: ['clear'] }),
      ],
    },
    // Every authenticated state is left by a 401, by logout and by expiry.
    ...(
      [
        ['loadingRoles', toReady.slice(0, 1)],
        ['rolesFailed', [...toReady.slice(0, 1), step({ event: rolesFail, state: 'authenticated.rolesFailed' })]],
        ['ready', toReady],
        ['otp.entering', toOtp],
        ['otp.verifying', [...toOtp, step({ event: code, state: 'authenticated.otp.verifying' })]],
        ['otp.resending', [...toOtp, step({ event: resend, state: 'authenticated.otp.resending' })]],
        ['password.entering', toPassword],
        ['password.changing', toChanging],
      ] as const
    ).flatMap(([name, steps]) => [
      { name: `a 401 in ${name}`, steps: [...steps, notified(unauthorized)] },
      { name: `expiry in ${name}`, steps: [...steps, notified(expiry)] },
      {
        name: `logout in ${name}`,
        steps: [...steps, step({ event: logout, state: 'loggingOut', invoked: { revokeSession: undefined } }), notified(revoked)],
      },
    ]),
  ],
  refuses: {
    restoring: [login, code, logout, unauthorized, rolesRetry, newPassword],
    'loggedOut.idle': [code, resend, logout, unauthorized, rolesRetry, newPassword],
    'loggedOut.notified': [code, resend, logout, unauthorized, rolesRetry, newPassword],
    'loggedOut.authenticating': [login, code, logout, unauthorized, newPassword],
    'authenticated.loadingRoles': [login, code, resend, rolesRetry, newPassword],
    'authenticated.rolesFailed': [login, code, resend, newPassword],
    'authenticated.ready': [login, code, resend, rolesRetry, newPassword],
    'authenticated.otp.entering': [login, rolesRetry, newPassword],
    'authenticated.otp.verifying': [login, code, resend, rolesRetry, newPassword],
    'authenticated.otp.resending': [login, code, resend, newPassword],
    'authenticated.password.entering': [login, code, resend, rolesRetry],
    'authenticated.password.changing': [login, code, resend, rolesRetry, newPassword],
    loggingOut: [login, logout, unauthorized, code, expiry, newPassword],
  } satisfies Record<string, AnyEventObject[]>,
};
