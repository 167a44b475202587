import { pluralize } from '../lib/format';
import type { PairedMetric } from '../model/compare/types';
import type { MetricSettings } from '../model/metrics/settings';
import { WHAT_IF_LIMITS, type WhatIfResult } from '../model/what-if/report';
import { figureRows, lossAndGainLines, pairedLines, rateText, RIGHT } from './format-compare-report';
import { formatTable } from './text-table';

/**
 * A what-if as readable text: Tier 1 of the logged lists (A) and the pipeline's (B) side by side,
 * the paired statistics by retrieval, judged depth and the pool, what a what-if cannot do, and
 * the retrievals that lost and gained most on `rankBy`.
 */
export function formatWhatIfReport({ report, compare }: WhatIfResult, settings: MetricSettings, rankBy: PairedMetric = 'ndcg_at_k'): string[] {
  return [
    `What-if ${report.pipeline} — A: the logged lists; B: the pipeline's, over ${pluralize(report.retrievals, 'retrieval')} that logged stages it is defined for`,
    ...formatTable(['figure', 'A', 'B', 'B − A'], figureRows('tier1', report.tier1, settings), ['left', RIGHT, RIGHT, RIGHT]),
    '',
    `Paired by retrieval: ${pluralize(report.paired.pairs, 'judged retrieval')}`,
    ...pairedLines(compare, settings),
    `Judged@${settings.k}: A ${rateText(report.judged_at_k.a)}, B ${rateText(report.judged_at_k.b)}; ` +
      `pool: ${pluralize(report.pool, 'unlabeled (query, asset)', 'unlabeled (query, asset) items')} among the first ${settings.k} of either list`,
    ...WHAT_IF_LIMITS.map((limit) => `  ${limit}`),
    ...lossAndGainLines(compare, settings, rankBy, 'retrieval'),
  ];
}
