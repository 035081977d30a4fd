import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// Jest runs the TypeScript sources as native ES modules (NestJS 12 is ESM-only), compiled by SWC
// with legacy decorators and their metadata, as tsc compiles them for production.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const shared = {
  // Node's environment, with V8's code cache kept across a worker's test files (see the file).
  testEnvironment: require.resolve('./test/setup/code-cache-environment.mjs'),
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Its ES build imports JSON without import attributes, which Jest's ESM runtime warns about.
    '^libphonenumber-js$': require.resolve('libphonenumber-js'),
  },
};

export default {
  // Per test: the ceiling for a test that hangs, not a speed target (tests wait for conditions). The
  // e2e tests that start servers (startup, scale-out) took over 60 s in CI on a slow day, running 400
  // days ahead beside the browser layer with every core busy, without hanging.
  testTimeout: 180000,
  // One worker per core (Jest's default leaves one for itself): e2e files spend much of their time
  // waiting on PostgreSQL and on HTTP, and each worker's files get their own databases.
  maxWorkers: '100%',
  projects: [
    { ...shared, displayName: 'unit', rootDir: 'src', testMatch: ['**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'e2e',
      rootDir: '.',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFiles: ['<rootDir>/test/setup/load-nest-first.ts'],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
  ],
};
