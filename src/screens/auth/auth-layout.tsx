import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n';

/** The language switcher of the pages before login: a native select. */
function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="auth-language"
      aria-label={t('shell.language')}
      value={i18n.resolvedLanguage ?? 'en'}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`languages.${language}`)}
        </option>
      ))}
    </select>
  );
}

/**
 * The frame of the pages before login: brand, language switcher, a centred card. Plain elements styled by
 * src/app/first-load.css, without Chakra's runtime (docs/decisions/033).
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-page">
      <header className="auth-header">
        <div className="auth-brand">Simu Portal</div>
        <LanguageSelect />
      </header>
      <main className="auth-main">
        <div className="auth-card">{children}</div>
      </main>
    </div>
  );
}
