import { computeCompareResult } from '../app/engine/compare-report';
import type { Engine } from '../app/engine/engine';
import { poolSizeQuery } from '../app/engine/sql/compare/pool';
import { tierQuery } from '../app/engine/sql/metrics/tier1-tier2';
import { sliceSettings, type SliceFilters } from '../app/model/compare/slice';
import { DEFAULT_METRIC_SETTINGS, type MetricSettings } from '../app/model/metrics/settings';
import { medianMs, type Measurement } from './measure';

/** The bench log's first and second half (one surface, one retriever: a date is what splits it). */
const SLICES: [SliceFilters, SliceFilters] = [{ to: '2026-10-08' }, { from: '2026-10-08' }];

function settingsOf(slice: SliceFilters): MetricSettings {
  const parsed = sliceSettings(DEFAULT_METRIC_SETTINGS, slice);
  if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join('; '));
  return parsed.settings;
}

/**
 * Issue 26's measure: the bounds and the pool of a comparison (each slice's Tier 1 with its
 * judged depth and high bounds from the facts computed inline, then the pool's size), and the
 * whole comparison for context, against a bare count(*) over the events.
 */
export async function benchCompareBounds(engine: Engine): Promise<Measurement[]> {
  const countMs = await medianMs(5, () => engine.query('SELECT count(*) FROM events'));
  const [a, b] = SLICES.map(settingsOf);
  const run = (query: { sql: string; params: unknown[] }) => engine.query(query.sql, query.params as never);
  await computeCompareResult(engine, DEFAULT_METRIC_SETTINGS, ...SLICES);
  const boundsMs = await medianMs(3, async () => {
    await run(tierQuery(a));
    await run(tierQuery(b));
  });
  const poolMs = await medianMs(3, () => run(poolSizeQuery(a, b)));
  const compareMs = await medianMs(3, () => computeCompareResult(engine, DEFAULT_METRIC_SETTINGS, ...SLICES));
  const both = boundsMs + poolMs;
  return [
    { name: 'bounds and pool of a comparison (two halves by date)', ms: both, baseline: 'count(*) over events', baselineMs: countMs, note: `${both < 1000 ? 'within' : 'over'} the 1 s aim; bounds ${boundsMs.toFixed(0)} ms, pool ${poolMs.toFixed(0)} ms` },
    { name: 'the whole comparison (figures, pairing, statistics, bounds, pool)', ms: compareMs, baseline: 'count(*) over events', baselineMs: countMs },
  ];
}
