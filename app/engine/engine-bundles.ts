import { selectBundle, type DuckDBBundle, type DuckDBBundles } from '@duckdb/duckdb-wasm';
import coiPthreadWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-coi.pthread.worker.js?url';
import coiWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-coi.worker.js?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import coiWasm from '@duckdb/duckdb-wasm/dist/duckdb-coi.wasm?url';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';

// Served from our own origin: duckdb-wasm's default bundles point at a CDN.
const SINGLE_THREAD_BUNDLES: DuckDBBundles = {
  mvp: { mainModule: mvpWasm, mainWorker: mvpWorker },
  eh: { mainModule: ehWasm, mainWorker: ehWorker },
};
/** `selectBundle` picks `coi` only on a cross-origin isolated page with wasm threads, SIMD and exceptions. */
const WITH_THREADED_BUNDLE: DuckDBBundles = {
  ...SINGLE_THREAD_BUNDLES,
  coi: { mainModule: coiWasm, mainWorker: coiWorker, pthreadWorker: coiPthreadWorker },
};

/** Which build of DuckDB-wasm runs, and on how many threads (the Overview shows it). */
export interface EngineBuild {
  kind: 'threaded' | 'single-thread';
  threads: number;
  /** Why the threaded build does not run, in words; null when it runs. */
  reason: string | null;
}

export interface SelectedBundle {
  bundle: DuckDBBundle;
  /** The threads to open the database with: the browser's cores on the threaded build, else none asked. */
  maximumThreads: number | undefined;
  kind: EngineBuild['kind'];
  reason: string | null;
}

/**
 * DuckDB-wasm 1.32's threaded build cannot keep a database in the browser's storage: its threads
 * have no handle on the OPFS file (a write from one aborts the engine), and on a restart it fails
 * to hand them the handle (DataCloneError; duckdb-wasm issues 2096 and 2243). So it runs only
 * for a database held in memory.
 */
const KEPT_REASON = "the dataset is kept in this browser's storage, which DuckDB-wasm's threaded build cannot write to (duckdb-wasm issues 2096, 2243)";

export async function selectEngineBundle(keptInStorage: boolean): Promise<SelectedBundle> {
  if (keptInStorage) return { bundle: await selectBundle(SINGLE_THREAD_BUNDLES), maximumThreads: undefined, kind: 'single-thread', reason: KEPT_REASON };
  const bundle = await selectBundle(WITH_THREADED_BUNDLE);
  if (bundle.mainModule === coiWasm) return { bundle, maximumThreads: navigator.hardwareConcurrency, kind: 'threaded', reason: null };
  return { bundle, maximumThreads: undefined, kind: 'single-thread', reason: notIsolatedReason() };
}

function notIsolatedReason(): string {
  if (!globalThis.crossOriginIsolated) return 'this page is not cross-origin isolated (its server sends no Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy headers)';
  return 'this browser lacks WebAssembly threads, SIMD or exceptions';
}
