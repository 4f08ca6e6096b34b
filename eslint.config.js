import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Only a module's own service (and its tests) reads its repository: routes call services, and
// other modules and the platform ask the owning module's service.
const otherModulesRepository = {
  regex: String.raw`^(\.\./)+[^./][^/]*/.*\.repository(\.js)?$|(^|/)modules/.*\.repository(\.js)?$`,
  message: "Another module's repository: import what you need from its service.",
};
const anyRepository = {
  regex: String.raw`\.repository(\.js)?$`,
  message: 'Routes call their service, never a repository.',
};

// The web app is layered app → features → components → lib and stores: a layer imports only
// the layers under it. What components need from the shell, app/ provides through their slots
// (components/layout/shell-navigation.ts); only app/ and the test helpers (src/test/) import app/.
const webApp = {
  regex: String.raw`^(@/app|(\.\./)+app)(/|$)`,
  message:
    'app/ is the top layer: take what the shell gives through its slots (ShellNavigation, the route declarations in lib/), or a test helper from src/test/.',
};
const webFeatures = {
  regex: String.raw`^(@/features|(\.\./)+features)(/|$)`,
  message: 'features/ sit above components/, lib/ and stores/: move what both need down.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webApp] }] },
  },
  {
    files: [
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
      'apps/web/src/stores/**/*.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [webApp, webFeatures] }] },
  },
  {
    // The livechat widget runs on other sites' pages: nothing of the app, no React, no zod.
    files: ['apps/web/widget/**/*.ts'],
    ignores: ['apps/web/widget/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'zod'].map((name) => ({
            name,
            message: 'The widget stays small: no React or zod in it.',
          })),
          patterns: [
            {
              regex: String.raw`^(@/|(\.\./)+src/)`,
              message: 'The widget is its own program: nothing from the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesRepository] }] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyRepository] }] },
  },
);
