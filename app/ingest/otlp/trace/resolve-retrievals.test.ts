import { describe, expect, it } from 'vitest';
import { resolveTrace } from './resolve-trace';
import { at, documents, scored, TRACE, traceSpans, type TraceSpanSpec } from './trace-test-builders';
import type { TraceOutput } from './trace-types';

const resolve = (specs: TraceSpanSpec[]) => resolveTrace(traceSpans(specs));
const eventsOf = (output: TraceOutput, type: string) => output.events.map(({ event }) => event).filter((event) => event.type === type);
const retrievalsOf = (output: TraceOutput) => eventsOf(output, 'retrieval');
const keptSpanIds = (output: TraceOutput) => output.spans.map(({ span }) => span.span_id);

const RETRIEVER = 'RETRIEVER';
const ROOT: TraceSpanSpec = { id: 'root', kind: 'CHAIN', name: 'RetrieverQueryEngine.query', ms: 100 };

describe('LlamaIndex: retrieve wraps _retrieve, one retrieval either way', () => {
  it.each<[string, TraceSpanSpec[], { list: string[]; listSpan: string; kept: string[]; recorded: string[] }]>([
    [
      'the outer span records the documents (what LlamaIndex does)',
      [
        ROOT,
        { id: 'outer', parent: 'root', kind: RETRIEVER, name: 'BM25Retriever.retrieve', start: 1, attributes: { 'input.value': 'q', ...documents(scored('a', 'b')) } },
        { id: 'inner', parent: 'outer', kind: RETRIEVER, name: 'BM25Retriever._retrieve', start: 2, attributes: { 'input.value': '{"query_bundle":{"query_str":"q"}}' } },
      ],
      { list: ['a', 'b'], listSpan: 'outer', kept: ['root', 'inner'], recorded: ['outer'] },
    ],
    [
      'the inner span records them',
      [
        ROOT,
        { id: 'outer', parent: 'root', kind: RETRIEVER, name: 'BM25Retriever.retrieve', start: 1, attributes: { 'input.value': 'q' } },
        { id: 'inner', parent: 'outer', kind: RETRIEVER, name: 'BM25Retriever._retrieve', start: 2, attributes: documents(scored('a', 'b')) },
      ],
      { list: ['a', 'b'], listSpan: 'inner', kept: ['root'], recorded: ['inner'] },
    ],
    [
      'both record the same list: the same call seen twice, no stage',
      [
        ROOT,
        { id: 'outer', parent: 'root', kind: RETRIEVER, name: 'BM25Retriever.retrieve', start: 1, attributes: documents(scored('a', 'b')) },
        { id: 'inner', parent: 'outer', kind: RETRIEVER, name: 'BM25Retriever._retrieve', start: 2, attributes: documents(scored('a', 'b')) },
      ],
      { list: ['a', 'b'], listSpan: 'outer', kept: ['root'], recorded: ['outer', 'inner'] },
    ],
    [
      'the documents two levels down, under a span of another kind',
      [
        ROOT,
        { id: 'outer', parent: 'root', kind: RETRIEVER, name: 'Outer.retrieve', start: 1 },
        { id: 'step', parent: 'outer', kind: 'CHAIN', start: 2 },
        { id: 'deep', parent: 'step', kind: RETRIEVER, name: 'Deep.retrieve', start: 3, attributes: documents(scored('a')) },
      ],
      { list: ['a'], listSpan: 'deep', kept: ['root', 'step'], recorded: ['deep'] },
    ],
  ])('%s', (_case, specs, { list, listSpan, kept, recorded }) => {
    const output = resolve(specs);
    const retrievals = retrievalsOf(output);
    expect(retrievals).toHaveLength(1);
    expect(retrievals[0]).toMatchObject({ retrieval_id: 'outer', event_id: 'span:outer', returned_asset_ids: list });
    expect(retrievals[0].stages).toBeUndefined();
    expect([...output.listsBySpan.keys()]).toEqual(recorded);
    expect(output.listsBySpan.get(listSpan)).toEqual({ retrievalId: 'outer', assetIds: list });
    expect(keptSpanIds(output)).toEqual(kept);
  });

  it('names the retriever by the outer span, and reads the query there', () => {
    const [retrieval] = retrievalsOf(resolve([
      { id: 'outer', kind: RETRIEVER, name: 'BM25Retriever.retrieve', attributes: { 'input.value': 'what is bm25', ...documents(scored('a')) } },
      { id: 'inner', parent: 'outer', kind: RETRIEVER, name: 'BM25Retriever._retrieve', start: 1, attributes: { 'input.value': '{"query_bundle":{"query_str":"what is bm25"}}' } },
    ]));
    expect(retrieval).toMatchObject({ retriever: 'BM25Retriever', query: 'what is bm25', scores: [0.9] });
  });

  it('takes the query from the span that supplied the list when the retrieval has none', () => {
    const [retrieval] = retrievalsOf(resolve([
      { id: 'outer', kind: RETRIEVER, name: 'R.retrieve' },
      { id: 'inner', parent: 'outer', kind: RETRIEVER, name: 'R._retrieve', start: 1, attributes: { 'input.value': '{"query_bundle":{"query_str":"inner q"}}', ...documents(scored('a')) } },
    ]));
    expect(retrieval.query).toBe('inner q');
  });
});

