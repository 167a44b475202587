import { describeMetric } from '../../model/metrics/definitions';
import { kappaText } from './agreement-view';

interface KappaValueProps {
  /** The report key path, e.g. `agreement.relevance.pairs.ann-a|ann-b.kappa` (docs/metrics.md). */
  path: string;
  value: number | null;
  /** Why the value is null, said in the tooltip ("—" alone explains nothing). */
  nullReason: string;
}

/** A κ with two decimals and its definition on hover or focus; `data-metric` / `data-value` let tests read it. */
export function KappaValue({ path, value, nullReason }: KappaValueProps) {
  const definition = describeMetric(path);
  const heat = value === null ? undefined : kappaHeat(value);
  return (
    <span className="metric-cell agreement-kappa" tabIndex={0} style={heat}>
      <span data-metric={path} data-value={value === null ? 'null' : String(value)}>{kappaText(value)}</span>
      <span className="metric-help" role="tooltip">
        <strong>{definition?.label ?? 'κ'}</strong>
        {definition && <span>{definition.formula}</span>}
        {definition?.denominator && <span className="text-soft">Over: {definition.counts}</span>}
        {value === null && <span>— {nullReason}</span>}
      </span>
    </span>
  );
}

/** Red below chance, through amber, to green at perfect agreement. */
export function kappaHeat(kappa: number): { background: string } {
  const hue = Math.round(Math.max(0, Math.min(1, kappa)) * 120);
  return { background: `hsl(${hue} 70% ${kappa < 0 ? 88 : 90}%)` };
}

export const PAIR_NULL_REASON = 'p_e = 1: both annotators gave one and the same value on every shared item, so chance explains all their agreement and κ is undefined.';

export function fleissNullReason(annotators: number, multi: number): string {
  if (annotators < 3) return 'Fleiss\' κ is given for three or more annotators; with two, read the pair\'s Cohen\'s κ.';
  if (multi === 0) return 'no item has votes from two or more annotators.';
  return 'P_e = 1: every vote on the multi-annotated items has the same value, so κ is undefined.';
}
