import { describe, expect, it } from 'vitest';
import { mapOtlpDocument } from './map-document';
import { makeDocument, makeSpan, RETRIEVER, SPAN_ID, SPAN_POSITION, START_MS, TRACE_ID, type SpanSpec } from './otlp-test-builders';

const EVENT_NANO = '1772445602500000000';
const EVENT_MS = START_MS + 1500;

const mapEvents = (events: SpanSpec['events'], attributes: SpanSpec['attributes'] = { 'session.id': 's1', 'user.id': 'u1' }) =>
  mapOtlpDocument(makeDocument([makeSpan({ attributes, events })], { resource: { 'rag.run_id': 'v1' } }));

describe('span events of the app namespace map onto the other event types', () => {
  it('a rag.action takes its fields from its attributes and the rest from its span', () => {
    const mapping = mapEvents([
      { name: 'exception', attributes: { 'exception.message': 'x' } },
      { name: 'rag.action', timeUnixNano: EVENT_NANO, attributes: { actor: 'user', action: 'place', consumed_asset_id: 'a1', source_retrieval_id: 'eee19b7ec3c1b170' } },
    ]);
    expect(mapping.rejected).toEqual([]);
    expect(mapping.spans).toHaveLength(1);
    expect(mapping.events).toEqual([{
      type: 'action', event_id: `span:${SPAN_ID}:1`, ts: EVENT_MS, session_id: 's1', user_id: 'u1', request_id: TRACE_ID, turn_id: TRACE_ID, run_id: 'v1',
      actor: 'user', action: 'place', consumed_asset_id: 'a1', source_retrieval_id: 'eee19b7ec3c1b170',
    }]);
  });

  it.each<[string, NonNullable<SpanSpec['events']>[number], Record<string, unknown>]>([
    ['event_id and ts given as attributes', { name: 'rag.gate', attributes: { event_id: 'g7', ts: '2026-03-02T11:00:00Z', decision: 'clarify', top_gap: 0.05 } }, { type: 'gate', event_id: 'g7', ts: '2026-03-02T11:00:00Z', decision: 'clarify', top_gap: 0.05 }],
    ['session and turn given as attributes', { name: 'rag.feedback', attributes: { session_id: 'other', turn_id: 't2', rating: 'down' } }, { session_id: 'other', turn_id: 't2', rating: 'down' }],
    ['a list attribute as a list', { name: 'rag.subquestion', attributes: { question_id: 'q', subquestion_id: 'q.1', status: 'resolved', evidence_ids: ['p1', 'p2'] } }, { type: 'subquestion', evidence_ids: ['p1', 'p2'] }],
    ['an attribute named type does not change the type', { name: 'rag.prompt', attributes: { type: 'response', text: 'hi' } }, { type: 'prompt', text: 'hi' }],
    ['unknown attributes are kept for the event', { name: 'rag.response', attributes: { text: 'ok', 'llm.model': 'm' } }, { text: 'ok', 'llm.model': 'm' }],
  ])('%s', (_rule, event, expected) => {
    const mapping = mapEvents([event]);
    expect(mapping.rejected).toEqual([]);
    expect(mapping.events[0]).toMatchObject(expected);
  });

  it('a label takes no session fields from its span', () => {
    const { events } = mapEvents([{ name: 'rag.label', attributes: { kind: 'relevance', retrieval_id: SPAN_ID, asset_id: 'a1', grade: 2, annotator: 'judge' } }]);
    expect(events).toEqual([{ type: 'label', event_id: `span:${SPAN_ID}:0`, ts: START_MS, kind: 'relevance', retrieval_id: SPAN_ID, asset_id: 'a1', grade: 2, annotator: 'judge' }]);
  });

  it('events of a retrieval span are mapped next to the retrieval, which keeps its span even when its documents cannot be read', () => {
    const events = [{ name: 'rag.gate', attributes: { decision: 'answer', retrieval_id: SPAN_ID } }];
    const good = mapEvents(events, RETRIEVER);
    expect(good.events.map((event) => event.type)).toEqual(['retrieval', 'gate']);
    const bad = mapEvents(events, { ...RETRIEVER, 'gen_ai.retrieval.documents': 'not json' });
    expect(bad.events.map((event) => event.type)).toEqual(['retrieval', 'gate']);
    expect(bad.rejected.map((rejection) => rejection.reason)).toEqual(['invalid_json']);
  });

  it.each<[string, NonNullable<SpanSpec['events']>[number], string, string]>([
    ['a name that is no event type', { name: 'rag.weather' }, 'unknown_type', 'name'],
    ['a retrieval as a span event', { name: 'rag.retrieval', attributes: { retrieval_id: 'r' } }, 'unknown_type', 'name'],
    ['no time and no ts attribute', { name: 'rag.action', timeUnixNano: undefined, attributes: { action: 'select' } }, 'bad_ts', 'timeUnixNano'],
  ])('rejects %s at the event’s position', (_case, event, reason, field) => {
    const mapping = mapEvents([{ name: 'note' }, event]);
    expect(mapping.events).toEqual([]);
    expect(mapping.spans).toHaveLength(1);
    expect(mapping.rejected).toMatchObject([{ position: `${SPAN_POSITION(0)}.events[1]`, reason, field }]);
    expect(JSON.parse(mapping.rejected[0].raw)).toMatchObject({ name: event.name });
  });
});
