import type { TFunction } from 'i18next';
import type { CallFailure } from '../../lib/call-failure';

/** The refusal reasons every screen words alike (`errors.reason.*` in the default namespace). */
export const COMMON_REASONS = [
  'invalid_credentials',
  'throttled',
  'otp_wrong',
  'otp_expired',
  'otp_locked',
  'password_locked',
  'own_request',
  'imei_in_use',
  'no_active_loan',
  'request_open',
  'changed_since_request',
  'already_decided',
] as const;

/**
 * The words for a failed call with the common reasons only: what the pages before login need. It is its own small
 * module so the login's first load does not carry every area's refusal list (decision 030, the 150 kB budget);
 * `describeFailure` looks in an area's list first and then comes here.
 */
export function describeCallFailure(t: TFunction, failure: CallFailure, key?: string): string {
  if (failure.status === null)
    return failure.message === 'Could not load data, reload page!' ? t('errors.unparsable') : t('errors.network');
  const found =
    key ??
    (failure.reason && (COMMON_REASONS as readonly string[]).includes(failure.reason) ? `errors.reason.${failure.reason}` : undefined);
  if (found) return t(found, { count: failure.left ?? 0 });
  if (failure.status === 403) return t('errors.forbidden');
  if (failure.status >= 500) return t('errors.server');
  return failure.message;
}
