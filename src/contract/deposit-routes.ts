import { define, type RouteContract } from './route';
import * as deposits from './deposits';

/**
 * The first-time deposit wizard's calls (issue 3). Every step names its wizard; the server refuses a step whose
 * predecessor is not done (409, reason step_out_of_order), any step of a wizard released as abandoned (409, reason
 * wizard_abandoned), and one of another agent's wizard (404). Apart from the whole table so the wizard's live logic
 * loads them without every other area's contract (docs/decisions/038); `routes` spreads them where they stood.
 */
export const depositRoutes = {
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
} satisfies Record<string, RouteContract>;
