import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, pluralize } from '../../lib/format';
import { navigate } from '../../lib/url-state';
import { metricsUrl } from '../../links/metrics';
import type { TrendPoint } from '../../model/metrics/trends';
import { Panel } from '../../components/Panel';
import { SectionFilters } from './SectionFilters';
import type { MetricSettings } from '../../model/metrics/settings';

const LINES = [
  { key: 'p_at_1', label: 'P@1', color: '#2f5bd3' },
  { key: 'ndcg_at_k', label: 'nDCG@k', color: '#7aa0f0' },
  { key: 'gpr', label: 'GPR', color: '#1f8a4c' },
  { key: 'orf', label: 'ORF', color: '#c53030' },
  { key: 'empty_result_rate', label: 'empty', color: '#b7791f' },
] as const;

function TrendTooltip({ active, payload, label }: { active?: boolean; payload?: { payload: TrendPoint }[]; label?: string }) {
  if (!active || !payload?.length) return null;
  const point = payload[0].payload;
  return (
    <div className="chart-tooltip">
      <strong>{label}</strong>
      <div className="text-soft">{pluralize(point.retrievals, 'retrieval')}, {formatCount(point.judged)} judged</div>
      {LINES.map((line) => (
        <div key={line.key} style={{ color: line.color }}>
          {line.label}: {point[line.key] == null ? '—' : (point[line.key] as number).toFixed(3)}
        </div>
      ))}
      <div>masked failures: {formatCount(point.masked)}</div>
    </div>
  );
}

/**
 * At most this many bucket labels on the time axis. A numeric interval on every axis spares
 * recharts measuring each tick label in the DOM to pick the ones that fit (a forced layout per
 * label: ~0.4 s in one task for a few hundred days).
 */
const MAX_AXIS_LABELS = 12;

export function TrendsPanel(props: { trends: { day: TrendPoint[]; week: TrendPoint[] }; bucket: 'day' | 'week'; k: number; settings: MetricSettings; recomputing: boolean }) {
  const { trends, bucket, k, recomputing } = props;
  const points = trends[bucket];
  const labelInterval = Math.max(0, Math.ceil(points.length / MAX_AXIS_LABELS) - 1);
  return (
    <Panel id="trends" title="Trends" question="The main rates over time, with the number of retrievals behind each point (bars)." recomputing={recomputing}
      scope={<SectionFilters section="trends" settings={props.settings} />}
      actions={
        <div className="segmented" role="group" aria-label="Trend bucket">
          {(['day', 'week'] as const).map((b) => (
            <button key={b} type="button" aria-pressed={bucket === b} onClick={() => navigate(metricsUrl.changed({ trend: b }))}>
              by {b === 'week' ? 'ISO week' : 'day'}
            </button>
          ))}
        </div>
      }>
      {points.length === 0 ? <p className="text-soft">No retrieval in the filtered range.</p> : (
        <figure className="trend-chart" aria-label={`Trends by ${bucket}`}>
          <ResponsiveContainer width="100%" height={280}>
            <ComposedChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="bucket" tick={{ fontSize: 11 }} interval={labelInterval} />
              <YAxis yAxisId="rate" domain={[0, 1]} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} tick={{ fontSize: 11 }} width={44} interval={0} />
              <YAxis yAxisId="count" orientation="right" tick={{ fontSize: 11 }} width={44} interval={0} />
              <Tooltip content={<TrendTooltip />} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar yAxisId="count" dataKey="retrievals" name="retrievals" fill="#e3e8f3" isAnimationActive={false} />
              {LINES.map((line) => (
                <Line key={line.key} yAxisId="rate" type="linear" dataKey={line.key} name={line.key === 'ndcg_at_k' ? `nDCG@${k}` : line.label}
                  stroke={line.color} dot={{ r: 2 }} strokeWidth={2} connectNulls isAnimationActive={false} />
              ))}
            </ComposedChart>
          </ResponsiveContainer>
        </figure>
      )}
    </Panel>
  );
}
