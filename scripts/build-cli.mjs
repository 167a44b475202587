// Bundles the command line (app/cli/main.ts) into dist-cli/cli.mjs; runs as `prepare` on npm install/ci.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = path.join(root, 'dist-cli', 'cli.mjs');

/** Bundles a TypeScript entry of this repo for Node (dependencies stay imports of node_modules). */
export async function bundleForNode(entry, outfile) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/** The command line's parsing worker, found beside cli.mjs (app/cli/chunk-workers.ts). */
export const CHUNK_WORKER_BUNDLE = path.join(root, 'dist-cli', 'chunk-worker.mjs');

/** The command line's statistics thread, found beside cli.mjs (app/cli/statistics-threads.ts). */
export const STATISTICS_WORKER_BUNDLE = path.join(root, 'dist-cli', 'statistics-worker.mjs');

export const buildCli = async () => {
  await bundleForNode('app/ingest/chunked/node-chunk.worker.ts', CHUNK_WORKER_BUNDLE);
  await bundleForNode('app/cli/statistics.worker.ts', STATISTICS_WORKER_BUNDLE);
  return bundleForNode('app/cli/main.ts', CLI_BUNDLE);
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when a bundle is missing or older than any source under app/ (when the sources are here). */
export function cliBundleIsStale() {
  let built;
  try {
    built = Math.min(...[CLI_BUNDLE, CHUNK_WORKER_BUNDLE, STATISTICS_WORKER_BUNDLE].map((bundle) => statSync(bundle).mtimeMs));
  } catch {
    return true;
  }
  const sources = path.join(root, 'app');
  try {
    return newestMtime(sources) > built;
  } catch {
    return false;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
}
