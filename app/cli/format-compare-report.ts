import { pluralize } from '../lib/format';
import { slicePairs, type SliceFilters } from '../model/compare/slice';
import { BOUNDED_FIGURES, type BoundedFigure } from '../model/metrics/report';
import { PAIRED_METRICS, type CompareResult, type PairedMetric, type PairedQuery, type SideBySide } from '../model/compare/types';
import { describeMetric } from '../model/metrics/definitions';
import type { MatrixReport, Rate } from '../model/metrics/report';
import type { MetricSettings } from '../model/metrics/settings';
import { formatTable } from './text-table';

/** Queries listed among the largest losses and gains. */
const QUERIES_SHOWN = 5;

/** The figures that are counts (shown as integers); every other figure is a rate. */
const COUNT_FIGURES = new Set(['retrievals', 'judged']);

export const RIGHT = 'right' as const;

const sliceText = (slice: SliceFilters) => slicePairs(slice).join(' ') || 'everything';

const fixed = (value: number) => value.toFixed(4);
const signed = (value: number, text: string) => (value > 0 ? `+${text}` : value < 0 ? text.replace('-', '−') : text);

function figureCells(name: string, { a, b, delta }: SideBySide): string[] {
  if (COUNT_FIGURES.has(name)) return [String(a ?? '—'), String(b ?? '—'), delta === null ? '—' : signed(delta, String(delta))];
  return [a === null ? '—' : fixed(a), b === null ? '—' : fixed(b), delta === null ? '—' : signed(delta, fixed(delta))];
}

/** The rows of a tier's figures; Tier 2's retrievals are Tier 1's, shown once. */
export function figureRows(tier: 'tier1' | 'tier2', figures: Record<string, SideBySide>, settings: MetricSettings): string[][] {
  return Object.entries(figures).filter(([name]) => tier === 'tier1' || name !== 'retrievals').map(([name, figure]) => [
    `${tier === 'tier1' ? 'Tier 1' : 'Tier 2'} ${describeMetric(`${tier}.${name}`, settings)?.label ?? name}`,
    ...figureCells(name, figure),
  ]);
}

const metricLabel = (metric: PairedMetric, settings: MetricSettings) => describeMetric(`tier1.${metric}`, settings)?.label ?? metric;

/** A p-value to 4 decimals; below that, "< 0.0001" (the random test's smallest is 1 / 100,001). */
const pCell = (p: number | null) => (p === null ? '—' : p < 0.0001 ? '< 0.0001' : fixed(p));

const MATRIX_ROWS: [keyof MatrixReport, string][] = [
  ['healthy', 'healthy'],
  ['downstream', 'look downstream'],
  ['visible_failure', 'visible failure'],
  ['masked', 'MASKED'],
  ['masked_consumed', '  consumed'],
  ['masked_silent', '  silent'],
];

export const rateText = (value: Rate) => (value === null ? '—' : fixed(value));
const intervalText = (low: number | null, high: number | null) => (low === null || high === null ? '—' : `[${signed(low, fixed(low))}, ${signed(high, fixed(high))}]`);
const isBounded = (metric: PairedMetric): metric is BoundedFigure => (BOUNDED_FIGURES as readonly string[]).includes(metric);

/** The delta's range over every labeling and whether it is settled; blank for a metric without bounds (recall). */
function settledCells(result: CompareResult, metric: PairedMetric): string[] {
  if (!isBounded(metric)) return ['', ''];
  const range = result.deltaRanges[metric];
  return [range ? intervalText(range.low, range.high) : '—', result.report.settled[metric] ? 'settled' : 'not settled'];
}

export function queryLines(title: string, queries: PairedQuery[], metric: PairedMetric, unit = 'query'): string[] {
  if (queries.length === 0) return [];
  return [
    title,
    ...formatTable(
      [unit, 'A', 'B', 'B − A', 'judged A', 'judged B'],
      queries.map((q) => [q.query, fixed(q.a[metric]), fixed(q.b[metric]), signed(q.delta[metric], fixed(q.delta[metric])), String(q.a_judged), String(q.b_judged)]),
      ['left', RIGHT, RIGHT, RIGHT, RIGHT, RIGHT],
    ),
  ];
}

