import type { z } from 'zod';
import { define, type RouteContract } from './route';
import * as customers from './customers';
import * as requests from './requests';
import * as deposits from './deposits';
import { sessionRoutes } from './session-routes';
import { customerActionRoutes } from './customer-action-routes';
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
  // The first-time deposit wizard (issue 3). Every step names its wizard; the server refuses a step whose
  // predecessor is not done (409, reason step_out_of_order), any step of a wizard released as abandoned (409, reason
  // wizard_abandoned), and one of another agent's wizard (404).
  qualifiedPhones: define({
    method: 'POST',
    path: '/api/v1/customer_limits',
    auth: 'VIEW_CUSTOMERS_QUALIFIED_PHONES',
    summary: "The phones a customer qualifies for: within the customer's limit, in stock at the agent's store, none with an active loan",
    body: deposits.qualifiedPhonesRequest,
    response: deposits.qualifiedPhonesResponse,
    refusals: {
      404: 'Customer record not found',
      409: 'The customer has a deposit in progress in a wizard (reason paid_deposit_unfinished or deposit_push_pending): the body is depositUnfinishedRefusal, with that wizard to resume',
    },
  }),
  depositPush: define({
    method: 'POST',
    path: '/api/v1/loan_deposit',
    auth: 'ADD_LOAN',
    summary: "Start (or look up) the deposit's mobile-money push: one charge per wizard and attempt, however often it is sent",
    body: deposits.depositPushRequest,
    response: deposits.depositStatus,
    refusals: {
      404: 'Customer record not found',
      409: 'The customer does not qualify for the phone (reason not_qualified), the agent is linked to no store (reason no_stock), the deposit is already paid (reason deposit_paid), an earlier attempt is still pending (reason deposit_pending), the wizard was released as abandoned (reason wizard_abandoned), or the customer has a deposit in progress in another wizard (reason paid_deposit_unfinished or deposit_push_pending: the body is depositUnfinishedRefusal, with that wizard to resume)',
    },
  }),
  depositConfirm: define({
    method: 'POST',
    path: '/api/v1/confirm_customer_initial_deposit',
    auth: 'ADD_LOAN',
    summary: "Where the deposit's push stands; a push with no answer past its time-out is settled by the provider's status query",
    body: deposits.depositConfirmRequest,
    response: deposits.depositStatus,
    refusals: { 404: 'No such deposit attempt for this agent' },
  }),
  agentOtp: define({
    method: 'POST',
    path: '/api/v1/agent_otp',
    auth: 'ADD_LOAN',
    summary: "Send a one-time code to the agent's phone (6 digits, 5 minutes, single use)",
    body: deposits.wizardRequest,
    response: deposits.otpSent,
    refusals: { 404: 'No such wizard', 409: 'The deposit is not paid yet (reason step_out_of_order)', 429: 'Codes sent too often' },
  }),
  customerOtp: define({
    method: 'POST',
    path: '/api/v1/customer_otp',
    auth: 'ADD_LOAN',
    summary: "Send a one-time code to the customer's phone (6 digits, 5 minutes, single use)",
    body: deposits.wizardRequest,
    response: deposits.otpSent,
    refusals: { 404: 'No such wizard', 409: 'The deposit is not paid yet (reason step_out_of_order)', 429: 'Codes sent too often' },
  }),
  verifyOtps: define({
    method: 'POST',
    path: '/api/v1/customer/login/check',
    auth: 'ADD_LOAN',
    summary: "Check both one-time codes, the agent's and the customer's",
    body: deposits.otpVerifyRequest,
    response: deposits.verified,
    refusals: {
      404: 'No such wizard',
      409: 'A code is wrong (reason otp_wrong, with tries left), expired (reason otp_expired), or tried too often (reason otp_locked): send new codes',
    },
  }),
  verifyFingerprint: define({
    method: 'POST',
    path: '/api/v1/biometric/verification',
    auth: 'ADD_LOAN',
    summary: "Check the customer's fingerprint against the NIDA number (NIDA registry)",
    body: deposits.fingerprintVerifyRequest,
    // The fingerprint template, base64, is up to 200,000 characters.
    maxBodyBytes: 256 * 1024,
    response: deposits.identityVerified,
    refusals: {
      404: 'No such wizard',
      409: "The fingerprint does not match the NIDA number provided (reason fingerprint_mismatch), the NIDA number is not the customer's (reason nida_mismatch), or the OTPs are not checked yet (reason step_out_of_order)",
    },
  }),
  verifySecurityAnswer: define({
    method: 'POST',
    path: '/api/v1/rq/verification',
    auth: 'ADD_LOAN',
    summary: "Check the customer's answer to their security question",
    body: deposits.securityAnswerRequest,
    response: deposits.identityVerified,
    refusals: {
      404: 'No such wizard',
      409: 'Wrong answer (reason security_answer_wrong, with tries left), too many wrong answers (reason security_answer_locked), no question on record (reason no_security_question)',
    },
  }),
  contractDetails: define({
    method: 'POST',
    path: '/api/v1/fetch_econtract_details',
    auth: 'public',
    summary: 'A contract by its reference (the unguessable link the customer receives): the terms, the device and the plan',
    body: deposits.contractDetailsRequest,
    response: deposits.contractDetails,
    refusals: { 404: 'No such contract' },
  }),
  contractPdf: define({
    method: 'GET',
    path: '/econtract/:file',
    auth: 'public',
    summary: "The signed contract as a PDF (application/pdf), by its unguessable reference: <reference>.pdf, the loan's contract_url",
    params: deposits.contractPdfParams,
    response: deposits.contractPdf,
    refusals: { 404: 'No such contract, or not signed yet' },
  }),
  signContract: define({
    method: 'POST',
    path: '/api/v1/upload_pdf_contracts',
    auth: 'ADD_LOAN',
    summary: 'Sign the contract with accepted terms: the server renders it to PDF and stores it',
    body: deposits.signContractRequest,
    response: deposits.contractSigned,
    refusals: { 404: 'No such wizard', 409: 'The identity is not checked yet (reason step_out_of_order)' },
  }),
  sendVivoAuthCode: define({
    method: 'POST',
    path: '/api/v1/send_auth_code/vivo/device',
    auth: 'ADD_LOAN',
    summary: 'Ask the vivo lock provider to send an authorization code for a handset (valid 5 minutes)',
    body: deposits.vivoSendRequest,
    response: deposits.vivoCodeSent,
    refusals: {
      404: 'No vivo handset with this IMEI in a wizard of this agent or on a customer',
      409: 'Not a vivo lock (reason not_vivo)',
    },
  }),
  verifyVivoAuthCode: define({
    method: 'POST',
    path: '/api/v1/verify_auth_code/vivo/device',
    auth: 'ADD_LOAN',
    summary: 'Check the vivo authorization code entered',
    body: deposits.vivoVerifyRequest,
    response: deposits.vivoVerified,
    refusals: {
      404: 'No code sent for this IMEI',
      409: 'Wrong code (reason auth_code_wrong) or more than 5 minutes old (reason auth_code_expired): send a new one',
    },
  }),
  confirmLockActivation: define({
    method: 'POST',
    path: '/api/v1/confirm_lock_activation',
    auth: 'ADD_LOAN',
    summary: 'Confirm the lock solution and the app are installed: enrols the device and creates the loan, in one transaction',
    body: deposits.confirmLockRequest,
    response: deposits.loanSummary,
    refusals: { 404: 'No such wizard', 409: 'The contract is not signed or the vivo code not verified (reason step_out_of_order)' },
  }),
  wizardStatus: define({
    method: 'POST',
    path: '/api/v1/first_deposit/status',
    auth: 'ADD_LOAN',
    summary:
      "Where one of the agent's deposit wizards stands, with the step to resume at (the wizard a depositUnfinishedRefusal hands back)",
    body: deposits.wizardRequest,
    response: deposits.wizardStatus,
    refusals: { 404: 'No such wizard for this agent' },
  }),
  mobileMoneyCallback: define({
    method: 'POST',
    path: '/callbacks/mobile-money',
    auth: 'public',
    summary: "The mobile-money provider's result of a push (X-Callback-Token header); a repeated callback changes nothing",
    body: deposits.mobileMoneyCallback,
    response: deposits.callbackAck,
    refusals: { 403: 'Wrong or missing X-Callback-Token', 404: 'No such push' },
  }),
  mobileMoneyControl: define({
    method: 'POST',
    path: '/dev/mobile-money',
    auth: 'public',
    demoOnly: true,
    summary: "Demo only: how the mobile-money simulator answers the next push from a payer's number",
    body: deposits.mobileMoneyControl,
    response: deposits.mobileMoneyControlAck,
  }),
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
