import { define, type RouteContract } from './route';
import * as a from './customer-actions';
import * as c from './customers';
import * as lists from './device-lists';
import * as repayments from './repayments';
import { lockChangeRoutes } from './lock-change-routes';

const NOT_FOUND = 'Customer record not found (reason not_found)';

/**
 * The actions staff take on a customer's loan and phone (issue 4): offline PIN, reset PIN, data bundles, stolen and
 * recovered, call ratings, SMS and statements. Spread into `routes` (./routes). The spec names these calls and says
 * they are POST; `device_status` and `customer_call_ratings` are this portal's own (finding a device for the
 * stolen and recovered screens, and listing a customer's ratings).
 */
export const customerActionRoutes = {
  deviceStatus: define({
    method: 'POST',
    path: '/api/v1/device_status',
    auth: 'session',
    summary:
      "Find a device by IMEI or by its customer's phone number: status, lock, customer and last incident (REPORT_STOLEN_PHONE or ADD_RECOVERED_PHONE)",
    body: a.deviceSearchRequest,
    response: a.deviceStatus,
    refusals: {
      403: 'Needs REPORT_STOLEN_PHONE or ADD_RECOVERED_PHONE',
      404: 'No such device or customer (reason not_found), or the customer has no device (reason no_device)',
    },
  }),
  reportStolen: define({
    method: 'POST',
    path: '/api/v1/update/stolen_phones',
    auth: 'REPORT_STOLEN_PHONE',
    summary: 'Report a device stolen: it is locked at once and every unlock (offline PIN included) is refused until it is recovered',
    body: a.deviceStatusChange,
    response: a.deviceStatus,
    refusals: { 404: 'No device with this IMEI (reason not_found)', 409: 'Already reported stolen or lost (reason already_stolen)' },
  }),
  recordRecovered: define({
    method: 'POST',
    path: '/api/v1/update/recovered_phones',
    auth: 'ADD_RECOVERED_PHONE',
    summary:
      'Record a stolen or lost device recovered: the loan contract resumes (unlocked unless the loan is in arrears past its lock date)',
    body: a.deviceStatusChange,
    response: a.deviceStatus,
    refusals: { 404: 'No device with this IMEI (reason not_found)', 409: 'The device is not reported stolen or lost (reason not_stolen)' },
  }),
  offlinePin: define({
    method: 'POST',
    path: '/api/v1/offline_unlock_customer_phone',
    auth: 'REQUEST_OFFLINE_PIN',
    summary: `A one-time ${a.OFFLINE_PIN.digits}-digit unlock code for the customer's handset with no data connection, shown once (stored hashed)`,
    body: a.offlinePinRequest,
    response: a.offlinePin,
    created: true,
    refusals: {
      404: `${NOT_FOUND}, or no such device of the customer (reason no_device)`,
      409: 'The device is reported stolen or lost (reason device_stolen)',
      429: `More than ${a.OFFLINE_PIN.perDevice.count} codes for the device in ${a.OFFLINE_PIN.perDevice.windowHours} h (reason device_rate_limited) or ${a.OFFLINE_PIN.perStaff.count} by the staff member in ${a.OFFLINE_PIN.perStaff.windowHours} h (reason staff_rate_limited)`,
    },
  }),
  customerSms: define({
    method: 'POST',
    path: '/api/v1/get_customer_sms',
    auth: 'VIEW_CUSTOMER_MESSAGES',
    summary: 'The SMS the customer received, newest first',
    body: a.customerSmsRequest,
    response: a.customerSms,
    refusals: { 404: NOT_FOUND },
  }),
  rateCall: define({
    method: 'POST',
    path: '/api/v1/customer_call_rating',
    auth: 'RATE_CALL',
    summary: 'Rate a call with the customer: call type, remark (mood), description and a comment',
    body: a.callRatingRequest,
    response: a.callRating,
    created: true,
    refusals: { 404: NOT_FOUND },
  }),
  callRatings: define({
    method: 'POST',
    path: '/api/v1/customer_call_ratings',
    auth: 'FIND_CUSTOMER',
    summary: "The customer's call ratings, newest first",
    body: a.customerSmsRequest,
    response: a.callRatings,
    refusals: { 404: NOT_FOUND },
  }),
  customerRequests: define({
    method: 'POST',
    path: '/api/v1/customer_requests',
    auth: 'FIND_CUSTOMER',
    summary: "The customer's loan extension, deactivation and IMEI change requests, newest first, with the checker's comment",
    body: c.customerRequestsRequest,
    response: c.customerRequestHistory,
    refusals: { 404: NOT_FOUND },
  }),
  depositTransactions: define({
    method: 'POST',
    path: '/api/v1/deposit_transactions',
    auth: 'VIEW_CUSTOMER_LOANS',
    summary: "The customer's payments (deposits and repayments), newest first",
    body: a.depositTransactionsRequest,
    response: a.depositTransactions,
    refusals: { 404: NOT_FOUND },
  }),
  loanStatements: define({
    method: 'POST',
    path: '/api/v1/loan_statements',
    auth: 'VIEW_CUSTOMER_LOANS',
    summary: "Each loan's statement: issued, then every completed payment, with the running balance",
    body: a.loanStatementsRequest,
    response: a.loanStatements,
    refusals: { 404: `${NOT_FOUND}, or no such loan of the customer` },
  }),
  resetPin: define({
    method: 'POST',
    path: '/api/v1/reset_customer_password',
    auth: 'RESET_PIN',
    summary: "Reset the customer's app PIN: a temporary PIN goes to the customer's phone by SMS, to be changed at the next login",
    body: a.customerRequest,
    response: a.messageSent,
    refusals: { 404: NOT_FOUND },
  }),
  forgotPassword: define({
    method: 'POST',
    path: '/api/v1/forgot_password',
    auth: 'RESET_PIN',
    summary: "Start the customer's forgot-password flow: a reset code (6 digits, 15 minutes) goes to the customer's phone by SMS",
    body: a.customerRequest,
    response: a.messageSent,
    refusals: { 404: NOT_FOUND },
  }),
  awardData: define({
    method: 'POST',
    path: '/api/v1/award/customer/data/bundles',
    auth: 'AWARD_DATA',
    summary: 'Gift the customer a data bundle (at most one in 7 days), with the reason',
    body: a.awardDataRequest,
    response: a.dataAwarded,
    created: true,
    refusals: { 404: NOT_FOUND, 409: 'A bundle was awarded to this customer in the last 7 days (reason bundle_recent)' },
  }),
  // The device lists of the side menu. VIEW_CUSTOMER_PHONE is the role that shows a customer's IMEI and device
  // (decision 008): these lists show nothing more than that, for many customers at once.
  damagedDevices: define({
    method: 'POST',
    path: '/api/v1/damaged_devices',
    auth: 'VIEW_CUSTOMER_PHONE',
    summary:
      'Devices marked damaged, with the service centre and the repair reason, newest first; searched by IMEI, phone number, name, loan number, service centre or reason',
    body: lists.deviceListRequest,
    response: lists.damagedDevices,
  }),
  lostDevices: define({
    method: 'POST',
    path: '/api/v1/lost_devices',
    auth: 'VIEW_CUSTOMER_PHONE',
    summary:
      'Devices reported lost and not recovered, with the date lost, newest first; searched by IMEI, phone number, name or loan number',
    body: lists.deviceListRequest,
    response: lists.lostDevices,
  }),
  suspendedImeis: define({
    method: 'POST',
    path: '/api/v1/suspended_imeis',
    auth: 'VIEW_CUSTOMER_PHONE',
    summary:
      'IMEIs blocked because their device is reported stolen or lost (until recorded recovered), newest first; searched as the other lists',
    body: lists.deviceListRequest,
    response: lists.suspendedImeis,
  }),
  // Repayments by mobile money: the provider's confirmation of a customer's payment into the paybill, and the demo
  // control that makes the simulator's customer pay.
  repaymentCallback: define({
    method: 'POST',
    path: '/callbacks/mobile-money/repayment',
    auth: 'public',
    summary:
      "The mobile-money provider's confirmation of a customer's payment (X-Callback-Token header): applied to the active loan the account names (loan number or phone number), else kept in suspense; a repeated transaction id changes nothing",
    body: repayments.repaymentCallback,
    response: repayments.repaymentAck,
    refusals: { 403: 'Wrong or missing X-Callback-Token (reason bad_callback_token)' },
  }),
  demoRepayment: define({
    method: 'POST',
    path: '/dev/mobile-money/repayment',
    auth: 'public',
    demoOnly: true,
    summary:
      "Demo only: the mobile-money simulator's customer pays into the paybill with this account keyed in; the confirmation callback follows about 1 s later",
    body: repayments.demoRepayment,
    response: repayments.demoRepaymentAck,
    refusals: { 404: 'Not in demo mode, or the provider is not the simulator' },
  }),
  ...lockChangeRoutes,
} satisfies Record<string, RouteContract>;
