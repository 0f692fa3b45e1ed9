import type { LanguageDetectorModule } from 'i18next';
import { PREFERENCE_KEYS } from '../lib/preference-keys';

/** Where the chosen language is remembered (spec section 9). */
export const LANGUAGE_KEY = PREFERENCE_KEYS.language;

function cookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

function safely(read: () => string | null | undefined): string | undefined {
  try {
    return read() ?? undefined;
  } catch {
    return undefined; // storage blocked (private mode, policy): try the next place
  }
}

/**
 * The language, looked for in the spec's order: the query parameter `lng`, the `i18next` cookie, local storage,
 * session storage (both `i18nextLng`), the browser's languages, the html tag. The first supported one wins
 * (i18next narrows `sw-TZ` to `sw`); the choice is kept in local storage. Written here rather than taken from
 * i18next-browser-languagedetector because its 2 kB pushed the login route over its budget (docs/decisions/003).
 */
function find(fromCookie: string | undefined): string[] {
  const found = [
    safely(() => new URLSearchParams(location.search).get('lng')),
    fromCookie,
    safely(() => localStorage.getItem(LANGUAGE_KEY)),
    safely(() => sessionStorage.getItem(LANGUAGE_KEY)),
    ...(navigator.languages ?? [navigator.language]),
    document.documentElement.lang,
  ];
  return found.filter((value): value is string => !!value);
}

/** What detectEarly found, kept for the next detect(). */
let early: string[] | undefined;

interface CookieStore {
  get(name: string): Promise<{ value?: string } | null>;
}

/**
 * Detects the language for the app's entry (locale-files.ts, startStrings), and keeps what it found for i18next's
 * first detect(). Reading `document.cookie` is a synchronous call to the browser's network process: 17 ms of the
 * entry's first task in Chromium (docs/decisions/065). The Cookie Store API reads it without blocking, where there is
 * one; elsewhere the cookie is read as before.
 */
export async function detectEarly(): Promise<string[]> {
  const store = (globalThis as { cookieStore?: CookieStore }).cookieStore;
  let fromCookie: string | undefined;
  if (store)
    fromCookie = await store.get('i18next').then(
      (found) => found?.value || undefined,
      () => undefined,
    );
  else fromCookie = safely(() => cookie('i18next'));
  early = find(fromCookie);
  return early;
}

export const detectLanguage: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const found = early ?? find(safely(() => cookie('i18next')));
    early = undefined;
    return found;
  },
  cacheUserLanguage(language) {
    safely(() => {
      localStorage.setItem(LANGUAGE_KEY, language);
      return null;
    });
  },
};