/** Each paired metric's mean delta, interval, p and range over labelings, with how they were computed. */
export function pairedLines(result: CompareResult, settings: MetricSettings): string[] {
  const { paired } = result.report;
  return [
    ...formatTable(
      ['metric', 'mean B − A', '95% interval', 'p', 'B − A over labelings', 'settled'],
      PAIRED_METRICS.map((metric) => {
        const { mean_delta: mean, ci_low: low, ci_high: high, p_value: p } = paired[metric];
        return [metricLabel(metric, settings), mean === null ? '—' : signed(mean, fixed(mean)), intervalText(low, high), pCell(p), ...settledCells(result, metric)];
      }),
      ['left', RIGHT, RIGHT, RIGHT, RIGHT, RIGHT],
    ),
    '  (interval: paired bootstrap, 10,000 resamples, percentile; p: two-sided paired randomization test)',
    `  (over labelings: B − A for every grading of the unlabeled assets among the first ${settings.k} of either slice's judged retrievals; ` +
      'settled when it excludes 0)',
  ];
}

/** The queries (or retrievals) that lost and gained most on `rankBy`, up to 5 each. */
export function lossAndGainLines(result: CompareResult, settings: MetricSettings, rankBy: PairedMetric, unit = 'query'): string[] {
  const byDelta = [...result.queries].sort((x, y) => x.delta[rankBy] - y.delta[rankBy]);
  const losses = byDelta.filter((q) => q.delta[rankBy] < 0).slice(0, QUERIES_SHOWN);
  const gains = byDelta.filter((q) => q.delta[rankBy] > 0).reverse().slice(0, QUERIES_SHOWN);
  return [
    ...(losses.length > 0 ? ['', ...queryLines(`Largest losses on ${metricLabel(rankBy, settings)}`, losses, rankBy, unit)] : []),
    ...(gains.length > 0 ? ['', ...queryLines(`Largest gains on ${metricLabel(rankBy, settings)}`, gains, rankBy, unit)] : []),
  ];
}

/**
 * The comparison as readable text: both slices' figures side by side with B − A, each matrix,
 * the paired statistics, and the queries that lost and gained most on `rankBy`.
 */
export function formatCompareReport(result: CompareResult, settings: MetricSettings, rankBy: PairedMetric = 'ndcg_at_k'): string[] {
  const { report, matrix } = result;
  const { paired } = report;
  return [
    `Comparison — A: ${sliceText(report.a)}; B: ${sliceText(report.b)}`,
    ...formatTable(['figure', 'A', 'B', 'B − A'], [...figureRows('tier1', report.tier1, settings), ...figureRows('tier2', report.tier2, settings)], ['left', RIGHT, RIGHT, RIGHT]),
    '',
    'Tier 1 × Tier 2 matrix of each slice (judged retrievals)',
    ...formatTable(['cell', 'A', 'B'], MATRIX_ROWS.map(([cell, label]) => [label, String(matrix.a[cell]), String(matrix.b[cell])]), ['left', RIGHT, RIGHT]),
    '',
    `Paired by query: ${pluralize(paired.pairs, 'paired query', 'paired queries')} (judged in both slices); ` +
      `${pluralize(result.onlyA, 'query', 'queries')} judged in A only, ${pluralize(result.onlyB, 'query', 'queries')} in B only`,
    ...pairedLines(result, settings),
    `Judged@${settings.k}: A ${rateText(report.judged_at_k.a)}, B ${rateText(report.judged_at_k.b)}; ` +
      `pool: ${pluralize(report.pool, 'unlabeled (query, asset)', 'unlabeled (query, asset) items')} among the first ${settings.k} of the paired queries' judged retrievals`,
    ...lossAndGainLines(result, settings, rankBy),
  ];
}
