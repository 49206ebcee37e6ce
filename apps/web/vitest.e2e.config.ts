import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vite.config.ts';

// Browser tests: Chromium against the real API, which serves the built web client (dist/).
export default defineConfig({
  resolve: { alias: sharedAlias },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
