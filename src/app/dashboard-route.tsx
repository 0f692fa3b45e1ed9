import { ChakraRoot } from './chakra-root';
import DashboardLayout from './layout/dashboard-layout';
import { DASHBOARD_ROUTES } from './routes';
import { LIVE_LOGIC } from './live-logic';
import { i18n } from '../i18n';

/** A route's path as a pattern: its `:name` parts match one segment. */
const pattern = (path: string) => new RegExp(`^/${path.replace(/:[^/]+/g, '[^/]+')}/?$`);

/**
 * The screen at `pathname` (under /dashboard): its chunk, its live logic, the strings of its first paint and, for a
 * screen that waits on them, the settings, asked for as soon as the dashboard's code is here. The screen is drawn
 * only once the session has the roles, but its code and first answer need not wait for them (docs/decisions/038).
 * Drawing it takes what is on its way; a failed load is tried again when drawn.
 */
export function startScreen(pathname: string) {
  const inside = pathname.replace(/^\/dashboard/, '') || '/';
  const route = DASHBOARD_ROUTES.find(({ path }) => pattern(path).test(inside));
  if (!route) return;
  void route.screen.preload().catch(() => undefined);
  void LIVE_LOGIC.preload(route.live).catch(() => undefined);
  if (route.strings.length > 0) void i18n.loadNamespaces([...route.strings]);
  // Imported here, not above: the dashboard's own code waits for no HTTP client (the session brings it anyway).
  if (route.live.includes('settings')) void import('../services/portal-api').then((api) => api.askSettingsEarly()).catch(() => undefined);
}

/** The signed-in portal: its layout and screens draw with Chakra, which loads with this chunk (docs/decisions/033). */
export default function DashboardRoute() {
  return (
    <ChakraRoot>
      <DashboardLayout />
    </ChakraRoot>
  );
}
