import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export const sharedAlias = {
  // Before '@crm/shared': an alias also catches its subpaths, which would land inside index.ts.
  '@crm/shared/test': fileURLToPath(new URL('../../packages/shared/src/test/fixtures.ts', import.meta.url)),
  '@crm/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
};

export default defineConfig({
  plugins: [
    react(),
    // Brotli (quality 11) and gzip (level 9) files next to every text asset of 1 KB and more, made once at build
    // time: the API serves them by Accept-Encoding without compressing on each request (issue 22).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: { alias: sharedAlias },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/graphql': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The statistics page carries the chart library (about 1.6 MB before compression), loaded with it only.
    chunkSizeWarningLimit: 1800,
    rolldownOptions: {
      output: {
        // The groups below leave a module's dependencies in their own chunks (includeDependenciesRecursively off), so
        // a chunk can run before one it reads from: a page's top-level constant built from another chunk's export was
        // undefined (/spaces, /multimedia went blank on a full load). Wrapping modules keeps source order.
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            // Everything the app runs before its first page (React, the router, Ant Design's core, the client's
            // setup) in one chunk: left to the automatic split it came as some twenty small files, each a request
            // on the slow link. The pages, loaded on demand, and what only they use stay in chunks of their own.
            { name: 'start', tags: ['$initial'], includeDependenciesRecursively: false, priority: 30 },
            // What the pages load on demand, grouped by the set of pages that use it, small groups merged into their
            // nearest neighbour: the inbox came as some eighty files of 1 to 5 KB, each waiting its turn on the
            // browser's six connections. Libraries and the app's shared modules apart, as they change at different
            // times.
            {
              name: 'lib',
              test: /node_modules/,
              entriesAware: true,
              entriesAwareMergeThreshold: 40_000,
              includeDependenciesRecursively: false,
              priority: 20,
            },
            {
              name: 'shared',
              test: /[\\/]src[\\/]/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
              includeDependenciesRecursively: false,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
