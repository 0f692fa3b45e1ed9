import { defineConfig } from 'vitest/config';

/** Browser journeys in Debian's Chromium against the built portal (npm run test:e2e builds it first). */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
