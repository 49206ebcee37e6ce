import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedAlias },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'dist/**', 'node_modules/**'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Ant Design forms rendered in jsdom take seconds on a busy 2-core machine; 5 s made them flaky, not faster.
    testTimeout: 20_000,
    // Vitest leaves a core for its own process; its main process is idle here, so a 2-core machine runs two files
    // at once (471 s → 364 s for the whole suite on this machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
