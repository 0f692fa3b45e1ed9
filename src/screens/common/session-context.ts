import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session.machine';

/**
 * The one session actor of the app. The context is made over the pure machine; the app hands the Provider the
 * live logic (local storage and /portal_api), and tests hand it a fake: `<SessionContext.Provider logic={...}>`.
 */
export const SessionContext = createActorContext(sessionMachine);

/** The pure machine, for the process explorer (the root already loaded it). */
export { sessionMachine };

export const useRoles = () => SessionContext.useSelector((s) => s.context.roles);
export const useUser = () => SessionContext.useSelector((s) => s.context.user);
