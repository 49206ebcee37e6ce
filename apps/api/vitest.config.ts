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
    // One worker runs the files one after another and keeps its module cache: each file used to import the whole
    // Nest application again (237 s of imports in a 576 s run; 247 s for the suite without). Every file builds its
    // own application and data, and none mocks a module, so nothing leaks from one file to the next.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
