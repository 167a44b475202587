import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Built assets carry a content hash in their names, so `vite preview` (and any static host that
 * copies this rule) lets the browser keep them for good: DuckDB's 34 MB wasm is then neither
 * fetched nor revalidated again, and Chromium reuses the code it compiled for it.
 */
const immutableAssets: Plugin = {
  name: 'retrieval-inspector:immutable-assets',
  configurePreviewServer(server) {
    server.middlewares.use((request, response, next) => {
      if ((request.url ?? '').startsWith('/assets/')) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), immutableAssets],
  root: '.',
  build: { outDir: 'dist', target: 'es2022', chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] },
  server: { fs: { allow: ['.'] } },
  test: {
    include: ['app/**/*.test.ts', 'sample-logs/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
