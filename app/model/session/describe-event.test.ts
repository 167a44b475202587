import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe-event';

describe('describeEvent', () => {
  it.each([
    [{ type: 'prompt', text: 'a birthday card', rewrite_of: 't-1' }, '“a birthday card” (rephrases t-1)'],
    [{ type: 'retrieval', role: 'find', query: 'cards', returned_asset_ids: [] }, '[find] “cards” → empty result'],
    [{ type: 'retrieval', query: 'cards', returned_asset_ids: ['a', 'b'], rewrite_of: 'r-1' }, '“cards” → 2 results · re-search of r-1'],
    // a failed retrieval is not an empty result (its body shows the message)
    [{ type: 'retrieval', query: 'cards', returned_asset_ids: [], error: 'timeout after 30 s' }, '“cards” → failed'],
    [{ type: 'retrieval', query: 'cards', returned_asset_ids: null, error: '' }, '“cards” → failed'],
    [{ type: 'action', actor: 'user', action: 'export', consumed_asset_id: 'tpl-1' }, 'user export tpl-1'],
    [{ type: 'gate', decision: 'handoff', reason: 'low score' }, 'gate: handoff (low score)'],
    [{ type: 'feedback', rating: 'down' }, 'thumbs down'],
  ])('%o', (event, expected) => {
    expect(describeEvent(event)).toBe(expected);
  });
});
