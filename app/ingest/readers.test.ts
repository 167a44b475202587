import { describe, expect, it } from 'vitest';
import { createCsvReader } from './csv-reader';
import { createJsonArrayReader } from './json-array-reader';
import { createJsonLinesReader } from './jsonl-reader';
import type { RecordSink, TextRecordReader } from './record-sink';

type Seen = [number, string, unknown?];

function collect(make: (sink: RecordSink) => TextRecordReader, text: string, chunk: number) {
  const records: Seen[] = [];
  const reader = make({
    text: (line, raw) => records.push([line, raw]),
    value: (line, raw, value) => records.push([line, raw, value]),
    malformed: (line, raw, reason) => records.push([line, raw, reason]),
    resourceSpans: (line, raw, index) => records.push([line, raw, `resourceSpans[${index}]`]),
  });
  for (let i = 0; i < text.length; i += chunk) reader.push(text.slice(i, i + chunk));
  reader.end();
  return { records, blank: reader.blankLines };
}

const CHUNKS = [1, 2, 3, 5, 8, 64, 100_000];

describe('JSON array reader', () => {
  const tricky = '[\n  {"type":"asset","asset_id":"a,]}\\"[{"},\n  {"type":"prompt","text":"x"}\n,42\n]\n';
  it.each(CHUNKS)('finds each element with its line, whatever the chunk size (%i)', (chunk) => {
    expect(collect(createJsonArrayReader, tricky, chunk).records).toEqual([
      [2, '{"type":"asset","asset_id":"a,]}\\"[{"}'],
      [3, '{"type":"prompt","text":"x"}'],
      [4, '42'],
    ]);
  });

  it.each(CHUNKS)('reads the events array of a wrapper object and skips its other keys (%i)', (chunk) => {
    const wrapped = '{"meta": {"events": [1]}, "note": "events",\n "events": [\n {"a": 1},\n {"b": [2]}\n ], "after": []}';
    expect(collect(createJsonArrayReader, wrapped, chunk).records).toEqual([[3, '{"a": 1}'], [4, '{"b": [2]}']]);
  });

  it.each(CHUNKS)('hands on each element of an OTLP document\'s resourceSpans, with its index (%i)', (chunk) => {
    const otlp = '{"note": "resourceSpans",\n "resourceSpans": [\n {"scopeSpans": [{"spans": [{"name": "a,]"}]}]},\n {"resource": {}}\n ]}';
    expect(collect(createJsonArrayReader, otlp, chunk).records).toEqual([
      [3, '{"scopeSpans": [{"spans": [{"name": "a,]"}]}]}', 'resourceSpans[0]'],
      [4, '{"resource": {}}', 'resourceSpans[1]'],
    ]);
  });

  it('says why a document that is neither shape cannot be read', () => {
    expect(collect(createJsonArrayReader, '{"type":"asset"}', 4).records).toEqual([[1, '{"type":"asset"}', 'invalid_json']]);
  });

  it('reports an array that never closes', () => {
    expect(collect(createJsonArrayReader, '[{"a":1},', 4).records).toEqual([[1, '{"a":1}'], [1, '', 'invalid_json']]);
  });
});

describe('JSON Lines reader', () => {
  it.each(CHUNKS)('numbers lines from 1, skips blank ones, handles CRLF and a last line without newline (%i)', (chunk) => {
    const { records, blank } = collect(createJsonLinesReader, '{"a":1}\r\n\n  \n{"b":"é"}\n{"c":3}', chunk);
    expect(records).toEqual([[1, '{"a":1}'], [4, '{"b":"é"}'], [5, '{"c":3}']]);
    expect(blank).toBe(2);
  });
});

describe('CSV reader', () => {
  const csv = 'type,query,returned_asset_ids,grade,adjudicated,note\n' +
    'label,"say ""hi""","[""a"",""b""]",2,true,\n' +
    'label,"multi\nline",[],x,maybe,n\n' +
    'label,short\n';
  it.each(CHUNKS)('converts cells by the schema and keeps the start line of each row (%i)', (chunk) => {
    expect(collect(createCsvReader, csv, chunk).records).toEqual([
      [2, 'label,"say ""hi""","[""a"",""b""]",2,true,', { type: 'label', query: 'say "hi"', returned_asset_ids: ['a', 'b'], grade: 2, adjudicated: true }],
      [3, 'label,"multi\nline",[],x,maybe,n', { type: 'label', query: 'multi\nline', returned_asset_ids: [], grade: 'x', adjudicated: 'maybe', note: 'n' }],
      [5, 'label,short', 'invalid_csv'],
    ]);
  });
});
