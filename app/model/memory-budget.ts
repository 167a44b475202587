/**
 * How much memory a file set needs once loaded, against what this tab may use: checked before a
 * load, so that a file set too big is refused with choices instead of crashing the tab.
 */

export interface FileToLoad {
  name: string;
  /** Bytes on disk (compressed, for gzip). */
  size: number;
  /** A gzip file's trailer ISIZE: its expanded size modulo 2^32, exact for a single member under 4 GiB; null when unread. */
  gzipTrailerSize?: number | null;
  /** Bytes out per byte in, measured by expanding the file's first piece; null when not measured. */
  gzipHeadRatio?: number | null;
}

export interface FileEstimate {
  name: string;
  size: number;
  /** Bytes of text (or Parquet) the file holds once decompressed. */
  expandedBytes: number;
  /** How the expanded size was found: the file's size, the gzip trailer, or a typical gzip ratio. */
  expandedFrom: 'size' | 'gzip-trailer' | 'gzip-head' | 'gzip-ratio';
  /** Memory the loaded file is estimated to take. */
  memoryBytes: number;
}

export interface MemoryEstimate {
  files: FileEstimate[];
  memoryBytes: number;
  budgetBytes: number;
  overBudget: boolean;
  /** The k of "every k-th session" that brings the estimate under the budget (1 when it fits). */
  sampleEvery: number;
}

/** Logs compress about this much under gzip (JSON Lines of agent events: 6–12×). */
export const TYPICAL_GZIP_RATIO = 8;
/**
 * Memory per byte of input text, parsed into batches and stored in DuckDB's columns. The browser
 * benchmark (scripts/bench-browser.mjs) peaked at 1.12–1.15 GB for 385 MB of JSON Lines, the page's
 * own ~345 MB included: about 2.06 bytes per byte over that base (docs/performance.md, "Stop 42";
 * 2.6 before the loaded rows were compressed).
 */
const MEMORY_PER_TEXT_BYTE = 2;
/** Parquet is already columnar and compressed: it expands more when stored. */
const MEMORY_PER_PARQUET_BYTE = 5;

const isGzip = (name: string) => /\.gz$/i.test(name);
const isParquet = (name: string) => /\.parquet(\.gz)?$/i.test(name);

const FOUR_GIB = 2 ** 32;
/** Deflate cannot expand data more than about 1032 times (RFC 1951's longest match per bit). */
const MAX_DEFLATE_RATIO = 1032;

/**
 * The expanded size of a gzip file: the trailer's ISIZE when it is believable (a single member
 * under 4 GiB); else the ratio measured on the file's head (a "gzip bomb" of zeros expands
 * 1000×, and its ISIZE has wrapped past 4 GiB); else a typical ratio.
 */
function expanded(file: FileToLoad): Pick<FileEstimate, 'expandedBytes' | 'expandedFrom'> {
  if (!isGzip(file.name)) return { expandedBytes: file.size, expandedFrom: 'size' };
  const trailer = file.gzipTrailerSize ?? null;
  const fromHead = file.gzipHeadRatio ? Math.round(file.size * file.gzipHeadRatio) : null;
  // A trailer smaller than the file itself is wrapped past 4 GiB or belongs to the last of several
  // members; one larger than deflate can expand to is not a trailer at all (bytes after the data).
  const trailerBelievable =
    trailer !== null && trailer >= file.size && trailer <= file.size * MAX_DEFLATE_RATIO && (fromHead === null || fromHead < FOUR_GIB);
  if (trailerBelievable) return { expandedBytes: trailer, expandedFrom: 'gzip-trailer' };
  if (fromHead !== null) return { expandedBytes: fromHead, expandedFrom: 'gzip-head' };
  return { expandedBytes: file.size * TYPICAL_GZIP_RATIO, expandedFrom: 'gzip-ratio' };
}

export function estimateFile(file: FileToLoad): FileEstimate {
  const size = expanded(file);
  const perByte = isParquet(file.name) ? MEMORY_PER_PARQUET_BYTE : MEMORY_PER_TEXT_BYTE;
  return { name: file.name, size: file.size, ...size, memoryBytes: Math.round(size.expandedBytes * perByte) };
}

export function estimateMemory(files: readonly FileToLoad[], budgetBytes: number): MemoryEstimate {
  const estimates = files.map(estimateFile);
  const memoryBytes = estimates.reduce((sum, file) => sum + file.memoryBytes, 0);
  const overBudget = memoryBytes > budgetBytes;
  const sampleEvery = overBudget && budgetBytes > 0 ? Math.ceil(memoryBytes / budgetBytes) : 1;
  return { files: estimates, memoryBytes, budgetBytes, overBudget, sampleEvery };
}

const GIB = 1024 ** 3;
/** DuckDB-wasm is a 32-bit wasm module: it can address 4 GiB at most, and the page needs its share. */
const WASM_CEILING = 2 * GIB;
export const FALLBACK_BUDGET = 1 * GIB;

export interface MemorySignals {
  /** navigator.deviceMemory, in GiB (Chrome rounds it and caps it at 8). */
  deviceMemoryGiB?: number | null;
  /** performance.memory.jsHeapSizeLimit (Chrome only). */
  jsHeapSizeLimit?: number | null;
  /** A budget the user or a test set (URL parameter or setting), as text such as "512MB". */
  configured?: string | null;
}

export interface MemoryBudget {
  bytes: number;
  source: 'configured' | 'device' | 'fallback';
}

/** The budget: a configured one when valid; else a quarter of the device's memory or the JS heap limit, within wasm's reach; else 1 GiB. */
export function memoryBudget(signals: MemorySignals): MemoryBudget {
  const configured = signals.configured ? parseByteSize(signals.configured) : null;
  if (configured !== null) return { bytes: configured, source: 'configured' };
  const limits = [
    signals.deviceMemoryGiB && signals.deviceMemoryGiB > 0 ? (signals.deviceMemoryGiB * GIB) / 4 : null,
    signals.jsHeapSizeLimit && signals.jsHeapSizeLimit > 0 ? signals.jsHeapSizeLimit : null,
  ].filter((limit): limit is number => limit !== null);
  if (limits.length === 0) return { bytes: FALLBACK_BUDGET, source: 'fallback' };
  return { bytes: Math.min(WASM_CEILING, ...limits), source: 'device' };
}

/** Decimal units, as formatBytes (lib/format.ts) shows sizes. */
const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1e3, k: 1e3, mb: 1e6, m: 1e6, gb: 1e9, g: 1e9 };

/** "512MB", "2 GB", "1500000" → bytes; null for anything else (or zero). */
export function parseByteSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?b?)\s*$/i.exec(text);
  if (!match) return null;
  const bytes = Math.round(Number(match[1]) * UNITS[match[2].toLowerCase()]);
  return bytes > 0 && Number.isFinite(bytes) ? bytes : null;
}
