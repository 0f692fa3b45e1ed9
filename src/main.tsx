import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/root';
import { startFirstCalls } from './services/early-calls';
import { sessionStore } from './services/session-store';
import './app/first-load.css';
import './i18n';

// The first signed-in page's calls leave now, not once its code has loaded (docs/decisions/048).
const user = sessionStore.user();
startFirstCalls({
  pathname: location.pathname,
  user,
  rolesStored: sessionStore.rolesFor(user) !== null,
  now: Date.now(),
  fetch: (...a) => fetch(...a),
});

createRoot(document.getElementById('root')!, {
  // React reports a recovered render error by its wrapper alone (error 520): the console shows what caused it.
  onRecoverableError: (error) => console.error(error, 'caused by', (error as { cause?: unknown }).cause),
}).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
