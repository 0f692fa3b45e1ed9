import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/root';
import { isHomePage, preloadDashboard } from './app/app';
import { startFirstCalls } from './services/early-calls';
import { sessionStore } from './services/session-store';
import './app/first-load.css';
import './i18n';

// The first signed-in page's calls leave now, not once its code has loaded (docs/decisions/048 and 050).
const user = sessionStore.user();
const early = startFirstCalls({
  pathname: location.pathname,
  user,
  rolesStored: sessionStore.rolesFor(user) !== null,
  now: Date.now(),
  fetch: (...a) => fetch(...a),
});
// On the home page, the dashboard's code too, which the app's first render would otherwise ask for only once it had
// run: the home page draws with the layout, in its first commit (decision 050). A screen of its own chunk is not
// helped: its code, come earlier, was drawn in the same long task as the layout (the wizard's blocking time rose).
if (early.length > 0 && isHomePage(location.pathname)) preloadDashboard();

const root = createRoot(document.getElementById('root')!, {
  // React reports a recovered render error by its wrapper alone (error 520): the console shows what caused it.
  onRecoverableError: (error) => console.error(error, 'caused by', (error as { cause?: unknown }).cause),
});
startTransition(() =>
  root.render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
