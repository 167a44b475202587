import type { FileMetaData, RowGroup } from 'hyparquet';
import { formatBytes, formatCount } from '../../lib/format';
import { BYTES_PER_CELL, MAX_ROW_GROUP_BYTES } from './parquet-limits';
import type { SchemaLeaf } from './schema-check';

/** Codecs hyparquet reads with hyparquet-compressors (LZO has no decoder). */
const READABLE_CODECS = new Set(['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'BROTLI', 'LZ4', 'ZSTD', 'LZ4_RAW']);

/** One row group as its metadata describes it, checked against the file and the schema before any of it is read. */
export interface RowGroupPlan {
  /** From 0, in file order. */
  index: number;
  /** The row number (from 0) of its first row: the rows of the groups before it, as they say. */
  firstRow: number;
  rows: number;
  /** Why it cannot be read, or null. */
  problem: string | null;
  /** Whether `rows` can be believed: its columns agree with it and it is within reach of memory. */
  rowsTrusted: boolean;
}

export interface FilePlan {
  groups: RowGroupPlan[];
  /** The rows the file says it holds, or null when that is not a count. */
  claimedRows: number | null;
  /** Whether the row groups' counts add up to the file's. */
  countsAgree: boolean;
}

/** A count as thrift gives it (a bigint for 64-bit fields), or null when it is not one a file can hold. */
export function countOf(value: unknown): number | null {
  const n = typeof value === 'bigint' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * What can be read of each row group: its column chunks must be the schema's, lie inside the
 * file, use a codec there is a decoder for, agree with the group's row count, and fit in memory
 * once decoded. A group whose count is believable but cannot be read loses only its own rows.
 */
export function planRowGroups(metadata: FileMetaData, leaves: readonly SchemaLeaf[], dataEnd: number): FilePlan {
  const groups: RowGroupPlan[] = [];
  let firstRow = 0;
  for (const [index, group] of metadata.row_groups.entries()) {
    const rows = countOf(group.num_rows);
    const checked = rows === null
      ? { problem: 'its row count is not a number of rows', rowsTrusted: false }
      : checkRowGroup(group, rows, leaves, dataEnd);
    groups.push({ index, firstRow, rows: rows ?? 0, ...checked });
    firstRow += rows ?? 0;
  }
  const claimedRows = countOf(metadata.num_rows);
  return { groups, claimedRows, countsAgree: claimedRows === firstRow && groups.every((group) => group.rowsTrusted || group.problem === null) };
}

function checkRowGroup(group: RowGroup, rows: number, leaves: readonly SchemaLeaf[], dataEnd: number): Pick<RowGroupPlan, 'problem' | 'rowsTrusted'> {
  const untrusted = (problem: string) => ({ problem, rowsTrusted: false });
  const unreadable = (problem: string) => ({ problem, rowsTrusted: true });
  if (rows * leaves.length * BYTES_PER_CELL > MAX_ROW_GROUP_BYTES) {
    return untrusted(`it says it holds ${formatCount(rows)} rows, more than fit in memory at once`);
  }
  const columns = Array.isArray(group.columns) ? group.columns : [];
  if (columns.length !== leaves.length) return unreadable(`it has ${formatCount(columns.length)} columns where the schema has ${formatCount(leaves.length)}`);
  let decodedBytes = rows * leaves.length * BYTES_PER_CELL;
  for (const [i, chunk] of columns.entries()) {
    const leaf = leaves[i];
    const meta = chunk.meta_data;
    const column = `the column "${leaf.path}"`;
    if (!meta) return unreadable(`${column} has no description in the footer`);
    if (chunk.file_path) return unreadable(`${column} is kept in another file ("${chunk.file_path}"), which cannot be opened from here`);
    if (!Array.isArray(meta.path_in_schema) || meta.path_in_schema.join('.') !== leaf.path) return unreadable(`its columns are not those of the schema (${column} is missing)`);
    if (meta.type !== leaf.element.type) return unreadable(`${column} is stored as ${meta.type ?? 'an unknown type'} here but as ${leaf.element.type} in the schema`);
    if (!READABLE_CODECS.has(meta.codec)) return unreadable(meta.codec ? `${column} is compressed with ${meta.codec}, which this app cannot decompress` : `${column} is compressed with a method this app does not know`);
    const values = countOf(meta.num_values);
    if (values === null || (leaf.repeated ? values < rows : values !== rows)) {
      return untrusted(`it says it holds ${formatCount(rows)} rows, but ${column} holds ${values === null ? 'an unknown number of' : formatCount(values)} values`);
    }
    const start = countOf(meta.dictionary_page_offset || meta.data_page_offset);
    const size = countOf(meta.total_compressed_size);
    if (start === null || size === null || size === 0 || start < 4 || start + size > dataEnd) {
      return unreadable(`${column} is said to lie at bytes ${formatCount(start ?? 0)}–${formatCount((start ?? 0) + (size ?? 0))}, outside the file's ${formatCount(dataEnd)} bytes of data`);
    }
    const uncompressed = countOf(meta.total_uncompressed_size);
    if (uncompressed === null) return unreadable(`${column} has a size that is not a number of bytes`);
    decodedBytes += uncompressed;
  }
  if (decodedBytes > MAX_ROW_GROUP_BYTES) return unreadable(`it takes ${formatBytes(decodedBytes)} once decompressed, more than the ${formatBytes(MAX_ROW_GROUP_BYTES)} read at once`);
  return { problem: null, rowsTrusted: true };
}

/**
 * What cannot be believed of the file's row counts, and so which rows are not accounted for
 * one by one; null when every count agrees.
 */
export function untrustedCounts(plan: FilePlan): string | null {
  if (plan.countsAgree) return null;
  const total = plan.groups.reduce((sum, group) => sum + group.rows, 0);
  const doubts: string[] = [];
  if (plan.claimedRows === null) doubts.push('the file gives no number as its count of rows');
  else if (plan.claimedRows !== total) doubts.push(`the file says it holds ${formatCount(plan.claimedRows)} rows, but its row groups add up to ${formatCount(total)}`);
  const unread = plan.groups.filter((group) => !group.rowsTrusted);
  for (const group of unread) doubts.push(`row group ${group.index + 1} of ${plan.groups.length}: ${group.problem}`);
  const outcome = unread.length === 0 ? 'every row group was read'
    : `${unread.length === 1 ? 'that row group was' : 'those row groups were'} not read, and the rows of the others were`;
  return `its row counts cannot be trusted (${doubts.join('; ')}): ${outcome}`;
}
