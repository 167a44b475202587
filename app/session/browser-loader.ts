import type { Engine } from '../engine/engine';
import { recordFile, recordFiles, recordTraceRows } from '../engine/dataset';
import { withTraceCounts } from '../ingest/otlp/store-traces';
import type { LoadCounters } from '../engine/kept-dataset';
import type { FileIngestResult, IngestProgress } from '../ingest/ingest-file';
import { browserWorkerEndpoint } from '../lib/worker-endpoints';
import { WorkerPeer } from '../lib/worker-rpc';
import type { IngestPageProtocol, IngestProtocol, LoadEvent, LoadInput } from '../ingest/worker-protocol';

export interface LoadProgress {
  fileIndex: number;
  fileCount: number;
  file: IngestProgress;
}

export interface LoadOutcome {
  files: FileIngestResult[];
  cancelledFile: string | null;
}

/** A worker that failed fails the next load, which says so. */
const ignoreFailure = () => undefined;

/**
 * Parsing and validation run in the ingest worker; Arrow batches come back here and go into
 * DuckDB (itself in another worker), one at a time, so memory stays bounded on large files.
 */
export class BrowserLoader {
  private readonly worker = new WorkerPeer<IngestProtocol, IngestPageProtocol>(
    browserWorkerEndpoint(new Worker(new URL('../ingest/ingest.worker.ts', import.meta.url), { type: 'module' })),
    'the ingest worker failed',
  );
  private running = false;
  /** The running load's cancel. */
  private abort: AbortController | null = null;
  /** Where the running load's batches go: the worker asks the page to store each, and waits for the answer. */
  private store: (table: string, ipc: Uint8Array) => Promise<void> = () => Promise.resolve();
  /** A restored dataset's counters, not yet given to the worker: read when first needed (`resumeFrom`). */
  private pending: { read: () => Promise<LoadCounters>; reading: Promise<LoadCounters> | null } | null = null;
  /** The largest `advance` since the last reset: a restored dataset's counters, given later, continue after it. */
  private advancedTo = 0;

  get busy(): boolean {
    return this.running;
  }

  /**
   * `engine` stores the batches (a connection of its own, one transaction per file);
   * `afterLoad` brings the derived tables up to date once the files are committed.
   */
  constructor(
    private readonly engine: Engine,
    private readonly afterLoad: () => Promise<void>,
  ) {
    this.worker.serve({ insert: ({ table, ipc }) => this.store(table, ipc) });
  }

  load(inputs: LoadInput[], onProgress: (progress: LoadProgress) => void): Promise<LoadOutcome> {
    if (this.running) return Promise.reject(new Error('A load is already running'));
    this.running = true;
    const abort = (this.abort = new AbortController());
    const outcome: LoadOutcome = { files: [], cancelledFile: null };
    // Engine calls are chained so batches and file records land in the order they were sent.
    // The first failure to store (a full disk, say) stops the load: the worker is told to stop,
    // the steps still queued are skipped, and every batch is answered so the worker can finish.
    let storeFailure: Error | null = null;
    let work = Promise.resolve();
    const then = (step: () => Promise<unknown>) => {
      work = work.then(async () => {
        if (storeFailure) return;
        await step().catch((error: Error) => {
          storeFailure = error;
          abort.abort();
        });
      });
    };
    // Each file is one transaction (a group of small files, one for all): its rows appear at once
    // when it is recorded, a cancelled file is rolled back, and DuckDB writes whole row groups
    // instead of logging every batch.
    const begin = () => this.engine.exec('BEGIN TRANSACTION');
    const commit = () => this.engine.exec('COMMIT');
    const rollback = () => this.engine.exec('ROLLBACK');
    then(begin);
    this.store = (table, ipc) => {
      then(() => this.engine.insertArrowIPC(table, ipc));
      return work;
    };
    const onEvent = (event: LoadEvent) => {
      switch (event.kind) {
        case 'progress':
          onProgress({ fileIndex: event.fileIndex, fileCount: event.fileCount, file: event.progress });
          break;
        case 'file-done':
          outcome.files.push(event.result);
          then(() => recordFile(this.engine, event.result));
          then(commit);
          then(begin);
          break;
        case 'files-done':
          outcome.files.push(...event.results);
          then(() => recordFiles(this.engine, event.results));
          then(commit);
          then(begin);
          break;
        case 'file-failed':
          outcome.files.push(event.result);
          then(rollback);
          then(begin);
          then(() => recordFile(this.engine, event.result));
          then(commit);
          then(begin);
          break;
        case 'file-cancelled':
          outcome.cancelledFile = event.fileName;
          then(rollback);
          then(begin);
          break;
        case 'traces-done':
          for (const counts of event.counts) {
            const index = outcome.files.findIndex((file) => file.fileId === counts.fileId);
            if (index >= 0) outcome.files[index] = withTraceCounts(outcome.files[index], counts);
            then(() => recordTraceRows(this.engine, counts));
          }
          then(commit);
          then(begin);
          break;
      }
    };
    const finish = async (workerError?: Error) => {
      this.abort = null;
      // A file the worker could not finish leaves no rows behind.
      then(workerError ? rollback : commit);
      // Lineage, resolved labels and per-retrieval facts are derived once here, so every
      // screen opens on ready tables.
      then(this.afterLoad);
      await work;
      if (storeFailure) await rollback().catch(() => undefined);
      this.running = false;
      const error = storeFailure ?? workerError;
      if (error) throw error;
      return outcome;
    };
    return this.givePendingCounters()
      .then(() => this.worker.call('load', { inputs }, { onProgress: onEvent, signal: abort.signal }))
      .then(() => finish(), (error: Error) => finish(error));
  }

  cancel(): void {
    this.abort?.abort();
  }

  /** The next load starts from empty: file ids, order and known retrieval ids begin again. */
  reset(): void {
    this.pending = null;
    this.advancedTo = 0;
    this.worker.call('reset', null).catch(ignoreFailure);
  }

  /**
   * The next load continues after rows already stored (a restored dataset), where `read` says.
   * Read when first needed, by the next load or by `readAhead`, not before the first screen: at
   * 1M events the known retrieval ids alone take most of a second to read.
   */
  resumeFrom(read: () => Promise<LoadCounters>): void {
    this.pending = { read, reading: null };
  }

  /** Starts reading a restored dataset's counters, so that the next load need not wait for them. */
  readAhead(): void {
    this.countersRead()?.catch(ignoreFailure);
  }

  /** Rows were stored outside a load (labels given here): the next load numbers its rows after them. */
  advance(nextSeq: number): void {
    this.advancedTo = Math.max(this.advancedTo, nextSeq);
    this.worker.call('advance', { nextSeq }).catch(ignoreFailure);
  }

  private countersRead(): Promise<LoadCounters> | null {
    if (!this.pending) return null;
    return (this.pending.reading ??= this.pending.read());
  }

  /** Gives the worker a restored dataset's counters before the next load (once; none after a reset). */
  private async givePendingCounters(): Promise<void> {
    const pending = this.pending;
    const reading = this.countersRead();
    if (!pending || !reading) return;
    const counters = await reading;
    if (this.pending !== pending) return;
    this.pending = null;
    // an advance the worker had before these counters arrive must not be undone by them
    await this.worker.call('resume', { ...counters, nextSeq: Math.max(counters.nextSeq, this.advancedTo) });
  }
}
