import { describe, expect, it } from 'vitest';
import { mapOtlpDocument } from './map-document';
import { makeDocument, makeSpan, RETRIEVER, SPAN_ID, SPAN_POSITION, type SpanSpec } from './otlp-test-builders';

/** `content:` + the first 16 hex digits of SHA-256("Refunds take 5 days"), whitespace-normalized (computed with Node's crypto). */
/** A GenAI retrieval span (its documents are opt-in: none recorded is not an empty result). */
const GEN_AI = { 'openinference.span.kind': '', 'gen_ai.operation.name': 'retrieval' };

const CONTENT_ID = 'content:9ecbcdd84d45cc93';

const retriever = (attributes: SpanSpec['attributes'] = {}, fields: SpanSpec = {}) =>
  makeSpan({ ...fields, attributes: { ...RETRIEVER, ...attributes } });

describe('a span that cannot be mapped is a rejected row with its position', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['no span id', retriever({}, { spanId: undefined }), 'missing_field', 'spanId'],
    ['an all-zero span id', retriever({}, { spanId: '0000000000000000' }), 'missing_field', 'spanId'],
    ['no trace id', retriever({}, { traceId: '' }), 'missing_field', 'traceId'],
    ['a start time that is not a time', retriever({}, { startTimeUnixNano: 'yesterday' }), 'bad_ts', 'startTimeUnixNano'],
    ['no start time', retriever({}, { startTimeUnixNano: undefined }), 'bad_ts', 'startTimeUnixNano'],
    ['an end time that is not a time', retriever({}, { endTimeUnixNano: '17.5e9' }), 'bad_ts', 'endTimeUnixNano'],
    ['an LLM span without a start time', makeSpan({ attributes: { 'openinference.span.kind': 'LLM' }, startTimeUnixNano: '0' }), 'bad_ts', 'startTimeUnixNano'],
  ])('%s', (_case, span, reason, field) => {
    const mapping = mapOtlpDocument(makeDocument([makeSpan(), span]));
    expect(mapping.events).toEqual([]);
    expect(mapping.spans).toHaveLength(1);
    expect(mapping.rejected).toHaveLength(1);
    expect(mapping.rejected[0]).toMatchObject({ position: SPAN_POSITION(1), reason, field });
    expect(JSON.parse(mapping.rejected[0].raw)).toEqual(span);
  });

  // docs/log-format.md, "Document identity": a document is never a reason to reject its span.
  it.each<[string, SpanSpec['attributes'], Record<string, unknown>, string[]]>([
    ['gen_ai.retrieval.documents that is not JSON: not recorded', { ...GEN_AI, 'gen_ai.retrieval.documents': '[{"id": "a",' }, { returned_asset_ids: undefined }, ['invalid_json']],
    ['gen_ai.retrieval.documents that is not a list: not recorded', { ...GEN_AI, 'gen_ai.retrieval.documents': '{"id": "a"}' }, { returned_asset_ids: undefined }, ['wrong_type']],
    ['a flattened document without an id: a content id', { 'retrieval.documents.0.document.id': 'a', 'retrieval.documents.1.document.content': 'Refunds  take\n5 days' }, { returned_asset_ids: ['a', CONTENT_ID] }, []],
    ['a score that is not a number: no scores, the list kept', { 'retrieval.documents.0.document.id': 'a', 'retrieval.documents.0.document.score': 'high' }, { returned_asset_ids: ['a'], scores: undefined }, []],
    ['scores for some documents only: no scores, the list kept', { 'gen_ai.retrieval.documents': '[{"id":"a","score":0.5},{"id":"b"}]' }, { returned_asset_ids: ['a', 'b'], scores: undefined }, []],
  ])('%s', (_case, attributes, expected, reasons) => {
    const mapping = mapOtlpDocument(makeDocument([makeSpan({ spanId: 'aaaaaaaaaaaaaaa1' }), retriever(attributes)]));
    expect(mapping.rejected.map((rejection) => rejection.reason)).toEqual(reasons);
    expect(mapping.rejected.map((rejection) => rejection.position)).toEqual(reasons.map(() => SPAN_POSITION(1)));
    const [retrieval] = mapping.events.filter((event) => event.type === 'retrieval');
    expect(retrieval).toMatchObject({ retrieval_id: SPAN_ID });
    for (const [field, value] of Object.entries(expected)) expect(retrieval[field]).toEqual(value);
  });

  it.each<[string, unknown, string, string]>([
    ['a span that is not an object', { resourceSpans: [{ scopeSpans: [{ spans: ['span'] }] }] }, SPAN_POSITION(0), 'not_object'],
    ['a resource that is not an object', { resourceSpans: [7] }, 'resourceSpans[0]', 'wrong_type'],
    ['scopeSpans that is not a list', { resourceSpans: [{ scopeSpans: {} }] }, 'resourceSpans[0].scopeSpans', 'wrong_type'],
    ['spans that is not a list', { resourceSpans: [{ scopeSpans: [{ spans: 'x' }] }] }, 'resourceSpans[0].scopeSpans[0].spans', 'wrong_type'],
    ['a value that is no OTLP document', [{ type: 'prompt' }], 'document', 'wrong_type'],
  ])('%s', (_case, document, position, reason) => {
    expect(mapOtlpDocument(document).rejected).toMatchObject([{ position, reason }]);
  });
});
