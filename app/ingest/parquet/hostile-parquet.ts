import { parquetHeader } from 'hyparquet/src/column.js';
import { deserializeTCompactProtocol } from 'hyparquet/src/thrift.js';
import { ByteWriter, parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import { serializeTCompactProtocol } from 'hyparquet-writer/src/thrift.js';
import { parquetMetadata, type SchemaElement } from 'hyparquet';
import { mulberry32 } from '../../lib/seeded-random';

/**
 * A fuzz corpus of Parquet files: a valid file written by hyparquet-writer, then mutated where a
 * damaged or hostile file differs (the footer's length and bytes, row counts, column chunk
 * offsets and sizes, codecs, types, page headers and data, truncation, the schema's shape and
 * depth). Deterministic: the same seed gives the same files. Shared by the unit tests
 * (hostile-parquet.test.ts, app/cli/check-parquet-hostile.test.ts) and the browser test
 * (e2e/parquet-hostile.spec.ts).
 */

export const BASE_ROWS = 30;
export const BASE_GROUP_ROWS = 10;

/** A thrift struct as hyparquet decodes it: `field_<id>` keys, i64 as bigint, binary as bytes. */
type Thrift = Record<string, unknown>;

export interface ParquetMutant {
  name: string;
  bytes: Uint8Array;
}

const text = (name: string): SchemaElement => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' });

/** Row i of the base file: a retrieval of session s<i mod 3>, every one a valid event. */
function baseRow(i: number, idPrefix: string) {
  return {
    type: 'retrieval', ts: Date.UTC(2026, 9, 1, 10, 0, i), session_id: `s${i % 3}`, retrieval_id: `${idPrefix}r${i + 1}`,
    query: `query ${i + 1}`, returned_asset_ids: [`a${i}`, `a${i + 1}`], latency_ms: 100 + i,
  };
}

/**
 * BASE_ROWS valid retrievals in row groups of BASE_GROUP_ROWS: strings, a time, a list, an
 * integer. Their ids begin with `idPrefix`, so that files of several corpora load together.
 */
export function baseParquet(codec: 'SNAPPY' | 'UNCOMPRESSED' = 'SNAPPY', idPrefix = ''): Uint8Array {
  const rows = Array.from({ length: BASE_ROWS }, (_, i) => baseRow(i, idPrefix));
  const strings = ['type', 'session_id', 'retrieval_id', 'query'] as const;
  const schema: SchemaElement[] = [
    { name: 'root', num_children: strings.length + 3 },
    ...strings.map(text),
    { name: 'ts', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'OPTIONAL' },
    { name: 'returned_asset_ids', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { ...text('element'), repetition_type: 'REQUIRED' },
    { name: 'latency_ms', type: 'INT32', repetition_type: 'OPTIONAL' },
  ];
  const columnData: ColumnSource[] = [
    ...strings.map((name) => ({ name, data: rows.map((row) => row[name]) })),
    { name: 'ts', data: rows.map((row) => new Date(row.ts)) },
    { name: 'returned_asset_ids', data: rows.map((row) => row.returned_asset_ids) },
    { name: 'latency_ms', data: rows.map((row) => row.latency_ms) },
  ];
  return new Uint8Array(parquetWriteBuffer({ columnData, schema, codec, rowGroupSize: BASE_GROUP_ROWS, statistics: false }));
}

interface Layout {
  footer: Thrift;
  /** Where the footer's thrift begins. */
  footerStart: number;
}

function layout(bytes: Uint8Array): Layout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(bytes.byteLength - 8, true);
  const footerStart = bytes.byteLength - 8 - length;
  return { footer: deserializeTCompactProtocol({ view, offset: footerStart }) as Thrift, footerStart };
}

/** Keys back in ascending field order (thrift's compact writer needs it) after a field was added. */
function ordered(struct: Thrift): Thrift {
  const sorted: Thrift = {};
  for (const key of Object.keys(struct).sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))) {
    const value = struct[key];
    sorted[key] = Array.isArray(value) ? value.map((item) => (isStruct(item) ? ordered(item) : item)) : isStruct(value) ? ordered(value) : value;
  }
  return sorted;
}
const isStruct = (value: unknown): value is Thrift => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/** The data of `bytes` (everything before its footer) with `footer` as its footer. */
function withFooter(bytes: Uint8Array, footerStart: number, footer: Thrift): Uint8Array {
  const writer = new ByteWriter();
  writer.appendBytes(bytes.subarray(0, footerStart));
  const start = writer.offset;
  serializeTCompactProtocol(writer, ordered(footer));
  writer.appendUint32(writer.offset - start);
  writer.appendUint32(0x31524150);
  return new Uint8Array(writer.getBuffer());
}

/** The base file with its footer changed by `change` (given the decoded footer to edit in place). */
function footerMutant(bytes: Uint8Array, change: (footer: Thrift) => void): Uint8Array {
  const { footer, footerStart } = layout(bytes);
  change(footer);
  return withFooter(bytes, footerStart, footer);
}

