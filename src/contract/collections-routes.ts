import { define, type RouteContract } from './route';
import { z } from 'zod';
import * as c from './collections';
import { makerCheckerItem } from './requests';

const NOT_YOURS =
  'Needs VIEW_MY_DEFAULTERS_LIST_REPORT, VIEW_NPL_DEFAULTERS_LIST_REPORT or VIEW_ALL_DEFAULTERS_LIST_REPORT (reason not_yours)';
/** A loan in none of the caller's lists is answered as one that does not exist. */
const NO_LOAN =
  'No such loan, or not in any defaulters list of the caller: assigned to them (or sold at a store they own), non-performing with VIEW_NPL_DEFAULTERS_LIST_REPORT, any in their scope with VIEW_ALL_DEFAULTERS_LIST_REPORT (reason not_found)';

/**
 * Loans, defaulters and debt collection (issue 14, decision 015). Spread into `routes` (./routes). The spec names
 * the calls get_lipa_pole_pole_customers, lipa_pole_pole_loans, defaulters_reports, debt_collector/defaulters_list,
 * npl_debt_collector/defaulters_list, debt_collection_call_rating/v2, get_debt_collection_calls and
 * debt_collection_call_comment, and says they are POST; defaulters_list (the all list), debt_collection_call (log a
 * call), debt_collection/assign and debt_collectors are this portal's own.
 */
