// ESLint for every TypeScript file of the project: the TypeScript rules, import order, React's hook
// rules and the project's own restrictions. The rules that need type information (promises left
// floating, misused or awaited when they are not promises) are oxlint's, in .oxlintrc.json: it runs
// them on TypeScript 7's checker (tsgolint) in a fifth of the time (docs/testing.md).
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
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // Unused code: variables, imports and parameters; a leading underscore marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Imports: one statement per module (a type-only one may stand beside it), in a stable order.
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  {
    // The backend compiles with decorators and their metadata (tsconfig.json): an import named only in
    // a decorated signature is a value at run time (Nest's injection reads it), not a type.
    files: ['backend/**/*.ts'],
    languageOptions: { parserOptions: { experimentalDecorators: true, emitDecoratorMetadata: true } },
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
