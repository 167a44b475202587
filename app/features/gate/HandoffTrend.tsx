import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from '../../components/Link';
import { plainLabel } from '../../lib/control-characters';
import { pluralize } from '../../lib/format';
import type { GateView } from '../../links/gate';
import type { DecisionSummary } from '../../model/gate/decisions';
import { categoryColor, percent } from './chart-colors';
import { sessionsBehind } from './session-links';

const asPercent = (value: unknown) => (typeof value === 'number' ? percent(value) : '—');

interface DotProps { cx?: number; cy?: number; payload?: Record<string, unknown>; value?: unknown }

/** A point of one category's line; a week with handoffs links to their sessions. */
function trendDot(view: GateView, decisions: DecisionSummary, category: string, color: string) {
  return function TrendDot({ cx, cy, payload }: DotProps) {
    const week = String(payload?.week);
    if (cx == null || cy == null || payload?.[category] == null) return <g key={`${category}-${week}`} />;
    const circle = <circle cx={cx} cy={cy} r={3} fill={color} stroke="white" strokeWidth={1} />;
    const handoffs = decisions.handoffCountByWeek[week]?.[category] ?? 0;
    const sessions = handoffs > 0 ? sessionsBehind(view, 'handoff', { category, week }) : null;
    if (!sessions) return <g key={`${category}-${week}`}>{circle}</g>;
    return (
      <Link key={`${category}-${week}`} href={sessions.href} className="gate-dot-link" aria-label={`${category}, ${week}: ${sessions.title}`}
        data-metric={`gate.handoff_trend.${category}.${week}`} data-value={String(handoffs)}>
        <title>{`${category}, ${week}: ${pluralize(handoffs, 'handoff')}. ${sessions.title}.`}</title>
        <circle cx={cx} cy={cy} r={9} fill="transparent" />
        {circle}
      </Link>
    );
  };
}

export function HandoffTrend({ decisions, view }: { decisions: DecisionSummary; view: GateView }) {
  return (
    <figure className="gate-chart" aria-label="Handoff rate per category over ISO weeks">
      <h3 className="subhead">Handoff rate per category, by ISO week</h3>
      <p className="text-soft gate-note">
        A jump in one category's handoff rate usually means its knowledge base or its chunking changed (pages re-indexed or
        re-split): the gate's scores for that category moved, not the users. Check what was re-indexed that week. A point opens
        that week's handoff sessions.
      </p>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={decisions.handoffRateByWeek} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={{ fontSize: 11 }} />
          <YAxis domain={[0, 1]} tickFormatter={percent} tick={{ fontSize: 11 }} width={44} />
          <Tooltip formatter={asPercent} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {decisions.categories.map((category, index) => (
            <Line key={category} type="linear" dataKey={category} name={plainLabel(category)} stroke={categoryColor(index)} strokeWidth={2}
              dot={trendDot(view, decisions, category, categoryColor(index))} activeDot={false} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
