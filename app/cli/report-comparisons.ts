import type { ComparedSlices } from '../engine/compare-report';
import { compareResultOf } from '../engine/compare-report';
import { whatIfResultOf } from '../engine/what-if-report';
import { significantlyWorse } from '../model/compare/regression-check';
import type { SliceFilters } from '../model/compare/slice';
import type { CompareResult } from '../model/compare/types';
import type { MetricSettings } from '../model/metrics/settings';
import type { Pipeline } from '../model/what-if/pipeline';
import type { WhatIfResult } from '../model/what-if/report';
import type { CompareArgs } from './compare-args';
import { formatCompareReport } from './format-compare-report';
import { formatWhatIfReport } from './format-what-if-report';
import { withStatisticsThreads } from './statistics-threads';

/** What an engine reads for `--a/--b` and `--what-if` (the statistics need no engine). */
export interface ComparisonReads {
  compare(a: SliceFilters, b: SliceFilters): Promise<ComparedSlices>;
  whatIf(pipeline: Pipeline): Promise<ComparedSlices>;
}

export interface Comparisons {
  compared: CompareResult | null;
  whatIf: WhatIfResult | null;
}

/** The comparison and the what-if the arguments ask for, read by `reads`, their statistics on threads. */
export async function computeComparisons(args: CompareArgs, reads: ComparisonReads): Promise<Comparisons> {
  const { slices, whatIf } = args;
  if (!slices && !whatIf) return { compared: null, whatIf: null };
  return withStatisticsThreads(async (statistics) => ({
    compared: slices && (await compareResultOf(slices, await reads.compare(slices.a, slices.b), statistics)),
    whatIf: whatIf && (await whatIfResultOf(whatIf, await reads.whatIf(whatIf), statistics)),
  }));
}

/** The report's `compare` and `what_if` keys, those computed. */
export const comparisonKeys = ({ compared, whatIf }: Comparisons) => ({
  ...(compared ? { compare: compared.report } : {}),
  ...(whatIf ? { what_if: whatIf.report } : {}),
});

/** The text report's comparison and what-if sections, each after a blank line. */
export function comparisonLines({ compared, whatIf }: Comparisons, settings: MetricSettings, args: CompareArgs): string[] {
  return [
    ...(compared ? ['', ...formatCompareReport(compared, settings, args.failIfWorse)] : []),
    ...(whatIf ? ['', ...formatWhatIfReport(whatIf, settings, args.failIfWorse)] : []),
  ];
}

/** `--fail-if-worse`: why B (the pipeline) is significantly worse, one sentence each; none when it is not (or not asked). */
export function worseVerdicts({ compared, whatIf }: Comparisons, args: CompareArgs): string[] {
  const metric = args.failIfWorse;
  if (!metric) return [];
  return [
    compared && significantlyWorse(compared.report, metric),
    whatIf && significantlyWorse(whatIf.report, metric, { a: 'the logged lists', b: whatIf.report.pipeline, unit: 'retrieval' }),
  ].filter((verdict) => typeof verdict === 'string');
}
