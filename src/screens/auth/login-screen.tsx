import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '../common/session-context';
import { describeCallFailure } from '../common/call-failure-words';
import { AuthLayout } from './auth-layout';
import { Button, LabelledInput, Notice, TextInput } from './auth-ui';

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
      <h1 className="auth-title">{t('login.heading')}</h1>
      <form onSubmit={submit} noValidate>
        <div className="auth-stack">
          {loggedOut && <Notice testId="logged-out-notice">{t('session.loggedOut')}</Notice>}
          {failure && <Notice>{describeCallFailure(t, failure)}</Notice>}
          <LabelledInput
            label={t('login.username')}
            error={missing.username ? t('validation.required', { field: t('login.username') }) : undefined}
          >
            <TextInput name="username" autoComplete="username" autoCapitalize="none" autoFocus aria-invalid={missing.username} required />
          </LabelledInput>
          <LabelledInput
            label={t('login.password')}
            error={missing.password ? t('validation.required', { field: t('login.password') }) : undefined}
          >
            <TextInput name="password" type="password" autoComplete="current-password" aria-invalid={missing.password} required />
          </LabelledInput>
          <Button type="submit" loading={busy} loadingText={t('login.signingIn')}>
            {t('login.submit')}
          </Button>
          <ForgotPassword />
        </div>
      </form>
    </AuthLayout>
  );
}

/** Portal passwords are reset by an administrator: say so, in place. */
function ForgotPassword() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="auth-centre">
      <Button variant="plain" size="sm" className="btn-underline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('login.forgot')}
      </Button>
      {open && (
        <p className="auth-muted auth-small auth-note" role="note">
          {t('login.forgotBody')}
        </p>
      )}
    </div>
  );
}
