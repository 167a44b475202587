import { computeCompareResult, type PairedStatisticsRunner } from '../app/engine/compare-report';
import { readOnce } from '../app/engine/coordinator/query-coordinator';
import type { Engine } from '../app/engine/engine';
import { computeWhatIf, computeWhatIfSweep, whatIfSlicesIn } from '../app/engine/what-if-report';
import { pairedDeltaColumns } from '../app/model/compare/shape-compare';
import { DEFAULT_METRIC_SETTINGS } from '../app/model/metrics/settings';
import { DEFAULT_SWEEPS, sweepPoints } from '../app/model/what-if/pipeline';
import { medianMs, time, type Measurement } from './measure';

/**
 * Issue 28's measure, on the events with stages (scripts/bench-inputs.mjs `stagesCopy`): a what-if
 * the first time (the stage lists read into their table, then the pipeline) and once that table
 * exists (another pipeline), split into its database part and its paired statistics (on
 * `statistics`, the command line's threads), and a 10-point sweep of RRF's k; against an ordinary
 * comparison of the two halves by date.
 */
export async function benchWhatIf(engine: Engine, statistics: PairedStatisticsRunner, threads: number): Promise<Measurement[]> {
  const halves = [{ to: '2026-10-08' }, { from: '2026-10-08' }] as const;
  const compareMs = await medianMs(3, () => computeCompareResult(engine, DEFAULT_METRIC_SETTINGS, ...halves, statistics));
  const first = await time(() => computeWhatIf(engine, DEFAULT_METRIC_SETTINGS, { kind: 'rrf', k: 60 }, statistics));
  console.log(`what-if rrf:60 first: ${first.ms.toFixed(0)} ms (comparison ${compareMs.toFixed(0)} ms)`);
  const warmMs = await medianMs(3, () => computeWhatIf(engine, DEFAULT_METRIC_SETTINGS, { kind: 'rrf', k: 20 }, statistics));
  console.log(`what-if rrf:20 warm: ${warmMs.toFixed(0)} ms`);
  const read = await time(() => readOnce(engine, (job) => whatIfSlicesIn(job, DEFAULT_METRIC_SETTINGS, { kind: 'rrf', k: 30 })));
  const columns = pairedDeltaColumns(read.value.pairing);
  const statisticsTime = await time(() => statistics(columns));
  console.log(`what-if rrf:30: database ${read.ms.toFixed(0)} ms, statistics ${statisticsTime.ms.toFixed(0)} ms`);
  const sweep = await time(() => computeWhatIfSweep(engine, DEFAULT_METRIC_SETTINGS, sweepPoints(DEFAULT_SWEEPS.rrf), statistics));
  const retrievals = first.value.report.retrievals.toLocaleString('en-US');
  const pairs = (columns[0]?.length ?? 0).toLocaleString('en-US');
  return [
    { name: `what-if rrf:60, first (stage lists read into their table) — ${retrievals} retrievals`, ms: first.ms, baseline: 'a comparison of two halves', baselineMs: compareMs, aimMs: 2000 },
    { name: 'what-if rrf:20, stage lists already read', ms: warmMs, baseline: 'a comparison of two halves', baselineMs: compareMs, aimMs: 2000 },
    { name: 'what-if rrf:30, its database part', ms: read.ms, baseline: 'a comparison of two halves', baselineMs: compareMs, note: 'fused lists, both sides\' Tier 1, pairing, pool' },
    { name: `what-if rrf:30, its paired statistics (${pairs} pairs, ${threads} thread${threads === 1 ? '' : 's'})`, ms: statisticsTime.ms, baseline: 'a comparison of two halves', baselineMs: compareMs, note: '10,000 resamples and 100,000 sign flips of 5 metrics' },
    { name: 'sweep of RRF k, 10 points', ms: sweep.ms, baseline: 'a comparison of two halves', baselineMs: compareMs, aimMs: 10_000 },
  ];
}
