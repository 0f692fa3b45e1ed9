import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CallFailure } from '../../lib/call-failure';
import { formatTzs } from '../../lib/money';
import { describeFailure } from '../common/describe-failure';

/** The refusals of the deposit wizard's calls that have words of their own (deposit:reason.*). */
const DEPOSIT_REASONS = [
  'step_out_of_order', 'not_qualified', 'no_stock', 'deposit_paid', 'deposit_pending', 'fingerprint_mismatch', 'nida_mismatch',
  'security_answer_wrong', 'security_answer_locked', 'no_security_question', 'auth_code_wrong', 'auth_code_expired', 'not_vivo',
];

export function describeWizardFailure(t: TFunction, failure: CallFailure): string {
  if (failure.status === 404 && !failure.reason) return failure.message;
  if (failure.reason && DEPOSIT_REASONS.includes(failure.reason)) return t(`deposit:reason.${failure.reason}`, { count: failure.left ?? 0 });
  return describeFailure(t, failure);
}

/** The English messages the wizard's own checks give, in the chosen language. */
const INVALID: Record<string, string> = {
  'A valid phone number is required': 'deposit:invalid.phone',
  'A valid phone number or national ID is required': 'deposit:invalid.query',
  'Please enter both OTP codes': 'deposit:invalid.bothOtps',
  'valid NIDA number required': 'deposit:invalid.nida',
  'valid answer required': 'deposit:invalid.answer',
  'valid signature required': 'deposit:invalid.signature',
  'The contract terms must be accepted before signing': 'deposit:invalid.terms',
  'Confirm that the lock solution and the mobile app are installed': 'deposit:invalid.installed',
  'valid authorization code required': 'deposit:invalid.authCode',
};
export const invalidText = (t: TFunction, message: string) => (INVALID[message] ? t(INVALID[message]) : message);

export function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number) => formatTzs(amount, i18n.language);
}

export function FailureAlert({ failure, onRetry, retryLabel }: { failure: CallFailure; onRetry?: () => void; retryLabel?: string }) {
  const { t } = useTranslation('deposit');
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{describeWizardFailure(t, failure)}</Alert.Title>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} ms="auto">
          {retryLabel ?? t('common.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}
