import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, registerRead, type Registry } from '../http';
import { exportAuditCsv, searchAudit } from '../domain/requests/audit-search';
import { requestImeiChange, requestLoanDeactivation, requestLoanExtension } from '../domain/requests/customer-requests';
import { decide } from '../domain/requests/decide';
import { listPending } from '../domain/requests/queues';

export function requestsRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.requestLoanExtension, ({ caller, body }) => requestLoanExtension(deps, caller, body));
  register(app, deps, registry, routes.requestLoanDeactivation, ({ caller, body }) => requestLoanDeactivation(deps, caller, body));
  register(app, deps, registry, routes.requestImeiChange, ({ caller, body }) => requestImeiChange(deps, caller, body));

  registerRead(app, deps, registry, routes.pendingLoanExtensions, ({ body }) => listPending(deps, 'loan_extension', body));
  registerRead(app, deps, registry, routes.pendingLoanDeactivations, ({ body }) => listPending(deps, 'loan_deactivation', body));
  registerRead(app, deps, registry, routes.pendingImeiChanges, ({ body }) => listPending(deps, 'imei_change', body));
  registerRead(app, deps, registry, routes.pendingMakerChecker, ({ body }) => listPending(deps, 'maker_checker', body));
  registerRead(app, deps, registry, routes.pendingMakerCheckerPortal, ({ body }) => listPending(deps, 'maker_checker_portal', body));

  register(app, deps, registry, routes.decideLoanExtensions, ({ caller, body }) => decide(deps, caller, 'loan_extension', body));
  register(app, deps, registry, routes.decideLoanDeactivations, ({ caller, body }) => decide(deps, caller, 'loan_deactivation', body));
  register(app, deps, registry, routes.decideImeiChanges, ({ caller, body }) => decide(deps, caller, 'imei_change', body));
  register(app, deps, registry, routes.decideMakerChecker, ({ caller, body }) => decide(deps, caller, 'maker_checker', body));
  register(app, deps, registry, routes.decideMakerCheckerPortal, ({ caller, body }) => decide(deps, caller, 'maker_checker_portal', body));

  registerRead(app, deps, registry, routes.requestAudit, ({ query }) => searchAudit(deps, query));
  register(app, deps, registry, routes.requestAuditCsv, ({ query }) => exportAuditCsv(deps, query));
}
