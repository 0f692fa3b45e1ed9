import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CallFailure } from '../../lib/call-failure';
import { formatTzs } from '../../lib/money';
import { describeFailure, type FailureArea } from '../common/describe-failure';

export function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number) => formatTzs(amount, i18n.language);
}

/** A refused call in the words of its area (the wizard's by default), with a retry when one is offered. */
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
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{describeFailure(t, failure, area)}</Alert.Title>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} ms="auto">
          {retryLabel ?? t('common.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}