/** A QueryFusionRetriever over BM25 and a vector index, with an LLM writing the queries, then a cross-encoder. */
const FUSION_TRACE: TraceSpanSpec[] = [
  { ...ROOT, attributes: { 'input.value': 'how do refunds work' } },
  { id: 'fusion', parent: 'root', kind: RETRIEVER, name: 'QueryFusionRetriever.retrieve', start: 1, ms: 40, attributes: { 'input.value': 'how do refunds work', ...documents(scored('r1', 'r2', 'r3')) } },
  { id: 'fusion-inner', parent: 'fusion', kind: RETRIEVER, name: 'QueryFusionRetriever._retrieve', start: 2, ms: 38 },
  { id: 'queries', parent: 'fusion-inner', kind: 'LLM', name: 'OpenAI.complete', start: 3, attributes: { 'input.value': 'Generate queries for: how do refunds work' } },
  { id: 'bm25', parent: 'fusion-inner', kind: RETRIEVER, name: 'BM25Retriever.retrieve', start: 20, attributes: documents([{ id: 'r2', score: 7.5 }, { id: 'r1', score: 3 }]) },
  { id: 'bm25-inner', parent: 'bm25', kind: RETRIEVER, name: 'BM25Retriever._retrieve', start: 21 },
  { id: 'dense', parent: 'fusion-inner', kind: RETRIEVER, name: 'VectorIndexRetriever.retrieve', start: 22, attributes: documents([{ id: 'r1', score: 0.8 }, { id: 'r3', score: 0.7 }]) },
  { id: 'dense-inner', parent: 'dense', kind: RETRIEVER, name: 'VectorIndexRetriever._retrieve', start: 23 },
  { id: 'embed', parent: 'dense-inner', kind: 'EMBEDDING', name: 'OpenAIEmbedding._get_query_embedding', start: 24 },
  {
    id: 'rerank', parent: 'root', kind: 'RERANKER', name: 'SentenceTransformerRerank.postprocess_nodes', start: 50,
    attributes: {
      'reranker.model_name': 'cross-encoder/ms-marco-MiniLM-L-2-v2',
      ...documents(scored('r1', 'r2', 'r3'), 'reranker.input_documents'),
      ...documents([{ id: 'r3', score: 4.2 }, { id: 'r1', score: 1.5 }], 'reranker.output_documents'),
    },
  },
];

