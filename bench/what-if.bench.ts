import { computeCompareResult } from '../app/engine/compare-report';
import type { Engine } from '../app/engine/engine';
import { computeWhatIf, computeWhatIfSweep } from '../app/engine/what-if-report';
import { DEFAULT_METRIC_SETTINGS } from '../app/model/metrics/settings';
import { DEFAULT_SWEEPS, sweepPoints } from '../app/model/what-if/pipeline';
import { medianMs, time, type Measurement } from './measure';

/**
 * Issue 28's measure, on the events with stages (scripts/bench-inputs.mjs `stagesCopy`): a what-if
 * the first time (the stage lists read into their table, then the pipeline) and once that table
 * exists (another pipeline), and a 10-point sweep of RRF's k; against an ordinary comparison of
 * the two halves by date.
 */
export async function benchWhatIf(engine: Engine): Promise<Measurement[]> {
  const halves = [{ to: '2026-10-08' }, { from: '2026-10-08' }] as const;
  const compareMs = await medianMs(3, () => computeCompareResult(engine, DEFAULT_METRIC_SETTINGS, ...halves));
  const first = await time(() => computeWhatIf(engine, DEFAULT_METRIC_SETTINGS, { kind: 'rrf', k: 60 }));
  console.log(`what-if rrf:60 first: ${first.ms.toFixed(0)} ms (comparison ${compareMs.toFixed(0)} ms)`);
  const warmMs = await medianMs(3, () => computeWhatIf(engine, DEFAULT_METRIC_SETTINGS, { kind: 'rrf', k: 20 }));
  console.log(`what-if rrf:20 warm: ${warmMs.toFixed(0)} ms`);
  const sweep = await time(() => computeWhatIfSweep(engine, DEFAULT_METRIC_SETTINGS, sweepPoints(DEFAULT_SWEEPS.rrf)));
  const retrievals = first.value.report.retrievals.toLocaleString('en-US');
  return [
    { name: `what-if rrf:60, first (stage lists read into their table) — ${retrievals} retrievals`, ms: first.ms, baseline: 'a comparison of two halves', baselineMs: compareMs, note: `${first.ms <= 2000 ? 'within' : 'over'} the 2 s aim` },
    { name: 'what-if rrf:20, stage lists already read', ms: warmMs, baseline: 'a comparison of two halves', baselineMs: compareMs, note: `${warmMs <= 2000 ? 'within' : 'over'} the 2 s aim` },
    { name: 'sweep of RRF k, 10 points', ms: sweep.ms, baseline: 'a comparison of two halves', baselineMs: compareMs, note: `${sweep.ms <= 10_000 ? 'within' : 'over'} the 10 s aim` },
  ];
}
