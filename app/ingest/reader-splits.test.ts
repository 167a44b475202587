import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCsvReader } from './csv-reader';
import { gunzipIfCompressed } from './gzip-sniff';
import { createJsonArrayReader } from './json-array-reader';
import { createJsonLinesReader } from './jsonl-reader';
import type { RecordSink, TextRecordReader } from './record-sink';
import { createUtf8Decoding } from './text-decode';

type Seen = [number, string, string?];

/** Bytes cut at `cuts` (anywhere, also inside a multi-byte character), decoded and read. */
function read(make: (sink: RecordSink) => TextRecordReader, bytes: Uint8Array, cuts: number[]) {
  const records: Seen[] = [];
  const reader = make({
    text: (line, raw) => records.push([line, raw]),
    value: (line, raw) => records.push([line, raw]),
    malformed: (line, raw, _reason, message) => records.push([line, raw, message]),
  });
  const decoding = createUtf8Decoding();
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    reader.push(decoding.decode(bytes.subarray(from, cut)));
    from = cut;
  }
  reader.push(decoding.decode(bytes.subarray(from)));
  reader.push(decoding.end());
  reader.end();
  return { records, blank: reader.blankLines };
}

const encode = (text: string) => new TextEncoder().encode(text);
const join = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Text with multi-byte characters of every length, and now and then a byte that is not UTF-8 or a NUL. */
const lineBytes = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: fc.constantFrom('a', '"', ',', ' ', 'é', '€', '😀', '{', '}', '\\'), maxLength: 12 }).map(encode) },
  { weight: 1, arbitrary: fc.constantFrom(new Uint8Array([0xe9]), new Uint8Array([0xf0, 0x9f]), new Uint8Array([0x00]), new Uint8Array([0xc0, 0xaf])) },
);
const lineEnd = fc.constantFrom('\n', '\r\n', '\r').map(encode);
const file = fc.array(fc.tuple(fc.array(lineBytes, { maxLength: 4 }).map(join), lineEnd), { maxLength: 12 }).map((lines) => join(lines.flat()));
const cutsOf = (bytes: Uint8Array) => fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 10 });

