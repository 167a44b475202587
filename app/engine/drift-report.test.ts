import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriftAnalysis } from '../model/drift/analyze';
import { DRIFT_FLAG_KINDS, type FlagCounts } from '../model/drift/flags';
import { computeDriftAnalysis, computeDriftReport, loadDriftPassages } from './drift-report';
import type { Engine } from './engine';
import {
  createDriftTestEngine, loadDriftEvents, makeQuestion, makeQuestionRetrieval as retrieval, makeResponse, makeSubquestion as state,
  resolvedSubquestion, type TestEvent,
} from './sql/drift/drift-fixtures';

interface Case {
  name: string;
  question: string;
  events: TestEvent[];
  flags: Partial<FlagCounts>;
}

/** Each case is its own question (and gold passages); all load together, so cross-question rules meet other cases. */
const CASES: Case[] = [
  // orphan_query
  { name: 'a retrieval without subquestion_id is an orphan', question: 'o1', flags: { orphan_query: 1 },
    events: [state({ question: 'o1', sub: 'a', status: 'active', t: 0 }), retrieval({ question: 'o1', id: 'o1-r', t: 5 })] },
  { name: 'a retrieval while its sub-question is pending is an orphan', question: 'o2', flags: { orphan_query: 1, never_activated: 1 },
    events: [state({ question: 'o2', sub: 'a', status: 'pending', t: 0 }), retrieval({ question: 'o2', id: 'o2-r', t: 5, subquestion_id: 'a' })] },
  { name: 'a retrieval after its sub-question was resolved is an orphan', question: 'o3', flags: { orphan_query: 1 },
    events: [...resolvedSubquestion('o3', 'a', ['x']), retrieval({ question: 'o3', id: 'o3-r', t: 60, subquestion_id: 'a' })] },
  { name: 'a retrieval before its sub-question has any state is an orphan', question: 'o4', flags: { orphan_query: 1 },
    events: [retrieval({ question: 'o4', id: 'o4-r', t: 5, subquestion_id: 'a' }), state({ question: 'o4', sub: 'a', status: 'active', t: 6 })] },
  { name: 'a retrieval naming an unknown sub-question is an orphan', question: 'o5', flags: { orphan_query: 1 },
    events: [retrieval({ question: 'o5', id: 'o5-r', t: 5, subquestion_id: 'ghost' })] },
  { name: 'near miss: a retrieval in the same millisecond as its active state is not an orphan', question: 'o6', flags: {},
    events: [state({ question: 'o6', sub: 'a', status: 'pending', t: 0 }), retrieval({ question: 'o6', id: 'o6-r', t: 10, subquestion_id: 'a' }),
      state({ question: 'o6', sub: 'a', status: 'active', t: 10 })] },
  { name: 'a retrieval in the same millisecond as the resolution is an orphan (latest state with ts ≤ t)', question: 'o7', flags: { orphan_query: 1 },
    events: [...resolvedSubquestion('o7', 'a', ['x']), retrieval({ question: 'o7', id: 'o7-r', t: 50, subquestion_id: 'a' })] },
  { name: 'the active state of another run does not count', question: 'o8', flags: { orphan_query: 1 },
    events: [state({ question: 'o8', sub: 'a', status: 'active', t: 0, run_id: 'r2' }), retrieval({ question: 'o8', id: 'o8-r', t: 5, subquestion_id: 'a' })] },
  { name: 'null run_id is a run of its own, where the active state counts', question: 'o9', flags: {},
    events: [state({ question: 'o9', sub: 'a', status: 'active', t: 0, run_id: null }), retrieval({ question: 'o9', id: 'o9-r', t: 5, subquestion_id: 'a', run_id: null })] },
  // sub-question states
  { name: 'pending → resolved skips active', question: 's1', flags: { skipped_active: 1 },
    events: [state({ question: 's1', sub: 'a', status: 'pending', t: 0 }), state({ question: 's1', sub: 'a', status: 'resolved', t: 9, evidence_ids: ['x'] })] },
  { name: 'pending → active → resolved does not skip', question: 's2', flags: {}, events: resolvedSubquestion('s2', 'a', ['x']) },
  { name: 'a resolution without evidence_ids, counted once per sub-question', question: 's3', flags: { resolved_without_evidence: 1 },
    events: [...resolvedSubquestion('s3', 'a', []), state({ question: 's3', sub: 'a', status: 'active', t: 60 }), state({ question: 's3', sub: 'a', status: 'resolved', t: 70, note: 'again' })] },
  { name: 'a retirement without reason', question: 's4', flags: { retired_without_reason: 1 },
    events: [state({ question: 's4', sub: 'a', status: 'active', t: 0 }), state({ question: 's4', sub: 'a', status: 'retired', t: 9 })] },
  { name: 'a retirement with a reason', question: 's5', flags: {},
    events: [state({ question: 's5', sub: 'a', status: 'active', t: 0 }), state({ question: 's5', sub: 'a', status: 'retired', t: 9, reason: 'not needed' })] },
  { name: 'last state pending is never activated', question: 's6', flags: { never_activated: 1 },
    events: [state({ question: 's6', sub: 'a', status: 'pending', t: 0 }), state({ question: 's6', sub: 'b', status: 'active', t: 1 })] },
  { name: 'near miss: pending then retired is not never activated', question: 's7', flags: {},
    events: [state({ question: 's7', sub: 'a', status: 'pending', t: 0 }), state({ question: 's7', sub: 'a', status: 'retired', t: 9, reason: 'answered by b' })] },
  // entity_drift
  { name: 'a query naming another question’s entity drifts', question: 'e1', flags: { entity_drift: 1 },
    events: [makeQuestion('e1', { entities: ['Aster Quill'] }), state({ question: 'e1', sub: 'a', status: 'active', t: 0 }),
      retrieval({ question: 'e1', id: 'e1-r', t: 5, subquestion_id: 'a', query: 'bolt fenner spouse' })] },
  { name: 'near miss: an entity of the question’s own sub-question is not drift', question: 'e2', flags: {},
    events: [makeQuestion('e2', { entities: ['Crane Dorsey'] }), state({ question: 'e2', sub: 'a', status: 'active', t: 0, entities: ['Bolt Fenner'] }),
      retrieval({ question: 'e2', id: 'e2-r', t: 5, subquestion_id: 'a', query: 'Bolt Fenner spouse' })] },
  { name: 'a capitalised name in another question’s text drifts, matched without its article', question: 'e3', flags: { entity_drift: 1 },
    events: [state({ question: 'e3', sub: 'a', status: 'active', t: 0 }), retrieval({ question: 'e3', id: 'e3-r', t: 5, subquestion_id: 'a', query: 'Marlow Gazette owner' })] },
  { name: 'a capitalised name in the question’s own text is its own', question: 'e4', flags: {},
    events: [makeQuestion('e4', { text: 'Who owned The Marlow Gazette?' }), state({ question: 'e4', sub: 'a', status: 'active', t: 0 }),
      retrieval({ question: 'e4', id: 'e4-r', t: 5, subquestion_id: 'a', query: 'marlow gazette owner' })] },
  // gold evidence
  { name: 'gold returned in this run is found; returned only in another run is not asked; never returned is unreachable', question: 'g1',
    flags: { not_asked: 1, unreachable: 1 },
    events: [makeQuestion('g1', { gold_evidence_ids: ['g1-found', 'g1-other-run', 'g1-nowhere'] }), state({ question: 'g1', sub: 'a', status: 'active', t: 0 }),
      retrieval({ question: 'g1', id: 'g1-r', t: 5, subquestion_id: 'a', returned_asset_ids: ['x', 'g1-found', 'g1-found'] }),
      retrieval({ question: 'g1', id: 'g1-r2', t: 5, run_id: 'r2', session_id: 's-g1-r2', returned_asset_ids: ['x', 'y', 'g1-other-run'] })] },
  { name: 'gold returned by a query outside any question is not asked', question: 'g2', flags: { not_asked: 1 },
    events: [makeQuestion('g2', { gold_evidence_ids: ['g2-gold'] }), state({ question: 'g2', sub: 'a', status: 'active', t: 0 }),
      { type: 'retrieval', ts: 0, session_id: 'elsewhere', retrieval_id: 'g2-free', query: 'anything', returned_asset_ids: ['g2-gold'] }] },
  // insufficient_evidence
  { name: 'near miss: answered with gold evidence is sufficient', question: 'i1', flags: {},
    events: [makeQuestion('i1', { gold_evidence_ids: ['i1-gold'] }), ...resolvedSubquestion('i1', 'a', ['i1-gold']),
      retrieval({ question: 'i1', id: 'i1-r', t: 20, subquestion_id: 'a', returned_asset_ids: ['i1-gold'] }), makeResponse({ question: 'i1', t: 90 })] },
  { name: 'answered on evidence none of which is gold', question: 'i2', flags: { insufficient_evidence: 1 },
    events: [makeQuestion('i2', { gold_evidence_ids: ['i2-gold'] }), ...resolvedSubquestion('i2', 'a', ['i2-other']),
      retrieval({ question: 'i2', id: 'i2-r', t: 20, subquestion_id: 'a', returned_asset_ids: ['i2-gold', 'i2-other'] }), makeResponse({ question: 'i2', t: 90 })] },
  { name: 'answered while a resolved sub-question has no evidence, gold unknown', question: 'i3', flags: { insufficient_evidence: 1, resolved_without_evidence: 1 },
    events: [...resolvedSubquestion('i3', 'a', []), makeResponse({ question: 'i3', t: 90 })] },
  { name: 'not answered: no insufficient_evidence', question: 'i4', flags: {},
    events: [makeQuestion('i4', { gold_evidence_ids: ['i4-gold'] }), ...resolvedSubquestion('i4', 'a', ['i4-other']),
      retrieval({ question: 'i4', id: 'i4-r', t: 20, subquestion_id: 'a', returned_asset_ids: ['i4-gold'] }), makeResponse({ question: 'i4', t: 90, run_id: 'r2' })] },
  { name: 'gold unknown and every resolution has evidence: sufficient', question: 'i5', flags: {},
    events: [...resolvedSubquestion('i5', 'a', ['any']), makeResponse({ question: 'i5', t: 90 })] },
];

