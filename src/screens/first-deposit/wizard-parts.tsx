import { useTranslation } from 'react-i18next';
import type { CallFailure } from '../../lib/call-failure';
import { formatTzs } from '../../lib/money';
import { describeFailure, type FailureArea } from '../common/describe-failure';
import { AlertIndicator } from '../common/load-failure';

export function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number) => formatTzs(amount, i18n.language);
}

/**
 * A refused call in the words of its area (the wizard's by default), with a retry when one is offered. Plain, as
 * Chakra's error Alert with its small outline button (first-load.css's `.alert`): the first step draws it without
 * Chakra (docs/decisions/051), and the later steps, drawn with Chakra, show the same.
 */
export function FailureAlert({
  failure,
  area = 'deposit',
  onRetry,
  retryLabel,
}: {
  failure: CallFailure;
  area?: FailureArea;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const { t } = useTranslation('deposit');
  return (
    <div role="alert" className="alert">
      <AlertIndicator />
      <div className="alert-title">{describeFailure(t, failure, area)}</div>
      {onRetry && (
        <button type="button" className="btn btn-outline btn-sm wizard-push-end" onClick={onRetry}>
          {retryLabel ?? t('common.retry')}
        </button>
      )}
    </div>
  );
}
