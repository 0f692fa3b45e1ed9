import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DeviceFailure } from '../../lib/device-failure';
import { describeFailure } from '../common/describe-failure';

/** A scanner failure's own message, what the service said, and Retry (shown by the scanner check and the wizard). */
export function ScannerFailure({ failure, canRetry, onRetry }: { failure: DeviceFailure; canRetry: boolean; onRetry: () => void }) {
  const { t } = useTranslation('scanner');
  return (
    <Alert.Root status={failure.kind === 'lowQuality' || failure.kind === 'timedOut' ? 'warning' : 'error'} role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{describeFailure(t, failure)}</Alert.Title>
        {failure.detail && <Alert.Description fontSize="xs">{t('scanner:result.detail', { detail: failure.detail })}</Alert.Description>}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} disabled={!canRetry}>
        {t('scanner:action.retry')}
      </Button>
    </Alert.Root>
  );
}
