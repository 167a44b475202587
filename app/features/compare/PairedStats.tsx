import { BOUNDED_FIGURES, type BoundedFigure } from '../../model/metrics/report';
import { PAIRED_METRICS, type CompareResult, type PairedMetric } from '../../model/compare/types';
import { formatDelta, formatP, pairedLabel, pairedReading } from './figures';

const isBounded = (metric: PairedMetric): metric is BoundedFigure => (BOUNDED_FIGURES as readonly string[]).includes(metric);

/** B − A over every labeling of the unlabeled assets among the first K, and whether it is settled; empty for recall (no bounds). */
function SettledCells({ result, metric }: { result: CompareResult; metric: PairedMetric }) {
  if (!isBounded(metric)) return <><td className="num text-soft">—</td><td className="text-soft">no bounds</td></>;
  const range = result.deltaRanges[metric];
  const settled = result.report.settled[metric];
  return (
    <>
      <td className="num">{range === null ? '—' : `${formatDelta(range.low, 'score')} to ${formatDelta(range.high, 'score')}`}</td>
      <td className={settled ? 'cmp-settled' : 'cmp-unsettled'} data-testid={`compare.settled.${metric}`} data-settled={String(settled)}>
        {settled ? 'settled' : 'not settled'}
      </td>
    </>
  );
}

/**
 * Per Tier 1 metric: the mean of B − A over the paired queries and its 95% bootstrap interval;
 * beside the interval, B − A over every labeling of the unlabeled assets and whether that range
 * excludes 0 (settled); then the randomization p-value, and all of it in words.
 */
export function PairedStats({ result, k }: { result: CompareResult; k: number }) {
  const { paired } = result.report;
  return (
    <table className="data cmp-paired" aria-label="Paired statistics">
      <thead>
        <tr>
          <th>metric</th><th className="num">mean B − A</th><th className="num">95% interval</th>
          <th className="num" title="B − A whatever grade the unlabeled assets among the first K get">B − A over labelings</th><th>settled by the labels?</th>
          <th className="num">p-value</th><th>reading</th>
        </tr>
      </thead>
      <tbody>
        {PAIRED_METRICS.map((metric) => {
          const statistic = paired[metric];
          const reading = pairedReading(statistic);
          return (
            <tr key={metric} data-metric={metric}>
              <th scope="row">{pairedLabel(metric, k)}</th>
              <td className={`num cmp-delta${reading.tone ? ` tone-${reading.tone}` : ''}`} data-value={String(statistic.mean_delta)}>
                {formatDelta(statistic.mean_delta, 'score')}
              </td>
              <td className="num">{statistic.ci_low === null || statistic.ci_high === null ? '—' : `${formatDelta(statistic.ci_low, 'score')} to ${formatDelta(statistic.ci_high, 'score')}`}</td>
              <SettledCells result={result} metric={metric} />
              <td className="num" data-testid={`compare.p.${metric}`} data-value={String(statistic.p_value)}>{formatP(statistic.p_value)}</td>
              <td className={`cmp-reading${reading.tone ? ` tone-${reading.tone}` : ''}`} data-testid={`compare.reading.${metric}`}>{reading.text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
