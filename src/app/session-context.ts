import { createActorContext } from '@xstate/react';
import { liveSessionMachine } from '../services/session';

/** The one session actor of the app, provided at the root. Tests hand the Provider other `logic`. */
export const SessionContext = createActorContext(liveSessionMachine);

export const useRoles = () => SessionContext.useSelector((s) => s.context.roles);
export const useUser = () => SessionContext.useSelector((s) => s.context.user);
