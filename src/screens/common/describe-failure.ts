import type { TFunction } from 'i18next';
import type { CallFailure } from '../../lib/call-failure';

/** The reasons the server names (apiError.reason) that have words of their own in every language. */
const REASONS = [
  'invalid_credentials', 'throttled', 'otp_wrong', 'otp_expired', 'otp_locked',
  'own_request', 'imei_in_use', 'no_active_loan', 'request_open', 'changed_since_request', 'already_decided',
];

/** The words for a failed call: ours for what we know, the server's message otherwise. */
export function describeFailure(t: TFunction, failure: CallFailure): string {
  if (failure.status === null) return failure.message === 'Could not load data, reload page!' ? t('errors.unparsable') : t('errors.network');
  if (failure.reason && REASONS.includes(failure.reason)) return t(`errors.reason.${failure.reason}`, { count: failure.left ?? 0 });
  if (failure.status === 403) return t('errors.forbidden');
  if (failure.status >= 500) return t('errors.server');
  return failure.message;
}
