import { describe, expect, it } from 'vitest';
import type { TimelineMark } from '../../model/lineage/timeline-marks';
import type { TimelineTurn } from '../../model/lineage/timeline';
import { driftSteps, markSteps, nextStepIndex } from './flag-steps';

/** An event entry with just what the steps read: its ids, its node and its marks. */
const entry = (eventId: string, seq: number, kinds: TimelineMark['kind'][], nodeId: string | null = null) =>
  ({ event: { event_id: eventId, seq }, nodeId, marks: kinds.map((kind) => ({ kind, label: kind, tone: 'bad', detail: '' })) });
const turn = (...entries: ReturnType<typeof entry>[]) =>
  ({ entries, items: [{ kind: 'span', span: {} }, ...entries.map((e) => ({ kind: 'event', entry: e }))] }) as unknown as TimelineTurn;

const TURNS = [
  turn(entry('p1', 1, []), entry('r1', 2, ['masked', 'orf'], 'retrieval:r1')),
  turn(entry('p2', 3, []), entry('r2', 4, ['orf', 'orf'], 'retrieval:r2'), entry('a2', 5, ['masked'])),
];

describe('flag steps', () => {
  it('one step per event with the mark, in timeline order, with its anchor and graph node', () => {
    expect(markSteps(TURNS, (mark) => mark.kind === 'masked')).toEqual([
      { anchor: 'event-r1', nodeId: 'retrieval:r1' },
      { anchor: 'event-a2', nodeId: null },
    ]);
    // two ORF marks on one event are one step
    expect(markSteps(TURNS, (mark) => mark.kind === 'orf').map((step) => step.anchor)).toEqual(['event-r1', 'event-r2']);
    expect(markSteps(TURNS, (mark) => mark.kind === 'orphan')).toEqual([]);
  });

  it('drift steps are the events with flags', () => {
    expect(driftSteps(TURNS, new Map([[3, [{}]], [5, [{}, {}]], [9, [{}]]])).map((step) => step.anchor)).toEqual(['event-p2', 'event-a2']);
  });

  it('each click goes to the next step, after the last back to the first', () => {
    const steps = markSteps(TURNS, (mark) => mark.kind === 'orf');
    expect(nextStepIndex(steps, null)).toBe(0);
    expect(nextStepIndex(steps, 'event-p1')).toBe(0);
    expect(nextStepIndex(steps, 'event-r1')).toBe(1);
    expect(nextStepIndex(steps, 'event-r2')).toBe(0);
  });
});
