import { describe, expect, it } from 'vitest';
import { mapOtlpDocument } from './map-document';
import { makeDocument, makeSpan, RETRIEVER, SPAN_POSITION, type SpanSpec } from './otlp-test-builders';

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
    ['gen_ai.retrieval.documents that is not JSON', retriever({ 'gen_ai.retrieval.documents': '[{"id": "a",' }), 'invalid_json', 'gen_ai.retrieval.documents'],
    ['gen_ai.retrieval.documents that is not a list', retriever({ 'gen_ai.retrieval.documents': '{"id": "a"}' }), 'wrong_type', 'gen_ai.retrieval.documents'],
    ['a gen_ai document without an id', retriever({ 'gen_ai.retrieval.documents': '[{"score": 0.5}]' }), 'missing_field', 'gen_ai.retrieval.documents'],
    [
      'a flattened document without an id',
      retriever({ 'retrieval.documents.0.document.id': 'a', 'retrieval.documents.1.document.score': 0.5 }),
      'missing_field',
      'retrieval.documents.1.document.id',
    ],
    ['a score that is not a number', retriever({ 'retrieval.documents.0.document.id': 'a', 'retrieval.documents.0.document.score': 'high' }), 'wrong_type', 'retrieval.documents.0.document.score'],
    ['scores for some documents only', retriever({ 'gen_ai.retrieval.documents': '[{"id":"a","score":0.5},{"id":"b"}]' }), 'wrong_type', 'scores'],
    ['an LLM span without a start time', makeSpan({ attributes: { 'openinference.span.kind': 'LLM' }, startTimeUnixNano: '0' }), 'bad_ts', 'startTimeUnixNano'],
  ])('%s', (_case, span, reason, field) => {
    const mapping = mapOtlpDocument(makeDocument([makeSpan(), span]));
    expect(mapping.events).toEqual([]);
    expect(mapping.spans).toHaveLength(1);
    expect(mapping.rejected).toHaveLength(1);
    expect(mapping.rejected[0]).toMatchObject({ position: SPAN_POSITION(1), reason, field });
    expect(JSON.parse(mapping.rejected[0].raw)).toEqual(span);
  });

  it('names the problem in words', () => {
    const [rejection] = mapOtlpDocument(makeDocument([retriever({ 'gen_ai.retrieval.documents': '[{"id":"a","score":0.5},{"id":"b"}]' })])).rejected;
    expect(rejection.message).toBe('1 of 2 documents have a score: give every document a score or none');
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
