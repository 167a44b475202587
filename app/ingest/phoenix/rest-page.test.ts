import { describe, expect, it } from 'vitest';
import { mapAppEvent } from '../otlp/app-events';
import { spanDefaults } from '../otlp/span-defaults';
import { ROOT, RETRIEVER_SPAN, TRACE, otlpV1Span, phoenixKeyValues, phoenixNanos } from './phoenix-test-builders';
import { isPhoenixSpansPage, readPhoenixPageSpan, readPhoenixSpansPage, type PhoenixPageSpan } from './rest-page';

const START_MS = Date.parse('2025-06-03T09:15:02.123Z') + 0.456;

function readOk(raw: unknown, index = 0): PhoenixPageSpan {
  const result = readPhoenixPageSpan(raw, index);
  if (!result.ok) throw new Error(result.rejection.message);
  return result.read;
}

describe('isPhoenixSpansPage', () => {
  it.each<[string, unknown, boolean]>([
    ['a page with its cursor', { data: [otlpV1Span()], next_cursor: 'U3BhbjoxMg==' }, true],
    ['the last page (cursor null)', { data: [otlpV1Span()], next_cursor: null }, true],
    ['an empty last page', { data: [], next_cursor: null }, true],
    ['spans without the cursor', { data: [otlpV1Span()] }, true],
    ['a `/spans` page element (Phoenix form)', { data: [{ context: { span_id: 'a', trace_id: 'b' } }] }, true],
    ['a `data` list of log events', { data: [{ type: 'retrieval' }] }, false],
    ['an empty `data` without a cursor', { data: [] }, false],
    ['an OTLP document', { resourceSpans: [] }, false],
    ['a list', [{ data: [] }], false],
    ['null', null, false],
  ])('%s', (_case, value, expected) => {
    expect(isPhoenixSpansPage(value)).toBe(expected);
  });
});

describe('readPhoenixPageSpan: an otlpv1 span', () => {
  it('reads snake_case ids, nanosecond numbers (to the microsecond), the kind and status enums', () => {
    const read = readOk(otlpV1Span({ status: { code: 2, message: 'index unavailable' } }), 3);
    expect(read.position).toBe('data[3]');
    expect(read.span).toMatchObject({
      traceId: TRACE, spanId: RETRIEVER_SPAN, parentSpanId: ROOT, name: 'retrieve', otlpKind: 'INTERNAL',
      startMs: START_MS, endMs: Date.parse('2025-06-03T09:15:02.250Z'), status: 'ERROR', statusMessage: 'index unavailable', events: [],
    });
    // the end Phoenix sends is 1.3e-4 ms short of .250: `int(1748942102.25 * 1e9)` in floats
    expect(phoenixNanos('2025-06-03T09:15:02.250000+00:00')).toBe(1748942102249999872);
    expect(read.resource).toEqual({});
  });

  it.each<[string, number, 'OK' | 'ERROR' | null]>([
    ['UNSET', 0, null],
    ['OK', 1, 'OK'],
    ['ERROR', 2, 'ERROR'],
  ])('status code %s', (_case, code, status) => {
    expect(readOk(otlpV1Span({ status: { code, message: null } })).span.status).toBe(status);
  });

  it('decodes snake_case values with the unused ones null, lists, and Python\'s non-finite doubles', () => {
    const { attributes } = readOk(otlpV1Span({
      attributes: { 'input.value': 'refund policy', 'llm.token_count.total': 12, 'retrieval.documents.0.document.score': 0.75, 'tag.tags': ['a', 'b'], flag: true, far: Infinity, gone: null },
    })).span;
    expect({ ...attributes }).toEqual({ 'input.value': 'refund policy', 'llm.token_count.total': 12, 'retrieval.documents.0.document.score': 0.75, 'tag.tags': ['a', 'b'], flag: true, far: Infinity });
  });

  it('joins the keys Phoenix split out of a JSON attribute back into its JSON text', () => {
    const { attributes } = readOk(otlpV1Span({
      attributes: {
        'metadata.ls_retriever_name': 'bm25',
        'metadata.ls_vector_store_provider': 'Chroma',
        'retrieval.documents.0.document.id': 'kb-1',
        'retrieval.documents.0.document.metadata.title': 'Refunds',
        'retrieval.documents.0.document.metadata.tags': ['policy'],
        'retrieval.documents.0.document.metadata.source.page': 3,
        'retrieval.documents.1.document.id': 'kb-2',
        'llm.prompt_template.variables.question': 'why?',
        'tool.parameters': ['x'],
      },
    })).span;
    expect({ ...attributes }).toEqual({
      metadata: '{"ls_retriever_name":"bm25","ls_vector_store_provider":"Chroma"}',
      'retrieval.documents.0.document.id': 'kb-1',
      'retrieval.documents.0.document.metadata': '{"title":"Refunds","tags":["policy"],"source":{"page":3}}',
      'retrieval.documents.1.document.id': 'kb-2',
      'llm.prompt_template.variables': '{"question":"why?"}',
      'tool.parameters': '["x"]',
    });
  });

  it('keeps span events whose time is `time_unix_nano`, which the app-event mapping reads', () => {
    // 09:15:02.250 s: Phoenix sends 1748942102249999872 (a float product), read to the microsecond
    const time = phoenixNanos('2025-06-03T09:15:02.250000+00:00');
    const event = { attributes: phoenixKeyValues({ actor: 'user', action: 'select', consumed_asset_id: 'kb-1' }), dropped_attributes_count: null, name: 'rag.action', time_unix_nano: time };
    const { span } = readOk(otlpV1Span({ events: [event] }));
    const mapped = mapAppEvent(span.events[0], 0, span, spanDefaults(span, {}));
    expect(mapped).toEqual({ ok: true, event: expect.objectContaining({ type: 'action', ts: 1748942102250, actor: 'user', consumed_asset_id: 'kb-1', session_id: TRACE }) });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no span id', { span_id: null }, 'span_id', 'missing_field'],
    ['no trace id', { trace_id: '' }, 'trace_id', 'missing_field'],
    ['no start time', { start_time_unix_nano: null }, 'start_time_unix_nano', 'bad_ts'],
    ['an end time that is no time', { end_time_unix_nano: 'soon' }, 'end_time_unix_nano', 'bad_ts'],
  ])('rejects a span with %s, naming its place', (_case, fields, field, reason) => {
    const result = readPhoenixPageSpan(otlpV1Span(fields), 5);
    expect(result).toMatchObject({ ok: false, rejection: { position: 'data[5]', field, reason } });
  });
});

