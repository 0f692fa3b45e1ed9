import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { systemStore } from './app/system';
import { useSystem } from './app/system-store';
import { SessionContext } from './app/session-context';
import { ThemeContext } from './app/theme-context';
import { AppRoutes } from './app/app';
import './i18n';

function Root() {
  return (
    <ChakraProvider value={useSystem(systemStore)}>
      <ThemeContext.Provider>
        <SessionContext.Provider>
          <AppRoutes />
        </SessionContext.Provider>
      </ThemeContext.Provider>
    </ChakraProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
