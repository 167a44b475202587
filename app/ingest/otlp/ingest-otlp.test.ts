import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../engine/sql/core/run';
import { clearDataset, initDataset } from '../../engine/dataset';
import type { Engine } from '../../engine/engine';
import { createNodeEngine } from '../../engine/node-engine';
import { loadFiles } from '../load-files';
import { LoadState } from '../load-state';
import { textInputFile } from '../text-input';
import { makeDocument, makeSpan, RETRIEVER } from './otlp-test-builders';
import { buildSdkTraces, type SdkTraces } from './sdk-fixture';

let engine: Engine;
let traces: SdkTraces;
beforeAll(async () => {
  engine = await createNodeEngine();
  await initDataset(engine);
  traces = await buildSdkTraces();
}, 60_000);
afterAll(() => engine.close());

async function load(...files: ReturnType<typeof textInputFile>[]) {
  await clearDataset(engine);
  return loadFiles(engine, files, new LoadState());
}

const SPAN = (n: number) => `b7ad6b716920330${n}`;
/** The retrievals sdk-fixture-expected.ts worked out by hand, as the `retrievals` view returns them. */
const expectedRetrievals = (ids: string[]) =>
  traces.expectedEvents
    .filter((event) => event.type === 'retrieval' && ids.includes(event.retrieval_id as string))
    .map((event) => [event.retrieval_id, event.session_id, event.query, event.returned_asset_ids, event.scores ?? null]);
const storedRetrievals = () =>
  engine.query('SELECT retrieval_id, session_id, query, returned_asset_ids, scores, line FROM retrievals ORDER BY ts');
const storedSpans = () => engine.query('SELECT kind, name, session_id, line, seq FROM spans ORDER BY ts');
const count = async (table: string) => (await run(engine, `SELECT count(*)::INTEGER AS n FROM ${table}`, { n: 'number' }))[0].n;

