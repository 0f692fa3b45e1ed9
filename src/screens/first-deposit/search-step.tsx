import type { FormEvent } from 'react';
import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef } from './wizard-ref';
import { describeInvalid } from '../common/describe-failure';
import { FailureAlert } from './wizard-parts';
import { HeldDeposit } from './held-deposit';

/** Step 1: find the customer by phone number (any Tanzanian form) or national ID. */
export function SearchStep({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const busy = useSelector(wizard, (s) => s.hasTag('busy'));
  const invalid = useSelector(wizard, (s) => s.context.invalid);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const held = useSelector(wizard, (s) => s.context.held !== null);
  const notQualified = useSelector(wizard, (s) => (s.matches({ searching: 'notQualified' }) ? s.context : null));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    // Digits (and + or spaces) are a phone number; anything else is a national ID as printed.
    const query = /^[+\d\s]*$/.test(text) && !/^\d{20}$/.test(text.replace(/\s/g, '')) ? { msisdn: text } : { national_id: text };
    wizard.send({ type: 'customer.search', query });
  };
  const message = invalid?.msisdn ?? invalid?.national_id;

  return (
    <Stack gap="4">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Field.Root invalid={!!message} required>
            <Field.Label>{t('deposit:search.label')}</Field.Label>
            <Input name="query" autoFocus autoComplete="off" placeholder="0754 123 456" />
            <Field.HelperText>{t('deposit:search.help')}</Field.HelperText>
            {message && <Field.ErrorText>{describeInvalid(t, message)}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={busy} alignSelf="start">
            {t('deposit:search.submit')}
          </Button>
        </Stack>
      </form>
      {held && <HeldDeposit wizard={wizard} />}
      {!held && failure && failure.status === 404 && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('deposit:search.notFound')}</Alert.Title>
        </Alert.Root>
      )}
      {!held && failure && failure.status !== 404 && <FailureAlert failure={failure} />}
      {notQualified && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('deposit:search.notQualified')}</Alert.Title>
            <Alert.Description>
              {notQualified.customer && <Text>{`${notQualified.customer.first_name} ${notQualified.customer.other_names}`}</Text>}
              {notQualified.notQualified && t(`deposit:search.why.${notQualified.notQualified}`)}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
