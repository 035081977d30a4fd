// ESLint for every TypeScript file of the project: the TypeScript rules with type information (each
// file is checked against the tsconfig that includes it), import order, and React's hook rules.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'frontend/src/api/schema.d.ts',
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.data/**',
      'frontend/e2e/screenshots/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // Unused code: variables, imports and parameters; a leading underscore marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Promises: none left floating, none passed where a callback's result is ignored, no await on a non-promise.
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe/it answer promises the runner itself awaits.
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Imports: one statement per module (a type-only one may stand beside it), in a stable order.
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  {
    // Tests read the clock in one place each (the backend's test/helpers/clock.ts, the frontend's
    // src/testClock.ts, the browser tests' e2e/clock.ts), so that what a test expects is computed
    // from the clock the test set or the app uses, never from whatever day the test happens to run.
    files: ['backend/test/**/*.ts', 'backend/src/**/*.spec.ts', 'frontend/src/**/*.test.{ts,tsx}', 'frontend/e2e/**/*.ts'],
    ignores: ['backend/test/helpers/clock.ts', 'frontend/e2e/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time through the test clock helper (backend: test/helpers/clock.ts; frontend: src/testClock.ts; browser tests: e2e/clock.ts).',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time through the test clock helper (backend: test/helpers/clock.ts; frontend: src/testClock.ts; browser tests: e2e/clock.ts).',
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The public pages route with portal/router.tsx: react-router sits in a chunk shared with the
    // broker app and would bring 30 kB of it into their first load (docs/performance.md).
    files: ['frontend/src/portal/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: 'The public pages use ../router.tsx (or ./router.tsx): react-router would add 30 kB to their first load.',
          })),
        },
      ],
    },
  },
);