describe('OpenTelemetry traces loaded through the ingest', () => {
  it('a collector file (JSON Lines, one document a trace) gives the retrievals, the other events and the spans by kind', async () => {
    // traces 1 (OpenInference) and 2 (GenAI): two documents, two lines
    const [first, second] = traces.jsonLines.split('\n');
    const [result] = await load(textInputFile('collector.otlp.jsonl', `${first}\n${second}\n`, 64));
    const retrievals = await storedRetrievals();
    expect(retrievals.map((r) => [r.retrieval_id, r.session_id, r.query, r.returned_asset_ids, r.scores])).toEqual(
      expectedRetrievals([SPAN(2), SPAN(4), SPAN(6)]),
    );
    expect(retrievals.map((r) => r.line)).toEqual([1, 1, 2]);
    // seq: the order the load's traces are stored in once resolved, each trace's spans by start time
    expect(await storedSpans()).toEqual([
      { kind: 'AGENT', name: 'support turn', session_id: 'sess-oi', line: 1, seq: 0 },
      { kind: 'LLM', name: 'generate answer', session_id: 'sess-oi', line: 1, seq: 1 },
      { kind: 'invoke_agent', name: 'invoke_agent helpdesk', session_id: 'conv-9', line: 2, seq: 2 },
      { kind: 'execute_tool', name: 'execute_tool reset_password', session_id: 'conv-9', line: 2, seq: 3 },
    ]);
    expect(result.spans).toEqual({ AGENT: 1, LLM: 1, invoke_agent: 1, execute_tool: 1 });
    // 3 retrievals, 3 assets, 3 actions (one derived from the LLM span's context), 1 feedback: the 4 spans are not events
    expect(result).toMatchObject({ events: 10, rejected: 0, countsByType: { retrieval: 3, asset: 3, action: 3, feedback: 1 } });
    expect(await count('events')).toBe(10);
    expect(await engine.query('SELECT events, spans FROM files')).toEqual([{ events: 10, spans: 4 }]);
  });

  it('one .json document is streamed element by element, each resourceSpans at the line it starts', async () => {
    const text = JSON.stringify(traces.document, null, 2);
    // with two-space indentation, each element of the top-level resourceSpans opens on a line of its own: "    {"
    const elementLines = text.split('\n').flatMap((line, index) => (line === '    {' ? [index + 1] : []));
    expect(elementLines).toHaveLength(2);
    const [result] = await load(textInputFile('export.otlp.json', text));
    const retrievals = await storedRetrievals();
    expect(retrievals.map((r) => [r.retrieval_id, r.session_id, r.query, r.returned_asset_ids, r.scores])).toEqual(
      expectedRetrievals([SPAN(2), SPAN(4), SPAN(6), SPAN(8)]),
    );
    expect(retrievals.map((r) => r.line)).toEqual([elementLines[0], elementLines[0], elementLines[1], elementLines[1]]);
    expect(result).toMatchObject({ events: traces.expectedEvents.length, rejected: 0, spans: traces.expectedSpanKinds });
    expect(await count('spans')).toBe(4);
  });

  it('a span that cannot be mapped is a rejected row with its file, line, position and raw text', async () => {
    const bad = makeSpan({ spanId: 'eee19b7ec3c1b175', startTimeUnixNano: 'soon', attributes: RETRIEVER });
    const jsonl = `${traces.jsonLines.split('\n')[2]}\n${JSON.stringify(makeDocument([makeSpan({ attributes: { 'openinference.span.kind': 'TOOL' } }), bad]))}\n`;
    const [result] = await load(textInputFile('bad.otlp.jsonl', jsonl, 64));
    expect(result).toMatchObject({ events: 1, rejected: 1, spans: { TOOL: 1 } });
    const [row] = await engine.query('SELECT file, line, reason, field, message, raw FROM rejected');
    expect(row).toEqual({
      file: 'bad.otlp.jsonl', line: 2, reason: 'bad_ts', field: 'startTimeUnixNano',
      message: 'resourceSpans[0].scopeSpans[0].spans[1]: "startTimeUnixNano" is not a time: "soon"',
      raw: JSON.stringify(bad),
    });
  });

  it('in a .json document the position names the resourceSpans element the span is in', async () => {
    const good = makeDocument([makeSpan({ attributes: { 'openinference.span.kind': 'CHAIN' } })]).resourceSpans[0];
    const bad = makeDocument([makeSpan({ traceId: '' })]).resourceSpans[0];
    const text = `{"resourceSpans": [\n${JSON.stringify(good)},\n${JSON.stringify(bad)},\n{"scopeSpans": [oops]}\n]}`;
    const [result] = await load(textInputFile('two.json', text));
    expect(result).toMatchObject({ events: 0, rejected: 2, spans: { CHAIN: 1 } });
    const rows = await engine.query('SELECT line, reason, field, message FROM rejected ORDER BY line');
    expect(rows).toEqual([
      { line: 3, reason: 'missing_field', field: 'traceId', message: 'resourceSpans[1].scopeSpans[0].spans[0]: the span has no traceId' },
      { line: 4, reason: 'invalid_json', field: null, message: expect.stringMatching(/^resourceSpans\[2\]: /) },
    ]);
  });

  it('a mapped event that breaks a rule of the log format is rejected like any event', async () => {
    // the same retriever span in two traces: the second defines retrieval_id eee19b7ec3c1b174 again
    const retriever = makeSpan({ attributes: { ...RETRIEVER, 'session.id': 's' } });
    const again = { ...retriever, traceId: '5b8efff798038103d269b633813fc60d' };
    const jsonl = [makeDocument([retriever]), makeDocument([again])].map((document) => JSON.stringify(document)).join('\n');
    const [result] = await load(textInputFile('twice.jsonl', jsonl, 64));
    expect(result).toMatchObject({ events: 1, rejected: 1 });
    const [row] = await run(engine, 'SELECT line, reason, raw FROM rejected', { line: 'number', reason: 'string', raw: 'string' });
    expect(row).toMatchObject({ line: 2, reason: 'duplicate_retrieval_id' });
    expect(JSON.parse(row.raw)).toMatchObject({ type: 'retrieval', retrieval_id: 'eee19b7ec3c1b174', session_id: 's' });
  });
});
