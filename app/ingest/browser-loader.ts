import type { Engine } from '../engine/engine';
import { clearDataset, finalizeLoad, forgetFile, recordFile } from '../engine/dataset';
import { ensureDerivedTables } from '../engine/metrics-report';
import type { FileIngestResult, IngestProgress } from './ingest-file';
import type { FromIngestWorker, LoadInput, ToIngestWorker } from './worker-protocol';

export interface LoadProgress {
  fileIndex: number;
  fileCount: number;
  file: IngestProgress;
}

export interface LoadOutcome {
  files: FileIngestResult[];
  cancelledFile: string | null;
}

/**
 * Parsing and validation run in the ingest worker; Arrow batches come back here and go into
 * DuckDB (itself in another worker), one at a time, so memory stays bounded on large files.
 */
export class BrowserLoader {
  private readonly worker = new Worker(new URL('./ingest.worker.ts', import.meta.url), { type: 'module' });
  private running = false;

  get busy(): boolean {
    return this.running;
  }

  constructor(private readonly engine: Engine) {}

  load(inputs: LoadInput[], onProgress: (progress: LoadProgress) => void): Promise<LoadOutcome> {
    if (this.running) return Promise.reject(new Error('A load is already running'));
    this.running = true;
    const outcome: LoadOutcome = { files: [], cancelledFile: null };
    let work = Promise.resolve();
    return new Promise<LoadOutcome>((resolve, reject) => {
      const finish = (error?: Error) => {
        this.worker.onmessage = null;
        // Lineage, resolved labels and per-retrieval facts are derived once here, so every
        // screen opens on ready tables.
        work = work
          .then(() => finalizeLoad(this.engine))
          .then(() => ensureDerivedTables(this.engine))
          .finally(() => (this.running = false));
        work.then(() => (error ? reject(error) : resolve(outcome)), reject);
      };
      this.worker.onmessage = (event: MessageEvent<FromIngestWorker>) => {
        const message = event.data;
        // Engine calls are chained so batches and file records land in the order they were sent.
        switch (message.kind) {
          case 'batch':
            work = work.then(async () => {
              await this.engine.insertArrowIPC(message.table, message.ipc);
              this.send({ kind: 'inserted', batchId: message.batchId });
            });
            break;
          case 'progress':
            onProgress({ fileIndex: message.fileIndex, fileCount: message.fileCount, file: message.progress });
            break;
          case 'file-done':
            outcome.files.push(message.result);
            work = work.then(() => recordFile(this.engine, message.result));
            break;
          case 'file-cancelled':
            outcome.cancelledFile = message.fileName;
            work = work.then(() => forgetFile(this.engine, message.fileId));
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

  async clear(): Promise<void> {
    this.send({ kind: 'reset' });
    await clearDataset(this.engine);
  }

  private send(message: ToIngestWorker) {
    this.worker.postMessage(message);
  }
}
