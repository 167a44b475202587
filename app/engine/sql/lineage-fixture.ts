import { at, makeAction, makeRelevance, makeRetrieval, type TestEvent } from './metrics/fixtures';

export const DAY = 24 * 60;
export const user = (id: string, action: string, fields: TestEvent) => makeAction('user', action, { event_id: id, user_id: 'u1', ...fields });

/**
 * s1 retrieves r1 and places a2; the place carries the lineage to s4 (a place without a source)
 * and on to an export in s2 two days later. s1 also has an orphan select and an agent bypass.
 * s3 is someone else who found a2 through r2 and downloaded it.
 */
export const LINEAGE_DATASET: TestEvent[] = [
  makeRetrieval('r1', { event_id: 'e-r1', session_id: 's1', user_id: 'u1', returned_asset_ids: ['a1', 'a2', 'a3'], scores: [0.9, 0.8, 0.7] }),
  makeRelevance('r1', 'a3', 3),
  makeAction('agent', 'use', { event_id: 'bypass', session_id: 's1', request_id: 'q1', consumed_asset_id: 'a9' }),
  user('p1', 'place', { session_id: 's1', consumed_asset_id: 'a2', source_retrieval_id: 'r1', ts: at(2) }),
  user('orphan', 'select', { session_id: 's1', consumed_asset_id: 'a1', source_retrieval_id: 'r-missing', ts: at(3) }),
  user('p2', 'place', { session_id: 's4', consumed_asset_id: 'a2', ts: at(DAY) }),
  user('exp', 'export', { session_id: 's2', consumed_asset_id: 'a2', ts: at(2 * DAY) }),
  makeRetrieval('r2', { event_id: 'e-r2', session_id: 's3', user_id: 'u2', request_id: 'q3', returned_asset_ids: ['a2', 'a5'], ts: at(10) }),
  makeRelevance('r2', 'a2', 0), makeRelevance('r2', 'a5', 2),
  makeAction('user', 'download', { event_id: 'dl', session_id: 's3', user_id: 'u2', consumed_asset_id: 'a2', source_retrieval_id: 'r2', ts: at(11) }),
  { type: 'asset', asset_id: 'a2', title: 'Poster', kind: 'template' },
];
