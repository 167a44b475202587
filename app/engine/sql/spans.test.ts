import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFiles } from '../../ingest/load-files';
import { LoadState } from '../../ingest/load-state';
import { buildSdkTraces } from '../../ingest/otlp/sdk-fixture';
import { textInputFile } from '../../ingest/text-input';
import { buildTimeline } from '../../model/lineage/timeline';
import { clearDataset } from '../dataset';
import type { Engine } from '../engine';
import { lineageReads, type LineageReads } from '../lineage-test-reads';
import { createTestEngine } from './metrics/fixtures';
import { loadSessionInspector } from './session-inspector';
import { FILE_SPAN_KIND_COUNT_ROW, SPANS_BY_FILE_AND_KIND_SQL, SPANS_BY_KIND_SQL } from './spans';
import { run } from './core/run';

let engine: Engine;
let read: LineageReads;
beforeAll(async () => {
  engine = await createTestEngine();
  const traces = await buildSdkTraces();
  await loadFiles(engine, [textInputFile('plain.jsonl', '{"type":"asset","asset_id":"x"}\n'), textInputFile('collector.jsonl', traces.jsonLines, 256)], new LoadState());
  read = lineageReads(engine);
}, 60_000);
afterAll(() => engine.close());

describe('the spans no event covers', () => {
  it('are counted by kind, overall and per file', async () => {
    expect(await engine.query(SPANS_BY_KIND_SQL)).toEqual([
      { kind: 'AGENT', spans: 1 }, { kind: 'LLM', spans: 1 }, { kind: 'execute_tool', spans: 1 }, { kind: 'invoke_agent', spans: 1 },
    ]);
    expect((await run(engine, SPANS_BY_FILE_AND_KIND_SQL, FILE_SPAN_KIND_COUNT_ROW)).map((row) => row.file_id)).toEqual([2, 2, 2, 2]);
  });

  it('stand on the session timeline among its events, in time order, inside the turn whose time they overlap', async () => {
    const rows = await read((facts) => loadSessionInspector(facts, 'sess-oi'));
    expect(rows.spans.map((span) => [span.kind, span.name, span.file, span.line, span.end_ts! - span.ts, span.parent_span_id])).toEqual([
      ['AGENT', 'support turn', 'collector.jsonl', 1, 6000, null],
      ['LLM', 'generate answer', 'collector.jsonl', 1, 2000, 'b7ad6b7169203301'],
    ]);
    // every event of the trace is of its turn (the trace id), from 10:00:01 (retrieval) to 10:00:05.5 (feedback); the
    // agent span (10:00:00–10:00:06) overlaps it and comes first; the LLM call (10:00:02) after the retrieval, with the
    // use of kb-refunds derived from its input at its start; then the follow-up retrieval, the place and the feedback
    const [turn, ...others] = buildTimeline(rows, 'sess-oi');
    expect(others).toEqual([]);
    expect(turn.startTs).toBe(Date.parse('2026-03-02T10:00:00Z'));
    expect(turn.items.map((item) => (item.kind === 'span' ? `span ${item.span.kind}` : item.entry.event.type))).toEqual([
      'span AGENT', 'retrieval', 'span LLM', 'action', 'retrieval', 'action', 'feedback',
    ]);
  });

  it('belong to no other session, and go with the dataset when it is cleared', async () => {
    expect((await read((facts) => loadSessionInspector(facts, 's1'))).spans).toEqual([]);
    await clearDataset(engine);
    expect(await engine.query(SPANS_BY_KIND_SQL)).toEqual([]);
  });
});
