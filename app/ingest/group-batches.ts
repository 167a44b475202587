import { ArrowBatchBuilder, type BuiltBatch } from '../engine/arrow-batch';
import type { ColumnSpec } from '../schema/columns';

/**
 * One batch builder per table, written by many files in turn (a group of small files,
 * small-file-group.ts): a tiny file of three events then allocates no buffers of its own, where a
 * builder per table per file made allocation and garbage collection most of such a file's time.
 * The rows a file wrote can be taken back while it is the last one (it failed part way).
 */
export class GroupBatches {
  private readonly builders = new Map<string, ArrowBatchBuilder>();
  /** Each builder's length when the file being read started. */
  private readonly marks = new Map<string, number>();

  builder(table: string, columns: ColumnSpec[]): ArrowBatchBuilder {
    let builder = this.builders.get(table);
    if (!builder) this.builders.set(table, (builder = new ArrowBatchBuilder(columns)));
    return builder;
  }

  /** The file being read is done: its rows stay. */
  keepFile(): void {
    for (const [table, builder] of this.builders) this.marks.set(table, builder.length);
  }

  /** The file being read failed or was cancelled: its rows go. */
  dropFile(): void {
    for (const [table, builder] of this.builders) builder.truncate(this.marks.get(table) ?? 0);
  }

  /** Every table's rows so far, one batch each; the builders are empty afterwards. */
  take(): { table: string; batch: BuiltBatch }[] {
    const batches: { table: string; batch: BuiltBatch }[] = [];
    for (const [table, builder] of this.builders) if (builder.length > 0) batches.push({ table, batch: builder.flushBatch() });
    this.marks.clear();
    return batches;
  }
}
