import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import * as requests from '../domain/requests';

export function requestsRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.requestLoanExtension, ({ caller, body }) => requests.requestLoanExtension(deps, caller, body));
  register(app, deps, registry, routes.requestLoanDeactivation, ({ caller, body }) => requests.requestLoanDeactivation(deps, caller, body));
  register(app, deps, registry, routes.requestImeiChange, ({ caller, body }) => requests.requestImeiChange(deps, caller, body));

  register(app, deps, registry, routes.pendingLoanExtensions, ({ body }) => requests.listPending(deps, 'loan_extension', body));
  register(app, deps, registry, routes.pendingLoanDeactivations, ({ body }) => requests.listPending(deps, 'loan_deactivation', body));
  register(app, deps, registry, routes.pendingImeiChanges, ({ body }) => requests.listPending(deps, 'imei_change', body));
  register(app, deps, registry, routes.pendingMakerChecker, ({ body }) => requests.listPending(deps, 'maker_checker', body));
  register(app, deps, registry, routes.pendingMakerCheckerPortal, ({ body }) => requests.listPending(deps, 'maker_checker_portal', body));

  register(app, deps, registry, routes.decideLoanExtensions, ({ caller, body }) => requests.decide(deps, caller, 'loan_extension', body));
  register(app, deps, registry, routes.decideLoanDeactivations, ({ caller, body }) => requests.decide(deps, caller, 'loan_deactivation', body));
  register(app, deps, registry, routes.decideImeiChanges, ({ caller, body }) => requests.decide(deps, caller, 'imei_change', body));
  register(app, deps, registry, routes.decideMakerChecker, ({ caller, body }) => requests.decide(deps, caller, 'maker_checker', body));
  register(app, deps, registry, routes.decideMakerCheckerPortal, ({ caller, body }) => requests.decide(deps, caller, 'maker_checker_portal', body));

  register(app, deps, registry, routes.requestAudit, ({ query }) => requests.searchAudit(deps, query));
  register(app, deps, registry, routes.requestAuditCsv, ({ query }) => requests.exportAuditCsv(deps, query));
}
