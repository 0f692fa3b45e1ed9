// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of docs/architecture.md, and who may import whom:
 *   main -> app -> screens -> machines -> contract, lib
 *   app -> services -> machines, contract, lib
 *   server -> contract, lib (the bridge's start in server/main.ts is the one exception, marked where it is)
 * src/main.tsx, the entry point, is no layer: it mounts the app.
 * Nothing in src imports server or bridge. No import cycles: scripts/check-cycles.ts (madge), also in `npm run lint`.
 */
const LAYERS = [
  { type: 'app', pattern: 'src/app' },
  { type: 'screens', pattern: 'src/screens' },
  { type: 'services', pattern: 'src/services' },
  { type: 'machines', pattern: 'src/machines' },
  { type: 'contract', pattern: 'src/contract' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'i18n', pattern: 'src/i18n' },
  { type: 'server', pattern: 'server' },
  { type: 'bridge', pattern: 'bridge' },
];

/** @param {string[]} types */
const to = (types) => ({ to: { element: { types: { anyOf: types } } } });
const allow = (/** @type {string} */ from, /** @type {string[]} */ types) => ({ from: { element: { type: from } }, allow: to(types) });

export default tseslint.config(
  // tests/fixtures holds code that breaks the rules on purpose (tests/scripts/lint-rules.test.ts lints it).
  { ignores: ['dist/**', 'data/**', '.tmp/**', 'node_modules/**', 'docs/**', 'coverage/**', 'tests/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // The codebase types what it knows; `any` stays where a library's types force it (xstate's generic actors).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'bridge/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/include': ['src/**/*', 'server/**/*', 'bridge/**/*'],
      // Imports are relative and extensionless (no path aliases in src or server): the node resolver suffices.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'A {{from.type}} file may not import {{to.type}}: imports flow main -> app -> screens -> machines -> contract, lib; app -> services (docs/architecture.md)',
          policies: [
            allow('app', ['app', 'screens', 'services', 'machines', 'contract', 'lib', 'i18n']),
            allow('screens', ['screens', 'machines', 'contract', 'lib', 'i18n']),
            allow('services', ['services', 'machines', 'contract', 'lib']),
            allow('machines', ['machines', 'contract', 'lib']),
            allow('contract', ['contract', 'lib']),
            allow('lib', ['lib']),
            allow('i18n', ['i18n', 'lib']),
            allow('server', ['server', 'contract', 'lib']),
            allow('bridge', ['bridge', 'lib']),
          ],
        },
      ],
    },
  },
  {
    // Tests, scripts and configs may reach any layer.
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}', '*.config.{ts,js}', 'vite.aliases.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
