import { parquetHeader } from 'hyparquet/src/column.js';
import type { PageHeader } from 'hyparquet';
import { formatBytes } from '../../lib/format';
import { MAX_PAGE_BYTES } from './parquet-limits';

const READABLE_ENCODINGS = new Set(['PLAIN', 'PLAIN_DICTIONARY', 'RLE', 'RLE_DICTIONARY', 'BIT_PACKED', 'DELTA_BINARY_PACKED', 'DELTA_LENGTH_BYTE_ARRAY', 'DELTA_BYTE_ARRAY', 'BYTE_STREAM_SPLIT']);

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Why the pages of one column chunk cannot be decoded, or null: each page header is read and its
 * sizes and counts checked against the chunk before a decoder allocates by them (a count of
 * 2³¹ values would be an "Invalid array length", or the tab's memory).
 */
export function pageProblem(chunk: ArrayBuffer, numValues: number): string | null {
  const reader = { view: new DataView(chunk), offset: 0 };
  let values = 0;
  // As hyparquet's readColumn: a last byte alone is not a page.
  while (reader.offset < chunk.byteLength - 1) {
    let header: PageHeader;
    try {
      header = parquetHeader(reader);
    } catch {
      return 'a page header is damaged';
    }
    const { compressed_page_size: stored, uncompressed_page_size: size } = header;
    if (!isCount(stored) || !isCount(size)) return 'a page header is damaged';
    if (reader.offset + stored > chunk.byteLength) return 'a page runs past the end of its column';
    if (size > MAX_PAGE_BYTES) return `a page says it takes ${formatBytes(size)} once decompressed, more than the ${formatBytes(MAX_PAGE_BYTES)} a page may`;
    reader.offset += stored;
    const problem = pageHeaderProblem(header, size, numValues - values);
    if (problem) return problem;
    if (header.type !== 'DICTIONARY_PAGE') values += (header.data_page_header ?? header.data_page_header_v2)!.num_values;
  }
  return values < numValues ? 'its pages hold fewer values than the footer says' : null;
}

function pageHeaderProblem(header: PageHeader, size: number, valuesLeft: number): string | null {
  if (header.type === 'DICTIONARY_PAGE') {
    const dictionary = header.dictionary_page_header;
    if (!dictionary || !isCount(dictionary.num_values)) return 'a dictionary page header is damaged';
    // Every dictionary value takes at least one byte, but a boolean (which has no dictionary).
    if (dictionary.num_values > size) return 'a dictionary page says it holds more values than its bytes can';
    return null;
  }
  const data = header.type === 'DATA_PAGE' ? header.data_page_header : header.type === 'DATA_PAGE_V2' ? header.data_page_header_v2 : undefined;
  if (!data) return header.type === 'DATA_PAGE' || header.type === 'DATA_PAGE_V2' ? 'a data page header is damaged' : 'a page is of a kind this app does not read';
  if (!isCount(data.num_values)) return 'a data page header gives a count that is not a number of values';
  if (data.num_values > valuesLeft) return 'a page says it holds more values than its column';
  if (!READABLE_ENCODINGS.has(data.encoding)) return 'its values are encoded in a way this app does not know';
  if ('num_rows' in data) {
    const levelBytes = data.definition_levels_byte_length + data.repetition_levels_byte_length;
    if (!isCount(data.num_nulls) || !isCount(data.num_rows) || data.num_nulls > data.num_values || data.num_rows > data.num_values) return 'a data page header gives counts that do not agree';
    if (!isCount(data.definition_levels_byte_length) || !isCount(data.repetition_levels_byte_length) || levelBytes > size) return 'a data page header gives level sizes larger than the page';
  }
  return null;
}
