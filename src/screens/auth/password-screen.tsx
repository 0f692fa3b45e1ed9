import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '../../contract/prerequisites';
import { SessionContext } from '../common/session-context';
import { describeFailure } from '../common/describe-failure';
import { AuthLayout } from './auth-layout';
import { Button, LabelledInput, Notice, TextInput } from './auth-ui';

type Field = 'current' | 'next' | 'again';
/** The change of password's own refusals, worded here (the common list is on the login's first load). */
const PASSWORD_REFUSALS = ['wrong_current_password', 'password_unchanged', 'password_has_username'];
type Problems = Partial<Record<Field, string>>;

/** The form's own checks, the same rules the server applies (decision 023), so a typo costs no round trip. */
function check(current: string, next: string, again: string, username: string): Problems {
  const problems: Problems = {};
  if (!current) problems.current = 'currentRequired';
  if (next.length < PASSWORD_RULES.min || next.length > PASSWORD_RULES.max || !/\p{L}/u.test(next) || !/\p{N}/u.test(next))
    problems.next = 'rules';
  else if (username && next.toLowerCase().includes(username.toLowerCase())) problems.next = 'username';
  else if (next === current) problems.next = 'same';
  if (!problems.next && again !== next) problems.again = 'mismatch';
  return problems;
}

/** Issue 17: a user whose password an admin chose chooses their own before anything else. */
export default function PasswordScreen() {
  const { t } = useTranslation('auth');
  const session = SessionContext.useActorRef();
  const name = SessionContext.useSelector((s) => s.context.user?.name ?? '');
  const username = SessionContext.useSelector((s) => s.context.user?.username ?? '');
  const changing = SessionContext.useSelector((s) => s.hasTag('busy'));
  const canSubmit = SessionContext.useSelector((s) => s.can({ type: 'password.submitted', currentPassword: '', newPassword: '' }));
  const failure = SessionContext.useSelector((s) => s.context.failure);
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [current, next, again] = (['current', 'next', 'again'] as const).map((field) => String(form.get(field) ?? ''));
    const found = check(current!, next!, again!, username);
    setProblems(found);
    if (Object.keys(found).length === 0) session.send({ type: 'password.submitted', currentPassword: current!, newPassword: next! });
  };
  const error = (field: Field) => (problems[field] ? t(`auth:password.errors.${problems[field]}`) : undefined);

  return (
    <AuthLayout>
      <h1 className="auth-title">{t('auth:password.heading')}</h1>
      <p className="auth-muted">{t('auth:password.intro', { name })}</p>
      <form onSubmit={submit} noValidate>
        <div className="auth-stack">
          {failure && (
            <Notice>
              {failure.reason && PASSWORD_REFUSALS.includes(failure.reason)
                ? t(`auth:reason.${failure.reason}`)
                : describeFailure(t, failure)}
            </Notice>
          )}
          <LabelledInput label={t('auth:password.current')} error={error('current')}>
            <TextInput
              name="current"
              type="password"
              autoComplete="current-password"
              autoFocus
              aria-invalid={!!problems.current}
              required
            />
          </LabelledInput>
          <LabelledInput label={t('auth:password.next')} error={error('next')}>
            <TextInput
              name="next"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!problems.next}
              aria-describedby="password-rules"
              required
            />
          </LabelledInput>
          <p id="password-rules" className="auth-muted auth-small auth-rules">
            {t('auth:password.rules', { min: PASSWORD_RULES.min })}
          </p>
          <LabelledInput label={t('auth:password.again')} error={error('again')}>
            <TextInput name="again" type="password" autoComplete="new-password" aria-invalid={!!problems.again} required />
          </LabelledInput>
          <Button type="submit" loading={changing} loadingText={t('auth:password.saving')} disabled={!canSubmit}>
            {t('auth:password.submit')}
          </Button>
          <Button variant="ghost" size="sm" className="btn-start" onClick={() => session.send({ type: 'session.logout' })}>
            {t('auth:password.cancel')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
