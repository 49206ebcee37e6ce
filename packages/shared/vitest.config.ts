import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // `pnpm mutation` copies the package into .stryker-tmp while it runs; its copies are not this package's tests.
    exclude: [...configDefaults.exclude, '.stryker-tmp/**', 'reports/**'],
  },
});
