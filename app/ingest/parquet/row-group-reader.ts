import { parquetReadObjects, type FileMetaData, type ParquetParsers } from 'hyparquet';
import { compressors, decompressZstd } from 'hyparquet-compressors';
import { decodeFailure } from './decode-failure';
import { pageProblem } from './page-check';
import { MAX_PAGE_BYTES } from './parquet-limits';
import type { RandomAccessSource } from './random-access';
import type { RowGroupPlan } from './row-group-plan';
import { strictParsers } from './cell-parsers';
import type { SchemaLeaf } from './schema-check';

/**
 * The decompressors of hyparquet-compressors, with zstd's output held to the size the page
 * header gives (on its own it allocates what the compressed frame claims).
 */
const DECOMPRESSORS = { ...compressors, ZSTD: (input: Uint8Array, length: number) => decompressZstd(input, new Uint8Array(length)) };

/** A row group's byte span is read once, for the page check and the decoder both, when it is this small. */
const MAX_CACHED_SPAN = MAX_PAGE_BYTES;

export type RowGroupRead =
  | {
      ok: true;
      /** Its rows, in order, from its first. */
      rows: Record<string, unknown>[];
      /** Whether a cell could not be read (cell-parsers.ts): then its rows hold an UnreadableCell. */
      unreadableCells: boolean;
      /** Rows the group claims past those its pages hold (they are not in `rows`). */
      missingRows: number;
    }
  | { ok: false; problem: string };

/**
 * One row group, read whole or not at all: its pages are checked (page-check.ts) before
 * hyparquet decodes them, and what the decoder throws is said in words (decode-failure.ts).
 */
export async function readRowGroup(
  file: RandomAccessSource,
  metadata: FileMetaData,
  group: RowGroupPlan,
  leaves: readonly SchemaLeaf[],
  parsers: Partial<ParquetParsers> = {},
): Promise<RowGroupRead> {
  const rowGroup = metadata.row_groups[group.index];
  const chunks = rowGroup.columns.map((chunk) => {
    const meta = chunk.meta_data!;
    const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
    return { start, end: start + Number(meta.total_compressed_size), values: Number(meta.num_values) };
  });
  const spanStart = Math.min(...chunks.map((chunk) => chunk.start));
  const spanEnd = Math.max(...chunks.map((chunk) => chunk.end));
  const source = spanEnd - spanStart <= MAX_CACHED_SPAN ? await cachedRange(file, spanStart, spanEnd) : file;
  for (const [i, chunk] of chunks.entries()) {
    const problem = pageProblem(await source.slice(chunk.start, chunk.end), chunk.values);
    if (problem) return { ok: false, problem: `the column "${leaves[i].path}": ${problem}` };
  }
  let unreadableCells = false;
  /** Rows decoded per top-level column: one whose pages end early has fewer than the group claims. */
  const decodedRows = new Map<string, number>();
  let rows: Record<string, unknown>[];
  try {
    // The group alone, so that what its neighbours claim does not move its rows.
    const groupMetadata = { ...metadata, num_rows: BigInt(group.rows), row_groups: [rowGroup] };
    rows = await parquetReadObjects({
      file: source, metadata: groupMetadata, compressors: DECOMPRESSORS, rowStart: 0, rowEnd: group.rows,
      parsers: { ...strictParsers(() => (unreadableCells = true)), ...parsers } as ParquetParsers,
      onChunk: ({ columnName, columnData }) => decodedRows.set(columnName, (decodedRows.get(columnName) ?? 0) + columnData.length),
    });
  } catch (error) {
    return { ok: false, problem: decodeFailure(error) };
  }
  const complete = Math.min(rows.length, ...decodedRows.values());
  return { ok: true, rows: complete < rows.length ? rows.slice(0, complete) : rows, unreadableCells, missingRows: group.rows - complete };
}

/** `source` with the bytes from `start` to `end` read once and then served from memory. */
async function cachedRange(source: RandomAccessSource, start: number, end: number): Promise<RandomAccessSource> {
  const bytes = new Uint8Array(await source.slice(start, end));
  return {
    byteLength: source.byteLength,
    slice: (from, to = source.byteLength) =>
      from >= start && to <= end ? Promise.resolve(bytes.slice(from - start, to - start).buffer) : source.slice(from, to),
  };
}
