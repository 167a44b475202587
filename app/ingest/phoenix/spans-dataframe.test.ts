import { describe, expect, it } from 'vitest';
import { ROOT, RETRIEVER_SPAN, TRACE } from './phoenix-test-builders';
import { isPhoenixSpansDataframe, readSpansDataframeRow } from './spans-dataframe';

/** A row as hyparquet gives it: TIMESTAMP cells as Dates, INT64 as BigInt, structs with every field (absent ones null). */
function makeRow(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'retrieve',
    span_kind: 'RETRIEVER',
    parent_id: ROOT,
    start_time: new Date('2025-06-03T09:15:02.123Z'),
    end_time: new Date('2025-06-03T09:15:02.250Z'),
    status_code: 'OK',
    status_message: '',
    events: [],
    'context.span_id': RETRIEVER_SPAN,
    'context.trace_id': TRACE,
    'attributes.input.value': 'refund window',
    'attributes.openinference.span.kind': 'RETRIEVER',
    'attributes.retrieval.documents': [
      { 'document.content': 'Refunds within 30 days.', 'document.id': 'kb-refunds', 'document.metadata': { title: 'Refunds', kind: null }, 'document.score': 0.82 },
      { 'document.content': 'Returns need a label.', 'document.id': 'kb-returns', 'document.metadata': { title: 'Returns', kind: 'policy' }, 'document.score': 0.41 },
    ],
    'attributes.metadata': { ls_retriever_name: 'bm25' },
    'attributes.rag': { turn_id: 't-1', run_id: null },
    'attributes.session.id': 'sess-1',
    'attributes.llm.token_count.total': null,
    'attributes.tag.tags': ['prod', 'eu'],
    __index_level_0__: RETRIEVER_SPAN,
    ...fields,
  };
}

describe('isPhoenixSpansDataframe', () => {
  it.each<[string, string[], boolean]>([
    ['the columns of get_spans_dataframe', ['name', 'span_kind', 'parent_id', 'start_time', 'end_time', 'status_code', 'status_message', 'events', 'context.span_id', 'context.trace_id', 'attributes.input.value'], true],
    ['without the trace id', ['context.span_id', 'start_time'], false],
    ['a log event file', ['type', 'context.span_id', 'context.trace_id', 'start_time'], false],
    ['document annotations', ['score', 'label', 'explanation', 'context.span_id', 'document_position'], false],
  ])('%s', (_case, columns, expected) => {
    expect(isPhoenixSpansDataframe(columns)).toBe(expected);
  });
});

describe('readSpansDataframeRow', () => {
  it('turns a row back into the span: ids, times, kind, status, attributes as OpenInference flattens them', () => {
    const result = readSpansDataframeRow(makeRow(), 7);
    if (!result.ok) throw new Error(result.rejection.message);
    expect(result.read.position).toBe('row 7');
    expect(result.read.span).toMatchObject({
      traceId: TRACE, spanId: RETRIEVER_SPAN, parentSpanId: ROOT, name: 'retrieve', otlpKind: 'INTERNAL',
      startMs: Date.parse('2025-06-03T09:15:02.123Z'), endMs: Date.parse('2025-06-03T09:15:02.250Z'), status: 'OK', statusMessage: null, events: [],
    });
    expect({ ...result.read.span.attributes }).toEqual({
      'input.value': 'refund window',
      'openinference.span.kind': 'RETRIEVER',
      'retrieval.documents.0.document.content': 'Refunds within 30 days.',
      'retrieval.documents.0.document.id': 'kb-refunds',
      'retrieval.documents.0.document.metadata': '{"title":"Refunds"}',
      'retrieval.documents.0.document.score': 0.82,
      'retrieval.documents.1.document.content': 'Returns need a label.',
      'retrieval.documents.1.document.id': 'kb-returns',
      'retrieval.documents.1.document.metadata': '{"title":"Returns","kind":"policy"}',
      'retrieval.documents.1.document.score': 0.41,
      metadata: '{"ls_retriever_name":"bm25"}',
      'rag.turn_id': 't-1',
      'session.id': 'sess-1',
      'tag.tags': ['prod', 'eu'],
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a root span (parent null), ERROR with its message', { parent_id: null, status_code: 'ERROR', status_message: 'timeout' }, { parentSpanId: null, status: 'ERROR', statusMessage: 'timeout' }],
    ['UNSET', { status_code: 'UNSET' }, { status: null }],
    ['no end time', { end_time: null }, { endMs: null }],
    ['times as ISO text (µs kept)', { start_time: '2025-06-03 09:15:02.123456+00:00' }, { startMs: Date.parse('2025-06-03T09:15:02.123Z') + 0.456 }],
  ])('%s', (_case, fields, expected) => {
    const result = readSpansDataframeRow(makeRow(fields), 1);
    expect(result).toMatchObject({ ok: true, read: { span: expected } });
  });

  it('a map column whose fields are all null on this row gives no attribute', () => {
    const result = readSpansDataframeRow(makeRow({ 'attributes.metadata': { ls_retriever_name: null } }), 1);
    expect(result.ok && result.read.span.attributes.metadata).toBeUndefined();
  });

  it('takes the OpenInference kind from `span_kind` when no attribute gives it', () => {
    const result = readSpansDataframeRow(makeRow({ 'attributes.openinference.span.kind': null, span_kind: 'LLM' }), 1);
    expect(result.ok && result.read.span.attributes['openinference.span.kind']).toBe('LLM');
    const unknown = readSpansDataframeRow(makeRow({ 'attributes.openinference.span.kind': null, span_kind: 'UNKNOWN' }), 1);
    expect(unknown.ok && unknown.read.span.attributes['openinference.span.kind']).toBeUndefined();
  });

  it('turns the events column into OTLP span events', () => {
    const events = [{ name: 'rag.action', timestamp: '2025-06-03T09:15:04.000000+00:00', attributes: { actor: 'user', action: 'select', consumed_asset_id: 'kb-refunds', rating: null, position: 2n } }];
    const result = readSpansDataframeRow(makeRow({ events }), 1);
    expect(result.ok && result.read.span.events).toEqual([{
      name: 'rag.action', timeUnixNano: '1748942104000000000',
      attributes: [
        { key: 'actor', value: { stringValue: 'user' } }, { key: 'action', value: { stringValue: 'select' } },
        { key: 'consumed_asset_id', value: { stringValue: 'kb-refunds' } }, { key: 'position', value: { intValue: 2 } },
      ],
    }]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no span id', { 'context.span_id': null }, 'context.span_id', 'missing_field'],
    ['no trace id', { 'context.trace_id': ' ' }, 'context.trace_id', 'missing_field'],
    ['no start time', { start_time: null }, 'start_time', 'bad_ts'],
    ['a start time that is no time', { start_time: 'yesterday' }, 'start_time', 'bad_ts'],
  ])('rejects a row with %s, with its row number and its JSON text', (_case, fields, field, reason) => {
    const result = readSpansDataframeRow(makeRow({ ...fields, 'attributes.llm.token_count.total': 12n }), 9);
    expect(result).toMatchObject({ ok: false, rejection: { position: 'row 9', field, reason } });
    expect(!result.ok && JSON.parse(result.rejection.raw)).toMatchObject({ name: 'retrieve', 'attributes.llm.token_count.total': 12 });
  });
});
