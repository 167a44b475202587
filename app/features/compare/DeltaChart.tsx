import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PairedMetric, PairedQuery } from '../../model/compare/types';
import { pluralize } from '../../lib/format';
import { formatDelta } from './figures';

interface Point { rank: number; delta: number; query: string; a: number; b: number }

function DeltaTooltip({ active, payload, metricLabel }: { active?: boolean; payload?: { payload: Point }[]; metricLabel: string }) {
  if (!active || !payload?.length) return null;
  const point = payload[0].payload;
  return (
    <div className="cmp-tooltip">
      <strong>{point.query.length > 120 ? `${point.query.slice(0, 120)}…` : point.query}</strong>
      <div>{metricLabel}: A {point.a.toFixed(3)} · B {point.b.toFixed(3)}</div>
      <div>B − A {formatDelta(point.delta, 'score')}</div>
    </div>
  );
}

/** Y ticks at fixed steps over a symmetric domain; recharts then measures no tick label to pick some. */
function yScale(points: Point[]): { domain: [number, number]; ticks: number[] } {
  const largest = Math.max(0.1, ...points.map((point) => Math.abs(point.delta)));
  const step = largest > 0.5 ? 0.5 : largest > 0.2 ? 0.1 : 0.05;
  const bound = Math.ceil(largest / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let tick = -bound; tick <= bound + 1e-9; tick += step) ticks.push(Number(tick.toFixed(2)));
  return { domain: [-bound, bound], ticks };
}

/**
 * At most this many bars: beyond, evenly spaced ranks of the sorted deltas stand for the rest
 * (the first and last included), so that thousands of pairs draw the same curve in a few hundred rects.
 */
export const MAX_BARS = 400;

export function evenlySpaced<T>(sorted: T[], most: number): T[] {
  if (sorted.length <= most) return sorted;
  return Array.from({ length: most }, (_, i) => sorted[Math.round((i * (sorted.length - 1)) / (most - 1))]);
}

/** What a pair is: a query (two slices), or a retrieval (a what-if). */
export type PairUnit = 'query' | 'retrieval';

const PAIRED_WORDS: Record<PairUnit, [string, string]> = { query: ['paired query', 'paired queries'], retrieval: ['paired retrieval', 'paired retrievals'] };

/** Every paired query's B − A on one metric, sorted: losses left (red), gains right (green). */
export function DeltaChart({ queries, metric, label, unit = 'query' }: { queries: PairedQuery[]; metric: PairedMetric; label: string; unit?: PairUnit }) {
  const points: Point[] = queries
    .map((query) => ({ rank: 0, delta: query.delta[metric], query: query.query, a: query.a[metric], b: query.b[metric] }))
    .sort((left, right) => left.delta - right.delta || left.query.localeCompare(right.query))
    .map((point, index) => ({ ...point, rank: index + 1 }));
  const bars = evenlySpaced(points, MAX_BARS);
  const { domain, ticks } = yScale(points);
  return (
    <figure className="cmp-chart" aria-label={`B − A per ${PAIRED_WORDS[unit][0]}, ${label}`} data-testid="compare.delta-chart" data-points={points.length}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={bars} margin={{ top: 8, right: 12, bottom: 4, left: 0 }} barCategoryGap={bars.length > 60 ? 0 : 2}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="rank" hide />
          <YAxis domain={domain} ticks={ticks} interval={0} tick={{ fontSize: 11 }} width={44} tickFormatter={(value: number) => (value > 0 ? `+${value}` : String(value))} />
          <ReferenceLine y={0} stroke="#5b6475" />
          <Tooltip content={<DeltaTooltip metricLabel={label} />} cursor={{ fill: 'rgba(47, 91, 211, 0.08)' }} />
          <Bar dataKey="delta" isAnimationActive={false}>
            {bars.map((point) => <Cell key={point.rank} fill={point.delta > 0 ? '#1f8a4c' : point.delta < 0 ? '#c53030' : '#9aa3b2'} />)}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="text-soft">
        {pluralize(points.length, ...PAIRED_WORDS[unit])} sorted by B − A on {label}: {points.filter((p) => p.delta < 0).length} worse in B, {points.filter((p) => p.delta === 0).length} tied, {points.filter((p) => p.delta > 0).length} better in B
        {bars.length < points.length ? ` (${bars.length} evenly spaced ranks drawn)` : ''}
      </figcaption>
    </figure>
  );
}
