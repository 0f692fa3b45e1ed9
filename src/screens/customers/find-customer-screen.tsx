import { useState, type FormEvent } from 'react';
import { Alert, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { useTranslation } from 'react-i18next';
import { parseMsisdn } from '../../lib/msisdn';
import { useLiveLogic } from '../common/live-logic';
import { LoadFailure } from '../common/load-failure';

/** Find customer (FIND_CUSTOMER): by phone number in any Tanzanian form, or by national ID. */
export default function FindCustomerScreen() {
  const { t } = useTranslation(['translation', 'customers']);
  const lookup = useActorRef(useLiveLogic('customerLookup'), { input: { query: null } });
  const busy = useSelector(lookup, (s) => s.hasTag('busy'));
  const found = useSelector(lookup, (s) => (s.matches('found') ? s.context.view : null));
  const notFound = useSelector(lookup, (s) => s.matches('notFound'));
  const failure = useSelector(lookup, (s) => (s.matches('failed') ? s.context.failure : null));
  const [empty, setEmpty] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    setEmpty(!text);
    if (!text) return;
    const msisdn = parseMsisdn(text);
    lookup.send({ type: 'search.submitted', query: msisdn ? { msisdn } : { national_id: text } });
  };

  if (found) return <Redirect to={`/customers/view?msisdn=${found.customer.msisdn}`} />;
  return (
    <Stack gap="4" maxW="lg">
      <Heading as="h1" size="lg">
        {t('customers:customers.findTitle')}
      </Heading>
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Field.Root invalid={empty} required>
            <Field.Label>{t('customers:customers.query')}</Field.Label>
            <Input name="query" inputMode="text" autoFocus placeholder="0754 123 456" />
            <Field.HelperText>{t('customers:customers.queryHelp')}</Field.HelperText>
            <Field.ErrorText>{t('customers:customers.queryRequired')}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={busy} alignSelf="start">
            {t('customers:customers.search')}
          </Button>
        </Stack>
      </form>
      {notFound && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('customers:customers.notFound')}</Alert.Title>
        </Alert.Root>
      )}
      {failure && <LoadFailure failure={failure} onRetry={() => lookup.send({ type: 'search.retry' })} />}
      <Text fontSize="sm" color="fg.muted">
        {t('customers:customers.findHelp')}
      </Text>
    </Stack>
  );
}