const groups = (footer: Thrift) => footer.field_4 as Thrift[];
const chunks = (group: Thrift) => group.field_1 as Thrift[];
const chunkMeta = (chunk: Thrift) => chunk.field_3 as Thrift;
const schemaList = (footer: Thrift) => footer.field_2 as Thrift[];

/** Where a column chunk's first page begins. */
function chunkStart(bytes: Uint8Array, group: number, column: number): number {
  const meta = chunkMeta(chunks(groups(layout(bytes).footer)[group])[column]);
  return Number((meta.field_11 as bigint | undefined) || (meta.field_9 as bigint));
}

/** The byte range of the first page's header and of its data, in a column chunk. */
function firstPage(bytes: Uint8Array, group: number, column: number) {
  const start = chunkStart(bytes, group, column);
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: start };
  const header = parquetHeader(reader);
  return { headerStart: start, dataStart: reader.offset, dataEnd: reader.offset + header.compressed_page_size };
}

function flipped(bytes: Uint8Array, from: number, to: number, flips: number, next: () => number): Uint8Array {
  const out = bytes.slice();
  for (let i = 0; i < flips; i++) {
    const at = from + Math.floor(next() * (to - from));
    out[at] ^= 1 + Math.floor(next() * 255);
  }
  return out;
}

function setFooterLength(bytes: Uint8Array, length: number): Uint8Array {
  const out = bytes.slice();
  new DataView(out.buffer).setUint32(out.byteLength - 8, length >>> 0, true);
  return out;
}

/** A schema nested `depth` groups deep around one leaf, with a row group that claims the leaf. */
function deepSchema(bytes: Uint8Array, depth: number): Uint8Array {
  return footerMutant(bytes, (footer) => {
    const encoder = new TextEncoder();
    const list: Thrift[] = [{ field_4: encoder.encode('root'), field_5: 1 }];
    for (let i = 0; i < depth; i++) list.push({ field_3: 1, field_4: encoder.encode(i === 0 ? 'payload' : 'a'), field_5: 1 });
    list.push({ field_1: 1, field_3: 1, field_4: encoder.encode('leaf') });
    footer.field_2 = list;
    const first = chunks(groups(footer)[0])[0];
    chunkMeta(first).field_3 = [encoder.encode('payload'), ...Array.from({ length: depth - 1 }, () => encoder.encode('a')), encoder.encode('leaf')];
    for (const group of groups(footer)) group.field_1 = [first];
  });
}

