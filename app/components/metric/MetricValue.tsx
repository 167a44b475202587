import { formatCount, formatRate } from '../../lib/format';
import { describeMetric } from '../../model/metrics/definitions';
import type { MetricSettings } from '../../model/metrics/settings';

export type MetricKind = 'rate' | 'score' | 'count';

export function formatMetric(value: number | null | undefined, kind: MetricKind): string {
  if (value == null) return '—';
  if (kind === 'count') return formatCount(value);
  if (kind === 'rate') return formatRate(value);
  return value.toFixed(3);
}

interface MetricValueProps {
  /** The report key path (docs/metrics.md, "The report"), e.g. `tier2.by_role.find.orf`. */
  path: string;
  value: number | null | undefined;
  kind: MetricKind;
  settings: MetricSettings;
  /** How many items the denominator holds, when the report knows it. */
  denominatorSize?: number;
  /** `card` for a headline number, `cell` inside a table. */
  variant?: 'card' | 'cell';
  label?: string;
}

/**
 * One number with its definition on hover or focus (formula, what counts, the denominator and
 * its size); "—" when the denominator is zero. `data-metric` / `data-value` let tests read it.
 */
export function MetricValue({ path, value, kind, settings, denominatorSize, variant = 'card', label }: MetricValueProps) {
  const definition = describeMetric(path, settings);
  const shown = formatMetric(value, kind);
  const help = definition && (
    <span className="metric-help" role="tooltip">
      <strong>{definition.label}</strong>
      <span>{definition.formula}</span>
      {!definition.formula.endsWith(definition.counts) && <span className="text-soft">Counts: {definition.counts}</span>}
      {definition.denominator && (
        <span className="text-soft">
          Over: {definition.denominator}
          {denominatorSize !== undefined ? ` (${formatCount(denominatorSize)})` : ''}
          {value == null ? ' — none, so no rate' : ''}
        </span>
      )}
    </span>
  );
  const data = { 'data-metric': path, 'data-value': value == null ? 'null' : String(value) };
  if (variant === 'cell') {
    return (
      <span className="metric-cell" tabIndex={0} {...data}>
        {shown}
        {help}
      </span>
    );
  }
  return (
    <div className="metric-card" tabIndex={0}>
      <div className="metric-number" {...data}>{shown}</div>
      <div className="metric-label">{label ?? definition?.label ?? path}</div>
      {denominatorSize !== undefined && definition?.denominator && <div className="metric-denominator">of {formatCount(denominatorSize)}</div>}
      {help}
    </div>
  );
}
