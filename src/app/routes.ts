import type { ComponentType } from 'react';
import type { LazyChunk } from './chunk-load';
import { allows, type Access } from '../contract/roles';
import type { LiveLogic } from '../screens/common/live-logic';
import { REGISTRY } from './registry';

export interface DashboardRoute {
  /** Relative to /dashboard; '' is the home page. */
  readonly path: string;
  readonly label: string;
  readonly screen: LazyChunk<ComponentType<any>>;
  readonly props?: Readonly<Record<string, unknown>>;
  /** The live logic its screen runs, fetched beside the screen's chunk. */
  readonly live: ReadonlyArray<keyof LiveLogic>;
  /** The translation namespaces its first paint needs beyond the default one. */
  readonly strings: readonly string[];
  /** Registered only for a user this allows (the spec gates only security this way). */
  readonly onlyFor?: Access;
  /** Drawn without Chakra, so without its provider around it (docs/decisions/049). */
  readonly plain: boolean;
  /** Its screen asks for its live logic once drawn: nothing fetches it beside the chunk (docs/decisions/051). */
  readonly logicAfterDraw: boolean;
}

const DASHBOARD = '/dashboard';

/** Every screen of the registry under /dashboard (spec section 2); placeholders stand in for the areas not built yet. */
export const DASHBOARD_ROUTES: readonly DashboardRoute[] = REGISTRY.flatMap((entry) =>
  entry.kind === 'screen' && entry.screen && (entry.path === DASHBOARD || entry.path.startsWith(`${DASHBOARD}/`))
    ? [
        {
          path: entry.path.slice(DASHBOARD.length + 1),
          label: entry.label,
          screen: entry.screen,
          props: entry.props,
          live: entry.live ?? [],
          strings: entry.strings ?? [],
          onlyFor: entry.gated && entry.access,
          plain: entry.plain ?? false,
          logicAfterDraw: entry.logicAfterDraw ?? false,
        },
      ]
    : [],
);

export const registeredRoutes = (roles: readonly string[]) =>
  DASHBOARD_ROUTES.filter((route) => !route.onlyFor || allows(route.onlyFor, roles));

/** A route's path as a pattern: its `:name` parts match one segment. */
const pattern = (path: string) => new RegExp(`^/${path.replace(/:[^/]+/g, '[^/]+')}/?$`);

/** The route of a whole path (`/dashboard/...`), if it is one of the dashboard's. */
export function routeAt(pathname: string): DashboardRoute | undefined {
  const inside = pathname.replace(/^\/dashboard/, '') || '/';
  return DASHBOARD_ROUTES.find(({ path }) => pattern(path).test(inside));
}
