import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import * as rec from '../domain/finance/reconciliation';

/** Reconciliation of mobile-money statements and month-end close (issue 13, decision 018). */
export function reconciliationRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.reconciliationMappings, () => rec.mappings(deps));
  register(app, deps, registry, routes.saveReconciliationMapping, ({ caller, body }) => rec.saveMappingFor(deps, caller, body));
  register(app, deps, registry, routes.uploadStatement, ({ caller, body }) => rec.uploadStatementFile(deps, caller, body));
  register(app, deps, registry, routes.reconciliationRuns, ({ body }) => rec.runs(deps, body));
  register(app, deps, registry, routes.reconciliationRun, ({ body }) => rec.run(deps, body));
  register(app, deps, registry, routes.resolveReconciliationLine, ({ caller, body }) => rec.resolve(deps, caller, body));
  register(app, deps, registry, routes.signOffReconciliation, ({ caller, body }) => rec.signOff(deps, caller, body));
  register(app, deps, registry, routes.statementDocument, ({ body }) => rec.document(deps, body));
  register(app, deps, registry, routes.closedPeriods, ({ caller }) => rec.closedPeriods(deps, caller));
  register(app, deps, registry, routes.closePeriod, ({ caller, body }) => rec.closePeriod(deps, caller, body));
}
