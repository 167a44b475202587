import type { CompareReport, CompareResult } from '../compare/types';

/**
 * The report's `what_if` key (docs/metrics.md, "The report"): the pipeline, the retrievals it is
 * defined for (after the report's filters), and the keys of `compare` with the logged lists as
 * `a` and the pipeline's as `b`; no `tier2`: nobody saw a what-if list, so usage of it was never
 * observed. `paired.pairs` counts retrievals (a what-if pairs each with itself).
 */
export interface WhatIfReport {
  pipeline: string;
  retrievals: number;
  a: 'logged';
  b: string;
  tier1: CompareReport['tier1'];
  paired: CompareReport['paired'];
  judged_at_k: CompareReport['judged_at_k'];
  settled: CompareReport['settled'];
  pool: number;
}

/** A what-if as the screens show it: the report, and the comparison it was cut from (the pairs are retrievals, keyed by id). */
export interface WhatIfResult {
  report: WhatIfReport;
  compare: CompareResult;
}

export function whatIfReportOf(pipeline: string, compare: CompareReport): WhatIfReport {
  const { tier1, paired, judged_at_k: judgedAtK, settled, pool } = compare;
  return { pipeline, retrievals: tier1.retrievals?.a ?? 0, a: 'logged', b: pipeline, tier1, paired, judged_at_k: judgedAtK, settled, pool };
}

/** What a what-if cannot do, said wherever its figures are shown. */
export const WHAT_IF_LIMITS = [
  'Only the logged candidates can be ranked: an asset no stage returned cannot enter a what-if list.',
  'Usage (Tier 2) is not observed for lists nobody saw: a what-if compares Tier 1 only.',
] as const;
