import { formatMetric, type MetricKind } from '../../components/metric/MetricValue';

/**
 * A number that is not a report key: the same `data-metric` / `data-value` attributes as
 * MetricValue, with a `gate.*` path of this screen and its definition as the title.
 */
export function GateNumber({ path, value, kind, definition, digits }: { path: string; value: number | null | undefined; kind: MetricKind; definition: string; digits?: number }) {
  const shown = value != null && digits !== undefined ? value.toFixed(digits) : formatMetric(value, kind);
  return (
    <span className="gate-number" title={definition} data-metric={path} data-value={value == null ? 'null' : String(value)}>
      {shown}
    </span>
  );
}