/** Questions whose text and entities the entity cases meet as "other questions"; catalog entries for the passage lookup. */
const OTHER_EVENTS = [
  { type: 'asset', asset_id: 'i1-gold', title: 'First title', text: 'replaced below' },
  { type: 'asset', asset_id: 'i1-gold', title: 'Gold passage', text: 'The fact the answer needs.' },
  { type: 'asset', asset_id: 'unrelated', title: 'Not evidence', text: '' },
  makeQuestion('x1', { text: 'Whom did Bolt Fenner marry?', entities: ['Bolt Fenner'] }),
  makeQuestion('x2', { text: 'Who owned The Marlow Gazette in 1920?' }),
];

let engine: Engine;
let analysis: DriftAnalysis;
beforeAll(async () => {
  engine = await createDriftTestEngine();
  await loadDriftEvents(engine, [...OTHER_EVENTS, ...CASES.flatMap((c) => c.events)]);
  analysis = await computeDriftAnalysis(engine);
});
afterAll(() => engine.close());

const countsOf = (question: string, run = 'r1') => {
  const found = analysis.questionRuns.find((r) => r.questionId === question && r.runId === (question === 'o9' ? null : run));
  if (!found) throw new Error(`no question-run ${question}/${run}`);
  return found.flagCounts;
};

