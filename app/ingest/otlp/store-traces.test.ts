import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../engine/sql/core/run';
import { clearDataset, initDataset } from '../../engine/dataset';
import type { Engine } from '../../engine/engine';
import { createNodeEngine } from '../../engine/node-engine';
import { loadFiles } from '../load-files';
import { LoadState } from '../load-state';
import { textInputFile } from '../text-input';
import { makeDocument, makeSpan } from './otlp-test-builders';

let engine: Engine;
beforeAll(async () => {
  engine = await createNodeEngine();
  await initDataset(engine);
}, 60_000);
afterAll(() => engine.close());

const TRACE = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1';
const nano = (second: number) => `${BigInt(Date.parse('2026-11-02T09:00:00Z') + second * 1000) * 1_000_000n}`;
const span = (spanId: string, parentSpanId: string | undefined, second: number, attributes: Record<string, string | number>) =>
  makeSpan({ traceId: TRACE, spanId, parentSpanId, name: String(attributes.name ?? spanId), startTimeUnixNano: nano(second), endTimeUnixNano: nano(second + 1), attributes });

/**
 * One LlamaIndex turn whose spans a paged export spread over two files: the retriever spans and
 * the LLM call in the first, the root (the question and the answer) in the second.
 */
const ROOT = 'bbbbbbbbbbbbbbb1';
const OUTER = 'bbbbbbbbbbbbbbb2';
const INNER = 'bbbbbbbbbbbbbbb3';
const LLM = 'bbbbbbbbbbbbbbb4';
const firstPart = makeDocument([
  span(INNER, OUTER, 1, { 'openinference.span.kind': 'RETRIEVER', 'input.value': 'refunds', 'session.id': 's1' }),
  span(OUTER, ROOT, 1, {
    'openinference.span.kind': 'RETRIEVER', 'input.value': 'refunds', 'session.id': 's1',
    'retrieval.documents.0.document.id': 'kb-1', 'retrieval.documents.0.document.content': 'Refunds take 14 days.',
    'retrieval.documents.1.document.id': 'kb-2', 'retrieval.documents.1.document.content': 'Shipping is free.',
  }),
  span(LLM, ROOT, 2, { 'openinference.span.kind': 'LLM', 'llm.input_messages.0.message.role': 'user', 'llm.input_messages.0.message.content': 'Context: Refunds take 14 days.\nQ: refunds?', 'session.id': 's1' }),
]);
const secondPart = makeDocument([
  span(ROOT, undefined, 0, { 'openinference.span.kind': 'CHAIN', 'input.value': 'How long do refunds take?', 'output.value': '14 days.', 'session.id': 's1' }),
]);

describe('traces spread over the files of one load', () => {
  it('are resolved whole once every file is read, each row under the file and line of its span', async () => {
    await clearDataset(engine);
    const results = await loadFiles(engine, [
      textInputFile('page-1.json', JSON.stringify(firstPart)),
      textInputFile('page-2.json', JSON.stringify(secondPart)),
    ], new LoadState());
    // one retrieval (the inner _retrieve span is no retrieval of its own), its 2 assets, the agent's use of kb-1, the prompt and the response
    const rows = await engine.query(
      `SELECT type, file_id, coalesce(retrieval_id, consumed_asset_id, asset_id, text) AS what FROM events ORDER BY type, what`,
    );
    expect(rows).toEqual([
      { type: 'action', file_id: 1, what: 'kb-1' },
      { type: 'asset', file_id: 1, what: 'kb-1' },
      { type: 'asset', file_id: 1, what: 'kb-2' },
      { type: 'prompt', file_id: 2, what: 'How long do refunds take?' },
      { type: 'response', file_id: 2, what: '14 days.' },
      { type: 'retrieval', file_id: 1, what: OUTER },
    ]);
    expect(results.map((result) => [result.fileName, result.events, result.countsByType])).toEqual([
      ['page-1.json', 4, { retrieval: 1, asset: 2, action: 1 }],
      ['page-2.json', 2, { prompt: 1, response: 1 }],
    ]);
    expect(await engine.query('SELECT name, events, spans FROM files ORDER BY file_id')).toEqual([
      { name: 'page-1.json', events: 4, spans: 2 },
      { name: 'page-2.json', events: 2, spans: 1 },
    ]);
    // every event of the trace carries its turn, the trace id
    expect(await engine.query('SELECT DISTINCT turn_id, session_id FROM events WHERE type <> \'asset\'')).toEqual([{ turn_id: TRACE, session_id: 's1' }]);
  });

  it('read alone, a part gives only what its own spans say', async () => {
    await clearDataset(engine);
    await loadFiles(engine, [textInputFile('page-1.json', JSON.stringify(firstPart))], new LoadState());
    const types = await run(engine, 'SELECT type, count(*)::INTEGER AS n FROM events GROUP BY type ORDER BY type', { type: 'string', n: 'number' });
    expect(types).toEqual([{ type: 'action', n: 1 }, { type: 'asset', n: 2 }, { type: 'retrieval', n: 1 }]);
  });
});
