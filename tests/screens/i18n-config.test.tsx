import { afterEach, describe, expect, it } from 'vitest';
import { detectEarly, detectLanguage, LANGUAGE_KEY } from '../../src/i18n/detect-language';
import { chosenLanguage, localeFile } from '../../src/i18n/locale-files';
import { firstStrings } from '../../src/app/first-strings';

const detect = () => (detectLanguage.detect as () => string[])();

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  sessionStorage.clear();
  document.documentElement.lang = '';
});

describe('i18n set-up (spec section 9)', () => {
  it('falls back to English and retries loads: 5 times, from 350 ms, at most 10 reads at once', async () => {
    const { i18n, i18nReady } = await import('../../src/i18n');
    await i18nReady;
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.options.supportedLngs).toEqual(expect.arrayContaining(['en', 'sw', 'pt']));
    expect(i18n.options).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
  });

  it('looks for the language in the order query lng > cookie > localStorage > sessionStorage > navigator > html tag', () => {
    window.history.replaceState(null, '', '/?lng=pt');
    document.cookie = 'i18next=sw';
    localStorage.setItem(LANGUAGE_KEY, 'en');
    sessionStorage.setItem(LANGUAGE_KEY, 'sw');
    document.documentElement.lang = 'pt';
    const order = detect();
    expect(order.slice(0, 4)).toEqual(['pt', 'sw', 'en', 'sw']);
    expect(order.slice(4, -1)).toEqual([...navigator.languages]);
    expect(order.at(-1)).toBe('pt');
  });

  it('skips the places that say nothing', () => {
    localStorage.setItem(LANGUAGE_KEY, 'sw');
    expect(detect()[0]).toBe('sw');
  });

  it('remembers the choice in local storage under i18nextLng', () => {
    detectLanguage.cacheUserLanguage!('pt');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('pt');
  });
});

describe("the first page's strings, before i18next (docs/decisions/065)", () => {
  afterEach(() => {
    delete (globalThis as { cookieStore?: unknown }).cookieStore;
    localStorage.removeItem(LANGUAGE_KEY);
  });

  it("reads the cookie without blocking where there is a Cookie Store, and i18next's next detection takes what it found, once", async () => {
    const asked: string[] = [];
    (globalThis as { cookieStore?: unknown }).cookieStore = {
      get: async (name: string) => (asked.push(name), { name, value: 'pt' }),
    };
    document.cookie = 'i18next=sw'; // what document.cookie says is not read
    const found = await detectEarly();
    expect(asked).toEqual(['i18next']);
    expect(found[0]).toBe('pt');
    localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(detect()).toEqual(found); // kept from the early detection
    expect(detect().slice(0, 2)).toEqual(['sw', 'en']); // the next looks again, document.cookie included
  });

  it('reads document.cookie where there is no Cookie Store, and a Cookie Store without the cookie leaves the next places', async () => {
    document.cookie = 'i18next=sw';
    expect((await detectEarly())[0]).toBe('sw');
    detect();
    (globalThis as { cookieStore?: unknown }).cookieStore = { get: async () => null };
    localStorage.setItem(LANGUAGE_KEY, 'pt');
    expect((await detectEarly())[0]).toBe('pt');
  });

  it('chooses as i18next does: the first supported language part (sw-TZ is sw), else English', () => {
    expect(chosenLanguage(['fr-FR', 'sw-TZ', 'pt'])).toBe('sw');
    expect(chosenLanguage(['PT-br'])).toBe('pt');
    expect(chosenLanguage(['fr', 'de'])).toBe('en');
    expect(chosenLanguage([])).toBe('en');
  });

  it('the files it starts are the ones i18next reads: each language and namespace, none for an unknown one', async () => {
    const translation = await localeFile('sw', 'translation')!();
    const { i18n, i18nReady } = await import('../../src/i18n');
    await i18nReady;
    await i18n.changeLanguage('sw');
    expect(i18n.getResourceBundle('sw', 'translation')).toEqual(translation.default);
    expect((await localeFile('pt', 'deposit')!()).default).toHaveProperty(Object.keys((await localeFile('en', 'deposit')!()).default)[0]!);
    expect(localeFile('fr', 'translation')).toBeUndefined();
    expect(localeFile('en', 'no-such-area')).toBeUndefined();
    await i18n.changeLanguage('en');
  });

  it('the signed-in pages start the layout strings, and the deposit wizard its first view too', () => {
    expect(firstStrings('/dashboard')).toEqual(['admin']);
    expect(firstStrings('/dashboard/customers/add-loan/')).toEqual(['admin', 'deposit']);
  });
});
