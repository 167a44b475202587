import { describe, expect, it } from 'vitest';
import { agreementVotesIn } from '../../annotation-report';
import { disagreementItems } from '../../../model/annotation/agreement';
import { parseItemKey } from '../../../model/annotation/item-key';
import { at, makePrompt, makeRelevance, makeRetrieval, type TestEvent } from '../metrics/fixtures';
import { loadAgreementItem } from './agreement-item';
import { ANNOTATOR_LABEL_COUNT_ROW, annotatorLabelCountsQuery } from './annotator-label-counts';
import { loadedTestEngine } from '../metrics/loaded-test-engine';
import { run } from '../core/run';

const iso = (minutes: number) => new Date(at(minutes)).toISOString();
const role = (annotator: string, value: string, fields: TestEvent = {}) => ({ type: 'label', kind: 'role', retrieval_id: 'r1', role: value, annotator, ...fields });
const intent = (annotator: string, value: boolean, fields: TestEvent = {}) =>
  ({ type: 'label', kind: 'intent', turn_id: 't1', retrieval_intent: value, intents: value ? ['find'] : [], annotator, ...fields });

/**
 * r1 (s1, turn t1) returned a1, a2; r2 ran the same query in s2 and returned a2 only. Relevance
 * of (r1, a1) by x and y, plus a label by query on (query of r1, a1) — another agreement item;
 * roles and intents on r1 / t1; two verdicts on resp1.
 */
const DATASET: TestEvent[] = [
  makePrompt('t1', { event_id: 'p1', request_id: 'q1', text: 'show me cats' }),
  makeRetrieval('r1', { returned_asset_ids: ['a1', 'a2'], scores: [0.9, 0.4] }),
  makeRetrieval('r2', { session_id: 's2', request_id: 'q9', turn_id: 't9', ts: at(5), returned_asset_ids: ['a2'], query: 'query of r1' }),
  { type: 'asset', asset_id: 'a1', title: 'Cat photo', text: 'A grey cat.', kind: 'image' },
  { type: 'response', event_id: 'resp1', ts: at(2), session_id: 's1', turn_id: 't1', request_id: 'q1', text: 'Here are cats.' },
  makeRelevance('r1', 'a1', 3, { annotator: 'x', ts: iso(1), note: 'clearly a cat' }),
  makeRelevance('r1', 'a1', 1, { annotator: 'y', ts: iso(2) }),
  makeRelevance('r1', 'a2', 0, { annotator: 'x', ts: iso(1) }),
  { type: 'label', kind: 'relevance', query: 'query of r1', asset_id: 'a1', grade: 2, annotator: 'z', ts: iso(3) },
  makeRelevance('r1', 'a1', 3, { annotator: 'lead', adjudicated: true, ts: iso(4) }),
  role('x', 'find', { ts: iso(1) }), role('y', 'browse', { ts: iso(2) }),
  intent('x', true, { ts: iso(1) }), intent('y', false, { ts: iso(2) }),
  { type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict: 'wrong', annotator: 'qa1' },
  { type: 'label', kind: 'answer_review', target_event_id: 'resp1', verdict: 'correct', annotator: 'qa2' },
];

const engine = loadedTestEngine(DATASET);

const load = (kind: 'relevance' | 'role' | 'intent' | 'answer_review', key: string) => loadAgreementItem(engine, parseItemKey(kind, key)!);

