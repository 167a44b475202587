import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../model/lineage/timeline';
import { labelTargets } from './label-targets';

const event = (fields: Partial<SessionEvent>) => ({ type: 'action', event_id: null, retrieval_id: null, turn_id: null, ...fields }) as SessionEvent;

describe('labelTargets', () => {
  it('retrievals, prompted turns and responses, each once and sorted', () => {
    expect(labelTargets([
      event({ type: 'retrieval', retrieval_id: 'r2', turn_id: 't1', seq: 40 }), event({ type: 'retrieval', retrieval_id: 'r1', turn_id: 't1', seq: 12 }),
      event({ type: 'retrieval', retrieval_id: null, seq: 99 }),
      event({ type: 'prompt', turn_id: 't2' }), event({ type: 'prompt', turn_id: 't1' }), event({ type: 'prompt', turn_id: 't1' }),
      event({ type: 'response', event_id: 'e9', turn_id: 't1', seq: 3 }), event({ type: 'action', event_id: 'e1', turn_id: 't1', seq: 70 }),
      event({ type: 'prompt', turn_id: null }),
    ])).toEqual({ retrievalIds: ['r1', 'r2'], turnIds: ['t1', 't2'], responseIds: ['e9'], retrievalSeqRange: { from: 12, to: 40 } });
  });

  it('no retrieval, no range', () => {
    expect(labelTargets([event({ type: 'prompt', turn_id: 't1', seq: 5 })]).retrievalSeqRange).toBeNull();
  });
});
