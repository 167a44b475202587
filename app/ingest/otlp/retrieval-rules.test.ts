import { describe, expect, it } from 'vitest';
import { mapOtlpDocument } from './map-document';
import { makeDocument, makeSpan, RETRIEVER, SPAN_ID, START_MS, TRACE_ID, type SpanSpec } from './otlp-test-builders';

const flattened = (documents: [string, number][]) =>
  Object.fromEntries(documents.flatMap(([id, score], i) => [
    [`retrieval.documents.${i}.document.id`, id],
    [`retrieval.documents.${i}.document.score`, score],
  ]));

/** Eleven documents whose attributes arrive out of order: 10 must follow 9, not 1. */
const ELEVEN_SHUFFLED = Object.fromEntries(
  [10, 2, 0, 9, 1, 5, 3, 8, 4, 7, 6].flatMap((i) => [
    [`retrieval.documents.${i}.document.id`, `d${i}`],
    [`retrieval.documents.${i}.document.score`, 1 - i / 20],
  ]),
);

function mapRetrieval(spec: SpanSpec, resource?: Record<string, string>) {
  const mapping = mapOtlpDocument(makeDocument([makeSpan({ ...spec, attributes: { ...RETRIEVER, ...spec.attributes } })], { resource }));
  expect(mapping.rejected).toEqual([]);
  expect(mapping.spans).toEqual([]);
  return mapping.events[0];
}

