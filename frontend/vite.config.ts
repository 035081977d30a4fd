import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

const TESTS = /\.test\.tsx?$/;
/** Test files under `dir`, relative to this folder. */
function testFiles(dir: string): string[] {
  return readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => TESTS.test(name))
    .map((name) =>
      relative(import.meta.dirname, join(import.meta.dirname, dir, name))
        .split('\\')
        .join('/'),
    );
}

// A file that replaces a module (vi.mock) or a global (vi.stubGlobal, vi.stubEnv) gets a module graph
// of its own; every other file shares its worker's modules with the files before it, which saves
// loading react-admin and MUI once per file. testSetup.ts puts the page, the storage and the timers
// back before each file, so a shared file starts where an isolated one would.
const OWN_MODULES = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;
const isolated = testFiles('src').filter((file) => OWN_MODULES.test(readFileSync(join(import.meta.dirname, file), 'utf8')));

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: backend, changeOrigin: false } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/testSetup.ts'],
    // Worker threads rather than child processes: cheaper to start on two cores.
    pool: 'threads',
    // One worker per core (Vitest's default leaves one for itself).
    maxWorkers: '100%',
    // A test waits for conditions (asyncUtilTimeout in testSetup.ts), never for a fixed time; this is
    // only the ceiling for a test on a loaded machine.
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: isolated, isolate: false },
      },
    ],
  },
});
