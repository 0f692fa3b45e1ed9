import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './vite.aliases.ts';
import pkg from './package.json' with { type: 'json' };

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  test: {
    globalSetup: ['tests/setup/global-db.ts'],
    setupFiles: ['tests/setup/console.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['tests/{api,machines,lib,scripts,bridge}/**/*.test.ts'] },
      },
      // Only on PostgreSQL (npm run test:postgres with DATABASE_URL, in .ci/run): several server copies on one database.
      ...(process.env.DATABASE_URL
        ? [{ extends: true as const, test: { name: 'postgres', environment: 'node' as const, include: ['tests/postgres/**/*.test.ts'] } }]
        : []),
      {
        extends: true,
        test: {
          name: 'screens',
          environment: 'jsdom',
          include: ['tests/screens/**/*.test.tsx'],
          setupFiles: ['tests/setup/screens.ts'],
          // The stylesheets of the pages drawn without Chakra are applied, as Chakra's styles are: what a test reads of
          // their look (upper case, hidden) is what the browser shows (docs/decisions/049).
          css: { include: [/\.css$/] },
        },
      },
    ],
  },
});