/** Every mutant of the corpus, by name. `seed` varies the random byte flips; `idPrefix` begins every retrieval id. */
export function hostileParquetCorpus({ seed = 20261202, idPrefix = '' } = {}): ParquetMutant[] {
  const snappy = baseParquet('SNAPPY', idPrefix);
  const plain = baseParquet('UNCOMPRESSED', idPrefix);
  const next = mulberry32(seed);
  const mutants: ParquetMutant[] = [];
  const add = (name: string, bytes: Uint8Array) => mutants.push({ name: `${name}.parquet`, bytes });
  const { footerStart } = layout(snappy);
  const TRILLION = 1_000_000_000_000n;

  // The footer's length and bytes.
  add('footer-length-past-start', setFooterLength(snappy, snappy.byteLength));
  add('footer-length-zero', setFooterLength(snappy, 0));
  add('footer-length-short', setFooterLength(snappy, snappy.byteLength - 8 - footerStart - 7));
  add('footer-length-long', setFooterLength(snappy, snappy.byteLength - 8 - footerStart + 9));
  for (let i = 0; i < 12; i++) add(`footer-flips-${i}`, flipped(snappy, footerStart, snappy.byteLength - 8, 1 + (i % 4), next));

  // Row counts that lie.
  add('file-rows-trillion', footerMutant(snappy, (footer) => (footer.field_3 = TRILLION)));
  add('file-rows-negative', footerMutant(snappy, (footer) => (footer.field_3 = -5n)));
  add('group-rows-trillion', footerMutant(snappy, (footer) => (groups(footer)[1].field_3 = TRILLION)));
  add('group-and-file-rows-trillion', footerMutant(snappy, (footer) => {
    groups(footer)[1].field_3 = TRILLION;
    footer.field_3 = TRILLION + 20n;
  }));
  add('group-rows-fewer', footerMutant(snappy, (footer) => {
    groups(footer)[1].field_3 = 5n;
    footer.field_3 = 25n;
  }));
  add('group-rows-and-values-more', footerMutant(snappy, (footer) => {
    const group = groups(footer)[1];
    group.field_3 = 15n;
    for (const chunk of chunks(group)) chunkMeta(chunk).field_5 = 15n;
    footer.field_3 = 35n;
  }));
  add('column-values-trillion', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[1])[0]).field_5 = TRILLION)));

  // Column chunk offsets and sizes.
  add('chunk-offset-past-end', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[1])[2]).field_9 = BigInt(snappy.byteLength * 3))));
  add('chunk-offset-negative', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[1])[2]).field_9 = -100n)));
  add('chunk-size-huge', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[1])[1]).field_7 = 1n << 40n)));
  add('chunk-uncompressed-5gb', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[1])[1]).field_6 = 5_000_000_000n)));
  add('chunk-offset-shifted', footerMutant(snappy, (footer) => {
    const meta = chunkMeta(chunks(groups(footer)[1])[0]);
    meta.field_9 = (meta.field_9 as bigint) + 3n;
  }));

  // Codecs and types.
  add('codec-unknown-id', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[1])[0]).field_4 = 42)));
  add('codec-lzo', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[1])[0]).field_4 = 3)));
  add('codec-mislabelled-gzip', footerMutant(snappy, (footer) => {
    for (const chunk of chunks(groups(footer)[2])) chunkMeta(chunk).field_4 = 2;
  }));
  add('codec-mislabelled-zstd', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[0])[3]).field_4 = 6)));
  add('type-chunk-differs', footerMutant(snappy, (footer) => (chunkMeta(chunks(groups(footer)[1])[3]).field_1 = 2)));
  add('type-unknown-id', footerMutant(snappy, (footer) => (schemaList(footer)[2].field_1 = 11)));
  add('type-text-as-int64', footerMutant(snappy, (footer) => {
    schemaList(footer)[4].field_1 = 2;
    delete schemaList(footer)[4].field_6;
    for (const group of groups(footer)) chunkMeta(chunks(group)[3]).field_1 = 2;
  }));
  add('type-converted-bson', footerMutant(snappy, (footer) => (schemaList(footer)[4].field_6 = 20)));
  add('type-fixed-without-length', footerMutant(snappy, (footer) => {
    schemaList(footer)[4].field_1 = 7;
    for (const group of groups(footer)) chunkMeta(chunks(group)[3]).field_1 = 7;
  }));

  // Page headers and page data (of row group 2 unless said).
  for (let i = 0; i < 8; i++) {
    const { headerStart, dataStart } = firstPage(snappy, 1, i % 4);
    add(`page-header-flips-${i}`, flipped(snappy, headerStart, dataStart, 1 + (i % 3), next));
  }
  for (let i = 0; i < 8; i++) {
    const { dataStart, dataEnd } = firstPage(plain, 1, [0, 3, 4, 5][i % 4]);
    add(`page-data-flips-${i}`, flipped(plain, dataStart, dataEnd, 1 + (i % 3), next));
  }
  for (let i = 0; i < 4; i++) {
    const { dataStart, dataEnd } = firstPage(snappy, 1, i);
    add(`page-compressed-flips-${i}`, flipped(snappy, dataStart, dataEnd, 2, next));
  }
  add('page-header-zeroed', (() => {
    const out = snappy.slice();
    const { headerStart, dataStart } = firstPage(snappy, 1, 0);
    out.fill(0, headerStart, dataStart);
    return out;
  })());

  // Truncation: the file cut short, and its middle cut out under an intact footer.
  for (const keep of [0.3, 0.6, 0.95]) add(`cut-at-${Math.round(keep * 100)}`, snappy.subarray(0, Math.floor(snappy.byteLength * keep)));
  add('middle-cut-out', (() => {
    const cut = Math.floor(footerStart / 2);
    const out = new Uint8Array(snappy.byteLength - 64);
    out.set(snappy.subarray(0, cut));
    out.set(snappy.subarray(cut + 64), cut);
    return out;
  })());

  // The schema's shape and depth.
  add('schema-deep-10000', deepSchema(snappy, 10_000));
  add('schema-deep-300', deepSchema(snappy, 300));
  add('schema-children-more', footerMutant(snappy, (footer) => (schemaList(footer)[0].field_5 = 20)));
  add('schema-children-fewer', footerMutant(snappy, (footer) => (schemaList(footer)[0].field_5 = 3)));
  add('schema-children-negative', footerMutant(snappy, (footer) => (schemaList(footer)[6].field_5 = -1)));
  add('schema-unnamed', footerMutant(snappy, (footer) => delete schemaList(footer)[3].field_4));
  add('schema-empty', footerMutant(snappy, (footer) => (footer.field_2 = [{ field_4: new TextEncoder().encode('root'), field_5: 0 }])));
  return mutants;
}

/** The rows a file's footer claims, read independently of the app, or null when it does not decode. */
export function claimedRows(bytes: Uint8Array): number | null {
  try {
    const rows = Number(parquetMetadata(bytes.slice().buffer, { geoparquet: false }).num_rows);
    return Number.isSafeInteger(rows) && rows >= 0 ? rows : null;
  } catch {
    return null;
  }
}
