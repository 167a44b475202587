import { CompactIdSet } from '../lib/id-set';
import { TraceCollector } from './otlp/trace/trace-collector';

/** What outlives one file within a loaded dataset: ids and counters that span files. */
export class LoadState {
  nextFileId = 1;
  nextSeq = 0;
  readonly seenRetrievalIds = new CompactIdSet();
  /** Spans of the traces read in the current load, resolved once its last file is read (store-traces.ts). */
  readonly traces = new TraceCollector();
  /** The files loaded so far, by fingerprint (file-fingerprint.ts), with the name each was loaded under. */
  private readonly loadedFiles = new Map<string, string>();

  /** Continues after rows already stored (a restored dataset): ids and order go on from there. */
  resume(counters: { nextFileId: number; nextSeq: number; retrievalIds: readonly string[]; loadedFiles?: readonly [string, string][] }): void {
    this.nextFileId = counters.nextFileId;
    this.nextSeq = counters.nextSeq;
    this.seenRetrievalIds.clear();
    for (const id of counters.retrievalIds) this.seenRetrievalIds.add(id);
    this.loadedFiles.clear();
    for (const [fingerprint, name] of counters.loadedFiles ?? []) this.loadedFiles.set(fingerprint, name);
  }

  /** Rows were stored outside a load up to `nextSeq` - 1: the next rows come after them. */
  advance(nextSeq: number): void {
    this.nextSeq = Math.max(this.nextSeq, nextSeq);
  }

  reset(): void {
    this.traces.clear();
    this.nextFileId = 1;
    this.nextSeq = 0;
    this.seenRetrievalIds.clear();
    this.loadedFiles.clear();
  }

  /** A point to go back to when the file about to be read fails. */
  mark(): number {
    return this.seenRetrievalIds.size;
  }

  /**
   * Forgets the retrieval ids defined since `mark`, so that a failed file does not leave its ids
   * behind (loading its corrected copy would reject every retrieval as a duplicate). A Set keeps
   * insertion order: the ids a file added are the last ones.
   */
  forgetSince(mark: number): void {
    const added: string[] = [];
    let index = 0;
    for (const id of this.seenRetrievalIds) if (index++ >= mark) added.push(id);
    for (const id of added) this.seenRetrievalIds.delete(id);
  }

  /** The name a file with this fingerprint was loaded under, or null when it is new. */
  loadedAs(fingerprint: string): string | null {
    return this.loadedFiles.get(fingerprint) ?? null;
  }

  /**
   * A file was read: the next rows are numbered after its own, and a file read whole (no error,
   * not a sample of its sessions) is remembered by its fingerprint, so that loading it again is
   * refused (its prompts, actions and labels would count twice). Returns the fingerprint to record
   * with the file, or null.
   */
  fileRead(result: { fileName: string; events: number; error: string | null }, fingerprint: string | null, sampled = false): string | null {
    this.nextSeq += result.events;
    if (fingerprint === null || result.error !== null || sampled) return null;
    this.loadedFiles.set(fingerprint, result.fileName);
    return fingerprint;
  }
}
