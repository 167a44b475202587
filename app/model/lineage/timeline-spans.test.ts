import { describe, expect, it } from 'vitest';
import type { SessionSpan } from '../session/unmapped-spans';
import { unmappedSpansText } from '../session/unmapped-spans';
import { at } from './test-rows';
import type { TimelineEntry } from './timeline';
import { placeSpans } from './timeline-spans';

/** An entry with only what placing reads: its event's time (minutes after 10:00). */
const entry = (name: string, minutes: number | null) => ({ event: { event_id: name, ts: minutes === null ? null : at(minutes) } }) as unknown as TimelineEntry;
const span = (name: string, from: number, to: number | null, seq = 0): SessionSpan => ({
  file_id: 1, line: 1, seq, file: 'traces.jsonl', trace_id: 't', span_id: name, parent_span_id: null, name, kind: 'LLM',
  ts: at(from), end_ts: to === null ? null : at(to), status: null, attributes: '{}',
});
const shape = (turns: ReturnType<typeof placeSpans>) =>
  turns.map((turn) => [turn.spansOnly ? '(spans)' : turn.turnId, turn.items.map((item) => (item.kind === 'span' ? `~${item.span.name}` : item.entry.event.event_id))]);

describe('placing spans among the turns', () => {
  const turns = [
    { turnId: 't1', startTs: at(0), entries: [entry('p1', 0), entry('r1', 2)] },
    { turnId: 't2', startTs: at(10), entries: [entry('p2', 10), entry('r2', 12), entry('late', null)] },
  ];

  it('puts a span in the first turn whose time its run overlaps, in time order, a span before an event it starts with', () => {
    const placed = placeSpans(turns, [span('llm-in-t1', 1, 1.5), span('chain-from-t1-into-t2', 1.8, 11), span('starts-with-p2', 10, 10.2), span('ends-at-r2', 11, 12)]);
    expect(shape(placed)).toEqual([
      ['t1', ['p1', '~llm-in-t1', '~chain-from-t1-into-t2', 'r1']],
      ['t2', ['~starts-with-p2', 'p2', '~ends-at-r2', 'r2', 'late']],
    ]);
    expect(placed.map((turn) => turn.spans.length)).toEqual([2, 2]);
  });

  it('starts a turn at a span that encloses its first event', () => {
    const placed = placeSpans(turns, [span('agent', -0.5, 3)]);
    expect(placed.map((turn) => [turn.turnId, turn.startTs])).toEqual([['t1', at(-0.5)], ['t2', at(10)]]);
  });

  it('gathers the spans that fall in no turn into groups of spans between the turns where they start', () => {
    const placed = placeSpans(turns, [span('between', 5, 6), span('after', 30, null), span('before', -3, -2), span('also-between', 7, 8), span('open-in-t2', 11, null)]);
    expect(shape(placed)).toEqual([
      ['(spans)', ['~before']],
      ['t1', ['p1', 'r1']],
      ['(spans)', ['~between', '~also-between']],
      ['t2', ['p2', '~open-in-t2', 'r2', 'late']],
      ['(spans)', ['~after']],
    ]);
    expect(placed[2]).toMatchObject({ turnId: null, startTs: at(5), entries: [] });
    expect(placed[1].spans).toEqual([]);
  });

  it('leaves the turns as they were when the session has no spans', () => {
    expect(placeSpans(turns, []).map((turn) => turn.items.length)).toEqual([2, 3]);
  });
});

describe('the count of spans not mapped', () => {
  it('reads "312 spans not mapped: LLM 200, TOOL 112", most spans first, and says nothing when there are none', () => {
    expect(unmappedSpansText([{ kind: 'TOOL', spans: 112 }, { kind: 'LLM', spans: 200 }])).toBe('312 spans not mapped: LLM 200, TOOL 112');
    expect(unmappedSpansText([{ kind: 'CHAIN', spans: 1 }])).toBe('1 span not mapped: CHAIN 1');
    expect(unmappedSpansText([{ kind: 'b', spans: 1200 }, { kind: 'A', spans: 1200 }])).toBe('2,400 spans not mapped: A 1,200, b 1,200');
    expect(unmappedSpansText([])).toBeNull();
  });
});
