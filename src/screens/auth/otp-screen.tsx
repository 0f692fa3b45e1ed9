import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '../common/session-context';
import { describeFailure } from '../common/describe-failure';
import { AuthLayout } from './auth-layout';
import { Button, LabelledInput, Notice, TextInput } from './auth-ui';

export default function OtpScreen() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const channel = SessionContext.useSelector((s) => s.context.user?.otp_channel ?? 'sms');
  const verifying = SessionContext.useSelector((s) => s.matches({ authenticated: { otp: 'verifying' } }));
  const resending = SessionContext.useSelector((s) => s.matches({ authenticated: { otp: 'resending' } }));
  const canSubmit = SessionContext.useSelector((s) => s.can({ type: 'otp.submitted', code: '000000' }));
  const failure = SessionContext.useSelector((s) => s.context.failure);
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    const ok = /^\d{6}$/.test(code);
    setInvalid(!ok);
    if (ok) session.send({ type: 'otp.submitted', code });
  };

  return (
    <AuthLayout>
      <h1 className="auth-title">{t('otp.heading')}</h1>
      <p className="auth-muted">{t('otp.sent', { channel: t(`otp.channel.${channel}`) })}</p>
      <form onSubmit={submit} noValidate>
        <div className="auth-stack">
          {failure && <Notice>{describeFailure(t, failure)}</Notice>}
          <LabelledInput label={t('otp.code')} error={invalid ? t('otp.invalid') : undefined}>
            <TextInput
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              code
              aria-invalid={invalid}
              required
            />
          </LabelledInput>
          <Button type="submit" loading={verifying} disabled={!canSubmit}>
            {t('otp.submit')}
          </Button>
          <div className="auth-row">
            <Button
              variant="ghost"
              size="sm"
              loading={resending}
              disabled={!canSubmit}
              onClick={() => session.send({ type: 'otp.resend' })}
            >
              {t('otp.resend')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => session.send({ type: 'session.logout' })}>
              {t('otp.cancel')}
            </Button>
          </div>
        </div>
      </form>
    </AuthLayout>
  );
}
