import type { FormEvent } from 'react';
import { Alert, Button, Field, HStack, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef } from './wizard-ref';
import { describeInvalid } from '../common/describe-failure';
import { FailureAlert, useMoney } from './wizard-parts';

/** Step 5: one code to the agent's phone, one to the customer's; both are needed. */
export function OtpStep({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const sending = useSelector(wizard, (s) => s.matches({ otp: 'sending' }));
  const sendFailed = useSelector(wizard, (s) => s.matches({ otp: 'sendFailed' }));
  const verifying = useSelector(wizard, (s) => s.matches({ otp: 'verifying' }));
  const sentTo = useSelector(wizard, (s) => s.context.otpSentTo);
  const deposit = useSelector(wizard, (s) => s.context.deposit);
  const invalid = useSelector(wizard, (s) => s.context.invalid);
  const failure = useSelector(wizard, (s) => s.context.failure);

  // Issue 17: a wrong code is named (the server's 409 otp_wrong lists the fields at fault), and its box marked.
  const wrongFields = failure?.reason === 'otp_wrong' && failure.fields ? Object.keys(failure.fields) : [];
  const wrong =
    wrongFields.length === 2 ? 'both' : wrongFields[0] === 'agent_code' || wrongFields[0] === 'customer_code' ? wrongFields[0] : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    wizard.send({
      type: 'otp.codesEntered',
      agentCode: String(form.get('agentCode') ?? ''),
      customerCode: String(form.get('customerCode') ?? ''),
    });
  };

  return (
    <Stack gap="4">
      {deposit && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>
            {t('deposit:otp.depositReceived', { amount: money(deposit.amount), receipt: deposit.transaction_id ?? '' })}
          </Alert.Title>
        </Alert.Root>
      )}
      {sending && (
        <HStack gap="3" role="status">
          <Spinner size="sm" />
          <Text>{t('deposit:otp.sending')}</Text>
        </HStack>
      )}
      {sendFailed && failure && (
        <FailureAlert failure={failure} onRetry={() => wizard.send({ type: 'otp.resend' })} retryLabel={t('deposit:otp.resend')} />
      )}
      {!sending && !sendFailed && (
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            {/* A resumed wizard's codes went out before this screen: where to is not known here. */}
            <Text role="status">{sentTo ? t('deposit:otp.sent', { to: sentTo }) : t('deposit:otp.sentEarlier')}</Text>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <Field.Root invalid={!!invalid || wrong === 'both' || wrong === 'agent_code'}>
                <Field.Label>{t('deposit:otp.agentCode')}</Field.Label>
                <Input name="agentCode" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </Field.Root>
              <Field.Root invalid={!!invalid || wrong === 'both' || wrong === 'customer_code'}>
                <Field.Label>{t('deposit:otp.customerCode')}</Field.Label>
                <Input name="customerCode" inputMode="numeric" autoComplete="off" maxLength={6} />
              </Field.Root>
            </SimpleGrid>
            {invalid?.codes && (
              <Text color="fg.error" role="alert">
                {describeInvalid(t, invalid.codes)}
              </Text>
            )}
            {failure && wrong && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{t(`deposit:otp.wrong.${wrong}`, { count: failure.left ?? 0 })}</Alert.Title>
              </Alert.Root>
            )}
            {failure && !wrong && <FailureAlert failure={failure} />}
            <HStack gap="3" wrap="wrap">
              <Button type="submit" colorPalette="blue" loading={verifying}>
                {t('deposit:otp.verify')}
              </Button>
              <Button variant="outline" disabled={verifying} onClick={() => wizard.send({ type: 'otp.resend' })}>
                {t('deposit:otp.resend')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
