import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const require = createRequire(__filename);

export default defineConfig({
  plugins: [
    swc.vite({
      tsconfigFile: false,
      swcrc: false,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
        keepClassNames: true,
      },
    }),
  ],
  resolve: {
    alias: {
      '@crm/shared': resolve(__dirname, '../../packages/shared/src/index.ts'),
      // One copy of graphql: the CommonJS build that @nestjs/graphql requires (instanceof checks on scalars).
      graphql: require.resolve('graphql'),
    },
  },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.e2e-spec.ts', 'test/medium/**/*.spec.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One process for every file keeps the module cache (import time 367 s → 24 s of a run). What a file leaves
    // behind it must not be able to meet the next: test/helpers.ts's client addresses never repeat in a run.
    isolate: false,
  },
});
