import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { aliases } from './vite.aliases.ts';
import { precompressPlugin } from './scripts/precompress.ts';
import { routePreloadsPlugin } from './scripts/route-preloads.ts';

/** The app's entry file is `assets/${ENTRY}-[hash].js`: named, so that the preloads below can leave it out. */
const ENTRY = 'entry';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), routePreloadsPlugin(), precompressPlugin()],
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
    modulePreload: {
      // Every browser the portal supports preloads modules: the polyfill's check ran in the entry's first task.
      polyfill: false,
      // The app's entry has run before any import() of it: a preload link for it is a request started for nothing.
      // The entry's own imports are the app's start steps (src/app/boot.ts), whose chunks every page's HTML preloads
      // (scripts/route-preloads.ts): preloading them again from script cost the entry's first task 12 ms.
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== 'js') return deps;
        if (hostId.split('/').pop()!.startsWith(`${ENTRY}-`)) return [];
        return deps.filter((dep) => !dep.split('/').pop()!.startsWith(`${ENTRY}-`));
      },
    },
    rolldownOptions: {
      output: {
        entryFileNames: `assets/${ENTRY}-[hash].js`,
        // What every page needs goes in a few chunks, not one per package: fewer requests, and one gzip stream
        // compresses better than many small ones (measured by npm run bench:size). Chakra's runtime is not in them:
        // the pages before login draw without Chakra, which loads as its own chunk with the pages that use it
        // (docs/decisions/033).
        codeSplitting: {
          groups: [
            // What the entry runs in its first task and shares with later chunks: without a group of its own, the
            // bundler put it in i18next's chunk, and the entry waited for i18next and React to come and run.
            {
              name: 'start',
              test: /vite[\\/]preload-helper|src[\\/](i18n[\\/](locale-files|detect-language)|lib[\\/]preference-keys|services[\\/](early-calls|session-store|api-base)|app[\\/](boot|first-strings|first-view))\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The app starts in steps, a task each (src/app/boot.ts, docs/decisions/065), so what each step runs is a
            // chunk of its own: React (whose DOM's code runs when the step imports it), i18next with the app's
            // strings' set-up, and the rest of the shell (XState, the router).
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/,
            },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next)[\\/]|src[\\/]i18n[\\/]index\.ts$/,
            },
            {
              name: 'shell',
              test: /node_modules[\\/](xstate|@xstate[\\/]react|wouter|regexparam)[\\/]|src[\\/]app[\\/]libraries\.ts$/,
            },
            // The small Chakra parts and Zag helpers that the signed-in screens share: one request instead of a dozen of
            // 0.1-6 kB each, which a slow network pays one round trip per six (decisions 038 and 049). The layout and the
            // home page draw without Chakra (decision 049), so these load with the first screen that draws with it.
            {
              name: 'chakra-parts',
              test: /node_modules[\\/](@zag-js[\\/](anatomy|react)[\\/]|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]((heading|link|card|grid|simple-grid|skeleton|icon-button|button|text|stack|alert)[\\/]|icons\.js)|@ark-ui[\\/]react[\\/]dist[\\/](utils[\\/]|components[\\/][^\\/]+[\\/][^\\/]+\.anatomy\.js))/,
            },
            // The signed-in app's small shared modules, in three chunks instead of about thirty of 0.1-2 kB each
            // (docs/decisions/063). The browser's main thread pays about a millisecond to start each request, four
            // under Lighthouse's slowed CPU, and Vite's preloading starts one per chunk: the agent's dashboard asked
            // for 25 chunks after the entry, the deposit wizard for 35. `signed-in` is what the layout and the
            // wizard's first view import (no zod); `live` the first calls' code (settings, the home page's figures,
            // ky), which loads after the first paint; `contract` the wizard's shared schemas. Only the listed modules
            // are taken (not their imports): the login route's first load does not change.
            {
              name: 'signed-in',
              test: /src[\\/](contract[\\/](roles|refusal-reasons)|screens[\\/]common[\\/](live-logic|load-failure|describe-failure|loading-spinner|after-paint)|lib[\\/](number-format|money|mobile-money|csv))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'live',
              test: /(src[\\/](contract[\\/](settings|route|measures|home-figures|home-routes|providers)|services[\\/](settings|http|home-figures)|app[\\/]live[\\/](settings|loading|home)|machines[\\/]load\.machine|screens[\\/]analytics[\\/]format)\.tsx?|node_modules[\\/]ky[\\/].*)$/,
              includeDependenciesRecursively: false,
            },
            // Zod with contract/common.ts, which turns off zod's eval probe (a CSP violation): whichever chunk parses
            // first has imported this one, so the setting holds before any schema runs.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]contract[\\/]common\.ts$/,
            },
            {
              name: 'contract',
              test: /src[\\/](contract[\\/](requests|lock-solution|customer-language)|lib[\\/](msisdn|imei|nida))\.ts$/,
              includeDependenciesRecursively: false,
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
