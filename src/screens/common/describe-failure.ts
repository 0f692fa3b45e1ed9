import type { TFunction } from 'i18next';
import { CUSTOMER_ACTION_REFUSALS, LOCK_CHANGE_REFUSALS } from '../../contract/refusal-reasons';
import type { CallFailure } from '../../lib/call-failure';
import type { DeviceFailure, DeviceFailureKind } from '../../lib/device-failure';
import { COMMON_REASONS, describeCallFailure } from './call-failure-words';

/**
 * Where a failure is shown. Most reasons mean the same everywhere; an area whose calls name a reason in words of
 * their own (the customer actions' `device_stolen` is an unlock refused, the lock change's a lock kept) looks in its
 * own list first, then in the common one.
 */
export type FailureArea = 'common' | 'deposit' | 'customerAction' | 'lockChange';

const keys = (prefix: string, reasons: readonly string[]) => Object.fromEntries(reasons.map((reason) => [reason, `${prefix}${reason}`]));

/**
 * The one table of codes screens put in words, code -> i18n key: the server's refusal reasons (apiError.reason) by
 * area, the device service's failure kinds, and the machines' validation codes (context `invalid`).
 */
const WORDS = {
  reasons: {
    common: keys('errors.reason.', COMMON_REASONS),
    deposit: keys('deposit:reason.', [
      'step_out_of_order',
      'not_qualified',
      'no_stock',
      'deposit_paid',
      'deposit_pending',
      'fingerprint_mismatch',
      'nida_mismatch',
      'security_answer_wrong',
      'security_answer_locked',
      'no_security_question',
      'auth_code_wrong',
      'auth_code_expired',
      'not_vivo',
      'paid_deposit_unfinished',
      'deposit_push_pending',
      'wizard_abandoned',
    ]),
    customerAction: keys('customers:refusals.', CUSTOMER_ACTION_REFUSALS),
    lockChange: keys('customers:lockChange.refusals.', LOCK_CHANGE_REFUSALS),
  } satisfies Record<FailureArea, Record<string, string>>,
  device: {
    timedOut: 'scanner:error.timedOut',
    deviceUnreachable: 'scanner:error.deviceUnreachable',
    parserUnreachable: 'scanner:error.parserUnreachable',
    androidComm: 'scanner:error.androidComm',
    critical: 'scanner:error.critical',
    lowQuality: 'scanner:error.lowQuality',
  } satisfies Record<DeviceFailureKind, string>,
  invalid: {
    queryMissing: 'deposit:invalid.query',
    phoneInvalid: 'deposit:invalid.phone',
    nationalIdInvalid: 'deposit:invalid.nationalId',
    codesMissing: 'deposit:invalid.bothOtps',
    signatureInvalid: 'deposit:invalid.signature',
    termsNotAccepted: 'deposit:invalid.terms',
    notInstalled: 'deposit:invalid.installed',
    authCodeInvalid: 'deposit:invalid.authCode',
    lockTypeMissing: 'customers:lockChange.chooseType',
    commentMissing: 'approvals.commentRequired',
    // identity-check still keeps the contract's English messages (its move to codes goes with its own tests).
    'valid NIDA number required': 'deposit:invalid.nida',
    'valid answer required': 'deposit:invalid.answer',
  } as Record<string, string>,
};

const isDeviceFailure = (failure: CallFailure | DeviceFailure): failure is DeviceFailure => 'kind' in failure;

/** The words for a failed call (ours for the reasons we know, the server's message otherwise) or device. */
export function describeFailure(t: TFunction, failure: CallFailure | DeviceFailure, area: FailureArea = 'common'): string {
  if (isDeviceFailure(failure)) return t(WORDS.device[failure.kind]);
  const key = failure.reason && (WORDS.reasons[area][failure.reason] ?? WORDS.reasons.common[failure.reason]);
  return describeCallFailure(t, failure, failure.status === null ? undefined : key || undefined);
}

/** The words for an input a machine refused before sending (a code of its context's `invalid`). */
export function describeInvalid(t: TFunction, code: string): string {
  return WORDS.invalid[code] ? t(WORDS.invalid[code]) : code;
}
