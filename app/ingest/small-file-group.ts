import { batchesToIPC, ipcBatches, type BuiltBatch } from '../engine/arrow-batch';
import type { FileIngestResult, IngestTarget } from './ingest-file';
import { GroupBatches } from './group-batches';

/** A picked file this small is read into a group with its neighbours (see SmallFileGroup). */
export const SMALL_FILE_BYTES = 1024 * 1024;
/**
 * Rows a small file's batches start with room for: a guess from its size (lines of 100 bytes or
 * more), so that a file of three events does not allocate buffers for a thousand rows in each
 * of its tables (most of a tiny file's time went to that allocation and its garbage collection).
 */
export const smallFileBatchRows = (bytes: number): number => Math.max(16, Math.ceil(bytes / 100));

/** A group is sent once it holds this many files or this many bytes of them. */
const GROUP_FILES = 2_000;
const GROUP_BYTES = 16 * 1024 * 1024;

/** A group's files, read: their results in order, and their rows as one Arrow batch per table. */
export interface GroupOutput {
  results: FileIngestResult[];
  batches: { table: string; ipc: Uint8Array }[];
}

/**
 * Small files read one after another, stored together: 10,000 tiny files cost a round trip to
 * the page, an insert per table, a files row and a commit each (94 ms a file on a busy machine).
 * A file's events and rejected rows go into the group's builders (`rows`), the batches it makes
 * itself (unmapped OTLP spans) wait until it is read whole; a file that fails leaves nothing (its
 * rows are cut off again), and the group goes to the page as one batch per table plus every
 * file's result, which it records in one transaction.
 */
export class SmallFileGroup {
  /** The files' events and rejected rows, written straight into the group's builders. */
  readonly rows = new GroupBatches();
  private results: FileIngestResult[] = [];
  private batches = new Map<string, BuiltBatch[]>();
  private pending: { table: string; batches: BuiltBatch[] }[] = [];
  private bytes = 0;

  /** Where the file being read puts the batches it makes itself (its unmapped OTLP spans). */
  readonly target: IngestTarget = {
    insert: (table, ipc) => {
      this.pending.push({ table, batches: ipcBatches(ipc) });
      return Promise.resolve();
    },
    insertBatch: (table, batch) => {
      this.pending.push({ table, batches: [batch] });
      return Promise.resolve();
    },
  };

  get isEmpty(): boolean {
    return this.results.length === 0;
  }

  get isFull(): boolean {
    return this.results.length >= GROUP_FILES || this.bytes >= GROUP_BYTES;
  }

  /** The file being read is done (loaded, skipped or failed): its batches join the group unless it failed. */
  fileDone(result: FileIngestResult, failed = false): void {
    if (failed) this.rows.dropFile();
    else {
      this.rows.keepFile();
      for (const { table, batches } of this.pending) {
        const list = this.batches.get(table);
        if (list) list.push(...batches);
        else this.batches.set(table, batches);
      }
    }
    this.pending = [];
    this.results.push(result);
    this.bytes += result.bytes ?? 0;
  }

  /** The file being read was cancelled: its batches are dropped. */
  dropPending(): void {
    this.rows.dropFile();
    this.pending = [];
  }

  /** Everything gathered, and an empty group. */
  take(): GroupOutput {
    for (const { table, batch } of this.rows.take()) this.batches.set(table, [batch, ...(this.batches.get(table) ?? [])]);
    const output = { results: this.results, batches: [...this.batches].map(([table, batches]) => ({ table, ipc: batchesToIPC(batches) })) };
    this.results = [];
    this.batches = new Map();
    this.pending = [];
    this.bytes = 0;
    return output;
  }
}
