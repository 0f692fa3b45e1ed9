import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage } from './detect-language';
import { LANGUAGES, localeFile } from './locale-files';

export { LANGUAGES, type Language } from './locale-files';

/**
 * The strings of each language and namespace, a chunk each (locale-files.ts). A failed fetch is reported as
 * retryable, so i18next tries again up to maxRetries times, waiting retryTimeout and doubling it each time.
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loader = localeFile(language, namespace);
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
