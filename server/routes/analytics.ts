import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { ReportName } from '../../src/contract/analytics';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import { analysis, biAuth, homeFigures } from '../domain/analytics/measures';

/** The BI calls (issue 15, decision 017). */
export function analyticsRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.biAuth, ({ caller }) => biAuth(deps, caller));
  const reports = [
    routes.biDashboard,
    routes.biAnalysis,
    routes.shopAnalysis,
    routes.shopOwnersAnalysis,
    routes.allUnbrandedAnalysis,
    routes.agentAnalysis,
    routes.biRegion,
    routes.biStore,
    routes.biShopOwner,
    routes.biAgent,
    routes.biPhoneModel,
    routes.biLockType,
    routes.ageingMigration,
  ];
  for (const route of reports) {
    const name = route.path.slice('/api/v1/'.length) as ReportName;
    register(app, deps, registry, route, ({ caller, query }) => analysis(deps, caller, name, query));
  }
  register(app, deps, registry, routes.homeFigures, ({ caller }) => homeFigures(deps, caller));
}
