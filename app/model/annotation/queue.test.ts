import { describe, expect, it } from 'vitest';
import type { ItemLabelRow } from './item-labels';
import type { AgreementVote } from './agreement';
import { itemKey } from './item-key';
import { itemStates, labeledBy, sampleRank, windowProgress, type QueueCandidate } from './queue';
import { disagreeingItems, pickQueue, queueProgress, stratifiedOrder, type QueueParams } from './queue-reference';

let order = 0;
const label = (fields: Partial<ItemLabelRow>): ItemLabelRow => ({
  event_id: `l${++order}`, kind: 'relevance', retrieval_id: null, query: null, asset_id: null, grade: null, role: null,
  turn_id: null, retrieval_intent: null, intents: null, target_event_id: null, verdict: null, note: null, annotator: null,
  adjudicated: false, ts: null, label_order: order, given_here: false, file: null, ...fields,
});
const grade = (retrieval_id: string, asset_id: string, value: number, annotator: string | null) =>
  label({ kind: 'relevance', retrieval_id, asset_id, grade: value, annotator });
const role = (retrieval_id: string, value: string, annotator: string | null) => label({ kind: 'role', retrieval_id, role: value, annotator });

const candidate = (item_id: string, fields: Partial<QueueCandidate> = {}): QueueCandidate =>
  ({ item_id, role: null, surface: null, category: null, asset_list: '', ...fields });
const params = (fields: Partial<QueueParams>): QueueParams => ({ pick: 'unlabeled', by: 'role', seed: 's', size: 50, annotator: 'me', ...fields });

