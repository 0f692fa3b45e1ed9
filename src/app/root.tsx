import { SessionContext } from '../screens/common/session-context';
import { liveSessionMachine } from '../services/session';
import { ThemeContext } from './theme-context';
import { AppRoutes } from './app';

/**
 * The whole app with its root providers: the theme and the session, each with its live logic. Chakra's provider is
 * not here: the pages that draw with Chakra start under it (chakra-root.tsx, docs/decisions/033). Tests mount it as
 * main.tsx does, with a fake session's logic when they need one.
 */
export function Root({ session = liveSessionMachine }: { session?: typeof liveSessionMachine }) {
  return (
    <ThemeContext.Provider>
      <SessionContext.Provider logic={session}>
        <AppRoutes />
      </SessionContext.Provider>
    </ThemeContext.Provider>
  );
}
