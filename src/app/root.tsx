import { ChakraProvider } from '@chakra-ui/react';
import { SessionContext } from '../screens/common/session-context';
import { liveSessionMachine } from '../services/session';
import { systemStore } from './system';
import { useSystem } from './system-store';
import { ThemeContext } from './theme-context';
import { AppRoutes } from './app';

/**
 * The whole app with its root providers: Chakra, the theme and the session, each with its live logic. Tests mount
 * it as main.tsx does, with a fake session's logic when they need one.
 */
export function Root({ session = liveSessionMachine }: { session?: typeof liveSessionMachine }) {
  return (
    <ChakraProvider value={useSystem(systemStore)}>
      <ThemeContext.Provider>
        <SessionContext.Provider logic={session}>
          <AppRoutes />
        </SessionContext.Provider>
      </ThemeContext.Provider>
    </ChakraProvider>
  );
}
