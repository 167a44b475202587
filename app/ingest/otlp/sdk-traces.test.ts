import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../schema/validate';
import { mapOtlpDocument } from './map-document';
import { buildSdkTraces } from './sdk-fixture';

const key = (event: Record<string, unknown>) => `${event.type}|${event.event_id ?? event.asset_id}`;
const byKey = (events: Record<string, unknown>[]) => [...events].sort((a, b) => key(a).localeCompare(key(b)));

const kindCounts = (kinds: string[]) => kinds.reduce<Record<string, number>>((counts, kind) => ({ ...counts, [kind]: (counts[kind] ?? 0) + 1 }), {});

describe('traces written by the OpenTelemetry JS SDK', async () => {
  const traces = await buildSdkTraces();

  it('map onto the log events worked out by hand, as one document', () => {
    const mapping = mapOtlpDocument(traces.document);
    expect(mapping.rejected).toEqual([]);
    expect(byKey(mapping.events)).toEqual(byKey(traces.expectedEvents));
    expect(kindCounts(mapping.spans.map((span) => span.kind))).toEqual(traces.expectedSpanKinds);
  });

  it('give events the log-format validation accepts', () => {
    const seenRetrievalIds = new Set<string>();
    const failures = mapOtlpDocument(traces.document).events
      .map((event) => validateEvent(event, seenRetrievalIds))
      .filter((validation) => !validation.ok);
    expect(failures).toEqual([]);
    expect(seenRetrievalIds.size).toBe(4);
  });

  it('map the same way as JSON Lines, one document a trace', () => {
    const lines = traces.jsonLines.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const mappings = lines.map((line) => mapOtlpDocument(JSON.parse(line)));
    expect(mappings.flatMap((mapping) => mapping.rejected)).toEqual([]);
    expect(byKey(mappings.flatMap((mapping) => mapping.events))).toEqual(byKey(traces.expectedEvents));
  });

  it('keep the spans no event covers, with their parent, session and times', () => {
    const llm = mapOtlpDocument(traces.document).spans.find((span) => span.kind === 'LLM');
    expect(llm).toMatchObject({
      trace_id: '0af7651916cd43dd8448eb211c803101',
      span_id: 'b7ad6b7169203303',
      parent_span_id: 'b7ad6b7169203301',
      session_id: 'sess-oi',
      user_id: 'user-7',
      name: 'generate answer',
      ts: Date.parse('2026-03-02T10:00:02Z'),
      end_ts: Date.parse('2026-03-02T10:00:04Z'),
      status: null,
    });
    expect(JSON.parse(llm!.attributes)).toMatchObject({ 'openinference.span.kind': 'LLM', 'input.value': 'Answer using: Refunds are issued within 14 days.' });
  });

  it('writes times as nanosecond strings and ids as hex, as the mapping expects', () => {
    const span = (traces.document.resourceSpans[0] as { scopeSpans: { spans: Record<string, unknown>[] }[] }).scopeSpans[0].spans[0];
    expect(span.startTimeUnixNano).toBe('1772445601000000000');
    expect(span.spanId).toBe('b7ad6b7169203302');
  });
});
