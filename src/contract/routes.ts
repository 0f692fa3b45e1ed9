import type { z } from 'zod';
import { define, type RouteContract } from './route';
import * as customers from './customers';
import * as requests from './requests';
import { sessionRoutes } from './session-routes';
import { customerActionRoutes } from './customer-action-routes';
import { depositRoutes } from './deposit-routes';
import { analyticsRoutes } from './analytics-routes';
import { collectionRoutes } from './collections-routes';
import { storesRoutes } from './stores-routes';
import { financeRoutes } from './finance-routes';
import { reconciliationRoutes } from './reconciliation-routes';
import { customerLanguageRoutes } from './customer-language';

export const routes = {
  ...sessionRoutes,
  findCustomer: define({
    method: 'POST',
    path: '/api/v1/view_customer_msisdn',
    auth: 'FIND_CUSTOMER',
    summary: 'Find a customer by phone number (any Tanzanian form) or national ID: profile, device and loans as the role allows',
    body: customers.findCustomerRequest,
    response: customers.customerView,
    refusals: { 404: 'Customer record not found' },
  }),
  // Requests decided by a second person (issue 5). The spec names these calls and says they are POST.
  // A decide call is reached with the queue's VIEW_ role (deciding starts from seeing the request); the decision
  // then needs the queue's APPROVE_ or DENY_ role (REQUEST_QUEUES in ./requests names them).
  requestLoanExtension: define({
    method: 'POST',
    path: '/api/v1/request/loan/extension',
    auth: 'REQUEST_LOAN_EXTENSION',
    summary: "Ask to move a customer's next due date by a number of days",
    body: requests.loanExtensionRequest,
    created: true,
    response: requests.loanExtensionItem,
    refusals: {
      404: 'Customer record not found',
      409: 'No active loan (reason no_active_loan), or one is already pending (reason request_open)',
    },
  }),
  requestLoanDeactivation: define({
    method: 'POST',
    path: '/api/v1/request/loan/deactivation',
    auth: 'REQUEST_LOAN_DEACTIVATION',
    summary: 'Ask to deregister a customer: close their active loans, writing off what is owed',
    body: requests.loanDeactivationRequest,
    created: true,
    response: requests.loanDeactivationItem,
    refusals: {
      404: 'Customer record not found',
      409: 'No active loan (reason no_active_loan), or one is already pending (reason request_open)',
    },
  }),
  requestImeiChange: define({
    method: 'POST',
    path: '/api/v1/request/change/imei',
    auth: 'REQUEST_CHANGE_IMEI',
    summary: "Ask to change the IMEI of a customer's device",
    body: requests.imeiChangeRequest,
    created: true,
    response: requests.imeiChangeItem,
    refusals: {
      404: 'Customer record not found, or the customer has no such device',
      409: 'The IMEI is in use (reason imei_in_use), or a request is already pending (reason request_open)',
    },
  }),
  pendingLoanExtensions: define({
    method: 'POST',
    path: '/api/v1/pending/loan/extension/requests',
    auth: 'VIEW_LOAN_EXTENSION_REQUESTS',
    summary: 'Pending loan extension requests, oldest first',
    body: requests.pendingLoanExtensionsRequest,
    response: requests.pendingLoanExtensions,
  }),
  pendingLoanDeactivations: define({
    method: 'POST',
    path: '/api/v1/pending_loan_removal_requests',
    auth: 'VIEW_DEREGISTRATIONS',
    summary: 'Pending deregistration (loan deactivation) requests, oldest first',
    body: requests.pendingLoanDeactivationsRequest,
    response: requests.pendingLoanDeactivations,
  }),
  pendingImeiChanges: define({
    method: 'POST',
    path: '/api/v1/pending_imei_requests',
    auth: 'VIEW_IMEI_CHANGE_REQUESTS',
    summary: 'Pending IMEI change requests, oldest first',
    body: requests.pendingImeiChangesRequest,
    response: requests.pendingImeiChanges,
  }),
  pendingMakerChecker: define({
    method: 'POST',
    path: '/api/v1/pending/maker/checker/requests',
    auth: 'VIEW_APPROVALS',
    summary: 'Pending business operations (maker-checker), oldest first',
    body: requests.pendingMakerCheckerRequest,
    response: requests.pendingMakerChecker,
  }),
  pendingMakerCheckerPortal: define({
    method: 'POST',
    path: '/api/v1/pending/maker/checker/requests/portal',
    auth: 'VIEW_APPROVALS',
    summary: 'Pending portal changes (maker-checker), oldest first',
    body: requests.pendingMakerCheckerPortalRequest,
    response: requests.pendingMakerCheckerPortal,
  }),
  decideLoanExtensions: define({
    method: 'POST',
    path: '/api/v1/approve/loan/extension',
    auth: 'VIEW_LOAN_EXTENSION_REQUESTS',
    summary: 'Approve or deny loan extension requests (approving moves the next due date)',
    body: requests.decideRequest,
    response: requests.decideResponse,
    refusals: {
      403: 'Needs VIEW_LOAN_EXTENSION_REQUESTS, then APPROVE_LOAN_EXTENSION to approve or DENY_LOAN_EXTENSION to deny; the maker may never decide (reason own_request)',
      404: 'No such pending loan extension request (reason not_found)',
      409: 'Already decided (reason already_decided), or the loan is no longer active (reason no_active_loan)',
    },
  }),
  decideLoanDeactivations: define({
    method: 'POST',
    path: '/api/v1/approve/loan/deactivation',
    auth: 'VIEW_DEREGISTRATIONS',
    summary: "Approve or deny deregistrations (approving closes the customer's active loans and writes off the balance)",
    body: requests.decideRequest,
    response: requests.decideResponse,
    refusals: {
      403: 'Needs VIEW_DEREGISTRATIONS, then APPROVE_DEREGISTRATION to approve or deny; the maker may never decide (reason own_request)',
      404: 'No such pending deregistration request (reason not_found)',
      409: 'Already decided (reason already_decided), or the customer has no active loan left (reason no_active_loan)',
    },
  }),
  decideImeiChanges: define({
    method: 'POST',
    path: '/api/v1/approve/change/imei',
    auth: 'VIEW_IMEI_CHANGE_REQUESTS',
    summary: "Approve or deny IMEI changes (approving sets the device's IMEI)",
    body: requests.decideRequest,
    response: requests.decideResponse,
    refusals: {
      403: 'Needs VIEW_IMEI_CHANGE_REQUESTS, then APPROVE_IMEI_CHANGE to approve or DENY_IMEI_CHANGE to deny; the maker may never decide (reason own_request)',
      404: 'No such pending IMEI change request (reason not_found)',
      409: 'Already decided (reason already_decided), or the new IMEI is in use (reason imei_in_use): the request stays pending',
    },
  }),
  decideMakerChecker: define({
    method: 'POST',
    path: '/api/v1/approve/maker/checkers',
    auth: 'VIEW_APPROVALS',
    summary: 'Approve or deny pending business operations',
    body: requests.decideRequest,
    response: requests.decideResponse,
    refusals: {
      403: 'Needs VIEW_APPROVALS; the maker may never decide (reason own_request)',
      404: 'No such pending business operation (reason not_found)',
      409: 'Already decided (reason already_decided), or changed since it was requested (reason changed_since_request)',
    },
  }),
  decideMakerCheckerPortal: define({
    method: 'POST',
    path: '/api/v1/approve/maker/checkers/portal',
    auth: 'VIEW_APPROVALS',
    summary: 'Approve or deny pending portal changes',
    body: requests.decideRequest,
    response: requests.decideResponse,
    refusals: {
      403: 'Needs VIEW_APPROVALS; the maker may never decide (reason own_request)',
      404: 'No such pending portal change (reason not_found)',
      409: 'Already decided (reason already_decided), or changed since it was requested (reason changed_since_request)',
    },
  }),
  // The audit trail of requests is a security record (who asked, who decided, what changed): VIEW_SECURITY, the
  // role of the admins' Security screen, rather than an approver's role, so approvers do not audit themselves.
  requestAudit: define({
    method: 'GET',
    path: '/api/v1/requests/audit',
    auth: 'VIEW_SECURITY',
    summary: 'Search every request by kind, maker, checker, date range and result, newest first',
    query: requests.requestAuditQuery,
    response: requests.requestAuditList,
  }),
  requestAuditCsv: define({
    method: 'GET',
    path: '/api/v1/requests/audit/csv',
    auth: 'VIEW_SECURITY',
    summary: 'The same search as a CSV file (in a JSON envelope)',
    query: requests.requestAuditCsvQuery,
    response: requests.requestAuditCsv,
  }),
  ...depositRoutes,
  ...customerActionRoutes,
  ...analyticsRoutes,
  ...collectionRoutes,
  ...storesRoutes,
  ...financeRoutes,
  ...reconciliationRoutes,
  ...customerLanguageRoutes,
} satisfies Record<string, RouteContract>;

export type { RouteContract };
export type Routes = typeof routes;
export type Input<R extends RouteContract> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
export type Output<R extends RouteContract> = z.output<R['response']>;
