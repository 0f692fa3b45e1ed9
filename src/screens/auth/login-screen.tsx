import { useState, type FormEvent } from 'react';
import { Alert, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '../../app/session-context';
import { AuthLayout } from './auth-layout';
import { describeFailure } from '../common/describe-failure';

export default function LoginScreen() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const busy = SessionContext.useSelector((s) => s.hasTag('busy'));
  const failure = SessionContext.useSelector((s) => s.context.failure);
  const loggedOut = SessionContext.useSelector((s) => s.matches({ loggedOut: 'notified' }));
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setMissing({ username: !username, password: !password });
    if (username && password) session.send({ type: 'login.submitted', username, password });
  };

  return (
    <AuthLayout>
      <Heading as="h1" size="xl">
        {t('login.heading')}
      </Heading>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {loggedOut && (
            <Alert.Root status="error" role="alert" data-testid="logged-out-notice">
              <Alert.Indicator />
              <Alert.Title>{t('session.loggedOut')}</Alert.Title>
            </Alert.Root>
          )}
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{describeFailure(t, failure)}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root invalid={missing.username} required>
            <Field.Label>{t('login.username')}</Field.Label>
            <Input name="username" autoComplete="username" autoCapitalize="none" autoFocus />
            <Field.ErrorText>{t('validation.required', { field: t('login.username') })}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={missing.password} required>
            <Field.Label>{t('login.password')}</Field.Label>
            <Input name="password" type="password" autoComplete="current-password" />
            <Field.ErrorText>{t('validation.required', { field: t('login.password') })}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={busy} loadingText={t('login.signingIn')}>
            {t('login.submit')}
          </Button>
          <ForgotPassword />
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** Portal passwords are reset by an administrator: say so, in place (no dialog code on the login page). */
function ForgotPassword() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="2">
      <Button variant="plain" size="sm" alignSelf="center" textDecoration="underline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('login.forgot')}
      </Button>
      {open && (
        <Text fontSize="sm" color="fg.muted" role="note">
          {t('login.forgotBody')}
        </Text>
      )}
    </Stack>
  );
}
