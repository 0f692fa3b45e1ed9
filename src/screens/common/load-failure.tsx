import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CallFailure } from '../../lib/call-failure';
import { describeFailure } from './describe-failure';

/** "Could not load data" (or another title) with the reason and a retry. */
export function LoadFailure({ failure, onRetry, title }: { failure: CallFailure; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title ?? t('errors.loadFailed')}</Alert.Title>
        <Alert.Description>{describeFailure(t, failure)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert.Root>
  );
}
