import { defineConfig } from 'vitest/config';
import { aliases } from './vite.aliases.ts';

/** The mutation run (npm run test:mutation): only the machines' tests, in node, without the database template. */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    environment: 'node',
    include: ['tests/machines/**/*.test.ts'],
    setupFiles: ['tests/setup/console.ts'],
    testTimeout: 20_000,
    reporters: ['default', './tests/setup/unloadable-file-reporter.ts'],
  },
});
