import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

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

/**
 * The built app's Content Security Policy: scripts, styles, workers and connections from its own
 * origin only, no inline script. 'wasm-unsafe-eval' lets DuckDB compile its wasm; `blob:` workers
 * are the engine's bootstrap (app/engine/engine-worker.ts builds it in the page, and a blob worker
 * keeps this policy); `blob:`/`data:` images are the page's own downloads and icons. The dev server
 * goes without it: its HMR client is an inline script and its CSS arrives in <style> tags.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The policy in the built index.html (any static host serves it) and as a header of `vite preview`. */
const contentSecurityPolicy: Plugin = {
  name: 'retrieval-inspector:content-security-policy',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) => (context.server ? html : html.replace(/(<meta charset="[^"]*" \/>)/, `$1\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`)),
  },
  configurePreviewServer(server) {
    server.middlewares.use((_request, response, next) => {
      // frame-ancestors works only as a header, not in a <meta> policy
      response.setHeader('Content-Security-Policy', `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
      next();
    });
  },
};

/**
 * Cross-origin isolation, off unless RI_CROSS_ORIGIN_ISOLATION=1: with these two headers on every
 * response the page gets SharedArrayBuffer, and a dataset in memory runs on DuckDB-wasm's threaded
 * build (app/engine/engine-bundles.ts). Off because that build measured slower on this 2-core
 * machine and once hung mid-load (docs/performance.md, Stop 34); scripts/bench-threaded.mjs turns
 * it on to measure again. require-corp blocks any cross-origin resource without a CORP header;
 * the app loads none.
 */
export const CROSS_ORIGIN_ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

const crossOriginIsolation: Plugin = {
  name: 'retrieval-inspector:cross-origin-isolation',
  configureServer(server) {
    server.middlewares.use(sendIsolationHeaders);
  },
  configurePreviewServer(server) {
    server.middlewares.use(sendIsolationHeaders);
  },
};

function sendIsolationHeaders(_request: unknown, response: { setHeader(name: string, value: string): void }, next: () => void) {
  if (process.env.RI_CROSS_ORIGIN_ISOLATION === '1') {
    for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION_HEADERS)) response.setHeader(name, value);
  }
  next();
}

const TEST_FILES = ['app/**/*.test.ts', 'sample-logs/**/*.test.ts', 'scripts/**/*.test.ts'];
const CHDB_TEST_FILES = 'app/**/*.chdb.test.ts';

export default defineConfig({
  plugins: [react(), immutableAssets, contentSecurityPolicy, crossOriginIsolation],
  root: '.',
  build: { outDir: 'dist', target: 'es2022', chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] },
  server: { fs: { allow: ['.'] } },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves a core idle (cores − 1, one worker on this 2-core machine); most test
    // files run DuckDB-wasm on one thread, so one per core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // A worker runs its files one after another in one module graph: a fresh graph per file
      // imported DuckDB-wasm's bundle, Arrow and the engine again each time (in the clean-clone run
      // the two workers spent about 500 of 1,300 worker-seconds outside any file's tests). Every
      // file still opens and closes its own engines.
      { extends: true, test: { name: 'shared', include: TEST_FILES, exclude: [...configDefaults.exclude, CHDB_TEST_FILES], isolate: false } },
      // chdb keeps one session a process: each chdb file in a process of its own.
      { extends: true, test: { name: 'chdb', include: [CHDB_TEST_FILES] } },
    ],
  },
});
