import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { aliases } from './vite.aliases.ts';
import { precompressPlugin } from './scripts/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  resolve: { alias: aliases },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  envPrefix: ['VITE_', 'PORTAL_API_URL'],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/portal_api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // What every page needs goes in one chunk: one request and one gzip stream compress better than many
        // small shared chunks on the first load (measured by npm run bench:size).
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|i18next-browser-languagedetector|xstate|@xstate[\\/]react|wouter|regexparam|@emotion|stylis|use-sync-external-store|@pandacss|hoist-non-react-statics|react-is|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|preset|utils|merge-props|create-context|theme[\\\\/](tokens|semantic-tokens|breakpoints|global-css|layer-styles|text-styles|motion-styles)))/,
            },
          ],
        },
      },
    },
  },
});
