import DashboardLayout from './layout/dashboard-layout';
import { routeAt } from './routes';
import { LIVE_LOGIC } from './live-logic';
import { LazyChakraRoot } from './lazy-chakra-root';
import { i18n } from '../i18n';
import { sendEarly } from '../services/early-calls';
import { sessionStore } from '../services/session-store';

/**
 * The screen at `pathname` (under /dashboard): its chunk, its live logic, the strings of its first paint, Chakra's
 * provider unless it is drawn without it and, for a screen that waits on them, the settings, asked for as soon as the
 * dashboard's code is here. The screen is drawn only once the session has the roles, but its code and first answer
 * need not wait for them (docs/decisions/038). Drawing it takes what is on its way; a failed load is tried again when
 * drawn.
 */
export function startScreen(pathname: string) {
  const route = routeAt(pathname);
  if (!route) return;
  // A screen that comes with this code (the home page) draws in the layout's first commit, from what the session
  // kept: its live logic and strings are asked for as it draws, not before, where evaluating their code (the HTTP
  // client, the contracts) on a slow phone held that first paint back (docs/decisions/050). The app's entry has
  // already asked for the settings (early-calls.ts).
  if (route.screen.eager) return;
  void route.screen.preload().catch(() => undefined);
  // A screen that draws its first view without its live logic asks for it once drawn (the deposit wizard, decision
  // 051's addendum): evaluated here, beside its chunk, that code held the first view back on a slow phone.
  if (!route.logicAfterDraw) void LIVE_LOGIC.preload(route.live).catch(() => undefined);
  if (route.strings.length > 0) void i18n.loadNamespaces([...route.strings]);
  // A plain screen (the home page, the wizard's first step) draws without Chakra: opened on it, the dashboard fetches
  // none of it (docs/decisions/049, 051).
  if (!route.plain) void LazyChakraRoot.preload().catch(() => undefined);
  if (route.live.includes('settings')) askSettingsEarly();
}

/**
 * The settings, for a screen that waits on them, sent as an early call (early-calls.ts, docs/decisions/038 and 048)
 * that the screen's load then takes: not sent again when the app's entry already sent it. Sent from here, with the
 * entry's own early-call module, not through the settings' HTTP client: the dashboard's code waits for no HTTP client,
 * and on the wizard that client comes after the first view (decision 051).
 */
function askSettingsEarly() {
  const token = sessionStore.token();
  if (token) sendEarly('settings', token);
}

/**
 * The signed-in portal. Its layout and the home page are plain elements (docs/decisions/049): Chakra loads with the
 * first screen, menu, drawer or notice that draws with it, each under its own provider.
 */
export default DashboardLayout;
