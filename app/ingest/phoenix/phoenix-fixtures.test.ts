import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { annotationLabel } from '../otlp/trace/annotation-label';
import { TraceCollector } from '../otlp/trace/trace-collector';
import type { DocumentList, PlacedEvent, PlacedRejection } from '../otlp/trace/trace-types';
import { phoenixAnnotationLayout, readAnnotationRow } from './annotations';
import { PHOENIX_TIME_PARSERS } from './parquet-rows';
import { isPhoenixSpansPage, readPhoenixSpansPage } from './rest-page';
import { isPhoenixSpansDataframe, readSpansDataframeRow } from './spans-dataframe';

/**
 * The fixtures (a Phoenix export of a small help-desk RAG project, fixtures/README.md) read by
 * the Phoenix readers and resolved by the trace rules, against the events worked out by hand in
 * `*.expected.jsonl`.
 */
const FIXTURES = join(__dirname, 'fixtures');
const EVALUATIONS_FILE = 'evaluations-2f1e0d9c-8b7a-4f65-9e43-21d0c9b8a7f6.parquet';

const expectedEvents = (name: string) => readFileSync(join(FIXTURES, name), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
/** Order-free comparison: the collector resolves traces in the order the files show them. */
const sorted = (events: Record<string, unknown>[]) => events.map((event) => JSON.stringify(event, Object.keys(event).sort())).sort();

async function parquetRows(name: string) {
  const file = await asyncBufferFromFile(join(FIXTURES, name));
  const metadata = await parquetMetadataAsync(file);
  const columns = parquetSchema(metadata).children.map((child) => child.element.name);
  const rows = await parquetReadObjects({ file, metadata, parsers: PHOENIX_TIME_PARSERS });
  return { columns, metadata, rows };
}

const place = (fileName: string, line: number, position: string) => ({ fileId: 1, fileName, line, position });

function collectPages(collector: TraceCollector): void {
  for (const name of ['page-1.json', 'page-2.json', 'page-3.json']) {
    const page: unknown = JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
    if (!isPhoenixSpansPage(page)) throw new Error(`${name} is not a page`);
    readPhoenixSpansPage(page, {
      span: ({ span, resource, position }) => collector.addSpan({ span, resource, place: place(name, 1, position) }),
      rejected: (rejection) => { throw new Error(`${name} ${rejection.position}: ${rejection.message}`); },
    });
  }
}

async function collectDataframe(collector: TraceCollector): Promise<void> {
  const { columns, rows } = await parquetRows('spans.parquet');
  expect(isPhoenixSpansDataframe(columns)).toBe(true);
  rows.forEach((row, i) => {
    const result = readSpansDataframeRow(row, i + 1);
    if (!result.ok) throw new Error(result.rejection.message);
    collector.addSpan({ span: result.read.span, resource: result.read.resource, place: place('spans.parquet', i + 1, result.read.position) });
  });
}

async function labels(name: string, lists: Map<string, DocumentList>): Promise<(PlacedEvent | PlacedRejection)[]> {
  const { columns, metadata, rows } = await parquetRows(name);
  const layout = phoenixAnnotationLayout(columns, metadata.key_value_metadata);
  if (!layout) throw new Error(`${name} is not an annotations file`);
  return rows.map((row, i) => {
    const result = readAnnotationRow(row, layout, i + 1);
    if (!result.ok) throw new Error(result.rejection.message);
    return annotationLabel({ ...result.annotation, place: place(name, i + 1, `row ${i + 1}`) }, lists.get(result.annotation.spanId));
  });
}

describe('the Phoenix fixtures', () => {
  it('are what generate.mjs writes', () => {
    const out = mkdtempSync(join(tmpdir(), 'phoenix-fixtures-'));
    try {
      execFileSync(process.execPath, [join(FIXTURES, 'generate.mjs'), '--out', out]);
      const written = readdirSync(out).sort();
      expect(written).toEqual(['document-annotations.parquet', EVALUATIONS_FILE, 'page-1.json', 'page-2.json', 'page-3.json', 'spans.parquet']);
      for (const name of written) expect(readFileSync(join(out, name)).equals(readFileSync(join(FIXTURES, name))), name).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('the three REST pages resolve to the expected events, a trace split across pages joined whole', () => {
    const collector = new TraceCollector();
    collectPages(collector);
    const output = collector.resolve();
    expect(output.rejected).toEqual([]);
    expect(sorted(output.events.map(({ event }) => event))).toEqual(sorted(expectedEvents('helpdesk.expected.jsonl')));
  });

  it('the spans dataframe resolves to the same events', async () => {
    const collector = new TraceCollector();
    await collectDataframe(collector);
    const output = collector.resolve();
    expect(output.rejected).toEqual([]);
    expect(sorted(output.events.map(({ event }) => event))).toEqual(sorted(expectedEvents('helpdesk.expected.jsonl')));
  });

  it('the document annotations label the assets at their positions; two say what is missing', async () => {
    const collector = new TraceCollector();
    collectPages(collector);
    const { listsBySpan } = collector.resolve();
    const placed = await labels('document-annotations.parquet', listsBySpan);
    const events = placed.flatMap((item) => ('event' in item ? [item.event] : []));
    expect(events).toEqual(expectedEvents('document-annotations.expected.jsonl'));
    const rejected = placed.flatMap((item) => ('reason' in item ? [`${item.place.position} ${item.field} ${item.message}`] : []));
    expect(rejected).toEqual([
      expect.stringMatching(/^row 11 context\.span_id the annotated span 5e6f708192a3b4c5 was not loaded .*load the Phoenix spans/),
      'row 12 document_position span 0b1c2d3e4f5a6b7c returned 3 documents: there is no document at position 3',
    ]);
  });

  it('Evaluations.save(): named by its metadata, LLM labels', async () => {
    const collector = new TraceCollector();
    await collectDataframe(collector);
    const placed = await labels(EVALUATIONS_FILE, collector.resolve().listsBySpan);
    expect(placed.map((item) => ('event' in item ? item.event : item))).toEqual(expectedEvents('evaluations.expected.jsonl'));
  });
});
