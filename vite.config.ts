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
        // small shared chunks on the first load (measured by npm run bench:size). Chakra's runtime is not in it: the
        // pages before login draw without Chakra, which loads as its own chunk with the pages that use it
        // (docs/decisions/033).
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|xstate|@xstate[\\/]react|wouter|regexparam|use-sync-external-store)[\\/]/,
            },
            // The small Chakra parts and Zag helpers that the signed-in screens share: one request instead of a dozen of
            // 0.1-6 kB each, which a slow network pays one round trip per six (decisions 038 and 049). The layout and the
            // home page draw without Chakra (decision 049), so these load with the first screen that draws with it.
            {
              name: 'chakra-parts',
              test: /node_modules[\\/](@zag-js[\\/](anatomy|react)[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]((heading|link|card|grid|simple-grid|skeleton|icon-button|button|text|stack|alert)[\\/]|icons\.js)|@ark-ui[\\/]react[\\/]dist[\\/](utils[\\/]|components[\\/][^\\/]+[\\/][^\\/]+\.anatomy\.js))/,
            },
            {
              name: 'chakra',
              test: /node_modules[\\/](@emotion|stylis|@pandacss|hoist-non-react-statics|react-is|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|preset|utils|merge-props|create-context|theme[\\/](tokens|semantic-tokens|breakpoints|global-css|layer-styles|text-styles|motion-styles)))/,
            },
          ],
        },
      },
    },
  },
});
