import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor wait up to 5 s, not 1 s: on a 2-core CI machine running test files in parallel a lazy screen can
// take more than a second to appear. What is asserted is unchanged; a screen that never shows still fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Chakra's components (via Ark and Zag) call.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('min-width: 901px'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.scrollTo ??= () => undefined;
window.scrollTo = () => undefined;

// Each screen's machines and services load with it (src/app/registry.ts). Load them all once before a file's tests,
// after its mocks are in place, so the first screen's findBy does not also time the module loader.
beforeAll(async () => {
  await (await import('../../src/app/live-logic')).loadAllLiveLogic();
}, 60_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