describe('item states and picks', () => {
  const candidates = ['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => candidate(id, { asset_list: 'a\u001fb' }));
  const labels = [
    grade('r2', 'a', 2, 'ann'), grade('r2', 'b', 0, 'ann'), // one annotator, complete
    grade('r3', 'a', 2, 'ann'), grade('r3', 'a', 1, 'bob'), // two annotators disagree on (r3, a)
    grade('r4', 'a', 3, 'me'), // labeled by me only
    grade('r5', 'a', 1, 'ann'), grade('r5', 'a', 3, 'ann'), grade('r5', 'a', 3, 'bob'), // ann changed her mind: they agree now
    role('r1', 'find', 'ann'), // another kind: r1 stays unlabeled for relevance
  ];
  const states = itemStates('relevance', labels);
  // The votes agreement-votes.ts selects from those labels: each annotator's latest per (retrieval, asset).
  const vote = (retrieval: string, asset: string, annotator: string, value: string): AgreementVote =>
    ({ kind: 'relevance', item: itemKey({ kind: 'relevance', retrieval_id: retrieval, asset_id: asset }), annotator, value });
  const votes = [
    vote('r2', 'a', 'ann', '2'), vote('r2', 'b', 'ann', '0'), vote('r3', 'a', 'ann', '2'), vote('r3', 'a', 'bob', '1'),
    vote('r4', 'a', 'me', '3'), vote('r5', 'a', 'ann', '3'), vote('r5', 'a', 'bob', '3'),
  ];
  const disagreeing = disagreeingItems('relevance', candidates, votes);

  it.each<[QueueParams['pick'], string[]]>([
    ['unlabeled', ['r1']],
    ['disagreement', ['r3']],
    // r4 is labeled by the annotator the queue is for: no second opinion from themself.
    ['single', ['r2']],
  ])('%s', (pick, expected) => {
    expect(pickQueue(candidates, states, disagreeing, params({ pick }))).toEqual(expected);
  });

  it('a disagreement on a label given by query marks every retrieval with that query', () => {
    const byQuery = [candidate('r1', { query: 'q' }), candidate('r2', { query: 'q' }), candidate('r3', { query: 'other' })];
    const queryVotes: AgreementVote[] = [
      { kind: 'relevance', item: itemKey({ kind: 'relevance', query: 'q', asset_id: 'a' }), annotator: 'x', value: '1' },
      { kind: 'relevance', item: itemKey({ kind: 'relevance', query: 'q', asset_id: 'a' }), annotator: 'y', value: '2' },
    ];
    expect([...disagreeingItems('relevance', byQuery, queryVotes)]).toEqual(['r1', 'r2']);
    const roleVotes: AgreementVote[] = [{ kind: 'role', item: 'r3', annotator: 'x', value: 'find' }, { kind: 'role', item: 'r3', annotator: 'y', value: 'step' }];
    expect([...disagreeingItems('role', byQuery, roleVotes)]).toEqual(['r3']);
  });

  it('labels without an annotator make one voter', () => {
    const anonymous = itemStates('relevance', [grade('r1', 'a', 1, null), grade('r1', 'b', 1, null)]);
    expect(pickQueue(candidates, anonymous, new Set(), params({ pick: 'single' }))).toEqual(['r1']);
    expect(pickQueue(candidates, anonymous, new Set(), params({ pick: 'unlabeled' }))).toEqual(['r2', 'r3', 'r4', 'r5']);
  });

  it('a relevance item is done for an annotator once every returned asset has their grade', () => {
    expect(labeledBy(candidates[1], states.get('r2'), 'ann')).toBe(true);
    expect(labeledBy(candidates[2], states.get('r3'), 'ann')).toBe(false);
    expect(labeledBy(candidates[0], states.get('r1'), 'ann')).toBe(false);
    const byId = new Map(candidates.map((c) => [c.item_id, c]));
    expect(queueProgress(['r1', 'r2', 'r3'], byId, states, 'ann')).toEqual({ total: 3, done: 1, labeled: 2 });
  });

  it('role and intent items are done once labeled', () => {
    const roleStates = itemStates('role', labels);
    expect([...roleStates.keys()]).toEqual(['r1']);
    expect(labeledBy(candidate('r1'), roleStates.get('r1'), 'ann')).toBe(true);
    const intents = itemStates('intent', [label({ kind: 'intent', turn_id: 't1', retrieval_intent: true, intents: [], annotator: 'x' })]);
    expect(labeledBy(candidate('t1'), intents.get('t1'), 'x')).toBe(true);
  });
});

describe('the seeded stratified sample', () => {
  // 60 find, 30 browse, 10 without a role.
  const candidates = Array.from({ length: 100 }, (_, i) =>
    candidate(`r-${String(i).padStart(4, '0')}`, { role: i < 60 ? 'find' : i < 90 ? 'browse' : null }));
  const roleOf = new Map(candidates.map((c) => [c.item_id, c.role ?? '(none)']));

  it('is the same for the same seed, and another for another seed', () => {
    const a = stratifiedOrder(candidates, 'role', 'seed-1');
    expect(stratifiedOrder([...candidates].reverse(), 'role', 'seed-1')).toEqual(a);
    expect(stratifiedOrder(candidates, 'role', 'seed-2')).not.toEqual(a);
    expect([...a].sort()).toEqual(candidates.map((c) => c.item_id));
  });

  it('orders each stratum by the hash of seed and id', () => {
    const order = stratifiedOrder(candidates, 'role', 'x');
    const finds = order.filter((id) => roleOf.get(id) === 'find');
    expect(finds).toEqual([...finds].sort((p, q) => sampleRank('x', p) - sampleRank('x', q)));
  });

  it('holds every stratum in proportion in every prefix', () => {
    const order = stratifiedOrder(candidates, 'role', 'any');
    for (let m = 1; m <= order.length; m++) {
      const prefix = order.slice(0, m);
      for (const [stratum, share] of [['find', 0.6], ['browse', 0.3], ['(none)', 0.1]] as const) {
        const count = prefix.filter((id) => roleOf.get(id) === stratum).length;
        expect(Math.abs(count - m * share), `${stratum} in the first ${m}`).toBeLessThanOrEqual(1.5);
      }
    }
    // The first ten: six find, three browse, one without a role.
    const first10 = order.slice(0, 10).map((id) => roleOf.get(id));
    expect(first10.filter((r) => r === 'find')).toHaveLength(6);
    expect(first10.filter((r) => r === 'browse')).toHaveLength(3);
  });

  it('interleaves by (i + ½) / n, ties by stratum name', () => {
    const small = [candidate('a1', { surface: 'a' }), candidate('b1', { surface: 'b' }), candidate('b2', { surface: 'b' })];
    // a1 at ½; b's at ¼ and ¾.
    const order = stratifiedOrder(small, 'surface', 's');
    expect(order[1]).toBe('a1');
    expect(order.filter((id) => id !== 'a1')).toEqual(['b1', 'b2'].sort((p, q) => sampleRank('s', p) - sampleRank('s', q)));
    expect(stratifiedOrder([candidate('x', { surface: 'z' }), candidate('y', { surface: 'a' })], 'surface', 's')).toEqual(['y', 'x']);
  });

  it('a sample is the first `size` of that order', () => {
    const states = new Map();
    expect(pickQueue(candidates, states, new Set(), params({ pick: 'sample', seed: 'k', size: 12 }))).toEqual(stratifiedOrder(candidates, 'role', 'k').slice(0, 12));
  });
});

describe('windowProgress', () => {
  it('moves the counts read by the labels given and taken back here since, on the window\'s items', () => {
    const items = [candidate('r1', { asset_list: 'a\u001fb' }), candidate('r2', { asset_list: 'a' }), candidate('r3', { asset_list: 'a' })];
    // as read: r1 graded whole by me, r2 by ann only, r3 without a label
    const read = [grade('r1', 'a', 1, 'me'), grade('r1', 'b', 2, 'me'), grade('r2', 'a', 0, 'ann')];
    // since: my grade of r1's b taken back (r1 no longer done, still labeled), r2 and r3 graded by me (both done; r3 newly labeled)
    const now = [read[0], read[2], grade('r2', 'a', 3, 'me'), grade('r3', 'a', 3, 'me')];
    const counted = { total: 40, done: 7, labeled: 12 };
    expect(windowProgress(counted, items, itemStates('relevance', read), itemStates('relevance', now), 'me')).toEqual({ total: 40, done: 7 - 1 + 2, labeled: 12 + 1 });
    expect(windowProgress(counted, items, itemStates('relevance', read), itemStates('relevance', read), 'me')).toEqual(counted);
  });
});