describe('a fusion retriever: its sub-retrievers and a reranker are stages of one retrieval', () => {
  const output = resolve(FUSION_TRACE);

  it('returns the fused list, with the pipeline\'s stages in order', () => {
    const retrievals = retrievalsOf(output);
    expect(retrievals).toHaveLength(1);
    expect(retrievals[0]).toMatchObject({
      retrieval_id: 'fusion',
      retriever: 'QueryFusionRetriever',
      returned_asset_ids: ['r1', 'r2', 'r3'],
      stages: [
        { name: 'BM25Retriever', kind: 'retriever', asset_ids: ['r2', 'r1'], scores: [7.5, 3] },
        { name: 'VectorIndexRetriever', kind: 'retriever', asset_ids: ['r1', 'r3'], scores: [0.8, 0.7] },
        { name: 'cross-encoder/ms-marco-MiniLM-L-2-v2', kind: 'rerank', asset_ids: ['r3', 'r1'], scores: [4.2, 1.5] },
      ],
    });
  });

  it('keeps the spans no event stands for on the timeline', () => {
    expect(keptSpanIds(output)).toEqual(['root', 'fusion-inner', 'queries', 'bm25-inner', 'dense-inner', 'embed']);
  });

  it('records every list by the span it was read from', () => {
    expect(Object.fromEntries(output.listsBySpan)).toEqual({
      fusion: { retrievalId: 'fusion', assetIds: ['r1', 'r2', 'r3'] },
      bm25: { retrievalId: 'fusion', assetIds: ['r2', 'r1'] },
      dense: { retrievalId: 'fusion', assetIds: ['r1', 'r3'] },
      rerank: { retrievalId: 'fusion', assetIds: ['r3', 'r1'] },
    });
  });
});

describe('which retrieval a reranker reranks', () => {
  const retrieval = (id: string, start: number, ids: string[]): TraceSpanSpec => ({ id, parent: 'root', kind: RETRIEVER, name: `${id}.retrieve`, start, attributes: documents(scored(...ids)) });
  const reranker = (id: string, start: number, input: string[], output: string[], extra: Record<string, string> = {}): TraceSpanSpec => ({
    id, parent: 'root', kind: 'RERANKER', name: 'LLMRerank.postprocess_nodes', start,
    attributes: { ...documents(scored(...input), 'reranker.input_documents'), ...documents(scored(...output), 'reranker.output_documents'), ...extra },
  });
  const rerankStages = (output: TraceOutput) => Object.fromEntries(retrievalsOf(output).map((event) => [
    event.retrieval_id,
    ((event.stages ?? []) as { kind: string; name: string; asset_ids: string[] }[]).filter((stage) => stage.kind === 'rerank').map((stage) => `${stage.name}:${stage.asset_ids.join(',')}`),
  ]));

  it.each<[string, TraceSpanSpec[], Record<string, string[]>, string[]]>([
    ['its input drawn from a list', [ROOT, retrieval('one', 1, ['a', 'b']), reranker('rr', 5, ['b', 'a'], ['b'])], { one: ['LLMRerank.postprocess_nodes:b'] }, ['root']],
    ['its input drawn from a stage', [ROOT, { ...retrieval('one', 1, ['a']), attributes: documents(scored('a')) }, { ...retrieval('sub', 2, ['x']), parent: 'one' }, reranker('rr', 5, ['x'], ['x'])], { one: ['LLMRerank.postprocess_nodes:x'] }, ['root']],
    ['an input no retrieval offered: a span on the timeline', [ROOT, retrieval('one', 1, ['a']), reranker('rr', 5, ['a', 'z'], ['a'])], { one: [] }, ['root', 'rr']],
    ['two retrievals offer it: the latest that started before the reranker', [ROOT, retrieval('one', 1, ['a']), retrieval('two', 3, ['a']), reranker('rr', 5, ['a'], ['a'])], { one: [], two: ['LLMRerank.postprocess_nodes:a'] }, ['root']],
    ['a second reranker reranks the first\'s output', [ROOT, retrieval('one', 1, ['a', 'b', 'c']), reranker('rr1', 5, ['a', 'b', 'c'], ['c', 'b']), { ...reranker('rr2', 7, ['c', 'b'], ['b']), attributes: { ...documents(scored('c', 'b'), 'reranker.input_documents'), ...documents(scored('b'), 'reranker.output_documents'), 'reranker.model_name': 'second' } }], { one: ['LLMRerank.postprocess_nodes:c,b', 'second:b'] }, ['root']],
    ['a failed reranker stays on the timeline', [ROOT, retrieval('one', 1, ['a']), { ...reranker('rr', 5, ['a'], []), status: { code: 2, message: 'timeout' } }], { one: [] }, ['root', 'rr']],
    ['one that kept nothing is a stage with no assets', [ROOT, retrieval('one', 1, ['a']), reranker('rr', 5, ['a'], [])], { one: ['LLMRerank.postprocess_nodes:'] }, ['root']],
  ])('%s', (_case, specs, expected, kept) => {
    const output = resolve(specs);
    expect(rerankStages(output)).toEqual(expected);
    expect(keptSpanIds(output)).toEqual(kept);
  });
});

