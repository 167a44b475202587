import { formatDelta, pluralize } from '../../lib/format';
import type { ComparisonBounds, DeltaRange } from '../../model/compare/settled';
import { unsettledFigures } from '../../model/compare/pool-queue';
import { describeMetric } from '../../model/metrics/definitions';
import { BOUNDED_FIGURES, type FigureBounds } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import type { PoolSides } from './pool-sides';

const score = (value: number | null) => (value === null ? '—' : value.toFixed(3));
const bounds = ({ low, high }: FigureBounds) => (low === null || high === null ? '—' : low === high ? score(low) : `${score(low)}–${score(high)}`);
const deltaRange = (range: DeltaRange | null) =>
  range === null ? '—' : range.low === range.high ? formatDelta(range.low, 'score') : `${formatDelta(range.low, 'score')} to ${formatDelta(range.high, 'score')}`;
const share = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

/**
 * What the labels have settled so far, read again after every grade: the items left in the pool,
 * and per bounded figure each slice's low–high bound, B − A over every labeling of what is still
 * unlabeled, and whether that range excludes 0.
 */
export function PoolBounds({ bounds: current, sides, settings, recomputing }: { bounds: ComparisonBounds; sides: PoolSides; settings: MetricSettings; recomputing: boolean }) {
  const unsettled = unsettledFigures(current.settled);
  return (
    <section className="annotate-pool-bounds" aria-label="Is the comparison settled?" aria-busy={recomputing}>
      <p className="annotate-pool-left" data-testid="annotate.pool.remaining" data-value={current.pool}>
        <strong>{pluralize(current.pool, 'item')}</strong> left in the pool
      </p>
      <p className="annotate-pool-left" data-testid="annotate.pool.unsettled" data-value={unsettled.length}>
        <strong>{unsettled.length} of {BOUNDED_FIGURES.length}</strong> figures not settled
      </p>
      <table className="data annotate-pool-figures" aria-label="Bounds and settled figures">
        <thead><tr><th>figure</th><th className="num" data-testid="annotate.pool.side.a">{sides.a}</th><th className="num" data-testid="annotate.pool.side.b">{sides.b}</th><th className="num">B − A</th><th>settled?</th></tr></thead>
        <tbody>
          {BOUNDED_FIGURES.map((figure) => {
            const range = current.deltaRanges[figure];
            const settled = current.settled[figure];
            return (
              <tr key={figure} data-figure={figure}>
                <th scope="row">{describeMetric(`tier1.${figure}`, settings)?.label ?? figure}</th>
                <td className="num">{bounds(current.bounds.a[figure])}</td>
                <td className="num">{bounds(current.bounds.b[figure])}</td>
                <td className="num">{deltaRange(range)}</td>
                <td className={settled ? 'annotate-settled' : 'annotate-unsettled'} data-testid={`annotate.pool.settled.${figure}`} data-settled={String(settled)}>
                  {settled ? 'settled' : 'not settled'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-soft annotate-pool-note">
        Judged@{settings.k}: A {share(current.judged_at_k.a)} · B {share(current.judged_at_k.b)}. A range runs from every unlabeled asset
        among the first {settings.k} not relevant to relevant; a figure is settled when B − A keeps its sign over the whole range.
      </p>
    </section>
  );
}
