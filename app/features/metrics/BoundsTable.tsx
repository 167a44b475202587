import { MetricValue } from '../../components/metric/MetricValue';
import { BOUNDED_FIGURES, type BoundedFigure, type Tier1Report } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';

/** Each bounded Tier 1 figure from low (unlabeled among the first K not relevant) to high (relevant). */
export function BoundsTable({ tier1, settings, labels }: { tier1: Tier1Report; settings: MetricSettings; labels: Record<BoundedFigure, string> }) {
  return (
    <table className="data tier1-bounds" aria-label="Tier 1 bounds">
      <caption>
        Bounds: every unlabeled asset among the first {tier1.k} not relevant (low, the figure) or relevant at grade 1 (high)
      </caption>
      <thead>
        <tr><th>bound</th>{BOUNDED_FIGURES.map((figure) => <th key={figure} className="num">{labels[figure]}</th>)}</tr>
      </thead>
      <tbody>
        {(['low', 'high'] as const).map((side) => (
          <tr key={side} data-bound={side}>
            <th scope="row">{side}</th>
            {BOUNDED_FIGURES.map((figure) => (
              <td key={figure} className="num" data-testid={`tier1.bounds.${figure}.${side}`} data-value={String(tier1.bounds[figure][side])}>
                <MetricValue variant="cell" path={`tier1.bounds.${figure}.${side}`} value={tier1.bounds[figure][side]} kind="score" settings={settings} denominatorSize={tier1.judged} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