// Content ids computed with Node's crypto (sha256 of the normalized text, first 16 hex digits).
const REFUNDS_ID = 'content:ff07d2ea9d568b03'; // "Refunds are issued within 14 days."
const SHIPPING_ID = 'content:1e101e2692d3db01'; // "Shipping takes 3-5 days."

describe('LangChain: documents without ids', () => {
  const output = resolve([
    {
      id: 'lc', kind: RETRIEVER, name: 'VectorStoreRetriever',
      attributes: {
        'input.value': 'refunds',
        metadata: '{"ls_retriever_name":"vectorstore","ls_vector_store_provider":"FAISS","ls_embedding_provider":"OpenAIEmbeddings"}',
        'tag.tags': ['prod', 'faq'],
        ...documents([
          { content: 'Refunds are issued\n   within 14 days.', metadata: '{"source":"kb/refunds.md","title":"Refund policy"}' },
          { content: 'Shipping takes 3-5 days.' },
          { content: 'Damaged items are replaced.', metadata: '{"source":"kb/damage.md","doc_id":"kb-damage"}' },
          { content: 'Refunds are issued within 14 days.' },
        ]),
      },
    },
  ]);

  it('identifies each by a metadata id, else by its content, and rejects nothing', () => {
    expect(output.rejected).toEqual([]);
    expect(retrievalsOf(output)[0]).toMatchObject({ returned_asset_ids: [REFUNDS_ID, SHIPPING_ID, 'kb-damage', REFUNDS_ID], retriever: 'vectorstore' });
  });

  it('counts the distinct derived ids', () => {
    expect(output.derivedIds).toEqual({ metadata: 1, content: 2 });
  });

  it('keeps metadata and tags on the retrieval', () => {
    expect(retrievalsOf(output)[0]).toMatchObject({
      metadata: '{"ls_retriever_name":"vectorstore","ls_vector_store_provider":"FAISS","ls_embedding_provider":"OpenAIEmbeddings"}',
      tags: ['prod', 'faq'],
    });
  });

  it('describes each distinct document once, as an asset', () => {
    expect(eventsOf(output, 'asset')).toEqual([
      { type: 'asset', asset_id: REFUNDS_ID, text: 'Refunds are issued\n   within 14 days.', title: 'Refund policy' },
      { type: 'asset', asset_id: SHIPPING_ID, text: 'Shipping takes 3-5 days.' },
      { type: 'asset', asset_id: 'kb-damage', text: 'Damaged items are replaced.' },
    ]);
  });
});

