import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_ORDER, SECTION_FILTERS, type MetricFilter, type MetricSection } from '../../../model/metrics/section-filters';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../../../model/metrics/settings';
import type { Engine } from '../../engine';
import { computeMetricsReport } from '../../metrics-report';
import { createTestEngine, loadEvents, makeAction, makePrompt, makeRetrieval } from './fixtures';
import { matrixQuery } from './matrix';
import type { SqlQuery } from '../core/sql-query';
import { tier0Query } from './tier0';
import { tierQuery } from './tier1-tier2';
import { tier3Query } from './tier3';
import { trendQuery } from './trends';

/**
 * The per-section filter lines of the Metrics screen (model/metrics/section-filters.ts) say what
 * the SQL does: a filter said to apply (wholly or partly) changes the section's query, one said
 * not to apply leaves it as it is.
 */
const BUILDERS: Record<MetricSection, (settings: MetricSettings) => SqlQuery> = {
  tier0: (settings) => tier0Query(settings),
  tier1: (settings) => tierQuery(settings),
  tier2: (settings) => tierQuery(settings),
  matrix: (settings) => matrixQuery(settings),
  trends: (settings) => trendQuery(settings, 'day'),
  tier3: (settings) => tier3Query(settings),
};

const withFilter = (filter: MetricFilter): MetricSettings =>
  filter === 'dates' ? { ...DEFAULT_METRIC_SETTINGS, from: Date.UTC(2026, 9, 1) } : { ...DEFAULT_METRIC_SETTINGS, [filter]: ['x'] };

describe('each section names the filters its SQL applies', () => {
  for (const [section, scope] of Object.entries(SECTION_FILTERS) as [MetricSection, (typeof SECTION_FILTERS)[MetricSection]][]) {
    const named = [...scope.applies, ...(scope.partly?.filters ?? []), ...(scope.notApplied?.filters ?? [])];
    it(`${section}: every filter is named once`, () => {
      expect([...named].sort()).toEqual([...FILTER_ORDER].sort());
    });
    for (const filter of FILTER_ORDER) {
      const applies = !scope.notApplied?.filters.includes(filter);
      it(`${section}: ${filter} ${applies ? 'changes' : 'leaves'} the query`, () => {
        const plain = BUILDERS[section](DEFAULT_METRIC_SETTINGS);
        const filtered = BUILDERS[section](withFilter(filter));
        if (applies) expect(filtered).not.toEqual(plain);
        else expect(filtered).toEqual(plain);
      });
    }
  }
});

describe('worked example: a retriever filter on two turns, one retrieval each', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createTestEngine();
    // t1 retrieved by dense, t2 by bm25; t3 invoked nothing; one completion after t1's retrieval.
    await loadEvents(engine, [
      makePrompt('t1'), makeRetrieval('r1', { turn_id: 't1', retriever: 'dense', returned_asset_ids: ['a1'] }),
      makePrompt('t2', { session_id: 's2' }), makeRetrieval('r2', { turn_id: 't2', session_id: 's2', retriever: 'bm25', returned_asset_ids: ['a2'] }),
      makePrompt('t3', { session_id: 's3' }),
      makeAction('user', 'export', { consumed_asset_id: 'a1', source_retrieval_id: 'r1' }),
    ]);
  });
  afterAll(() => engine.close());

  it('narrows Tier 1 to bm25 (1 retrieval) but leaves Tier 0 at its 3 prompts, 2 of them invoking', async () => {
    const all = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    const bm25 = await computeMetricsReport(engine, { ...DEFAULT_METRIC_SETTINGS, retrievers: ['bm25'] });
    expect(all.tier1.retrievals).toBe(2);
    expect(bm25.tier1.retrievals).toBe(1);
    expect(bm25.tier0).toEqual(all.tier0);
    expect(bm25.tier0.prompts).toBe(3);
    expect(bm25.tier0.retrieval_invoked_rate).toBeCloseTo(2 / 3);
  });

  it('keeps Tier 3 counting the completion, but no longer attributes it to a kept retrieval', async () => {
    const all = await computeMetricsReport(engine, DEFAULT_METRIC_SETTINGS);
    const bm25 = await computeMetricsReport(engine, { ...DEFAULT_METRIC_SETTINGS, retrievers: ['bm25'] });
    expect(all.tier3.completions).toBe(1);
    expect(bm25.tier3.completions).toBe(1);
    expect(all.tier3.attributed_by_lineage).toBe(1);
    expect(bm25.tier3.attributed_by_lineage).toBe(0);
  });
});
