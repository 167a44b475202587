import type { Engine } from '../engine/engine';
import { recordFile, recordFiles, recordTraceRows } from '../engine/dataset';
import { withTraceCounts } from '../ingest/otlp/store-traces';
import type { LoadCounters } from '../engine/kept-dataset';
import type { FileIngestResult, IngestProgress } from '../ingest/ingest-file';
import type { FromIngestWorker, LoadInput, ToIngestWorker } from '../ingest/worker-protocol';

export interface LoadProgress {
  fileIndex: number;
  fileCount: number;
  file: IngestProgress;
}

export interface LoadOutcome {
  files: FileIngestResult[];
  cancelledFile: string | null;
}

/** About an eighth of a 1M-event file's Arrow batches (862 MB): each pass costs a few fixed queries. */
const DERIVE_EVERY_BYTES = 96 * 1024 * 1024;

/**
 * Parsing and validation run in the ingest worker; Arrow batches come back here and go into
 * DuckDB (itself in another worker), one at a time, so memory stays bounded on large files.
 */
export class BrowserLoader {
  private readonly worker = new Worker(new URL('../ingest/ingest.worker.ts', import.meta.url), { type: 'module' });
  private running = false;
  /** Bytes of Arrow batches inserted since the derived tables last took them in. */
  private sinceDerived = 0;

  get busy(): boolean {
    return this.running;
  }

  /**
   * `engine` stores the batches (a connection of its own, one transaction per file);
   * `whileLoading` brings some derived tables up to date with what it inserted so far, inside its
   * transaction, while the workers parse the next chunks (after every `DERIVE_EVERY_BYTES`);
   * `afterLoad` brings all of them up to date once the files are committed.
   */
  constructor(
    private readonly engine: Engine,
    private readonly afterLoad: () => Promise<void>,
    private readonly whileLoading: (engine: Engine) => Promise<unknown> = async () => undefined,
  ) {}

  load(inputs: LoadInput[], onProgress: (progress: LoadProgress) => void): Promise<LoadOutcome> {
    if (this.running) return Promise.reject(new Error('A load is already running'));
    this.running = true;
    this.sinceDerived = 0;
    const outcome: LoadOutcome = { files: [], cancelledFile: null };
    // Engine calls are chained so batches and file records land in the order they were sent.
    // The first failure to store (a full disk, say) stops the load: the worker is told to stop,
    // the steps still queued are skipped, and every batch is acknowledged so the worker can finish.
    let storeFailure: Error | null = null;
    let work = Promise.resolve();
    const then = (step: () => Promise<unknown>) => {
      work = work.then(async () => {
        if (storeFailure) return;
        await step().catch((error: Error) => {
          storeFailure = error;
          this.send({ kind: 'cancel' });
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
    return new Promise<LoadOutcome>((resolve, reject) => {
      const finish = (workerError?: Error) => {
        this.worker.onmessage = null;
        // A file the worker could not finish leaves no rows behind.
        then(workerError ? rollback : commit);
        // Lineage, resolved labels and per-retrieval facts are derived once here, so every
        // screen opens on ready tables.
        then(this.afterLoad);
        void work.then(async () => {
          if (storeFailure) await rollback().catch(() => undefined);
          this.running = false;
          const error = storeFailure ?? workerError;
          if (error) reject(error);
          else resolve(outcome);
        });
      };
      this.worker.onmessage = (event: MessageEvent<FromIngestWorker>) => {
        const message = event.data;
        switch (message.kind) {
          case 'batch':
            then(() => this.engine.insertArrowIPC(message.table, message.ipc));
            work = work.then(() => this.send({ kind: 'inserted', batchId: message.batchId }));
            this.sinceDerived += message.ipc.byteLength;
            if (this.sinceDerived >= DERIVE_EVERY_BYTES) {
              this.sinceDerived = 0;
              then(() => this.whileLoading(this.engine));
            }
            break;
          case 'progress':
            onProgress({ fileIndex: message.fileIndex, fileCount: message.fileCount, file: message.progress });
            break;
          case 'file-done':
            outcome.files.push(message.result);
            then(() => recordFile(this.engine, message.result));
            then(commit);
            then(begin);
            break;
          case 'files-done':
            outcome.files.push(...message.results);
            then(() => recordFiles(this.engine, message.results));
            then(commit);
            then(begin);
            break;
          case 'file-failed':
            outcome.files.push(message.result);
            then(rollback);
            then(begin);
            then(() => recordFile(this.engine, message.result));
            then(commit);
            then(begin);
            break;
          case 'file-cancelled':
            outcome.cancelledFile = message.fileName;
            then(rollback);
            then(begin);
            break;
          case 'traces-done':
            for (const counts of message.counts) {
              const index = outcome.files.findIndex((file) => file.fileId === counts.fileId);
              if (index >= 0) outcome.files[index] = withTraceCounts(outcome.files[index], counts);
              then(() => recordTraceRows(this.engine, counts));
            }
            then(commit);
            then(begin);
            break;
          case 'load-done':
            finish();
            break;
          case 'load-failed':
            finish(new Error(message.message));
            break;
        }
      };
      this.worker.onerror = (event) => finish(new Error(`the ingest worker failed: ${event.message}`));
      this.send({ kind: 'load', inputs });
    });
  }

  cancel(): void {
    this.send({ kind: 'cancel' });
  }

  /** The next load starts from empty: file ids, order and known retrieval ids begin again. */
  reset(): void {
    this.send({ kind: 'reset' });
  }

  /** The next load continues after rows already stored (a restored dataset). */
  resume(counters: LoadCounters): void {
    this.send({ kind: 'resume', ...counters });
  }

  /** Rows were stored outside a load (labels given here): the next load numbers its rows after them. */
  advance(nextSeq: number): void {
    this.send({ kind: 'advance', nextSeq });
  }

  private send(message: ToIngestWorker) {
    this.worker.postMessage(message);
  }
}
