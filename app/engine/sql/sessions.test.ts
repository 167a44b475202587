import { describe, expect, it } from 'vitest';
import { at, makePrompt, makeRetrieval, type TestEvent } from './metrics/fixtures';
import { escapeLike, sessionSearchQuery, type SessionSearchMatch } from './sessions';
import { loadedTestEngine } from './metrics/loaded-test-engine';

/** s1 asks about a 50% discount; s2's query has "50_off"; s3 answers about refunds; ids differ per session. */
const DATASET: TestEvent[] = [
  makePrompt('t1', { session_id: 's1', user_id: 'u-alma', event_id: 'e1', request_id: 'req-1', text: 'Is the 50% Discount still on?', ts: at(0) }),
  makeRetrieval('r-1', { session_id: 's1', turn_id: 't1', request_id: 'req-1', query: 'discount rules', ts: at(1) }),
  makePrompt('t2', { session_id: 's2', user_id: 'u-bo', event_id: 'e2', text: 'cards', ts: at(2) }),
  makeRetrieval('r-2', { session_id: 's2', turn_id: 't2', query: 'coupon 50_off', ts: at(3) }),
  { type: 'response', session_id: 's3', user_id: 'u-cy', event_id: 'e3', turn_id: 't3', text: 'Your REFUND is on its way', ts: at(4) },
];

const engine = loadedTestEngine(DATASET);

const search = async (text: string) => {
  const query = sessionSearchQuery(text);
  const rows = await engine.query<SessionSearchMatch>(query.sql, query.params);
  return rows.sort((a, b) => a.session_id.localeCompare(b.session_id)).map((row) => [row.session_id, row.field, row.text]);
};

describe('session search', () => {
  it('finds text in prompts, queries and responses, ignoring case; one row per session, its first match', async () => {
    expect(await search('DISCOUNT')).toEqual([['s1', 'prompt', 'Is the 50% Discount still on?']]);
    expect(await search('refund')).toEqual([['s3', 'response', 'Your REFUND is on its way']]);
    expect(await search('coupon')).toEqual([['s2', 'query', 'coupon 50_off']]);
  });

  it('takes % and _ literally', async () => {
    expect(escapeLike('50%_\\')).toBe('50\\%\\_\\\\');
    expect(await search('50%')).toEqual([['s1', 'prompt', 'Is the 50% Discount still on?']]);
    expect(await search('50_')).toEqual([['s2', 'query', 'coupon 50_off']]);
    expect(await search('%')).toEqual([['s1', 'prompt', 'Is the 50% Discount still on?']]);
  });

  it('finds ids: session, user, event, retrieval, turn and request ids, naming the field', async () => {
    expect(await search('S2')).toEqual([['s2', 'session id', 's2']]);
    expect(await search('alma')).toEqual([['s1', 'user id', 'u-alma']]);
    expect(await search('e3')).toEqual([['s3', 'event id', 'e3']]);
    expect(await search('r-2')).toEqual([['s2', 'retrieval id', 'r-2']]);
    expect(await search('t3')).toEqual([['s3', 'turn id', 't3']]);
    expect(await search('req-')).toEqual([['s1', 'request id', 'req-1']]);
  });

  it('binds the text: a quote is data', async () => {
    const query = sessionSearchQuery("x' OR 1=1 --");
    expect(query.sql).not.toContain('1=1');
    expect(await engine.query(query.sql, query.params)).toEqual([]);
  });
});
