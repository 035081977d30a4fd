import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

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
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/testSetup.ts'],
    // One worker per core (Vitest's default leaves one for itself).
    maxWorkers: '100%',
    // A test waits for conditions (asyncUtilTimeout in testSetup.ts), never for a fixed time; this is
    // only the ceiling for a test on a loaded machine.
    testTimeout: 30_000,
  },
});