describe('reading the same bytes cut anywhere gives the same records', () => {
  it.each([
    ['JSON Lines', createJsonLinesReader],
    ['CSV', createCsvReader],
    ['a JSON array', createJsonArrayReader],
  ] as const)('%s', (_, make) => {
    fc.assert(
      fc.property(file.chain((bytes) => fc.tuple(fc.constant(bytes), cutsOf(bytes))), ([bytes, cuts]) => {
        const whole = read(make, bytes, []);
        expect(read(make, bytes, cuts)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('JSON Lines: every line is stored, rejected or blank, and a line is rejected exactly when it holds a byte that is not UTF-8 or a NUL', () => {
    const good = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀'), maxLength: 8 });
    const line = fc.oneof(
      good.map((text) => ({ bytes: encode(JSON.stringify(text)), bad: false, blank: false })),
      fc.constant({ bytes: encode(''), bad: false, blank: true }),
      fc.tuple(good, fc.constantFrom([0xe9], [0xff], [0x00], [0xed, 0xa0, 0x80])).map(([text, bad]) => ({ bytes: join([encode(`"${text}`), new Uint8Array(bad), encode('"')]), bad: true, blank: false })),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 8 }), (lines, cuts) => {
        const bytes = join(lines.flatMap((l) => [l.bytes, encode('\n')]));
        const { records, blank } = read(createJsonLinesReader, bytes, cuts.filter((cut) => cut <= bytes.length));
        expect(records.length + blank).toBe(lines.length);
        expect(records.filter((r) => r[2] !== undefined).map((r) => r[0])).toEqual(lines.flatMap((l, i) => (l.bad ? [i + 1] : [])));
        expect(records.filter((r) => r[2] === undefined).map((r) => JSON.parse(r[1]) as string)).toEqual(
          lines.filter((l) => !l.bad && !l.blank).map((l) => JSON.parse(new TextDecoder().decode(l.bytes)) as string),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('records too long to hold', () => {
  const collect = (reader: TextRecordReader, chunks: string[]) => {
    for (const chunk of chunks) reader.push(chunk);
    reader.end();
  };

  it('a JSON line over the limit is rejected with its length; the next line is read', () => {
    const seen: Seen[] = [];
    const reader = createJsonLinesReader({ text: (line, raw) => seen.push([line, raw]), value: () => undefined, malformed: (line, raw, _r, message) => seen.push([line, raw.slice(0, 5), message]) }, { maxLineChars: 100 });
    collect(reader, ['{"a":1}\n"', 'x'.repeat(80), 'x'.repeat(80), '"\n{"b":2}']);
    expect(seen).toEqual([
      [1, '{"a":1}'],
      [2, '"xxxx', 'the line is too long to read: 162 characters, over the limit of 100 characters for one line'],
      [3, '{"b":2}'],
    ]);
  });

  it('a JSON array element over the limit is rejected with its length', () => {
    const seen: Seen[] = [];
    const reader = createJsonArrayReader({ text: (line, raw) => seen.push([line, raw]), value: () => undefined, malformed: (line, _raw, _r, message) => seen.push([line, '', message]) }, { maxElementChars: 50 });
    collect(reader, ['[{"a":1},\n"', 'x'.repeat(40), 'x'.repeat(40), '",\n{"b":2}]']);
    expect(seen).toEqual([[1, '{"a":1}'], [2, '', 'the element is too long to read: 82 characters, over the limit of 50 characters for one element'], [3, '{"b":2}']]);
  });

  it('a CSV quote that runs on past the limit rejects the line it opened on, and the rows after that line are read', () => {
    const seen: Seen[] = [];
    const reader = createCsvReader({ text: () => undefined, value: (line, raw) => seen.push([line, raw]), malformed: (line, raw, _r, message) => seen.push([line, raw, message]) }, { maxRecordChars: 60 });
    const rows = Array.from({ length: 10 }, (_, i) => `asset,a${i + 3},row ${i + 3}`);
    collect(reader, ['type,asset_id,title\nasset,a1,"open\n', ...rows.map((row) => `${row}\n`)]);
    expect(seen[0]).toEqual([2, 'asset,a1,"open', 'the quote opened on line 2 runs on for more than 60 characters: a quote is missing (or one too many), so this row is not read']);
    expect(seen.slice(1).map(([line, raw]) => [line, raw])).toEqual(rows.map((row, i) => [i + 3, row]));
  });
});

describe('gzip', () => {
  const drain = async (bytes: Uint8Array, budget?: Parameters<typeof gunzipIfCompressed>[1]) => {
    const source = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(bytes), c.close()) });
    const { stream, problem } = await gunzipIfCompressed(source, budget);
    let text = 0;
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += chunk.byteLength;
    return { text, problem: problem()?.message ?? null };
  };

  it('stops expanding a "gzip bomb" past the budget, with the text before it handed on', async () => {
    const bomb = gzipSync(new Uint8Array(64 << 20).fill(0x20));
    const { text, problem } = await drain(bomb, { minBytes: 4 << 20, maxExpansion: 200 });
    expect(problem).toMatch(/^the gzip data expands too far \(.* MB of text from .* MB, over 200 times\): reading stopped there, as for a "gzip bomb"; the lines before are loaded$/);
    expect(text).toBeGreaterThan(3 << 20);
    expect(text).toBeLessThan(64 << 20);
  });

  it('reads a file that compresses well, within the budget', async () => {
    const bytes = new Uint8Array(8 << 20).fill(0x20);
    expect(await drain(gzipSync(bytes), { minBytes: 16 << 20, maxExpansion: 200 })).toEqual({ text: bytes.byteLength, problem: null });
  });

  it('reads every member, whatever their number', async () => {
    const members = Array.from({ length: 5 }, (_, i) => gzipSync(`member ${i}\n`));
    expect(await drain(join(members))).toEqual({ text: 5 * 'member 0\n'.length, problem: null });
  });

  it('says a member whose text falls short of its stated size was cut short', async () => {
    const whole = gzipSync('x'.repeat(100_000));
    expect((await drain(whole.subarray(0, whole.length - 2))).problem).toContain('ends early');
  });
});
