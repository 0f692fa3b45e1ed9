import { describe, expect, it } from 'vitest';

describe('i18n set-up (spec section 9)', () => {
  it('falls back to English, detects query lng > cookie > localStorage > sessionStorage > navigator > html, caches as i18nextLng, retries loads', async () => {
    const { i18n, i18nReady } = await import('../../src/i18n');
    await i18nReady;
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.options.supportedLngs).toEqual(expect.arrayContaining(['en', 'sw', 'pt']));
    expect(i18n.options.detection).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    });
    expect(i18n.options).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
  });
});