export const collectionRoutes = {
  lipaPolePoleCustomers: define({
    method: 'POST',
    path: '/api/v1/get_lipa_pole_pole_customers',
    auth: 'FIND_CUSTOMER',
    summary: 'Customers, newest first, with their latest loan; `find` matches a phone number, national ID, loan number or name',
    body: c.customersListRequest,
    response: c.customersList,
  }),
  lipaPolePoleLoans: define({
    method: 'POST',
    path: '/api/v1/lipa_pole_pole_loans',
    auth: 'VIEW_CUSTOMER_LOANS',
    summary:
      'Active loans by tab (active, healthy, defaulted 4+ days, all defaulters), filtered and sorted, paged; a shop owner sees their stores, a region lead their region, an agent their own sales',
    body: c.loansListRequest,
    response: c.loansList,
  }),
  myDefaulters: define({
    method: 'POST',
    path: '/api/v1/debt_collector/defaulters_list',
    auth: 'VIEW_MY_DEFAULTERS_LIST_REPORT',
    summary:
      "The caller's defaulters: assigned to them (a shop owner also sees the defaulters of their stores); broken promises first, then by next action date",
    body: c.defaultersListRequest,
    response: c.defaultersList,
  }),
  nplDefaulters: define({
    method: 'POST',
    path: '/api/v1/npl_debt_collector/defaulters_list',
    auth: 'VIEW_NPL_DEFAULTERS_LIST_REPORT',
    summary: 'Non-performing defaulters (31 days or more), filtered and sorted, paged',
    body: c.defaultersListRequest,
    response: c.defaultersList,
  }),
  allDefaulters: define({
    method: 'POST',
    path: '/api/v1/defaulters_list',
    auth: 'VIEW_ALL_DEFAULTERS_LIST_REPORT',
    summary: 'Every defaulter (active loans past due), by ageing category, region, store, agent or collector, paged',
    body: c.defaultersListRequest,
    response: c.defaultersList,
  }),
  debtCollectors: define({
    method: 'POST',
    path: '/api/v1/debt_collectors',
    auth: 'VIEW_ALL_DEFAULTERS_LIST_REPORT',
    summary: 'The users defaulters can be assigned to (their group holds VIEW_MY_DEFAULTERS_LIST_REPORT), with how many each holds',
    response: c.collectorsResponse,
  }),
  assignDefaulters: define({
    method: 'POST',
    path: '/api/v1/debt_collection/assign',
    auth: 'VIEW_ALL_DEFAULTERS_LIST_REPORT',
    summary: 'Assign defaulters to a collector (one or many at once), or take them off every list (collector_id null)',
    body: c.assignDefaultersRequest,
    response: c.assignDefaultersResponse,
    refusals: {
      404: 'No such loan (reason not_found)',
      409: 'A loan is not in default (reason not_defaulted), or the user cannot hold a defaulters list (reason not_a_collector)',
    },
  }),
  debtCollectionCalls: define({
    method: 'POST',
    path: '/api/v1/get_debt_collection_calls',
    auth: 'session',
    summary: "A defaulter's loan and its collection calls, newest first, each with its promise, comments and ratings",
    body: c.debtCallsRequest,
    response: c.debtCalls,
    refusals: { 403: NOT_YOURS, 404: NO_LOAN },
  }),
  logDebtCall: define({
    method: 'POST',
    path: '/api/v1/debt_collection_call',
    auth: 'session',
    summary:
      'Log a call with a defaulter: type, outcome, reason, remark, next action date and, when promised, a promise to pay (date and amount) that replaces an open one',
    body: c.logDebtCallRequest,
    response: c.debtCall,
    created: true,
    refusals: { 403: NOT_YOURS, 404: NO_LOAN, 409: 'The loan is not in default (reason not_defaulted)' },
  }),
  promiseUnlock: define({
    method: 'POST',
    path: '/api/v1/debt_collection/promise_unlock',
    auth: 'session',
    summary:
      "Ask to unlock a locked defaulter's device until the day of their open promise to pay; applies when a second person approves it in the business inbox, and the device locks again if the promise is broken",
    body: c.promiseUnlockRequest,
    response: makerCheckerItem.extend({ status: z.literal('submitted') }),
    accepted: true,
    refusals: {
      403: NOT_YOURS,
      404: NO_LOAN,
      409: 'The loan is not in default (reason not_defaulted), the device is not locked (reason not_locked), there is no open promise to pay (reason no_open_promise), or an unlock of this loan already awaits approval (reason request_open)',
    },
  }),
  debtCallComment: define({
    method: 'POST',
    path: '/api/v1/debt_collection_call_comment',
    auth: 'session',
    summary: 'Comment on a collection call',
    body: c.debtCallCommentRequest,
    response: c.debtCall,
    created: true,
    refusals: { 403: NOT_YOURS, 404: "No such call, or its loan is in none of the caller's lists (reason not_found)" },
  }),
  debtCallRating: define({
    method: 'POST',
    path: '/api/v1/debt_collection_call_rating/v2',
    auth: 'session',
    summary: 'Rate a collection call: a score from 1 to 5, the mood and a comment',
    body: c.debtCallRatingRequest,
    response: c.debtCall,
    created: true,
    refusals: { 403: NOT_YOURS, 404: "No such call, or its loan is in none of the caller's lists (reason not_found)" },
  }),
  defaultersReasons: define({
    method: 'POST',
    path: '/api/v1/defaulters_reports',
    auth: 'VIEW_DEFAULTERS_REASONS_REPORT',
    summary:
      'The defaulters reasons report: defaulters called in a period (default the last 30 days) by the reason of their last call, ageing category and region, with counts and amounts due',
    body: c.reasonsReportRequest,
    response: c.reasonsReport,
  }),
  firstDeposits: define({
    method: 'POST',
    path: '/api/v1/first_deposits',
    auth: 'VIEW_CUSTOMER_LOANS',
    summary:
      'First deposits across customers, newest first, in a period of start days (default the last 30, at most a year), by store, agent, provider and status, paged; scoped as the loans list',
    body: c.firstDepositsRequest,
    response: c.firstDepositsList,
  }),
  collectionsMade: define({
    method: 'POST',
    path: '/api/v1/debt_collection/collections',
    auth: 'session',
    summary:
      'Collections made: completed repayments on loans while assigned to a collector, by EAT day and collector over a period (default the last 30 days); VIEW_ALL_DEFAULTERS_LIST_REPORT sees every collector in their scope, VIEW_MY_DEFAULTERS_LIST_REPORT only their own',
    body: c.collectionsMadeRequest,
    response: c.collectionsMade,
    refusals: { 403: 'Needs VIEW_MY_DEFAULTERS_LIST_REPORT or VIEW_ALL_DEFAULTERS_LIST_REPORT (reason not_yours)' },
  }),
  allCallRatings: define({
    method: 'POST',
    path: '/api/v1/call_ratings',
    auth: 'RATE_CALL',
    summary:
      'Every call rating, customer care and debt collection, newest first, in a period (default the last 30 days), by kind, mood, description and staff member, paged',
    body: c.callRatingsRequest,
    response: c.callRatingsList,
  }),
  customerConversion: define({
    method: 'POST',
    path: '/api/v1/customers/conversion',
    auth: 'VIEW_CUSTOMER_LOANS',
    summary:
      'Customer conversion: by store and agent, the customers who started a first deposit in a period (default the last 30 days, at most a year), those who paid it and those whose wizard created a loan, most started first, paged; scoped as the loans list',
    body: c.conversionRequest,
    response: c.conversionList,
  }),
  claimedCustomers: define({
    method: 'POST',
    path: '/api/v1/customers/claimed',
    auth: 'VIEW_CUSTOMER_LOANS',
    summary:
      "Claimed customers: the customers whose first-deposit wizard an agent ran (not abandoned), newest first, in a period (default the last 30 days), by store, agent and the loan's standing, paged; scoped as the loans list",
    body: c.claimedRequest,
    response: c.claimedList,
  }),
  collectionsDue: define({
    method: 'POST',
    path: '/api/v1/debt_collection/due',
    auth: 'session',
    summary:
      "Collections due: the installments of active loans that fall due today and in the week (today and the 6 days after), by store and agent; VIEW_ALL_DEFAULTERS_LIST_REPORT sees the caller's scope, VIEW_MY_DEFAULTERS_LIST_REPORT the loans assigned to them (a shop owner or region lead their stores)",
    body: c.collectionsDueRequest,
    response: c.collectionsDue,
    refusals: { 403: 'Needs VIEW_MY_DEFAULTERS_LIST_REPORT or VIEW_ALL_DEFAULTERS_LIST_REPORT (reason not_yours)' },
  }),
} satisfies Record<string, RouteContract>;
