import { boot, showStartFailure } from './app/boot';
import { firstStrings } from './app/first-strings';
import { startStrings } from './i18n/locale-files';
import { startFirstCalls } from './services/early-calls';
import { sessionStore } from './services/session-store';
import './app/first-load.css';

// The first signed-in page's calls leave now, not once its code has loaded (docs/decisions/048 and 050), and the
// strings of its first view (decision 065). The entry imports neither React nor i18next: it runs as soon as it has
// come, before the larger chunks the page's HTML preloads beside it.
const user = sessionStore.user();
const early = startFirstCalls({
  pathname: location.pathname,
  user,
  rolesStored: sessionStore.rolesFor(user) !== null,
  now: Date.now(),
  fetch: (...a) => fetch(...a),
});
// A detection that failed leaves the language to i18next's own.
const detected = startStrings(early.length > 0 ? firstStrings(location.pathname) : []).catch(() => 'en' as const);

// The rest starts one step a task (boot.ts, decision 065).
let app: typeof import('./app/root') | undefined;
const root = document.getElementById('root')!;
boot(
  {
    strings: () => detected.then(() => import('./i18n')),
    reactDom: () => import('./app/react-dom-client'),
    // The `shell` chunk (vite.config.ts) on its own: with the app's own modules it was one task of 40-60 ms at full
    // speed on this machine, four times that on Lighthouse's phone.
    libraries: () => import('./app/libraries'),
    app: async () => {
      app = await import('./app/root');
    },
    // On a page of the dashboard, its code starts before React's first render of the app, which would otherwise ask
    // for it only once it had run (decisions 050 and 067). The layout draws a screen of its own chunk in a commit
    // after its own first one, so the two are not one long task.
    afterApp: () => {
      if (early.length > 0 && app!.isDashboardPage(location.pathname)) app!.preloadDashboard();
    },
    render: (reactRoot) => app!.renderApp(reactRoot),
  },
  root,
).catch(async (error: unknown) => {
  // A chunk of the start that did not come: the page says so and offers to load it again.
  console.error(error);
  showStartFailure(root, await detected);
});
