import { fromCallback, fromPromise } from 'xstate';
import { sessionMachine, type StoredUser } from '../machines/session.machine';
import { rolesQuery } from './early-calls';
import { sessionStore } from './session-store';
import { onUnauthorized } from './unauthorized';

/** The HTTP client and the contract (with ky and zod) load on the first call, not with the login page. */
const contract = () => import('../contract/session-routes').then((m) => m.sessionRoutes);
const call: typeof import('./http').call = async (route, options) => (await import('./http')).call(route, options);

/** The session machine's actors, for real: local storage and /portal_api. */
export const sessionActors = {
  restoreSession: fromPromise(async () => {
    const user = sessionStore.user();
    return { user, roles: sessionStore.rolesFor(user), now: Date.now() };
  }),
  authenticate: fromPromise(async ({ input }: { input: { username: string; password: string } }) => {
    const answer = await call((await contract()).login, { body: { strategy: 'local', ...input } });
    // The token is stored before the next call (the OTP step or the roles) needs it.
    const user: StoredUser = { ...answer.user, token: answer.accessToken };
    sessionStore.save(user, null);
    return { user, now: Date.now() };
  }),
  verifyOtp: fromPromise(async ({ input }: { input: { code: string } }) => {
    const answer = await call((await contract()).verifyOtp, { body: input });
    const user: StoredUser = { ...answer.user, token: sessionStore.token() ?? '' };
    return { user, now: Date.now() };
  }),
  resendOtp: fromPromise(async (): Promise<unknown> => call((await contract()).resendOtp)),
  changePassword: fromPromise(async ({ input }: { input: { currentPassword: string; newPassword: string } }) => {
    const answer = await call((await contract()).changePassword, {
      body: { current_password: input.currentPassword, new_password: input.newPassword },
    });
    const user: StoredUser = { ...answer.user, token: sessionStore.token() ?? '' };
    return { user, now: Date.now() };
  }),
  loadRoles: fromPromise(async ({ input }: { input: { groupId: number } }) => {
    const routes = await contract();
    // The settings are asked for beside the roles and kept when they come, so the pages after a login draw their
    // welcome at once (docs/decisions/050). The session does not wait for them: slow or failed, the page asks itself.
    void call(routes.settings).then(sessionStore.keepSettings, () => undefined);
    const answer = await call(routes.listGroupRoles, { query: rolesQuery(input.groupId) });
    return answer.data.map((record) => record.admin_role);
  }),
  revokeSession: fromPromise(async (): Promise<unknown> => call((await contract()).logout)),
  watchUnauthorized: fromCallback(({ sendBack }) => onUnauthorized(() => sendBack({ type: 'session.unauthorized' }))),
};

/** The session machine with its real actors and storage. */
export const liveSessionMachine = sessionMachine.provide({
  actors: sessionActors,
  actions: {
    persistSession: (_, params) => sessionStore.save(params.user, params.roles),
    clearSession: () => sessionStore.clear(),
  },
});
