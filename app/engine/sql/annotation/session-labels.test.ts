import { describe, expect, it } from 'vitest';
import { at, makeIntent, makeRelevance, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { run } from '../core/run';
import { ASSET_SEARCH_ROW, assetSearchQuery, containsPattern } from './asset-search';
import {
  NOT_RETURNED_ROW, notReturnedLabeledQuery, RESOLVED_INTENT_ROW, RESOLVED_VERDICT_ROW, resolvedIntentsQuery, resolvedVerdictsQuery,
} from './session-labels';
import { loadedTestEngine } from '../metrics/loaded-test-engine';

const asset = (assetId: string, title: string | null): TestEvent => ({ type: 'asset', asset_id: assetId, title, kind: 'template' });
const review = (target: string, verdict: string, annotator: string, minutes: number, fields: TestEvent = {}): TestEvent => ({
  type: 'label', kind: 'answer_review', target_event_id: target, verdict, annotator, ts: at(minutes), ...fields,
});

/**
 * r1 returns a1 and a2. Labels: a1 (returned) 2; a3 (missed) 0 then 2 by li and 1 by zhou
 * (a tie: the latest vote, zhou's 1, wins); a4 (missed) 0; a5 by query, 3. r2 has no label.
 */
const DATASET: TestEvent[] = [
  makeRetrieval('r1', { returned_asset_ids: ['a1', 'a2'], query: 'poster' }),
  makeRetrieval('r2', { returned_asset_ids: ['a3'], query: 'flyer' }),
  makeRelevance('r1', 'a1', 2, { ts: at(1) }),
  makeRelevance('r1', 'a3', 0, { annotator: 'li', ts: at(2) }),
  makeRelevance('r1', 'a3', 2, { annotator: 'li', ts: at(3) }),
  makeRelevance('r1', 'a3', 1, { annotator: 'zhou', ts: at(4) }),
  makeRelevance('r1', 'a4', 0, { ts: at(5) }),
  { type: 'label', kind: 'relevance', query: 'poster', asset_id: 'a5', grade: 3, annotator: 'mei', ts: at(6) },
  { ...makeIntent('t1', true, ['find', 'edit']), ts: at(7) },
  { ...makeIntent('t1', false, ['edit']), annotator: 'lead', adjudicated: true, ts: at(8) },
  { type: 'response', event_id: 'resp-1', session_id: 's1', ts: at(9), text: 'answer' },
  { type: 'response', event_id: 'resp-2', session_id: 's1', ts: at(9), text: 'answer' },
  review('resp-1', 'wrong', 'li', 10), review('resp-1', 'correct', 'zhou', 11), review('resp-1', 'partial', 'lead', 12, { adjudicated: true }),
  review('resp-2', 'correct', 'li', 10),
  asset('a3', 'Bake sale flyer'), asset('a5', '100% cotton_tee'), asset('kb-1', 'Returns policy'), asset('kb-10', 'Refunds'),
  asset('xkb-1', 'Other'), asset('doc', 'kb-1 explained'),
];

const engine = loadedTestEngine(DATASET);

describe('notReturnedLabeledQuery', () => {
  it('labeled assets the retrieval did not return, with resolved grade and title, highest grade first', async () => {
    expect(await run(engine, notReturnedLabeledQuery(['r1', 'r2']), NOT_RETURNED_ROW)).toEqual([
      { retrieval_id: 'r1', asset_id: 'a5', title: '100% cotton_tee', grade: 3, resolved_by: 'majority' },
      { retrieval_id: 'r1', asset_id: 'a3', title: 'Bake sale flyer', grade: 1, resolved_by: 'majority' },
      { retrieval_id: 'r1', asset_id: 'a4', title: null, grade: 0, resolved_by: 'majority' },
    ]);
  });

  it('binds the ids: none given, none returned; a quote is data', async () => {
    expect(await run(engine, notReturnedLabeledQuery([]), NOT_RETURNED_ROW)).toEqual([]);
    expect(await run(engine, notReturnedLabeledQuery(["r1' OR 1=1 --"]), NOT_RETURNED_ROW)).toEqual([]);
  });
});

describe('resolved intents and verdicts', () => {
  it('an adjudicated intent wins over the earlier vote', async () => {
    expect(await run(engine, resolvedIntentsQuery(['t1', 't-none']), RESOLVED_INTENT_ROW)).toEqual([
      { turn_id: 't1', retrieval_intent: false, intents: ['edit'], resolved_by: 'adjudicated' },
    ]);
  });

  it('a verdict per response: the adjudicated one, else the majority', async () => {
    expect(await run(engine, resolvedVerdictsQuery(['resp-1', 'resp-2', 'resp-3']), RESOLVED_VERDICT_ROW)).toEqual([
      { target_event_id: 'resp-1', verdict: 'partial', resolved_by: 'adjudicated' },
      { target_event_id: 'resp-2', verdict: 'correct', resolved_by: 'majority' },
    ]);
  });
});

describe('assetSearchQuery', () => {
  const search = async (text: string, limit?: number) => (await run(engine, assetSearchQuery(text, limit), ASSET_SEARCH_ROW)).map((row) => row.asset_id);

  it('by id or title, case-insensitive: the exact id, then ids starting with it, then ids and titles containing it', async () => {
    expect(await search('KB-1')).toEqual(['kb-1', 'kb-10', 'xkb-1', 'doc']);
    expect(await search('flyer')).toEqual(['a3']);
  });

  it('a % or _ typed matches itself, not any text', async () => {
    expect(await search('%')).toEqual(['a5']);
    // as a wildcard, 's_p' would match 'Returns policy'
    expect(await search('s_p')).toEqual([]);
    expect(await search('on_tee')).toEqual(['a5']);
  });

  it('blank text matches nothing; the limit holds; a quote is data', async () => {
    expect(await search('  ')).toEqual([]);
    expect(await search('kb', 2)).toEqual(['kb-1', 'kb-10']);
    expect(await search("' OR 1=1 --")).toEqual([]);
  });

  it('escapes the pattern characters', () => {
    expect(containsPattern('5%_a\\b')).toBe('%5\\%\\_a\\\\b%');
  });
});
