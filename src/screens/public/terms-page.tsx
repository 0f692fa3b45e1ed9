import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../auth/auth-layout';

/** The version of the terms the e-contract refers to. */
export const TERMS_VERSION = '2026-01';
const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * /tnc: the terms and conditions of a phone loan, in the chosen language, without logging in. Plain elements like
 * the login's (docs/decisions/033): a customer opens it from an SMS, and Chakra's runtime is not needed for text.
 */
export default function TermsPage() {
  const { t } = useTranslation('public');
  return (
    <AuthLayout>
      <div className="auth-stack">
        <h1 className="auth-title">{t('public:terms.title')}</h1>
        <p className="auth-muted auth-small">{t('public:terms.version', { version: TERMS_VERSION })}</p>
        <p>{t('public:terms.intro')}</p>
        {SECTIONS.map((n) => (
          <section key={n} className="auth-section">
            <h2 className="auth-subtitle">{t(`public:terms.s${n}Title`)}</h2>
            <p>{t(`public:terms.s${n}Body`)}</p>
          </section>
        ))}
      </div>
    </AuthLayout>
  );
}
