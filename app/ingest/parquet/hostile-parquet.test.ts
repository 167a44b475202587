import { createHash } from 'node:crypto';
import { parquetMetadata, type SchemaElement } from 'hyparquet';
import { parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { rowsOfIPC } from '../../engine/arrow-rows';
import { ingestFile } from '../ingest-file';
import { textInputFile } from '../text-input';
import { BASE_ROWS, baseParquet, claimedRows, hostileParquetCorpus } from './hostile-parquet';
import { bytesSource } from './random-access';

interface Outcome {
  events: number;
  rejected: { line: number; reason: string; field: string | null; message: string }[];
  error: string | null;
  /** Every stored event's row, by table. */
  stored: Record<string, unknown>[];
}

/** The browser's ingest (ingest.worker.ts runs ingestFile) over a picked file, read by byte ranges. */
async function ingest(name: string, bytes: Uint8Array): Promise<Outcome> {
  const rejected: Outcome['rejected'] = [];
  const stored: Outcome['stored'] = [];
  const result = await ingestFile({
    fileId: 1, fileName: name, stream: textInputFile(name, bytes, 4096).stream(), source: bytesSource(bytes), totalBytes: bytes.byteLength, seqStart: 0, seenRetrievalIds: new Set(),
    target: {
      insert: async (table, ipc) => {
        for (const row of rowsOfIPC(ipc)) {
          if (table === 'rejected') rejected.push({ line: row.line as number, reason: row.reason as string, field: row.field as string | null, message: row.message as string });
          else stored.push(row);
        }
      },
    },
  });
  return { events: result.events, rejected, error: result.error, stored };
}

/** What the decoders and the JavaScript engine say of themselves: never for the user to read. */
const INTERNAL = /thrift|Invalid (typed )?array length|call stack|undefined|TypeError|RangeError|NaN|\[object/i;
/** hyparquet's own messages begin "parquet …" in lower case (the app writes "Parquet"). */
const DECODER = /\bparquet [a-z_]+ (?:[a-z_]+ )?(?:is|not|exceeds|missing|unsupported|invalid|expected|truncated|out of range|does not)\b/;
/** A file-level message that says why its rows are not counted one by one. */
const ACCOUNTED = /cannot be trusted|how many it holds is unknown|none of its (?:([\d,]+) )?rows were read/;


const corpus = hostileParquetCorpus();
const outcomes = new Map<string, Promise<Outcome>>();
const outcomeOf = (name: string) => {
  if (!outcomes.has(name)) outcomes.set(name, ingest(name, corpus.find((mutant) => mutant.name === name)!.bytes));
  return outcomes.get(name)!;
};

describe('the fuzz corpus of damaged Parquet files', () => {
  it('is deterministic and large enough to mean something', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(65);
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(hostileParquetCorpus().map((mutant) => digest(mutant.bytes))).toEqual(corpus.map((mutant) => digest(mutant.bytes)));
    expect(new Set(corpus.map((mutant) => mutant.name)).size).toBe(corpus.length);
  });

  it('the unmutated file loads whole', async () => {
    const outcome = await ingest('base.parquet', baseParquet());
    expect(outcome).toMatchObject({ events: BASE_ROWS, rejected: [], error: null });
  });

  it.each(corpus.map((mutant) => [mutant.name, mutant] as const))('%s: no exception escapes, no internal words, every row accounted for', async (name, mutant) => {
    const outcome = await outcomeOf(name);
    for (const message of [outcome.error ?? '', ...outcome.rejected.map((row) => row.message)]) {
      expect(message).not.toMatch(INTERNAL);
      expect(message).not.toMatch(DECODER);
    }
    const claimed = claimedRows(mutant.bytes);
    if (outcome.error === null) {
      expect(outcome.events + outcome.rejected.length).toBe(claimed);
    } else {
      const accounted = ACCOUNTED.exec(outcome.error);
      expect(accounted, outcome.error).not.toBeNull();
      // "none of its 30 rows were read" names the file's own count, and nothing of it was kept.
      if (accounted![1] !== undefined) {
        expect(Number(accounted![1].replace(/,/g, ''))).toBe(claimed);
        expect(outcome.events + outcome.rejected.length).toBe(0);
      }
    }
  });

  it('a damaged row group loses only its own rows: most mutants keep the rows of the others', async () => {
    const kept = await Promise.all(corpus.map(async ({ name }) => (await outcomeOf(name)).events));
    expect(kept.filter((events) => events >= 20).length).toBeGreaterThanOrEqual(40);
  });
});

/** Worked by hand from the base file: 30 retrievals r1…r30 in row groups of 10. */
const WORKED: [name: string, events: number, rejectedLines: [number, number] | null, message: string][] = [
  ['page-header-zeroed.parquet', 20, [11, 20], 'row group 2 of 3 (rows 11–20) could not be read: the column "type": a page header is damaged'],
  ['chunk-offset-past-end.parquet', 20, [11, 20], 'row group 2 of 3 (rows 11–20) could not be read: the column "retrieval_id" is said to lie at bytes'],
  ['codec-lzo.parquet', 20, [11, 20], 'row group 2 of 3 (rows 11–20) could not be read: the column "type" is compressed with LZO, which this app cannot decompress'],
  ['chunk-uncompressed-5gb.parquet', 20, [11, 20], 'row group 2 of 3 (rows 11–20) could not be read: it takes 5.0 GB once decompressed'],
  ['group-rows-and-values-more.parquet', 20, [11, 25], 'row group 2 of 3 (rows 11–25) could not be read: the column "type": its pages hold fewer values than the footer says'],
  ['group-rows-trillion.parquet', 20, null, 'its row counts cannot be trusted (the file says it holds 30 rows, but its row groups add up to 1,000,000,000,020; row group 2 of 3: it says it holds 1,000,000,000,000 rows, more than fit in memory at once): that row group was not read, and the rows of the others were'],
  ['group-rows-fewer.parquet', 20, null, 'row group 2 of 3: it says it holds 5 rows, but the column "type" holds 10 values'],
  ['file-rows-trillion.parquet', 30, null, 'its row counts cannot be trusted (the file says it holds 1,000,000,000,000 rows, but its row groups add up to 30): every row group was read'],
  ['schema-deep-10000.parquet', 0, null, 'its column "payload" is nested more than 201 levels deep, deeper than this app reads: none of its 30 rows were read'],
  ['schema-children-more.parquet', 0, null, 'its schema ends before its last column: none of its 30 rows were read'],
  ['type-converted-bson.parquet', 0, null, 'its column "query" holds BSON values, which this app cannot read: none of its 30 rows were read'],
  ['footer-length-zero.parquet', 0, null, "the file's footer is damaged: it says its index of columns and row groups is 0 bytes long"],
  ['footer-length-short.parquet', 0, null, "the file's footer (its index of columns and row groups) is damaged: it does not decode as a Parquet footer; none of its rows could be read, and how many it holds is unknown"],
  ['cut-at-60.parquet', 0, null, 'the Parquet file is cut short: it does not end with "PAR1"'],
];

describe('damaged Parquet files, worked by hand', () => {
  it.each(WORKED)('%s: %i events kept, the rest told', async (name, events, lines, message) => {
    const outcome = await outcomeOf(name);
    expect(outcome.events).toBe(events);
    if (lines === null) {
      expect(outcome.rejected).toEqual([]);
      expect(outcome.error).toContain(message);
    } else {
      expect(outcome.error).toBeNull();
      expect(outcome.rejected.map((row) => row.line)).toEqual(Array.from({ length: lines[1] - lines[0] + 1 }, (_, i) => lines[0] + i));
      for (const row of outcome.rejected) expect(row).toMatchObject({ reason: 'unreadable_row', field: null, message: expect.stringContaining(message) });
    }
  });

  it('the rows kept are those of the row groups that were read, with their own values', async () => {
    const outcome = await outcomeOf('page-header-zeroed.parquet');
    const ids = outcome.stored.map((row) => row.retrieval_id);
    expect(ids).toEqual([...Array.from({ length: 10 }, (_, i) => `r${i + 1}`), ...Array.from({ length: 10 }, (_, i) => `r${i + 21}`)]);
  });
});

const eventColumns = (extra: ColumnSource[], extraSchema: SchemaElement[], rows: number): { columnData: ColumnSource[]; schema: SchemaElement[] } => {
  const text = (name: string): SchemaElement => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' });
  return {
    schema: [{ name: 'root', num_children: 3 + extraSchema.length }, text('type'), text('session_id'), text('retrieval_id'), ...extraSchema],
    columnData: [
      { name: 'type', data: Array(rows).fill('retrieval') },
      { name: 'session_id', data: Array(rows).fill('s1') },
      { name: 'retrieval_id', data: Array.from({ length: rows }, (_, i) => `r${i + 1}`) },
      ...extra,
    ],
  };
};

describe('times as Parquet stores them', () => {
  // 2026-10-01T10:00:01.250Z: 1,790,848,801,250 ms after the epoch (20,727 days and 36,001.25 s).
  const MS = Date.UTC(2026, 9, 1, 10, 0, 1, 250);
  const timeFile = (element: SchemaElement, data: unknown[]) =>
    new Uint8Array(parquetWriteBuffer({ ...eventColumns([{ name: 'ts', data }], [{ ...element, name: 'ts', repetition_type: 'OPTIONAL' }], data.length), statistics: false }));

  it('MILLIS (converted type) and MICROS and NANOS (logical type) give the same epoch milliseconds', async () => {
    expect(MS).toBe(1_790_848_801_250);
    const files = [
      timeFile({ name: 'ts', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' }, [BigInt(MS)]),
      timeFile({ name: 'ts', type: 'INT64', converted_type: 'TIMESTAMP_MICROS' }, [BigInt(MS) * 1000n + 999n]),
      timeFile({ name: 'ts', type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' } }, [BigInt(MS) * 1000n + 1n]),
      timeFile({ name: 'ts', type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'NANOS' } }, [BigInt(MS) * 1_000_000n + 999_999n]),
    ];
    for (const [i, bytes] of files.entries()) {
      const outcome = await ingest(`ts-${i}.parquet`, bytes);
      expect(outcome).toMatchObject({ events: 1, rejected: [], error: null });
      // Sub-millisecond parts are cut, never rounded up into the next millisecond.
      expect(outcome.stored[0].ts).toBe(MS);
    }
  });

  it('INT96 (Impala and Spark): nanoseconds of the day, then the Julian day', async () => {
    const julianDay = 2_440_588 + Math.floor(MS / 86_400_000);
    expect(julianDay).toBe(2_461_315);
    const nanosOfDay = BigInt(MS % 86_400_000) * 1_000_000n;
    const value = new Uint8Array(12);
    new DataView(value.buffer).setBigUint64(0, nanosOfDay, true);
    new DataView(value.buffer).setUint32(8, julianDay, true);
    // hyparquet-writer has no INT96: a 12-byte fixed-length column holds the same bytes, then the footer says INT96.
    const written = timeFile({ name: 'ts', type: 'FIXED_LEN_BYTE_ARRAY', type_length: 12 }, [value]);
    const metadata = parquetMetadata(written.slice().buffer);
    expect(metadata.schema[4]).toMatchObject({ name: 'ts', type: 'FIXED_LEN_BYTE_ARRAY' });
    const bytes = retyped(written, 'FIXED_LEN_BYTE_ARRAY', 'INT96');
    expect(parquetMetadata(bytes.slice().buffer).schema[4]).toMatchObject({ name: 'ts', type: 'INT96' });
    const outcome = await ingest('int96.parquet', bytes);
    expect(outcome).toMatchObject({ events: 1, rejected: [], error: null });
    expect(outcome.stored[0].ts).toBe(MS);
  });

  it('a time outside the range of dates rejects its row, and the others load', async () => {
    const bytes = timeFile({ name: 'ts', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' }, [BigInt(MS), 9_000_000_000_000_000n, BigInt(MS)]);
    const outcome = await ingest('far.parquet', bytes);
    expect(outcome.events).toBe(2);
    expect(outcome.rejected).toEqual([{ line: 2, reason: 'bad_ts', field: 'ts', message: '"ts" is a time outside the range of dates' }]);
  });
});

describe('bytes that are not the text their column says', () => {
  const bytesOf = (...codes: number[]) => new Uint8Array(codes);
  const file = () => new Uint8Array(parquetWriteBuffer({
    ...eventColumns(
      [
        { name: 'query', data: [bytesOf(0x63, 0x61, 0x66, 0xc3, 0xa9), bytesOf(0x63, 0x61, 0x66, 0xe9), bytesOf(0x6f, 0x6b)] },
        { name: 'blob', data: [bytesOf(0x61), bytesOf(0x62), bytesOf(0xff, 0xfe)] },
        { name: 'ts', data: Array(3).fill(new Date(Date.UTC(2026, 9, 1))) },
      ],
      [
        { name: 'query', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
        // Binary: no text annotation, read as text (hyparquet's default), so held to UTF-8 too.
        { name: 'blob', type: 'BYTE_ARRAY', repetition_type: 'OPTIONAL' },
        { name: 'ts', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'OPTIONAL' },
      ],
      3,
    ),
    statistics: false,
  }));

  it('reject their row, naming the column, the byte and its place; no replacement character is stored', async () => {
    const outcome = await ingest('text.parquet', file());
    expect(outcome.events).toBe(1);
    expect(JSON.stringify(outcome.stored)).not.toContain('\uFFFD');
    expect(outcome.stored.map((row) => [row.retrieval_id, row.query])).toEqual([['r1', 'café']]);
    expect(outcome.rejected).toEqual([
      { line: 2, reason: 'invalid_text', field: 'query', message: '"query" is not UTF-8 text (byte 0xE9 at position 4)' },
      { line: 3, reason: 'invalid_text', field: 'blob', message: '"blob" is not UTF-8 text (byte 0xFF at position 1)' },
    ]);
  });
});

/** The file with every INT96-sized fixed-length type in its footer renamed (schema and column chunks). */
function retyped(bytes: Uint8Array, from: 'FIXED_LEN_BYTE_ARRAY', to: 'INT96'): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(bytes.byteLength - 8, true);
  const footer = bytes.slice(bytes.byteLength - 8 - length, bytes.byteLength - 8);
  // In thrift's compact encoding the type is field 1 of a SchemaElement and of ColumnMetaData, an
  // i32 written as its zigzag: FIXED_LEN_BYTE_ARRAY (7) is the byte 0x15 0x0e, INT96 (3) 0x15 0x06.
  const codes = { FIXED_LEN_BYTE_ARRAY: 7, INT96: 3 };
  let changed = 0;
  for (let i = 0; i + 1 < footer.length; i++) {
    if (footer[i] === 0x15 && footer[i + 1] === codes[from] * 2) {
      footer[i + 1] = codes[to] * 2;
      changed++;
    }
  }
  expect(changed).toBe(2);
  const out = bytes.slice();
  out.set(footer, bytes.byteLength - 8 - length);
  return out;
}
