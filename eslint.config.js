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
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesRepository] }] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyRepository] }] },
  },
);