describe('an empty result and a failed retrieval', () => {
  const ERROR = { code: 2, message: 'connection refused' };
  it.each<[string, TraceSpanSpec[], Record<string, unknown>]>([
    ['no documents, status unset: an empty result', [{ id: 'r', kind: RETRIEVER }], { returned_asset_ids: [], error: undefined }],
    ['no documents, status OK: an empty result', [{ id: 'r', kind: RETRIEVER, status: { code: 1 } }], { returned_asset_ids: [] }],
    ['no documents, status ERROR: failed, with the status message', [{ id: 'r', kind: RETRIEVER, status: ERROR }], { returned_asset_ids: undefined, error: 'connection refused' }],
    ['status ERROR without a message', [{ id: 'r', kind: RETRIEVER, status: { code: 'STATUS_CODE_ERROR' } }], { returned_asset_ids: undefined, error: 'ERROR' }],
    ['status ERROR with documents: what it returned', [{ id: 'r', kind: RETRIEVER, status: ERROR, attributes: documents(scored('a')) }], { returned_asset_ids: ['a'], error: undefined }],
    [
      'an inner retriever without documents: still empty, the inner span kept',
      [{ id: 'r', kind: RETRIEVER, name: 'R.retrieve' }, { id: 'i', parent: 'r', kind: RETRIEVER, name: 'R._retrieve', start: 1 }],
      { returned_asset_ids: [] },
    ],
    [
      'the inner span failed too: one failed retrieval',
      [{ id: 'r', kind: RETRIEVER, status: ERROR }, { id: 'i', parent: 'r', kind: RETRIEVER, start: 1, status: ERROR }],
      { returned_asset_ids: undefined, error: 'connection refused' },
    ],
    ['GenAI without gen_ai.retrieval.documents: not recorded', [{ id: 'r', attributes: { 'gen_ai.operation.name': 'retrieval' } }], { returned_asset_ids: undefined, error: undefined }],
    ['GenAI with an empty list: an empty result', [{ id: 'r', attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.documents': '[]' } }], { returned_asset_ids: [] }],
    ['GenAI with status ERROR: failed', [{ id: 'r', attributes: { 'gen_ai.operation.name': 'retrieval' }, status: ERROR }], { returned_asset_ids: undefined, error: 'connection refused' }],
  ])('%s', (_case, specs, expected) => {
    const retrievals = retrievalsOf(resolve(specs));
    expect(retrievals).toHaveLength(1);
    for (const [field, value] of Object.entries(expected)) expect(retrievals[0][field]).toEqual(value);
  });

  it('keeps a retrieval whose GenAI list cannot be read, and warns', () => {
    const output = resolve([{ id: 'r', attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.documents': '[{"id":' } }]);
    expect(retrievalsOf(output)).toHaveLength(1);
    expect(retrievalsOf(output)[0].returned_asset_ids).toBeUndefined();
    expect(output.rejected).toMatchObject([{ reason: 'invalid_json', field: 'gen_ai.retrieval.documents', raw: '[{"id":' }]);
  });
});

describe('the retrieval event', () => {
  const [retrieval] = retrievalsOf(resolve([{
    id: 'r', kind: RETRIEVER, name: 'R', start: 5, ms: 120,
    attributes: {
      'input.value': '{"query":"vpn","k":3}', 'input.mime_type': 'application/json', 'retrieval.role': 'reference',
      'rag.question_id': 'q1', 'llm.model_name': 'gpt-4o-mini', 'llm.token_count.prompt': 12, 'llm.token_count.total': 20,
      ...documents([{ id: 'a', score: 0.5 }, { id: 'b' }]),
    },
  }]));

  it('carries the span\'s fields, the trace as request and turn, and the kept attributes', () => {
    expect(retrieval).toEqual({
      type: 'retrieval', event_id: 'span:r', ts: at(5), retrieval_id: 'r',
      session_id: TRACE, request_id: TRACE, turn_id: TRACE,
      query: 'vpn', returned_asset_ids: ['a', 'b'], retriever: 'R', role: 'reference', question_id: 'q1', latency_ms: 120,
      llm_model_name: 'gpt-4o-mini', llm_token_count_prompt: 12, llm_token_count_total: 20,
    });
  });
});

describe('nesting that leads in circles', () => {
  it('terminates, and the cycle\'s first span is the retrieval', () => {
    const output = resolve([
      { id: 'a', parent: 'b', kind: RETRIEVER, name: 'A.retrieve', attributes: documents(scored('x')) },
      { id: 'b', parent: 'a', kind: RETRIEVER, name: 'B.retrieve', start: 1, attributes: documents(scored('y')) },
    ]);
    expect(retrievalsOf(output)).toMatchObject([{ retrieval_id: 'a', returned_asset_ids: ['x'], stages: [{ name: 'B', asset_ids: ['y'] }] }]);
  });
});
