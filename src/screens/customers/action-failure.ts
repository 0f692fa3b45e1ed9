import type { TFunction } from 'i18next';
import { CUSTOMER_ACTION_REFUSALS } from '../../contract/customer-actions';
import type { CallFailure } from '../../lib/call-failure';
import { describeFailure } from '../common/describe-failure';

/** The words for a refused customer action: ours for the reasons these calls name, the common ones otherwise. */
export function actionFailure(t: TFunction, failure: CallFailure): string {
  if (failure.reason && (CUSTOMER_ACTION_REFUSALS as readonly string[]).includes(failure.reason)) {
    return t(`customers:refusals.${failure.reason}`);
  }
  return describeFailure(t, failure);
}
