import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { depositPaymentMachine } from '../../machines/deposit-payment.machine';
import { formatMsisdnLocal } from '../../lib/msisdn';
import type { FirstDepositRef } from './wizard-ref';
import { FailureAlert, useMoney } from './wizard-parts';
import { describeInvalid } from '../common/describe-failure';

/** Minutes and seconds since the push was requested (the server's requested_at), ticking every second. */
function Waited({ since }: { since: string | undefined }) {
  const { t } = useTranslation('deposit');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const start = since ? Date.parse(since) : NaN;
  if (Number.isNaN(start)) return null;
  const seconds = Math.max(0, Math.floor((now - start) / 1000));
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <Text fontWeight="semibold" data-testid="payment-waited">
      {t('deposit:payment.waited', { time })}
    </Text>
  );
}

type PaymentRef = ActorRefFrom<typeof depositPaymentMachine>;

/** Step 4: the deposit by mobile-money push; the screen of the deposit-payment child machine. */
export function DepositStep({ wizard }: { wizard: FirstDepositRef }) {
  const payment = useSelector(wizard, (s) => s.children.payment as PaymentRef | undefined);
  return payment ? <Payment payment={payment} /> : null;
}

function Payment({ payment }: { payment: PaymentRef }) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const value = useSelector(payment, (s) => s.value);
  const context = useSelector(payment, (s) => s.context);
  const busy = useSelector(payment, (s) => s.hasTag('busy'));
  const canRetry = useSelector(payment, (s) => s.can({ type: 'deposit.retry' }));
  const amount = money(context.status?.amount ?? 0);
  const payer = formatMsisdnLocal(context.status?.payment_msisdn ?? context.paymentMsisdn ?? context.msisdn);
  const retryFrom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    payment.send({ type: 'deposit.retry', payer: String(new FormData(event.currentTarget).get('payer') ?? '') });
  };

  if (value === 'pushing') {
    return (
      <HStack gap="3" role="status">
        <Spinner size="sm" />
        <Text>{t('deposit:payment.pushing')}</Text>
      </HStack>
    );
  }
  if (typeof value === 'object' && 'awaitingApproval' in value) {
    return (
      <Stack gap="3">
        <HStack gap="3" role="status">
          <Spinner size="sm" />
          <Text>{t('deposit:payment.waiting', { amount, payer })}</Text>
        </HStack>
        {/* Issue 17: how long it has waited and what happens next, not only a spinner. */}
        <Waited since={context.status?.requested_at} />
        <Text fontSize="sm">{t('deposit:payment.next', { payer })}</Text>
        {context.failure && <Text color="fg.warning">{t('deposit:payment.connectionLost')}</Text>}
      </Stack>
    );
  }
  if (typeof value === 'object' && 'noAnswer' in value) {
    return (
      <Stack gap="3">
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('deposit:payment.noAnswer')}</Alert.Title>
            <Alert.Description>{t('deposit:payment.noAnswerHelp', { payer })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Waited since={context.status?.requested_at} />
        {context.failure && <FailureAlert failure={context.failure} />}
        <Button colorPalette="blue" alignSelf="start" loading={busy} onClick={() => payment.send({ type: 'deposit.check' })}>
          {t('deposit:payment.checkAgain')}
        </Button>
      </Stack>
    );
  }
  if (value === 'declined') {
    return (
      <Stack gap="3">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t(`deposit:payment.failure.${context.status?.failure ?? 'rejected'}`)}</Alert.Title>
        </Alert.Root>
        {/* Issue 17: the new request may go to another paying number, typed here without going back. */}
        <form onSubmit={retryFrom} noValidate>
          <Stack gap="3">
            <Field.Root invalid={!!context.invalid?.payment_msisdn} disabled={!canRetry}>
              <Field.Label>{t('deposit:payment.otherPayer')}</Field.Label>
              <Input name="payer" inputMode="tel" autoComplete="off" placeholder="0754 123 456" />
              <Field.HelperText>{t('deposit:payment.otherPayerHelp', { payer })}</Field.HelperText>
              {context.invalid?.payment_msisdn && <Field.ErrorText>{describeInvalid(t, context.invalid.payment_msisdn)}</Field.ErrorText>}
            </Field.Root>
            <HStack gap="3" wrap="wrap">
              <Button variant="outline" onClick={() => payment.send({ type: 'deposit.back' })}>
                {t('deposit:back')}
              </Button>
              <Button type="submit" colorPalette="blue" disabled={!canRetry}>
                {t('deposit:payment.tryAgain')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Stack>
    );
  }
  if (value === 'unreachable') {
    return (
      <Stack gap="3">
        {context.failure && <FailureAlert failure={context.failure} />}
        <Text fontSize="sm">{t('deposit:payment.safeRetry')}</Text>
        <Button colorPalette="blue" alignSelf="start" onClick={() => payment.send({ type: 'deposit.retry' })}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Title>{t('deposit:payment.paid', { amount })}</Alert.Title>
    </Alert.Root>
  );
}
