import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, registerRead, type Registry } from '../http';
import * as lists from '../domain/collections/lists';
import * as calls from '../domain/collections/calls';
import { reasonsReport } from '../domain/collections/report';
import { proposePromiseUnlock } from '../domain/collections/unlock';
import { firstDeposits } from '../domain/collections/deposits';
import { collectionsMade } from '../domain/collections/collected';
import { callRatings } from '../domain/collections/ratings';
import { claimedCustomers, customerConversion } from '../domain/collections/conversion';
import { collectionsDue } from '../domain/collections/due';

/** Loans, defaulters and debt collection (issue 14, decision 015). */
export function collectionsRoutes(app: Hono, deps: Deps, registry: Registry) {
  registerRead(app, deps, registry, routes.lipaPolePoleCustomers, ({ body }) => lists.customersList(deps, body));
  registerRead(app, deps, registry, routes.lipaPolePoleLoans, ({ caller, body }) => lists.loansList(deps, caller, body));
  registerRead(app, deps, registry, routes.myDefaulters, ({ caller, body }) => lists.defaultersList(deps, caller, 'mine', body));
  registerRead(app, deps, registry, routes.nplDefaulters, ({ caller, body }) => lists.defaultersList(deps, caller, 'npl', body));
  registerRead(app, deps, registry, routes.allDefaulters, ({ caller, body }) => lists.defaultersList(deps, caller, 'all', body));
  register(app, deps, registry, routes.debtCollectors, () => calls.debtCollectors(deps));
  register(app, deps, registry, routes.assignDefaulters, ({ caller, body }) => calls.assignDefaulters(deps, caller, body));
  register(app, deps, registry, routes.debtCollectionCalls, ({ caller, body }) => calls.debtCollectionCalls(deps, caller, body));
  register(app, deps, registry, routes.logDebtCall, ({ caller, body }) => calls.logDebtCall(deps, caller, body));
  register(app, deps, registry, routes.debtCallComment, ({ caller, body }) => calls.commentOnCall(deps, caller, body));
  register(app, deps, registry, routes.debtCallRating, ({ caller, body }) => calls.rateCall(deps, caller, body));
  register(app, deps, registry, routes.promiseUnlock, ({ caller, body }) => proposePromiseUnlock(deps, caller, body));
  registerRead(app, deps, registry, routes.firstDeposits, ({ caller, body }) => firstDeposits(deps, caller, body));
  register(app, deps, registry, routes.collectionsMade, ({ caller, body }) => collectionsMade(deps, caller, body));
  registerRead(app, deps, registry, routes.allCallRatings, ({ body }) => callRatings(deps, body));
  register(app, deps, registry, routes.customerConversion, ({ caller, body }) => customerConversion(deps, caller, body));
  registerRead(app, deps, registry, routes.claimedCustomers, ({ caller, body }) => claimedCustomers(deps, caller, body));
  register(app, deps, registry, routes.collectionsDue, ({ caller, body }) => collectionsDue(deps, caller, body));
  register(app, deps, registry, routes.defaultersReasons, ({ caller, body }) => reasonsReport(deps, caller, body));
}
