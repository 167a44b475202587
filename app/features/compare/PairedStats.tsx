import { PAIRED_METRICS, type CompareReport } from '../../model/compare/types';
import { formatDelta, formatP, pairedLabel, pairedReading } from './figures';

/** Per Tier 1 metric: the mean of B − A over the paired queries, its 95% bootstrap interval, the randomization p-value, in words. */
export function PairedStats({ paired, k }: { paired: CompareReport['paired']; k: number }) {
  return (
    <table className="data cmp-paired" aria-label="Paired statistics">
      <thead>
        <tr><th>metric</th><th className="num">mean B − A</th><th className="num">95% interval</th><th className="num">p-value</th><th>reading</th></tr>
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
              <td className="num" data-testid={`compare.p.${metric}`} data-value={String(statistic.p_value)}>{formatP(statistic.p_value)}</td>
              <td className={`cmp-reading${reading.tone ? ` tone-${reading.tone}` : ''}`} data-testid={`compare.reading.${metric}`}>{reading.text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
