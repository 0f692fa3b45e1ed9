import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { AuthUser } from '../contract/auth';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

/** The user as kept in local storage: the login answer plus its token. */
export interface StoredUser extends AuthUser {
  token: string;
}

export interface RestoredSession {
  user: StoredUser | null;
  roles: string[] | null;
  /** The time of the check, from the clock of the actor that made it. */
  now: number;
}

export interface SessionContext {
  user: StoredUser | null;
  roles: string[];
  /** How long the token has left, measured when it was last checked; drives the logout timer. */
  expiresInMs: number;
  failure: CallFailure | null;
}

export type SessionEvent =
  | { type: 'login.submitted'; username: string; password: string }
  | { type: 'otp.submitted'; code: string }
  | { type: 'otp.resend' }
  | { type: 'password.submitted'; currentPassword: string; newPassword: string }
  | { type: 'roles.retry' }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' };

const signedIn = (user: StoredUser, now: number) => ({ user, expiresInMs: Math.max(0, user.exp - now), failure: null });

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<RestoredSession>(async () => ({ user: null, roles: null, now: 0 })),
    authenticate: fromPromise<{ user: StoredUser; now: number }, { username: string; password: string }>(async () => {
      throw new Error('not provided');
    }),
    verifyOtp: fromPromise<{ user: StoredUser; now: number }, { code: string }>(async () => {
      throw new Error('not provided');
    }),
    resendOtp: fromPromise<unknown>(async () => undefined),
    changePassword: fromPromise<{ user: StoredUser; now: number }, { currentPassword: string; newPassword: string }>(async () => {
      throw new Error('not provided');
    }),
    loadRoles: fromPromise<string[], { groupId: number }>(async () => []),
    revokeSession: fromPromise<unknown>(async () => undefined),
    /** Reports every 401 the HTTP client sees (except on /authentication) as `session.unauthorized`. */
    watchUnauthorized: fromCallback(() => () => undefined),
  },
  actions: {
    /** Writes user and roles to local storage (provided by the app). */
    persistSession: (_, _params: { user: StoredUser | null; roles: string[] | null }) => undefined,
    /** Removes user and roles from local storage (provided by the app). */
    clearSession: () => undefined,
    forget: assign({ user: null, roles: [], expiresInMs: 0 }),
    clearFailure: assign({ failure: null }),
    recordFailure: assign({ failure: (_, params: { error: unknown }) => toCallFailure(params.error) }),
  },
  guards: {
    nobodyStored: (_, output: RestoredSession) => output.user === null,
    expired: (_, output: RestoredSession) => output.user !== null && output.user.exp <= output.now,
    otpPending: (_, params: { user: StoredUser | null }) => params.user?.otp_pending === true,
    /** An admin chose this user's password: the user chooses their own before anything else (issue 17). */
    passwordToChange: (_, params: { user: StoredUser | null }) => params.user?.must_change_password === true,
    rolesStored: (_, output: RestoredSession) => output.roles !== null,
    attemptEnded: (_, params: { error: unknown }) => toCallFailure(params.error).status === 401,
  },
  delays: {
    // setTimeout holds at most 2^31-1 ms (about 24.8 days); tokens live hours.
    untilExpiry: ({ context }) => Math.min(context.expiresInMs, 2 ** 31 - 1),
  },
}).createMachine({
  id: 'session',
  context: { user: null, roles: [], expiresInMs: 0, failure: null },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          { guard: { type: 'nobodyStored', params: ({ event }) => event.output }, target: 'loggedOut' },
          {
            guard: { type: 'expired', params: ({ event }) => event.output },
            target: 'loggedOut.notified',
            actions: 'clearSession',
          },
          {
            guard: { type: 'otpPending', params: ({ event }) => event.output },
            target: 'authenticated.otp',
            actions: assign(({ event }) => signedIn(event.output.user!, event.output.now)),
          },
          {
            guard: { type: 'passwordToChange', params: ({ event }) => event.output },
            target: 'authenticated.password',
            actions: assign(({ event }) => signedIn(event.output.user!, event.output.now)),
          },
          {
            guard: { type: 'rolesStored', params: ({ event }) => event.output },
            target: 'authenticated.ready',
            actions: assign(({ event }) => ({ ...signedIn(event.output.user!, event.output.now), roles: event.output.roles! })),
          },
          {
            target: 'authenticated.loadingRoles',
            actions: assign(({ event }) => signedIn(event.output.user!, event.output.now)),
          },
        ],
        onError: { target: 'loggedOut', actions: 'clearSession' },
      },
    },
    loggedOut: {
      entry: 'forget',
      initial: 'idle',
      states: {
        idle: {
          on: { 'login.submitted': { target: 'authenticating', actions: 'clearFailure' } },
        },
        /** Logged out by expiry, a 401 or the user: the login page says "You have been logged out", and nothing older. */
        notified: {
          entry: 'clearFailure',
          on: { 'login.submitted': { target: 'authenticating', actions: 'clearFailure' } },
        },
        authenticating: {
          tags: ['busy'],
          invoke: {
            id: 'authenticate',
            src: 'authenticate',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'login.submitted' }>;
              return { username: e.username, password: e.password };
            },
            onDone: [
              {
                guard: { type: 'otpPending', params: ({ event }) => event.output },
                target: '#session.authenticated.otp',
                actions: [
                  assign(({ event }) => signedIn(event.output.user, event.output.now)),
                  { type: 'persistSession', params: ({ event }) => ({ user: event.output.user, roles: null }) },
                ],
              },
              {
                guard: { type: 'passwordToChange', params: ({ event }) => event.output },
                target: '#session.authenticated.password',
                actions: [
                  assign(({ event }) => signedIn(event.output.user, event.output.now)),
                  { type: 'persistSession', params: ({ event }) => ({ user: event.output.user, roles: null }) },
                ],
              },
              {
                target: '#session.authenticated.loadingRoles',
                actions: [
                  assign(({ event }) => signedIn(event.output.user, event.output.now)),
                  { type: 'persistSession', params: ({ event }) => ({ user: event.output.user, roles: null }) },
                ],
              },
            ],
            onError: { target: 'idle', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    authenticated: {
      invoke: { id: 'watchUnauthorized', src: 'watchUnauthorized' },
      after: {
        untilExpiry: { target: 'loggedOut.notified', actions: 'clearSession' },
      },
      on: {
        'session.unauthorized': { target: 'loggedOut.notified', actions: 'clearSession' },
        'session.logout': { target: 'loggingOut' },
      },
      initial: 'loadingRoles',
      states: {
        otp: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'otp.submitted': { target: 'verifying', actions: 'clearFailure' },
                'otp.resend': { target: 'resending', actions: 'clearFailure' },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ event }) => ({ code: (event as Extract<SessionEvent, { type: 'otp.submitted' }>).code }),
                onDone: [
                  {
                    guard: { type: 'passwordToChange', params: ({ event }) => event.output },
                    target: '#session.authenticated.password',
                    actions: [
                      assign(({ event }) => signedIn(event.output.user, event.output.now)),
                      { type: 'persistSession', params: ({ event }) => ({ user: event.output.user, roles: null }) },
                    ],
                  },
                  {
                    target: '#session.authenticated.loadingRoles',
                    actions: [
                      assign(({ event }) => signedIn(event.output.user, event.output.now)),
                      { type: 'persistSession', params: ({ event }) => ({ user: event.output.user, roles: null }) },
                    ],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'attemptEnded', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.loggedOut',
                    actions: ['clearSession', { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }],
                  },
                  { target: 'entering', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            resending: {
              tags: ['busy'],
              invoke: {
                id: 'resendOtp',
                src: 'resendOtp',
                onDone: { target: 'entering' },
                onError: { target: 'entering', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        /** The user's own password, chosen before anything else when an admin chose the current one. */
        password: {
          initial: 'entering',
          states: {
            entering: {
              on: { 'password.submitted': { target: 'changing', actions: 'clearFailure' } },
            },
            changing: {
              tags: ['busy'],
              invoke: {
                id: 'changePassword',
                src: 'changePassword',
                input: ({ event }) => {
                  const e = event as Extract<SessionEvent, { type: 'password.submitted' }>;
                  return { currentPassword: e.currentPassword, newPassword: e.newPassword };
                },
                onDone: {
                  target: '#session.authenticated.loadingRoles',
                  actions: [
                    assign(({ event }) => signedIn(event.output.user, event.output.now)),
                    { type: 'persistSession', params: ({ event }) => ({ user: event.output.user, roles: null }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'attemptEnded', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.loggedOut',
                    actions: ['clearSession', { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }],
                  },
                  { target: 'entering', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
        loadingRoles: {
          invoke: {
            id: 'loadRoles',
            src: 'loadRoles',
            input: ({ context }) => ({ groupId: context.user!.group.id }),
            onDone: {
              target: 'ready',
              actions: [
                assign({ roles: ({ event }) => event.output }),
                { type: 'persistSession', params: ({ context, event }) => ({ user: context.user, roles: event.output }) },
              ],
            },
            onError: { target: 'rolesFailed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        rolesFailed: {
          on: { 'roles.retry': { target: 'loadingRoles', actions: 'clearFailure' } },
        },
        ready: {},
      },
    },
    loggingOut: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        // Logged out locally whatever the server says: the token is forgotten either way.
        onDone: { target: 'loggedOut.notified', actions: 'clearSession' },
        onError: { target: 'loggedOut.notified', actions: 'clearSession' },
      },
    },
  },
});
