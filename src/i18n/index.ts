import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage } from './detect-language';

export const LANGUAGES = ['en', 'sw', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Each language is its own chunk, fetched when first needed. The default namespace (`translation`,
 * locales/<lng>.json) holds what the login and the dashboard shell need; a big area keeps its strings in its own
 * namespace (locales/<ns>/<lng>.json), fetched when a screen asks for it with useTranslation('<ns>'), so the login
 * route does not carry them. A failed fetch is reported as retryable, so i18next tries again up to maxRetries
 * times, waiting retryTimeout and doubling it each time.
 */
const namespaceFiles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
      en: () => import('./locales/en.json'),
      sw: () => import('./locales/sw.json'),
      pt: () => import('./locales/pt.json'),
    };
    const loader = namespace === 'translation' ? load[language as Language] : namespaceFiles[`./locales/${namespace}/${language}.json`];
    if (!loader) return callback(new Error(`no locale ${namespace}/${language}`), false);
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
    // A screen of another namespace still finds the shared words (errors, common buttons) of the default one.
    fallbackNS: 'translation',
  });

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export { i18n };
