import { describe, expect, it } from 'vitest';
import { itemKey, parseItemKey, type LabelItem } from './item-key';

describe('label item keys', () => {
  it.each<[string, LabelItem, string]>([
    ['a relevance label by retrieval', { kind: 'relevance', retrieval_id: 'r1', asset_id: 'a1' }, 'retrieval|r1|a1'],
    ['a relevance label by query', { kind: 'relevance', query: 'red "cats"\n2', asset_id: 'a1' }, 'query|red "cats"\n2|a1'],
    ['separators and escapes inside the parts', { kind: 'relevance', query: 'a|b %7C 100%', asset_id: '|%|' }, 'query|a%7Cb %257C 100%25|%7C%25%7C'],
    ['a role label', { kind: 'role', id: 'r1' }, 'r1'],
    ['an answer review', { kind: 'answer_review', id: 'resp-1' }, 'resp-1'],
  ])('%s round-trips', (_, item, key) => {
    expect(itemKey(item)).toBe(key);
    expect(parseItemKey(item.kind, key)).toEqual(item);
  });

  it('keeps a retrieval and a query of the same text apart', () => {
    expect(itemKey({ kind: 'relevance', retrieval_id: 'x', asset_id: 'a' })).not.toBe(itemKey({ kind: 'relevance', query: 'x', asset_id: 'a' }));
  });

  it.each(['r1', 'other|x|a', 'query|x', 'query|x|a|b'])('rejects the relevance key %s', (key) => {
    expect(parseItemKey('relevance', key)).toBeNull();
  });
});
