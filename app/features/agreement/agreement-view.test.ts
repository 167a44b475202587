import { describe, expect, it } from 'vitest';
import type { AnnotatorLabelCountRow } from '../../engine/sql/annotation/annotator-label-counts';
import { agreementReport, disagreementItems, type AgreementVote } from '../../model/annotation/agreement';
import type { ItemLabelRow } from '../../model/annotation/item-labels';
import {
  adjudicationInput, annotatorRows, choicesOf, itemCaption, kappaText, pairNames, pickPair, stepItem, visibleDisagreements,
} from './agreement-view';

const vote = (item: string, annotator: string, value: string, kind = 'relevance'): AgreementVote => ({ kind, item, annotator, value });
const VOTES = [
  vote('retrieval|r1|a1', 'x', '2'), vote('retrieval|r1|a1', 'y', '3'),
  vote('retrieval|r1|a2', 'x', '1'), vote('retrieval|r1|a2', 'y', '1'), vote('retrieval|r1|a2', 'z', '0'),
  vote('retrieval|r2|a1', 'y', '0'), vote('retrieval|r2|a1', 'z', '3'),
  vote('r1', 'x', 'find', 'role'),
];
const ADJUDICATED = [{ kind: 'relevance', item: 'retrieval|r2|a1', value: '3' }];

const intentLabel = (annotator: string, yes: boolean, intents: string[]) =>
  ({ kind: 'intent', turn_id: 't1', retrieval_intent: yes, intents, annotator, adjudicated: false }) as unknown as ItemLabelRow;

describe('the agreement view', () => {
  it('keys each kind\'s values as the other screens do', () => {
    expect(choicesOf('relevance').map((choice) => choice.key)).toEqual(['0', '1', '2', '3']);
    expect(choicesOf('role').map((choice) => `${choice.key} ${choice.value}`)).toEqual(['1 find', '2 browse', '3 operate', '4 reference', '5 step', '6 contextual']);
    expect(choicesOf('intent').map((choice) => `${choice.key} ${choice.value}`)).toEqual(['y true', 'n false']);
    expect(choicesOf('answer_review').map((choice) => `${choice.key} ${choice.value}`)).toEqual(['1 correct', '2 wrong', '3 partial', '4 unsupported']);
  });

  it('makes the adjudicated label of each kind; a relevance item labeled by query cannot be settled here', () => {
    expect(adjudicationInput({ kind: 'relevance', retrieval_id: 'r1', asset_id: 'a1' }, '3', [], ' checked ')).toEqual(
      { kind: 'relevance', retrieval_id: 'r1', asset_id: 'a1', grade: 3, adjudicated: true, note: 'checked' });
    expect(adjudicationInput({ kind: 'relevance', query: 'cats', asset_id: 'a1' }, '3', [])).toBeNull();
    expect(adjudicationInput({ kind: 'role', id: 'r1' }, 'browse', [])).toEqual({ kind: 'role', retrieval_id: 'r1', role: 'browse', adjudicated: true });
    expect(adjudicationInput({ kind: 'answer_review', id: 'resp1' }, 'wrong', [])).toEqual({ kind: 'answer_review', target_event_id: 'resp1', verdict: 'wrong', adjudicated: true });
    const labels = [intentLabel('x', true, ['find']), intentLabel('y', false, []), intentLabel('z', true, ['find', 'edit'])];
    expect(adjudicationInput({ kind: 'intent', id: 't1' }, 'true', labels)).toMatchObject({ retrieval_intent: true, intents: ['find', 'edit'] });
    expect(adjudicationInput({ kind: 'intent', id: 't1' }, 'false', labels)).toMatchObject({ retrieval_intent: false, intents: [] });
  });

  it('lists voters and adjudicators with their items and labels', () => {
    const counts: AnnotatorLabelCountRow[] = [
      { kind: 'relevance', annotator: 'x', labels: 3, items: 2, adjudications: 0, given_here: 0 },
      { kind: 'relevance', annotator: 'lead', labels: 1, items: 0, adjudications: 1, given_here: 1 },
      { kind: 'relevance', annotator: null, labels: 4, items: 4, adjudications: 0, given_here: 0 },
      { kind: 'role', annotator: 'x', labels: 1, items: 1, adjudications: 0, given_here: 0 },
    ];
    // the counts as they come (one definition for every screen), named annotators only, by name
    expect(annotatorRows('relevance', counts)).toEqual([
      { annotator: 'lead', items: 0, labels: 1, adjudications: 1, givenHere: 1 },
      { annotator: 'x', items: 2, labels: 3, adjudications: 0, givenHere: 0 },
    ]);
  });

  it('picks the pair asked for, else the one sharing the most items, and splits a key back into names', () => {
    const { relevance } = agreementReport(VOTES, ADJUDICATED);
    expect(Object.keys(relevance.pairs)).toEqual(['x|y', 'x|z', 'y|z']);
    expect(pickPair(relevance, 'y|z')).toBe('y|z');
    expect(pickPair(relevance, 'nobody|else')).toBe('x|y');
    expect(pickPair(agreementReport([], []).role, null)).toBeNull();
    expect(pairNames('a|b|c', ['c', 'a|b', 'a'])).toEqual(['a|b', 'c']);
    expect(pairNames('x|q', ['x', 'y'])).toBeNull();
  });

  it('keeps resolved items on screen under "unresolved only" when asked, and steps through the list', () => {
    const items = disagreementItems(VOTES, ADJUDICATED, 'relevance');
    expect(items.map((item) => [item.item, item.adjudicated])).toEqual([['retrieval|r1|a1', false], ['retrieval|r1|a2', false], ['retrieval|r2|a1', true]]);
    expect(visibleDisagreements(items, true, new Set()).map((item) => item.item)).toEqual(['retrieval|r1|a1', 'retrieval|r1|a2']);
    expect(visibleDisagreements(items, true, new Set(['retrieval|r2|a1']))).toHaveLength(3);
    expect(stepItem(items, null, 1)).toBe('retrieval|r1|a1');
    expect(stepItem(items, 'retrieval|r1|a2', 1)).toBe('retrieval|r2|a1');
    expect(stepItem(items, 'retrieval|r2|a1', 1)).toBeNull();
    expect(stepItem(items, 'elsewhere', -1)).toBe('retrieval|r2|a1');
  });

  it('shows κ with two decimals, "—" when undefined, and names an item by its parts', () => {
    expect([kappaText(0.72727), kappaText(-0.005), kappaText(1), kappaText(null)]).toEqual(['0.73', '-0.01', '1.00', '—']);
    expect(itemCaption('relevance', 'retrieval|r%7C1|a1')).toEqual({ target: 'r|1', asset: 'a1', byQuery: false });
    expect(itemCaption('relevance', 'query|cats|a1')).toEqual({ target: '“cats”', asset: 'a1', byQuery: true });
    expect(itemCaption('intent', 't1')).toEqual({ target: 't1', asset: null, byQuery: false });
  });
});
