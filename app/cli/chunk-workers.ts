import { fileURLToPath } from 'node:url';
import { NodeChunkPool } from '../ingest/chunked/node-chunk-pool';

/**
 * Runs `work` with the parsing workers of the bundled command line (dist-cli/chunk-worker.mjs,
 * beside cli.mjs), and ends them after. Run from the sources there is no bundled worker, and the
 * files are read in this thread: the same rows, slower.
 */
export async function withChunkWorkers<T>(work: (pool: NodeChunkPool | undefined) => Promise<T>): Promise<T> {
  const pool = NodeChunkPool.at(fileURLToPath(new URL('./chunk-worker.mjs', import.meta.url))) ?? undefined;
  try {
    return await work(pool);
  } finally {
    await pool?.close();
  }
}
