import { describe, expect, it } from 'vitest';
import { createJsonArrayReader } from '../json-array-reader';
import type { RecordSink } from '../record-sink';
import { collectPage } from './collect-page';
import { ROOT, RETRIEVER_SPAN, otlpV1Span } from './phoenix-test-builders';

/** What a reader handed on, in order. */
function readJson(text: string, chunk: number, withPageSpan: boolean): string[] {
  const got: string[] = [];
  const sink: RecordSink = {
    text: (line, raw) => got.push(`text ${line} ${raw}`),
    value: () => got.push('value'),
    malformed: (line, _raw, reason, message) => got.push(`malformed ${line} ${reason} ${message}`),
    ...(withPageSpan ? { pageSpan: (line: number, raw: string, index: number) => got.push(`pageSpan ${line} ${index} ${raw}`) } : {}),
  };
  const reader = createJsonArrayReader(sink);
  for (let at = 0; at < text.length; at += chunk) reader.push(text.slice(at, at + chunk));
  reader.end();
  return got;
}

describe('a .json page file: json-array-reader streams `data`', () => {
  const page = '{"data": [\n{"span_id": "a"},\n{"span_id": "b"}\n], "next_cursor": null}';

  it.each([1, 5, 1000])('hands each element on with its line and index (chunks of %i)', (chunk) => {
    expect(readJson(page, chunk, true)).toEqual(['pageSpan 2 0 {"span_id": "a"}', 'pageSpan 3 1 {"span_id": "b"}']);
  });

  it('a sink without pageSpan gets each element as a one-span page', () => {
    expect(readJson(page, 7, false)).toEqual(['text 2 {"data":[{"span_id": "a"}],"next_cursor":null}', 'text 3 {"data":[{"span_id": "b"}],"next_cursor":null}']);
  });

  it('an object with neither list still says what a file may hold', () => {
    expect(readJson('{"items": []}', 4, true)).toEqual([expect.stringMatching(/^malformed 1 invalid_json .*a page of Phoenix's span export \{"data": \[\.\.\.\]\}$/)]);
  });
});

describe('collectPage', () => {
  it('collects each span with its place, and rejects what is no span', () => {
    const collected: string[] = [];
    const rejected: string[] = [];
    collectPage({ data: [otlpV1Span(), { type: 'retrieval' }, otlpV1Span({ trace_id: null })], next_cursor: 'U3Bhbjoz' }, 4, {
      otlp: { collect: (span, _resource, line, position) => collected.push(`${line} ${position} ${span.spanId} ${span.parentSpanId}`) },
      reject: (line, _raw, reason, field, message) => rejected.push(`${line} ${reason} ${field} ${message}`),
    });
    expect(collected).toEqual([`4 data[0] ${RETRIEVER_SPAN} ${ROOT}`]);
    expect(rejected).toEqual([
      expect.stringMatching(/^4 wrong_type null data\[1\]: not a Phoenix span/),
      '4 missing_field trace_id data[2]: the span has no trace_id',
    ]);
  });
});
