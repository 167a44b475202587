/** A start-up step of the browser engine, in order; `compiled` is reported from inside its worker. */
export type EngineStartStep = 'download' | 'compiled' | 'started' | 'opened';

/** What the engine worker posts about its start, through DuckDB's LOG channel. */
export interface EngineStartLog {
  engineStartStep: EngineStartStep;
  ms: number;
}

/** A write to the kept database file that the browser refused (a full disk, a revoked permission). */
export interface StorageFailureLog {
  storageFailure: string;
}

export const isEngineStartLog = (value: unknown): value is EngineStartLog =>
  typeof value === 'object' && value !== null && 'engineStartStep' in value;

export const isStorageFailureLog = (value: unknown): value is StorageFailureLog =>
  typeof value === 'object' && value !== null && 'storageFailure' in value;

/**
 * Starts DuckDB-wasm's own worker script in a worker that compiles the wasm module from the
 * plain HTTP response.
 *
 * DuckDB's worker wraps the wasm response in a TransformStream to report download progress and
 * compiles that synthetic Response. Chromium caches compiled wasm code only for a module
 * compiled from a fetched, cacheable response, so every start compiled the 34 MB module anew.
 * Here `WebAssembly.instantiateStreaming` is replaced, before DuckDB's script runs, by one that
 * compiles `fetch(wasmUrl)` itself and leaves the synthetic stream unread.
 */
export function createEngineWorker(workerUrl: string, wasmUrl: string, storageQuotaBytes: number | null = null): Worker {
  const source = `
const WASM_URL = ${JSON.stringify(wasmUrl)};
${storageQuotaBytes === null ? '' : quotaSource(storageQuotaBytes)}
${REFUSED_WRITES_SOURCE}
const report = (step) => postMessage({ requestId: 0, type: 'LOG', data: { engineStartStep: step, ms: performance.now() } });
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (response, imports) => {
  const synthetic = await response;
  if (synthetic && synthetic.url === WASM_URL) return instantiateStreaming(synthetic, imports);
  synthetic?.body?.cancel().catch(() => {});
  const module = await WebAssembly.compileStreaming(fetch(WASM_URL, { credentials: 'same-origin' }));
  report('compiled');
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};
importScripts(${JSON.stringify(new URL(workerUrl, window.location.href).href)});
`;
  return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
}

/**
 * An exception from an OPFS write inside DuckDB's wasm aborts the whole engine ("Aborted()"), and
 * a short write makes it retry forever. Instead a refused write reports the failure to the page
 * and claims success: the engine goes on from its memory, and the page, told, moves the dataset
 * to memory and removes the kept file, which is incomplete from then on.
 */
const REFUSED_WRITES_SOURCE = `
if (self.FileSystemSyncAccessHandle) {
  const refusable = FileSystemSyncAccessHandle.prototype.write;
  FileSystemSyncAccessHandle.prototype.write = function (buffer, options) {
    try {
      return refusable.call(this, buffer, options);
    } catch (error) {
      postMessage({ requestId: 0, type: 'LOG', data: { storageFailure: (error && error.name ? error.name + ': ' : '') + (error && error.message || String(error)) } });
      return buffer.byteLength;
    }
  };
}
`;

/**
 * A storage quota of `bytes` over the files this worker writes, enforced as the browser does
 * when its storage is full (QuotaExceededError from the write). The browser tests use it: the
 * DevTools quota override truncates writes to OPFS access handles instead of failing them.
 */
const quotaSource = (bytes: number) => `
const QUOTA = ${bytes};
const sizes = new Map();
const write = FileSystemSyncAccessHandle.prototype.write;
FileSystemSyncAccessHandle.prototype.write = function (buffer, options) {
  const end = (options && options.at !== undefined ? options.at : this.getSize()) + buffer.byteLength;
  sizes.set(this, Math.max(sizes.get(this) ?? this.getSize(), end));
  let total = 0;
  for (const size of sizes.values()) total += size;
  if (total > QUOTA) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return write.call(this, buffer, options);
};
`;
