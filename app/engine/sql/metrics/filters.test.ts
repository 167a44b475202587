import { describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../../model/metrics/settings';
import { recomputeMetricPanels } from '../../metrics-report';
import { loadedTestEngine } from './loaded-test-engine';
import { at, makeAction, makeFeedback, makePrompt, makeRelevance, makeRetrieval, type TestEvent } from './fixtures';
import { retrievalDetailsQuery } from './retrieval-details';
import { TIER3_SESSION_ROW, tier3SessionsQuery } from './tier3-sessions';
import { run } from '../core/run';

const DAY = 24 * 60;
const inTurn = (session: string, turn: string, run: string) => ({ session_id: session, turn_id: turn, request_id: `q-${turn}`, run_id: run });

/**
 * Two retrievers (dense, hybrid), two runs (base, new), two categories (billing, returns), one
 * retrieval per session s1–s4. Retrievals carry no category: each takes its turn's prompt's.
 *
 * | retrieval | retriever | run  | turn: category | ts     | returned | judged                       |
 * | r1        | dense     | base | t1: billing    | day 0  | a1, a2   | a1 grade 2: P@1 = 1          |
 * | r2        | hybrid    | new  | t2: returns    | day 0  | a3       | a4 grade 1: P@1 = 0, masked  |
 * | r3        | hybrid    | new  | t3: billing    | day 0  | —        | no (empty)                   |
 * | r4        | dense     | new  | t4: returns    | day 2  | a5       | a5 grade 1: P@1 = 1          |
 *
 * Turn t5 (session s6, run base) has two prompts and no retrieval: the first has no category
 * and takes the second's (returns).
 */
const EVENTS: TestEvent[] = [
  makePrompt('t1', { ...inTurn('s1', 't1', 'base'), category: 'billing' }),
  makePrompt('t2', { ...inTurn('s2', 't2', 'new'), category: 'returns' }),
  makePrompt('t3', { ...inTurn('s3', 't3', 'new'), category: 'billing' }),
  makePrompt('t4', { ...inTurn('s4', 't4', 'new'), category: 'returns', ts: at(2 * DAY) }),
  makePrompt('t5', { ...inTurn('s6', 't5', 'base'), text: 'first' }),
  makePrompt('t5', { ...inTurn('s6', 't5', 'base'), text: 'second', category: 'returns' }),
  makeRetrieval('r1', { ...inTurn('s1', 't1', 'base'), retriever: 'dense', returned_asset_ids: ['a1', 'a2'] }),
  makeRetrieval('r2', { ...inTurn('s2', 't2', 'new'), retriever: 'hybrid', returned_asset_ids: ['a3'] }),
  makeRetrieval('r3', { ...inTurn('s3', 't3', 'new'), retriever: 'hybrid', returned_asset_ids: [] }),
  makeRetrieval('r4', { ...inTurn('s4', 't4', 'new'), retriever: 'dense', returned_asset_ids: ['a5'], ts: at(2 * DAY) }),
  makeRelevance('r1', 'a1', 2),
  makeRelevance('r2', 'a4', 1),
  makeRelevance('r4', 'a5', 1),
  // Tier 0's downstream edits: one in t1 (base, billing), one in t2 (new, returns).
  makeAction('user', 'edit', inTurn('s1', 't1', 'base')),
  makeAction('user', 'regenerate', inTurn('s2', 't2', 'new')),
  // Completions: c1 from r1 in its session; c2 from r2 in its session; c3, with no turn (no
  // category), from r4 in another session (s5).
  makeAction('user', 'export', { ...inTurn('s1', 't1', 'base'), event_id: 'c1', consumed_asset_id: 'a1', source_retrieval_id: 'r1' }),
  makeAction('user', 'download', { ...inTurn('s2', 't2', 'new'), event_id: 'c2', consumed_asset_id: 'a3', source_retrieval_id: 'r2' }),
  makeAction('user', 'share', { session_id: 's5', run_id: 'base', event_id: 'c3', consumed_asset_id: 'a5', source_retrieval_id: 'r4' }),
  // Feedback: f1 in t2 (new, returns); f2 with no turn, on a response of t1 (base, billing).
  { type: 'response', ts: at(1), ...inTurn('s1', 't1', 'base'), event_id: 'resp1', text: 'an answer' },
  makeFeedback('down', { session_id: 's2', turn_id: 't2', run_id: 'new' }),
  makeFeedback('up', { session_id: 's1', run_id: 'base', target_event_id: 'resp1' }),
  // Gates: g1 in t1 with its own category; g2 in t4 takes returns from its turn; g3 has no turn.
  { type: 'gate', ts: at(0), ...inTurn('s1', 't1', 'base'), decision: 'answer', category: 'billing' },
  { type: 'gate', ts: at(2 * DAY), ...inTurn('s4', 't4', 'new'), decision: 'handoff' },
  { type: 'gate', ts: at(0), session_id: 's7', run_id: 'base', decision: 'clarify', category: 'returns' },
];

const engine = loadedTestEngine(EVENTS);
const panels = (filters: Partial<MetricSettings>) => recomputeMetricPanels(engine, { ...DEFAULT_METRIC_SETTINGS, ...filters });

async function retrievalIds(filters: Partial<MetricSettings>, cell?: 'masked_consumed'): Promise<string[]> {
  const rows = await run(engine, retrievalDetailsQuery({ ...DEFAULT_METRIC_SETTINGS, ...filters }, { cell }), { retrieval_id: 'string' });
  return rows.map((row) => row.retrieval_id);
}

describe('the retriever, run and category filters', () => {
  describe('on retrievals (Tier 1, Tier 2, matrix, trends, details)', () => {
    it.each<[string, Partial<MetricSettings>, string[], { retrievals: number; judged: number; p_at_1: number | null; empty_result_rate: number | null }]>([
      ['retriever dense', { retrievers: ['dense'] }, ['r1', 'r4'], { retrievals: 2, judged: 2, p_at_1: 1, empty_result_rate: 0 }],
      ['retriever hybrid', { retrievers: ['hybrid'] }, ['r2', 'r3'], { retrievals: 2, judged: 1, p_at_1: 0, empty_result_rate: 0.5 }],
      ['run base', { runIds: ['base'] }, ['r1'], { retrievals: 1, judged: 1, p_at_1: 1, empty_result_rate: 0 }],
      ['run new', { runIds: ['new'] }, ['r2', 'r3', 'r4'], { retrievals: 3, judged: 2, p_at_1: 0.5, empty_result_rate: 1 / 3 }],
      ['category billing (from the turn)', { categories: ['billing'] }, ['r1', 'r3'], { retrievals: 2, judged: 1, p_at_1: 1, empty_result_rate: 0.5 }],
      ['category returns', { categories: ['returns'] }, ['r2', 'r4'], { retrievals: 2, judged: 2, p_at_1: 0.5, empty_result_rate: 0 }],
      ['hybrid and billing together', { retrievers: ['hybrid'], categories: ['billing'] }, ['r3'], { retrievals: 1, judged: 0, p_at_1: null, empty_result_rate: 1 }],
      ['both retrievers', { retrievers: ['dense', 'hybrid'] }, ['r1', 'r2', 'r3', 'r4'], { retrievals: 4, judged: 3, p_at_1: 2 / 3, empty_result_rate: 0.25 }],
      ['a retriever nobody used', { retrievers: ['bm25'] }, [], { retrievals: 0, judged: 0, p_at_1: null, empty_result_rate: null }],
    ])('%s', async (_, filters, ids, tier1) => {
      const { report } = await panels(filters);
      expect(report.tier1).toMatchObject(tier1);
      expect(report.tier2.retrievals).toBe(tier1.retrievals);
      expect(await retrievalIds(filters)).toEqual(ids);
    });

    it('the matrix and the masked-failure flags keep only the filtered retrievals', async () => {
      // r2 is the one masked failure (judged, P@1 = 0, no ORF; c2's download consumed it); r1 and r4 are healthy.
      expect((await panels({ retrievers: ['hybrid'] })).report.matrix).toMatchObject({ healthy: 0, masked: 1, masked_consumed: 1 });
      expect((await panels({ retrievers: ['dense'] })).report.matrix).toMatchObject({ healthy: 2, masked: 0 });
      expect((await panels({ categories: ['returns'] })).report.matrix).toMatchObject({ healthy: 1, masked: 1 });
      const maskedIds = async (filters: Partial<MetricSettings>) =>
        (await panels(filters)).report.flags.filter((flag) => flag.kind === 'masked_retrieval_failure').map((flag) => flag.retrieval_id);
      expect(await maskedIds({ runIds: ['new'] })).toEqual(['r2']);
      expect(await maskedIds({ runIds: ['base'] })).toEqual([]);
      expect(await retrievalIds({ categories: ['returns'] }, 'masked_consumed')).toEqual(['r2']);
      expect(await retrievalIds({ categories: ['billing'] }, 'masked_consumed')).toEqual([]);
    });

    it('trends count the filtered retrievals per day', async () => {
      const { trends } = await panels({ runIds: ['new'] });
      expect(trends.day.map((point) => [point.bucket, point.retrievals, point.masked])).toEqual([['2026-10-01', 2, 1], ['2026-10-03', 1, 0]]);
    });
  });

  describe('on prompts (Tier 0)', () => {
    it.each<[string, Partial<MetricSettings>, { prompts: number; retrieval_invoked_rate: number; downstream_edits: number }]>([
      // p1–p4 invoked; t5's two prompts did not.
      ['no filter', {}, { prompts: 6, retrieval_invoked_rate: 4 / 6, downstream_edits: 2 }],
      ['run base', { runIds: ['base'] }, { prompts: 3, retrieval_invoked_rate: 1 / 3, downstream_edits: 1 }],
      ['run new', { runIds: ['new'] }, { prompts: 3, retrieval_invoked_rate: 1, downstream_edits: 1 }],
      // t5's first prompt takes returns from the second.
      ['category returns', { categories: ['returns'] }, { prompts: 4, retrieval_invoked_rate: 2 / 4, downstream_edits: 1 }],
      ['category billing', { categories: ['billing'] }, { prompts: 2, retrieval_invoked_rate: 1, downstream_edits: 1 }],
      // A prompt is no retrieval: the retriever does not narrow Tier 0 (as the role does not).
      ['retriever dense', { retrievers: ['dense'] }, { prompts: 6, retrieval_invoked_rate: 4 / 6, downstream_edits: 2 }],
    ])('%s', async (_, filters, tier0) => {
      expect((await panels(filters)).report.tier0).toMatchObject(tier0);
    });
  });

  describe('on feedback and gates', () => {
    it.each<[string, Partial<MetricSettings>, { total: number; down: number }, { answer: number; clarify: number; handoff: number }]>([
      ['no filter', {}, { total: 2, down: 1 }, { answer: 1, clarify: 1, handoff: 1 }],
      ['run base', { runIds: ['base'] }, { total: 1, down: 0 }, { answer: 1, clarify: 1, handoff: 0 }],
      // f2 takes billing from the turn of the response it targets; g2 takes returns from its turn.
      ['category billing', { categories: ['billing'] }, { total: 1, down: 0 }, { answer: 1, clarify: 0, handoff: 0 }],
      ['category returns', { categories: ['returns'] }, { total: 1, down: 1 }, { answer: 0, clarify: 1, handoff: 1 }],
      ['retriever hybrid (not a retrieval: kept)', { retrievers: ['hybrid'] }, { total: 2, down: 1 }, { answer: 1, clarify: 1, handoff: 1 }],
    ])('%s', async (_, filters, feedback, decisions) => {
      const { report } = await panels(filters);
      expect(report.feedback).toMatchObject(feedback);
      expect(report.gate.decisions).toEqual(decisions);
    });
  });

  describe('on completions (Tier 3)', () => {
    // Sessions with a retrieval: s1 (c1), s2 (c2), s3 (none), s4 (none; r4 led to c3 in s5).
    it.each<[string, Partial<MetricSettings>, Record<string, number>]>([
      ['no filter', {}, { completions: 3, attributed_by_lineage: 3, cross_session: 1, abandoned_by_session: 2, abandoned_by_lineage: 1 }],
      // Completions keep their own run; attribution is not narrowed by the retrieval's run.
      ['run new', { runIds: ['new'] }, { completions: 1, attributed_by_lineage: 1, cross_session: 0, abandoned_by_session: 2, abandoned_by_lineage: 1 }],
      // c3 has no turn, so no category; sessions of returns retrievals: s2, s4.
      ['category returns', { categories: ['returns'] }, { completions: 1, attributed_by_lineage: 1, cross_session: 0, abandoned_by_session: 1, abandoned_by_lineage: 0 }],
      // Every completion is kept; only those from dense retrievals (c1, c3) are attributed.
      ['retriever dense', { retrievers: ['dense'] }, { completions: 3, attributed_by_lineage: 2, cross_session: 1, abandoned_by_session: 1, abandoned_by_lineage: 0 }],
      ['retriever hybrid', { retrievers: ['hybrid'] }, { completions: 3, attributed_by_lineage: 1, cross_session: 0, abandoned_by_session: 1, abandoned_by_lineage: 1 }],
    ])('%s', async (_, filters, tier3) => {
      expect((await panels(filters)).report.tier3).toEqual(tier3);
    });

    it('the session lists behind Tier 3 follow the same filters', async () => {
      const list = async (filters: Partial<MetricSettings>, which: Parameters<typeof tier3SessionsQuery>[1]) => {
        return (await run(engine, tier3SessionsQuery({ ...DEFAULT_METRIC_SETTINGS, ...filters }, which), TIER3_SESSION_ROW)).map((row) => row.session_id);
      };
      expect(await list({ retrievers: ['dense'] }, 'cross_session')).toEqual(['s5']);
      expect(await list({ retrievers: ['hybrid'] }, 'cross_session')).toEqual([]);
      expect(await list({ runIds: ['new'] }, 'abandoned_by_session')).toEqual(['s3', 's4']);
      expect(await list({ categories: ['returns'] }, 'abandoned_by_lineage')).toEqual([]);
    });
  });
});
