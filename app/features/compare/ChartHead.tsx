import { navigate } from '../../lib/url-state';
import { compareUrl } from '../../links/compare';
import { PAIRED_METRICS, type PairedMetric } from '../../model/compare/types';
import type { PairUnit } from './DeltaChart';
import { pairedLabel } from './figures';

/** The per-pair chart's heading with the metric it shows, chosen in the URL. */
export function ChartHead({ unit, metric, k }: { unit: PairUnit; metric: PairedMetric; k: number }) {
  return (
    <div className="cmp-chart-head">
      <h3>Per {unit}</h3>
      <div className="cmp-segmented" role="group" aria-label={`Metric of the per-${unit} chart`}>
        {PAIRED_METRICS.map((choice) => (
          <button key={choice} type="button" aria-pressed={choice === metric} onClick={() => navigate(compareUrl.changed({ metric: choice }))}>
            {pairedLabel(choice, k)}
          </button>
        ))}
      </div>
    </div>
  );
}