describe('a retrieval span maps onto a retrieval event', () => {
  it.each<[string, SpanSpec, Record<string, unknown>]>([
    ['retrieval_id and event_id from the span id', {}, { retrieval_id: SPAN_ID, event_id: `span:${SPAN_ID}` }],
    ['request_id = the trace id', {}, { request_id: TRACE_ID }],
    ['ts = the start time, latency = end − start (times as strings)', {}, { ts: START_MS, latency_ms: 250 }],
    ['times as numbers', { startTimeUnixNano: 1772445601000000000, endTimeUnixNano: 1772445601500000000 }, { ts: START_MS, latency_ms: 500 }],
    ['no latency without an end time', { endTimeUnixNano: '0' }, { latency_ms: undefined }],
    ['query from input.value', { attributes: { 'input.value': 'refund policy' } }, { query: 'refund policy' }],
    ['query from gen_ai.retrieval.query.text', { attributes: { 'gen_ai.retrieval.query.text': 'vpn' } }, { query: 'vpn' }],
    ['input.value before gen_ai.retrieval.query.text', { attributes: { 'input.value': 'a', 'gen_ai.retrieval.query.text': 'b' } }, { query: 'a' }],
    ['documents flattened, in the order of i', { attributes: flattened([['x', 0.9], ['y', 0.5]]) }, { returned_asset_ids: ['x', 'y'], scores: [0.9, 0.5] }],
    [
      'documents flattened: i = 10 after i = 9',
      { attributes: ELEVEN_SHUFFLED },
      {
        returned_asset_ids: ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10'],
        scores: [1, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5],
      },
    ],
    ['an integer document id as text', { attributes: { 'retrieval.documents.0.document.id': 17 } }, { returned_asset_ids: ['17'], scores: undefined }],
    [
      'gen_ai.retrieval.documents as a list',
      { attributes: { 'gen_ai.operation.name': 'retrieval', 'gen_ai.retrieval.documents': [{ id: 'a', score: 0.8 }, { id: 'b', score: 0.25 }] } },
      { returned_asset_ids: ['a', 'b'], scores: [0.8, 0.25] },
    ],
    [
      'gen_ai.retrieval.documents as a JSON string',
      { attributes: { 'gen_ai.retrieval.documents': '[{"id":"a","score":0.8},{"id":"b","score":0.25}]' } },
      { returned_asset_ids: ['a', 'b'], scores: [0.8, 0.25] },
    ],
    ['gen_ai.retrieval.documents without scores', { attributes: { 'gen_ai.retrieval.documents': '[{"id":"a"}]' } }, { returned_asset_ids: ['a'], scores: undefined }],
    ['an empty list = an empty result', { attributes: { 'gen_ai.retrieval.documents': '[]' } }, { returned_asset_ids: [] }],
    ['an OpenInference retriever that records no documents = an empty result', {}, { returned_asset_ids: [], scores: undefined, error: undefined }],
    ['failed (status ERROR, no documents) = no returned_asset_ids and the status message', { status: { code: 2, message: 'index offline' } }, { returned_asset_ids: undefined, error: 'index offline' }],
    [
      'a GenAI retrieval without gen_ai.retrieval.documents: not recorded, no returned_asset_ids',
      { attributes: { 'openinference.span.kind': '', 'gen_ai.operation.name': 'retrieval' } },
      { returned_asset_ids: undefined },
    ],
    [
      'OpenInference documents before gen_ai.retrieval.documents',
      { attributes: { ...flattened([['oi', 0.5]]), 'gen_ai.retrieval.documents': '[{"id":"g","score":0.1}]' } },
      { returned_asset_ids: ['oi'] },
    ],
    ['session from session.id', { attributes: { 'session.id': 's1', 'gen_ai.conversation.id': 'c1' } }, { session_id: 's1' }],
    ['session from gen_ai.conversation.id', { attributes: { 'gen_ai.conversation.id': 'c1' } }, { session_id: 'c1' }],
    ['session = the trace id without either', {}, { session_id: TRACE_ID }],
    ['user from user.id', { attributes: { 'user.id': 'u9' } }, { user_id: 'u9' }],
    ['role from retrieval.role', { attributes: { 'retrieval.role': 'browse' } }, { role: 'browse' }],
    [
      'question, sub-question and rewrite from the app namespace',
      { attributes: { 'rag.question_id': 'q1', 'rag.subquestion_id': 'q1.2', 'rag.rewrite_of': 'aaaaaaaaaaaaaaaa' } },
      { question_id: 'q1', subquestion_id: 'q1.2', rewrite_of: 'aaaaaaaaaaaaaaaa' },
    ],
    ['turn, surface and run from the app namespace', { attributes: { 'rag.turn_id': 't1', 'rag.surface': 'editor', 'rag.run_id': 'v2' } }, { turn_id: 't1', surface: 'editor', run_id: 'v2' }],
    ['ids in upper-case hex, lowercased', { spanId: 'EEE19B7EC3C1B174' }, { retrieval_id: SPAN_ID }],
    ['ids in base64 (protobuf JSON), as hex', { traceId: 'W47/95gDgQPSabYzgT/GDA==', spanId: '7uGbfsPBsXQ=' }, { retrieval_id: SPAN_ID, request_id: TRACE_ID }],
    ['kind in lower case', { attributes: { 'openinference.span.kind': 'retriever' } }, { type: 'retrieval' }],
    ['kind from gen_ai.operation.name alone', { attributes: { 'openinference.span.kind': '', 'gen_ai.operation.name': 'retrieval' } }, { type: 'retrieval' }],
  ])('%s', (_rule, spec, expected) => {
    const retrieval = mapRetrieval(spec);
    for (const [field, value] of Object.entries(expected)) expect(retrieval[field], field).toEqual(value);
  });

  it('takes surface and run from the resource when the span has none', () => {
    expect(mapRetrieval({}, { 'rag.run_id': 'v3', 'rag.surface': 'chat' })).toMatchObject({ run_id: 'v3', surface: 'chat' });
    expect(mapRetrieval({ attributes: { 'rag.run_id': 'v4' } }, { 'rag.run_id': 'v3' })).toMatchObject({ run_id: 'v4' });
  });

  it('gives exactly the documented fields, and keeps the model name; nothing from other attributes', () => {
    expect(mapRetrieval({ attributes: { 'input.value': 'q', 'llm.model_name': 'm', 'session.id': 's', 'other.attribute': 'x' } })).toEqual({
      type: 'retrieval', event_id: `span:${SPAN_ID}`, ts: START_MS, retrieval_id: SPAN_ID, session_id: 's', request_id: TRACE_ID, turn_id: TRACE_ID, query: 'q',
      returned_asset_ids: [], latency_ms: 250, retriever: 'span', llm_model_name: 'm',
    });
  });
});