describe('loadAgreementItem', () => {
  it('relevance by retrieval: the retrieval, its prompt, the ranked list, the asset from the catalog, and only this item\'s labels', async () => {
    const context = await load('relevance', 'retrieval|r1|a1');
    expect(context.sessionId).toBe('s1');
    expect(context.retrieval).toMatchObject({ retrieval_id: 'r1', query: 'query of r1' });
    expect(context.turn?.text).toBe('show me cats');
    expect(context.ranked.map((row) => [row.rank, row.asset_id, row.title])).toEqual([[1, 'a1', 'Cat photo'], [2, 'a2', null]]);
    expect(context.asset).toEqual({ asset_id: 'a1', title: 'Cat photo', text: 'A grey cat.', kind: 'image' });
    // Not (r1, a2), not the query label: those are other items.
    expect(context.labels.map((label) => [label.annotator, label.grade, label.adjudicated, label.note])).toEqual([
      ['x', 3, false, 'clearly a cat'], ['y', 1, false, null], ['lead', 3, true, null],
    ]);
    expect(context.labels.every((label) => label.file?.startsWith('fixture-') && !label.given_here)).toBe(true);
  });

  it('relevance by query: the retrievals that ran it, where they returned the asset, and the query label only', async () => {
    const context = await load('relevance', 'query|query of r1|a1');
    expect(context.queryRetrievals.map((row) => [row.retrieval_id, row.session_id, row.rank])).toEqual([['r1', 's1', 1], ['r2', 's2', null]]);
    expect(context.sessionId).toBe('s1');
    expect(context.asset?.title).toBe('Cat photo');
    expect(context.labels.map((label) => [label.annotator, label.grade, label.query])).toEqual([['z', 2, 'query of r1']]);
  });

  it('role: the retrieval with its returned titles; intent: the prompt and the turn\'s retrievals', async () => {
    const roleContext = await load('role', 'r1');
    expect(roleContext.ranked).toHaveLength(2);
    expect(roleContext.labels.map((label) => [label.annotator, label.role])).toEqual([['x', 'find'], ['y', 'browse']]);
    const intentContext = await load('intent', 't1');
    expect(intentContext.turn?.text).toBe('show me cats');
    expect(intentContext.sessionId).toBe('s1');
    expect(intentContext.turnRetrievals.map((row) => row.retrieval_id)).toEqual(['r1']);
    expect(intentContext.labels.map((label) => label.retrieval_intent)).toEqual([true, false]);
  });

  it('answer review: the question and the answer; an unknown id finds nothing', async () => {
    const context = await load('answer_review', 'resp1');
    expect(context.review?.question).toBe('show me cats');
    expect(context.review?.response.text).toBe('Here are cats.');
    expect(context.sessionId).toBe('s1');
    expect(context.labels.map((label) => label.verdict)).toEqual(['wrong', 'correct']);
    const missing = await load('role', 'nope');
    expect([missing.retrieval, missing.sessionId, missing.labels]).toEqual([null, null, []]);
  });

  it('opens every disagreement the agreement votes list, with that item\'s votes among its labels', async () => {
    const { votes, adjudicated } = await agreementVotesIn(engine);
    const disagreements = disagreementItems(votes, adjudicated);
    expect(disagreements.map((item) => `${item.kind}:${item.item}`)).toEqual(['relevance:retrieval|r1|a1', 'role:r1', 'intent:t1', 'answer_review:resp1']);
    for (const disagreement of disagreements) {
      const context = await loadAgreementItem(engine, parseItemKey(disagreement.kind as 'role', disagreement.item)!);
      expect(new Set(context.labels.map((label) => label.annotator))).toEqual(new Set([...disagreement.votes.map((vote) => vote.annotator), ...(disagreement.adjudicated ? ['lead'] : [])]));
    }
  });
});

describe('annotatorLabelCountsQuery', () => {
  it('counts each annotator\'s labels given and items labeled per kind, adjudications apart', async () => {
    const rows = await run(engine, annotatorLabelCountsQuery(), ANNOTATOR_LABEL_COUNT_ROW);
    expect(rows).toEqual([
      { kind: 'answer_review', annotator: 'qa1', labels: 1, items: 1, adjudications: 0, given_here: 0 },
      { kind: 'answer_review', annotator: 'qa2', labels: 1, items: 1, adjudications: 0, given_here: 0 },
      { kind: 'intent', annotator: 'x', labels: 1, items: 1, adjudications: 0, given_here: 0 },
      { kind: 'intent', annotator: 'y', labels: 1, items: 1, adjudications: 0, given_here: 0 },
      { kind: 'relevance', annotator: 'lead', labels: 1, items: 0, adjudications: 1, given_here: 0 },
      { kind: 'relevance', annotator: 'x', labels: 2, items: 2, adjudications: 0, given_here: 0 },
      { kind: 'relevance', annotator: 'y', labels: 1, items: 1, adjudications: 0, given_here: 0 },
      { kind: 'relevance', annotator: 'z', labels: 1, items: 1, adjudications: 0, given_here: 0 },
      { kind: 'role', annotator: 'x', labels: 1, items: 1, adjudications: 0, given_here: 0 },
      { kind: 'role', annotator: 'y', labels: 1, items: 1, adjudications: 0, given_here: 0 },
    ]);
  });
});
