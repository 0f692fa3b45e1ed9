import { detectEarly } from './detect-language';

export const LANGUAGES = ['en', 'sw', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

type Strings = { default: Record<string, unknown> };

/**
 * Each language's strings are chunks of their own, fetched when first needed. The default namespace
 * (`translation`, locales/<lng>.json) holds what the login and the dashboard shell need; a big area keeps its strings
 * in its own namespace (locales/<ns>/<lng>.json), fetched when a screen asks for it with useTranslation('<ns>'), so
 * the login route does not carry them.
 */
const namespaceFiles = import.meta.glob<Strings>('./locales/*/*.json');
const translationFiles: Record<Language, () => Promise<Strings>> = {
  en: () => import('./locales/en.json'),
  sw: () => import('./locales/sw.json'),
  pt: () => import('./locales/pt.json'),
};

/** The load of one namespace's strings in one language, or undefined when there are none. */
export function localeFile(language: string, namespace: string): (() => Promise<Strings>) | undefined {
  return namespace === 'translation' ? translationFiles[language as Language] : namespaceFiles[`./locales/${namespace}/${language}.json`];
}

/**
 * The language i18next will choose from what the detector found (index.ts's options): the first whose language part
 * is supported (`sw-TZ` is `sw`), else English.
 */
export function chosenLanguage(found: readonly string[]): Language {
  for (const code of found) {
    const part = code.split('-')[0]!.toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(part)) return part as Language;
  }
  return 'en';
}

/**
 * Starts fetching the strings a page draws first, before i18next's code has come and run (docs/decisions/065): the
 * app's entry does, so the chunks leave with its first task instead of after i18next's start. i18next's backend
 * later asks for the same modules, which the browser fetches once. Settles with the language once it is known:
 * i18next's first detection then takes what was found.
 */
export async function startStrings(namespaces: readonly string[]): Promise<Language> {
  const language = chosenLanguage(await detectEarly());
  for (const namespace of ['translation', ...namespaces]) void localeFile(language, namespace)?.().catch(() => undefined);
  return language;
}