describe('search-drift flags (docs/metrics.md), each with a case that fires and one that must not', () => {
  it.each(CASES)('$name', ({ question, flags }) => {
    const expected = Object.fromEntries(DRIFT_FLAG_KINDS.map((kind) => [kind, flags[kind] ?? 0]));
    expect(countsOf(question)).toEqual(expected);
  });

  it('records where a not-asked gold passage was returned: retrieval, session, run, rank', () => {
    const g1 = analysis.questionRuns.find((r) => r.questionId === 'g1' && r.runId === 'r1')!;
    expect(g1.gold.map((g) => [g.assetId, g.status])).toEqual([['g1-found', 'found'], ['g1-other-run', 'not_asked'], ['g1-nowhere', 'unreachable']]);
    expect(g1.gold[0].foundBy).toMatchObject([{ retrieval_id: 'g1-r', rank: 2 }]); // its first rank, once
    expect(g1.gold[1].returnedElsewhere).toMatchObject([{ retrieval_id: 'g1-r2', session_id: 's-g1-r2', run_id: 'r2', question_id: 'g1', rank: 3 }]);
    const g2 = analysis.questionRuns.find((r) => r.questionId === 'g2')!;
    expect(g2.gold[0].returnedElsewhere).toMatchObject([{ retrieval_id: 'g2-free', session_id: 'elsewhere', run_id: null, question_id: null, rank: 1 }]);
    expect(analysis.unrunQuestionIds).toEqual(['x1', 'x2']); // defined, but no run worked on them: not question-runs
  });

  it('names the drifting entity and its owner in the flag', () => {
    const [flag] = analysis.questionRuns.find((r) => r.questionId === 'e1')!.flags;
    expect(flag).toMatchObject({ kind: 'entity_drift', retrieval_id: 'e1-r', subquestion_id: 'a', session_id: 's-e1', run_id: 'r1' });
    expect(flag.detail).toContain('“Bolt Fenner” (an entity of e2, x1)');
  });
});

describe('catalog passages for the evidence lists', () => {
  it('returns gold and evidence passages only, the last catalog entry of an id winning', async () => {
    expect(await loadDriftPassages(engine)).toEqual([{ asset_id: 'i1-gold', title: 'Gold passage', text: 'The fact the answer needs.' }]);
  });
});

describe('computeDriftReport', () => {
  it('counts flagged items and (question_id, run_id) pairs, and lists one report flag per item', async () => {
    const { drift, flags } = await computeDriftReport(engine);
    const pairs = new Set(analysis.questionRuns.map((r) => r.key));
    expect(drift.questions).toBe(pairs.size);
    expect(drift.missing_evidence).toBe(drift.not_asked + drift.unreachable);
    for (const kind of DRIFT_FLAG_KINDS) expect(flags.filter((f) => f.kind === kind)).toHaveLength(drift[kind]);
    const nullRun = flags.find((f) => f.question_id === 'i3');
    expect(Object.keys(nullRun!)).not.toContain('asset_id');
    expect(flags.filter((f) => f.question_id === 'o9')).toEqual([]);
  });

  it('with nothing loaded, every count is 0', async () => {
    const empty = await createDriftTestEngine();
    expect(await computeDriftReport(empty)).toEqual({
      drift: Object.fromEntries(['questions', ...DRIFT_FLAG_KINDS, 'missing_evidence'].map((k) => [k, 0])), flags: [],
    });
    await empty.close();
  });
});
