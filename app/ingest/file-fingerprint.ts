import { sha256BytesHex } from '../lib/sha256';
import type { FileIngestResult } from './ingest-file';
import { errorMessage } from '../lib/error-message';

/** How much of a file's start tells two files apart (with the name and size). */
export const FINGERPRINT_HEAD_BYTES = 1 << 20;

/** Name, size and a SHA-256 of the first megabyte: the same file picked twice has the same fingerprint. */
export async function fileFingerprint(name: string, size: number | null, head: Uint8Array<ArrayBuffer>): Promise<string> {
  return `${name}\u0000${size ?? '?'}\u0000${head.byteLength <= SYNC_DIGEST_BYTES ? sha256BytesHex(head) : await webCryptoSha256(head)}`;
}

/**
 * A head this short is hashed here: Web Crypto's digest is a round trip to another thread, which
 * on a busy machine cost 8 ms a file, most of the time of a tiny file's load. Same digest either way.
 */
const SYNC_DIGEST_BYTES = 64 * 1024;

async function webCryptoSha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The first `FINGERPRINT_HEAD_BYTES` of a stream (which is then cancelled). */
export async function streamHead(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < FINGERPRINT_HEAD_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const head = new Uint8Array(Math.min(length, FINGERPRINT_HEAD_BYTES));
  let offset = 0;
  for (const part of parts) {
    const take = part.subarray(0, head.byteLength - offset);
    head.set(take, offset);
    offset += take.byteLength;
    if (offset === head.byteLength) break;
  }
  return head;
}

/** What a file skipped as already loaded comes to: nothing stored, and why. */
export function skippedAsLoaded(fileId: number, fileName: string, bytes: number | null, loadedAs: string): FileIngestResult {
  const same = loadedAs === fileName ? '' : ` (as "${loadedAs}")`;
  return {
    fileId, fileName, bytes, textBytes: null, events: 0, rejected: 0, blankLines: 0, countsByType: {}, spans: {}, retrievalIds: [], skippedAs: loadedAs,
    error: `this file was already loaded${same}; it was skipped so that its events are not stored twice`,
  };
}

/** What a file that failed part-way comes to: its rows are taken back, and why. */
export function failedFile(fileId: number, fileName: string, bytes: number | null, error: unknown): FileIngestResult {
  const message = errorMessage(error);
  return {
    fileId, fileName, bytes, textBytes: null, events: 0, rejected: 0, blankLines: 0, countsByType: {}, spans: {}, retrievalIds: [],
    error: `could not load the file, nothing of it was stored: ${message}`,
  };
}

/**
 * The id of a dataset: a SHA-256 of its files' fingerprints (in any order, each once), first 16
 * hex digits. Labels given in the browser carry it (schema/given-label.ts): the same files loaded
 * again, in any order, are the same dataset.
 */
export async function datasetIdOf(fingerprints: readonly string[]): Promise<string> {
  const text = [...new Set(fingerprints)].sort().join('\n');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
