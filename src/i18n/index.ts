import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage } from './detect-language';

export const LANGUAGES = ['en', 'sw', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Each language is its own chunk, fetched when first needed. A failed fetch is reported as retryable, so
 * i18next tries again up to maxRetries times, waiting retryTimeout and doubling it each time.
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
      en: () => import('./locales/en.json'),
      sw: () => import('./locales/sw.json'),
      pt: () => import('./locales/pt.json'),
    };
    const loader = load[language as Language];
    if (!loader) return callback(new Error(`no locale ${language}`), false);
    loader().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, true),
    );
  },
};

export const i18nReady = i18n
  .use(detectLanguage)
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    interpolation: { escapeValue: false },
  });

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export { i18n };
