import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import * as transactions from '../domain/finance/transactions';
import * as suspense from '../domain/finance/suspense';
import * as capital from '../domain/finance/capital';
import * as statements from '../domain/finance/statements';

/** Finance and accounting (issue 13). */
export function financeRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.suspenseQueue, ({ body }) => suspense.suspenseQueue(deps, body));
  register(app, deps, registry, routes.wrongAccountTransactions, ({ body }) => suspense.wrongAccountTransaction(deps, body));
  register(app, deps, registry, routes.correctWrongAccount, ({ caller, body }) => suspense.proposeAllocation(deps, caller, body));
  register(app, deps, registry, routes.searchTransaction, ({ body }) => transactions.searchTransactions(deps, body));
  register(app, deps, registry, routes.checkShopPayment, ({ body }) => transactions.checkShopPayment(deps, body));
  register(app, deps, registry, routes.reconciliationDeposits, ({ body }) => transactions.reconciliationDeposits(deps, body));
  register(app, deps, registry, routes.capitalInjection, ({ caller, body }) => capital.proposeInjection(deps, caller, body));
  register(app, deps, registry, routes.capitalDeduction, ({ caller, body }) => capital.proposeDeduction(deps, caller, body));
  register(app, deps, registry, routes.chartOfAccounts, ({ caller }) => capital.chartOfAccounts(deps, caller));
  register(app, deps, registry, routes.balanceSheet, ({ caller, body }) => statements.balanceSheet(deps, caller, body));
  register(app, deps, registry, routes.profitAndLoss, ({ caller, body }) => statements.profitAndLoss(deps, caller, body));
  register(app, deps, registry, routes.cashflow, ({ caller, body }) => statements.cashflow(deps, caller, body));
  register(app, deps, registry, routes.journal, ({ caller, body }) => statements.journal(deps, caller, body));
}
