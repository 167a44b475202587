import { parquetMetadata, type FileMetaData } from 'hyparquet';
import { formatBytes, formatCount } from '../../lib/format';
import type { RandomAccessSource } from './random-access';

/** Footers of real files are kilobytes; this many bytes of index would be a damaged length. */
const MAX_FOOTER_BYTES = 64 * 1024 ** 2;

export type FooterReading =
  | { ok: true; metadata: FileMetaData; /** Where the footer begins: column data lies before it. */ dataEnd: number }
  | { ok: false; error: string };

const UNREADABLE = 'none of its rows could be read, and how many it holds is unknown';

/**
 * The file's footer (its schema and index of row groups), read here rather than by
 * `parquetMetadataAsync` so that a damaged one is told in words: its length against the file,
 * and a decode that fails or recurses without end.
 */
export async function readFooter(source: RandomAccessSource): Promise<FooterReading> {
  const size = source.byteLength;
  const length = new DataView(await source.slice(size - 8, size - 4)).getUint32(0, true);
  const room = size - 12;
  if (length === 0 || length > room) {
    return { ok: false, error: `the file's footer is damaged: it says its index of columns and row groups is ${formatCount(length)} bytes long, but the file has ${formatCount(Math.max(0, room))} bytes for it; ${UNREADABLE}` };
  }
  if (length > MAX_FOOTER_BYTES) {
    return { ok: false, error: `the file's footer is ${formatBytes(length)}, more than the ${formatBytes(MAX_FOOTER_BYTES)} an index of columns and row groups takes; ${UNREADABLE}` };
  }
  const dataEnd = size - 8 - length;
  try {
    // No GeoParquet marking: it walks the schema by its children counts before anything checks them, and a negative count loops for ever (hyparquet 1.31 geoparquet.js).
    const metadata = parquetMetadata(new Uint8Array(await source.slice(dataEnd, size)), { geoparquet: false });
    return { ok: true, metadata, dataEnd };
  } catch (error) {
    const why = error instanceof RangeError && /call stack/i.test(error.message) ? 'it is nested too deeply to decode' : 'it does not decode as a Parquet footer';
    return { ok: false, error: `the file's footer (its index of columns and row groups) is damaged: ${why}; ${UNREADABLE}` };
  }
}
