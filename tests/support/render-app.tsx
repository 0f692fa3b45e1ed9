import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { AnyActorLogic } from 'xstate';
import { i18n, i18nReady } from '../../src/i18n';
import { systemStore } from '../../src/app/system';
import { useSystem } from '../../src/app/system-store';
import { SessionContext } from '../../src/app/session-context';
import { ThemeContext } from '../../src/app/theme-context';
import { AppRoutes } from '../../src/app/app';

function Root({ session }: { session?: AnyActorLogic }) {
  return (
    <ChakraProvider value={useSystem(systemStore)}>
      <ThemeContext.Provider>
        <SessionContext.Provider logic={session as never}>
          <AppRoutes />
        </SessionContext.Provider>
      </ThemeContext.Provider>
    </ChakraProvider>
  );
}

/** The whole app at a path, as main.tsx mounts it, with the session machine's actors replaced when given. */
export async function renderApp(path: string, session?: AnyActorLogic) {
  await i18nReady;
  await i18n.changeLanguage('en');
  window.history.replaceState(null, '', path);
  return render(<Root session={session} />);
}
