import { StrictMode, startTransition } from 'react';
import type { Root as ReactRoot } from 'react-dom/client';
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

/**
 * Draws the app into React's root, as a transition: React draws it in slices, yielding to the browser about every
 * 5 ms, where a default update is drawn in one piece (docs/decisions/061).
 */
export function renderApp(root: ReactRoot) {
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
}

export { isDashboardPage, preloadDashboard } from './app';
