import { Alert, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { depositPaymentMachine } from '../../machines/deposit-payment.machine';
import { formatMsisdnLocal } from '../../lib/msisdn';
import type { FirstDepositRef } from './wizard-ref';
import { FailureAlert, useMoney } from './wizard-parts';

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
  const payer = formatMsisdnLocal(context.status?.payment_msisdn ?? context.msisdn);

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
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => payment.send({ type: 'deposit.back' })}>
            {t('deposit:back')}
          </Button>
          <Button colorPalette="blue" disabled={!canRetry} onClick={() => payment.send({ type: 'deposit.retry' })}>
            {t('deposit:payment.tryAgain')}
          </Button>
        </HStack>
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
