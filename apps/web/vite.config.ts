import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export const sharedAlias = {
  // Before '@crm/shared': an alias also catches its subpaths, which would land inside index.ts.
  '@crm/shared/test': fileURLToPath(new URL('../../packages/shared/src/test/fixtures.ts', import.meta.url)),
  '@crm/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
};

// Where a signed-in user lands: the shell (session, top bar, socket) and the inbox (issue 22).
const LANDING_ENTRIES = ['src/app/guards/RequireAuth.tsx', 'src/pages/ChatPage.tsx'].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

/**
 * Modules the landing entries import, directly or through others (static imports only), computed once per build.
 * `ctx.getModuleInfo` is the bundler's module graph.
 */
function landingModules(ctx: Rolldown.ChunkingContext): ReadonlySet<string> {
  const seen = new Set<string>();
  const queue = [...LANDING_ENTRIES];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

let landing: ReadonlySet<string> | null = null;
const landingGroup =
  (name: string, libraries: boolean) =>
  (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    landing ??= landingModules(ctx);
    return landing.has(id) && id.includes('/node_modules/') === libraries ? name : null;
  };

/**
 * Issue 22: index.html gets public/landing-preload.js, told the built paths of the landing chunks (JS and CSS): on
 * /chat with a token it has the browser fetch them beside the start chunk rather than after it has run.
 */
function landingPreload(): Plugin {
  return {
    name: 'landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (output): output is Rolldown.OutputChunk =>
            output.type === 'chunk' && (output.name === 'landing' || output.name === 'landing-lib'),
        );
        const css = chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        const files = [...chunks.map((chunk) => chunk.fileName), ...css].map((file) => `/${file}`);
        if (files.length === 0) throw new Error('landing-preload: no landing chunk in the build');
        return [
          {
            tag: 'script',
            attrs: { src: '/landing-preload.js', 'data-chunks': files.join(' '), async: true },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** Libraries that only some pages use, which must never reach the start chunk that every page, /login first, loads. */
const NOT_IN_START = ['/node_modules/libphonenumber-js/'];

/**
 * Issue 22: fails the build when the entry chunk or a chunk it imports statically carries one of NOT_IN_START.
 * libphonenumber-js (122 kB, 24 kB brotli) had come back into /login's start chunk because the login form's
 * validators shared a module with the phone validator, and the bundle kept the phone rules (and the library) for that
 * import although the login form calls none of them; nothing in the source shows it, only the built chunks.
 */
function startChunkGuard(): Plugin {
  return {
    name: 'start-chunk-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is Rolldown.OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const queue = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const seen = new Set<string>();
      while (queue.length > 0) {
        const fileName = queue.pop() as string;
        if (seen.has(fileName)) continue;
        seen.add(fileName);
        const chunk = chunks.get(fileName);
        if (!chunk) continue;
        const offending = chunk.moduleIds.filter((id) => NOT_IN_START.some((path) => id.includes(path)));
        if (offending.length > 0) {
          this.error(`start-chunk-guard: ${fileName} is loaded by every page and carries ${offending[0]}`);
        }
        queue.push(...chunk.imports);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    landingPreload(),
    startChunkGuard(),
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
            // What the signed-in shell and the inbox need beyond the start, in two chunks (libraries, the app's code):
            // most visits land there, and grouped by pages below, /chat came as some thirty files of which several
            // carried what only other pages use (the drag and drop library, antd's table and tree merged in with
            // small groups), each a request queued on the browser's six connections (issue 22). A page other than
            // the inbox loads them for the modules it shares with it.
            { name: landingGroup('landing-lib', true), includeDependenciesRecursively: false, priority: 25 },
            { name: landingGroup('landing', false), includeDependenciesRecursively: false, priority: 24 },
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
