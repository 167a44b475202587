import { describe, expect, it } from 'vitest';
import { agreementReport, confusionMatrix, disagreementItems, pairKey, type AdjudicatedItem, type AgreementVote, type KindAgreement } from './agreement';

/** Votes of one kind from `item annotator value` triples: votes('role', 'r1 x find', 'r1 y browse'). */
const votes = (kind: string, ...lines: string[]): AgreementVote[] =>
  lines.map((line) => {
    const [item, annotator, value] = line.split(' ');
    return { kind, item, annotator, value };
  });

const EMPTY: KindAgreement = { items: 0, annotators: 0, multi: 0, disagreements: 0, unresolved: 0, fleiss_kappa: null, pairs: {} };

describe('agreement per kind', () => {
  it('reports all four kinds, zeros and no pairs when nothing was labeled', () => {
    expect(agreementReport([], [])).toEqual({ relevance: EMPTY, role: EMPTY, intent: EMPTY, answer_review: EMPTY });
  });

  it('counts items, annotators, multi items, disagreements and unresolved ones', () => {
    const role = votes(
      'role',
      'r1 x find', 'r1 y find', //          multi, agree
      'r2 x find', 'r2 y browse', //        multi, disagree, adjudicated
      'r3 x step', 'r3 y browse', //        multi, disagree, unresolved
      'r4 x find', //                        single
    );
    const adjudicated: AdjudicatedItem[] = [{ kind: 'role', item: 'r2', value: 'browse' }, { kind: 'intent', item: 'r3', value: 'true' }];
    // x and y share r1..r3: x = find find step, y = find browse browse. p_o = 1/3.
    // x's shares: find 2/3, step 1/3; y's: find 1/3, browse 2/3. p_e = (2/3)(1/3) = 2/9.
    // κ = (1/3 − 2/9) / (1 − 2/9) = (1/9) / (7/9) = 1/7.
    expect(agreementReport(role, adjudicated).role).toEqual({
      items: 4, annotators: 2, multi: 3, disagreements: 2, unresolved: 1, fleiss_kappa: null,
      pairs: { 'x|y': { items: 3, kappa: expect.closeTo(1 / 7, 12) } },
    });
  });

  it('an adjudication of another kind on the same key settles nothing', () => {
    const report = agreementReport(votes('role', 'r1 x find', 'r1 y browse'), [{ kind: 'relevance', item: 'r1' }]);
    expect(report.role.unresolved).toBe(1);
  });

  it("keys pairs by names in plain string order, and skips pairs that share no item", () => {
    const report = agreementReport(votes('intent', 't1 b true', 't1 a true', 't1 B false', 't2 c false'), []);
    // 'B' < 'a' < 'b' in UTF-16 order; c shares nothing with anyone.
    expect(Object.keys(report.intent.pairs)).toEqual(['B|a', 'B|b', 'a|b']);
    expect(pairKey('b', 'a')).toBe('a|b');
    // a and b both said true on t1 only: p_e = 1, κ null.
    expect(report.intent.pairs['a|b']).toEqual({ items: 1, kappa: null });
  });

  it("gives Fleiss' κ with three or more annotators, over the multi items only", () => {
    // The worked example of kappa.test.ts (17/80): g1 a a, g2 a a b, g3 a b b b; g4 has one vote.
    const relevance = votes(
      'relevance',
      'g1 w 1', 'g1 x 1',
      'g2 w 1', 'g2 x 1', 'g2 y 0',
      'g3 w 1', 'g3 x 0', 'g3 y 0', 'g3 z 0',
      'g4 z 3',
    );
    const { relevance: r } = agreementReport(relevance, []);
    expect(r).toMatchObject({ items: 4, annotators: 4, multi: 3, disagreements: 2, unresolved: 2 });
    expect(r.fleiss_kappa).toBeCloseTo(17 / 80, 12);
    expect(agreementReport(votes('role', 'r1 x a', 'r1 y b'), []).role.fleiss_kappa).toBeNull();
  });
});

describe('confusion matrix and disagreement list', () => {
  const intent = votes('intent', 't1 x true', 't1 y true', 't2 x true', 't2 y false', 't3 x false', 't3 y false', 't4 x true', 't5 y false', 't5 z true');

  it('crosses two annotators on their shared items', () => {
    expect(confusionMatrix(intent, 'intent', 'x', 'y')).toEqual({ values: ['false', 'true'], counts: [[1, 0], [1, 1]], items: 3 });
    expect(confusionMatrix(intent, 'intent', 'y', 'x').counts).toEqual([[1, 1], [0, 1]]);
    expect(confusionMatrix(intent, 'intent', 'x', 'z')).toEqual({ values: [], counts: [], items: 0 });
  });

  it('lists each disagreement with every vote and its adjudication', () => {
    const adjudicated: AdjudicatedItem[] = [{ kind: 'intent', item: 't5', value: 'true' }];
    expect(disagreementItems(intent, adjudicated, 'intent')).toEqual([
      { kind: 'intent', item: 't2', votes: [{ annotator: 'x', value: 'true' }, { annotator: 'y', value: 'false' }], adjudicated: false, adjudicated_value: null },
      { kind: 'intent', item: 't5', votes: [{ annotator: 'y', value: 'false' }, { annotator: 'z', value: 'true' }], adjudicated: true, adjudicated_value: 'true' },
    ]);
    expect(disagreementItems([...intent, ...votes('role', 'r1 x a', 'r1 y b')], []).map((d) => `${d.kind} ${d.item}`)).toEqual([
      'role r1', 'intent t2', 'intent t5',
    ]);
  });
});
