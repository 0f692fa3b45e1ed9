import { afterEach, describe, expect, it } from 'vitest';
import { detectLanguage, LANGUAGE_KEY } from '../../src/i18n/detect-language';

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
