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

// The statistics charts (@ant-design/plots) and the libraries only they use: a chunk of their own, loaded with the
// lazy statistics pages, never at start (issue 20).
const CHART_ONLY =
  /node_modules[\\/](@ant-design[\\/](plots|charts-util)|@antv|d3-[^\\/]+|base64-arraybuffer|color-string|commander|css-line-break|eventemitter3|fast-deep-equal|fecha|flru|gl-matrix|html2canvas|iconv-lite|internmap|is-arrayish|lodash|pdfast|rw|safer-buffer|simple-swizzle|svg-path-parser|text-segmentation|utrie)[\\/]/;

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
    // Libraries change less often than the app: separate chunks stay cached across releases.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design(?![\\/](plots|charts-util)[\\/])|@rc-component|rc-[^\\/]+)[\\/]/,
              priority: 20,
            },
            // The boards' drag and drop (dnd-kit): loaded with the lazy board page only (issue 21).
            { name: 'dnd', test: /node_modules[\\/]@dnd-kit[\\/]/, priority: 15 },
            // Vite's preload helper too: the app's lazy imports need it at start, and the charts use it as well.
            {
              name: 'vendor',
              test: (id: string) =>
                (/node_modules/.test(id) && !CHART_ONLY.test(id)) || id.includes('vite/preload-helper'),
              priority: 10,
            },
            // After vendor, so React and the helpers the app shares stay in the chunks loaded at start.
            { name: 'charts', test: CHART_ONLY, priority: 5 },
          ],
        },
      },
    },
  },
});
