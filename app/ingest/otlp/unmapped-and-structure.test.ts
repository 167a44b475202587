import { describe, expect, it } from 'vitest';
import { mapOtlpDocument } from './map-document';
import { makeDocument, makeSpan, PARENT_ID, RETRIEVER, SPAN_ID, START_MS, TRACE_ID, type SpanSpec } from './otlp-test-builders';

const onlySpan = (spec: SpanSpec) => {
  const mapping = mapOtlpDocument(makeDocument([makeSpan(spec)]));
  expect(mapping.events).toEqual([]);
  expect(mapping.rejected).toEqual([]);
  return mapping.spans[0];
};

describe('every other span is kept as an unmapped span', () => {
  it.each<[string, SpanSpec, string]>([
    ['openinference.span.kind, upper-cased', { attributes: { 'openinference.span.kind': 'llm' } }, 'LLM'],
    ['openinference.span.kind before gen_ai.operation.name', { attributes: { 'openinference.span.kind': 'TOOL', 'gen_ai.operation.name': 'execute_tool' } }, 'TOOL'],
    ['gen_ai.operation.name as given', { attributes: { 'gen_ai.operation.name': 'chat' } }, 'chat'],
    ['the OTLP span kind number', { kind: 3 }, 'CLIENT'],
    ['the OTLP span kind name', { kind: 'SPAN_KIND_SERVER' }, 'SERVER'],
    ['no kind at all', { kind: undefined }, 'UNSPECIFIED'],
  ])('kind from %s', (_rule, spec, kind) => {
    expect(onlySpan(spec).kind).toBe(kind);
  });

  it('with its ids, session, user, times, status and attributes', () => {
    expect(onlySpan({ name: 'call tool', attributes: { 'session.id': 's', 'user.id': 'u', n: 3, tags: ['a', 'b'] }, status: { code: 2, message: 'boom' } })).toEqual({
      trace_id: TRACE_ID,
      span_id: SPAN_ID,
      parent_span_id: PARENT_ID,
      session_id: 's',
      user_id: 'u',
      name: 'call tool',
      kind: 'INTERNAL',
      ts: START_MS,
      end_ts: START_MS + 250,
      status: 'ERROR',
      attributes: '{"session.id":"s","user.id":"u","n":3,"tags":["a","b"]}',
    });
  });

  it("without a model call's input.value that only repeats its input messages (the messages kept)", () => {
    const messages = { 'llm.input_messages.0.message.role': 'user', 'llm.input_messages.0.message.content': 'Use:\n"A"' };
    const repeated = { 'openinference.span.kind': 'LLM', 'input.value': JSON.stringify({ messages: [{ role: 'user', content: 'Use:\n"A"' }] }), 'input.mime_type': 'application/json', ...messages };
    // a model call alone makes its trace a turn: its input the prompt
    const stored = (attributes: SpanSpec['attributes']) => JSON.parse(mapOtlpDocument(makeDocument([makeSpan({ attributes })])).spans[0].attributes);
    expect(stored(repeated)).toEqual({ 'openinference.span.kind': 'LLM', ...messages });
    const plain = { ...repeated, 'input.value': 'Use: "A"', 'input.mime_type': 'text/plain' };
    expect(stored(plain)).toEqual(plain);
  });

  it.each<[string, SpanSpec, Record<string, unknown>]>([
    ['a root span, an open span, status by name', { parentSpanId: '', endTimeUnixNano: undefined, status: { code: 'STATUS_CODE_OK' } }, { parent_span_id: null, end_ts: null, status: 'OK' }],
    ['session = the trace id, no user', { attributes: {} }, { session_id: TRACE_ID, user_id: null }],
    ['session from gen_ai.conversation.id', { attributes: { 'gen_ai.conversation.id': 'c' } }, { session_id: 'c' }],
    ['a sub-millisecond start kept as a fraction', { startTimeUnixNano: '1772445601000250000' }, { ts: START_MS + 0.25 }],
  ])('%s', (_rule, spec, expected) => {
    expect(onlySpan(spec)).toMatchObject(expected);
  });
});

describe('the document around the spans', () => {
  it('reads the older instrumentationLibrarySpans form', () => {
    const mapping = mapOtlpDocument(makeDocument([makeSpan({ attributes: RETRIEVER })], { legacy: true }));
    expect(mapping.events.map((event) => event.retrieval_id)).toEqual([SPAN_ID]);
  });

  it('reads every resource and scope, and ignores unknown fields', () => {
    const second = { ...makeSpan({ attributes: RETRIEVER }), spanId: 'eee19b7ec3c1b175', futureField: { x: 1 } };
    const document = {
      schemaVersion: 9,
      resourceSpans: [
        makeDocument([makeSpan({ attributes: RETRIEVER })]).resourceSpans[0],
        { resource: {}, scopeSpans: [{ scope: {}, spans: [] }, { spans: [second] }], instrumentationLibrarySpans: [{ spans: [makeSpan({ spanId: 'eee19b7ec3c1b176' })] }] },
      ],
    };
    const mapping = mapOtlpDocument(document);
    expect(mapping.rejected).toEqual([]);
    expect(mapping.events.map((event) => event.retrieval_id)).toEqual([SPAN_ID, 'eee19b7ec3c1b175']);
    expect(mapping.spans.map((span) => span.span_id)).toEqual(['eee19b7ec3c1b176']);
  });

  it('maps an empty document to nothing', () => {
    expect(mapOtlpDocument({ resourceSpans: [] })).toEqual({ events: [], spans: [], rejected: [] });
  });
});
