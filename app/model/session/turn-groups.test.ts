import { describe, expect, it } from 'vitest';
import { groupByTurn, type TimelineEvent } from './turn-groups';

const event = (seq: number, ts: number | null, turn_id: string | null, type = 'action'): TimelineEvent => ({ seq, ts, turn_id, type });

describe('groupByTurn', () => {
  it('orders turns by their first event and events by time, file order breaking ties', () => {
    const groups = groupByTurn([event(0, 30, 't2'), event(1, 10, 't1', 'prompt'), event(2, 20, 't1'), event(3, 20, 't1'), event(4, 25, null)]);
    expect(groups.map((g) => [g.turnId, g.events.map((e) => e.seq)])).toEqual([
      ['t1', [1, 2, 3]],
      [null, [4]],
      ['t2', [0]],
    ]);
  });

  it('puts events without a timestamp last', () => {
    expect(groupByTurn([event(0, null, 't1'), event(1, 5, 't1')])[0].events.map((e) => e.seq)).toEqual([1, 0]);
  });

  it('returns no groups for no events', () => {
    expect(groupByTurn([])).toEqual([]);
  });
});