describe('readPhoenixPageSpan: a `/spans` page span (Phoenix form)', () => {
  it('reads the context, ISO times to the microsecond, the kind, and nested attributes flattened', () => {
    const read = readOk({
      id: 'U3BhbjoxMg==', name: 'retrieve', context: { trace_id: TRACE, span_id: RETRIEVER_SPAN }, span_kind: 'RETRIEVER', parent_id: ROOT,
      start_time: '2025-06-03T09:15:02.123456+00:00', end_time: '2025-06-03T09:15:02.250000+00:00', status_code: 'OK', status_message: '',
      attributes: { input: { value: 'refunds' }, retrieval: { documents: [{ document: { id: 'kb-1', score: 0.9, metadata: { title: 'Refunds' } } }] }, rag: { turn_id: 't-1' } },
      events: [{ name: 'rag.feedback', timestamp: '2025-06-03T09:15:03+00:00', attributes: { rating: 'up' } }],
    });
    expect(read.span).toMatchObject({ traceId: TRACE, spanId: RETRIEVER_SPAN, parentSpanId: ROOT, startMs: START_MS, status: 'OK', statusMessage: null, otlpKind: 'INTERNAL' });
    expect({ ...read.span.attributes }).toEqual({
      'input.value': 'refunds', 'retrieval.documents.0.document.id': 'kb-1', 'retrieval.documents.0.document.score': 0.9,
      'retrieval.documents.0.document.metadata': '{"title":"Refunds"}', 'rag.turn_id': 't-1', 'openinference.span.kind': 'RETRIEVER',
    });
    expect(read.span.events).toEqual([{ name: 'rag.feedback', timeUnixNano: '1748942103000000000', attributes: [{ key: 'rating', value: { stringValue: 'up' } }] }]);
  });
});

describe('readPhoenixSpansPage', () => {
  it('hands on every span and rejects the others with their place', () => {
    const spans: string[] = [];
    const rejected: string[] = [];
    readPhoenixSpansPage({ data: [otlpV1Span(), 'junk', otlpV1Span({ span_id: ROOT, parent_span_id: null })], next_cursor: null }, {
      span: (read) => spans.push(`${read.position} ${read.span.spanId} ${read.span.parentSpanId}`),
      rejected: (rejection) => rejected.push(`${rejection.position} ${rejection.reason}`),
    });
    expect(spans).toEqual([`data[0] ${RETRIEVER_SPAN} ${ROOT}`, `data[2] ${ROOT} null`]);
    expect(rejected).toEqual(['data[1] not_object']);
  });
});
