import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { Link } from '../../components/Link';
import { pluralize } from '../../lib/format';
import type { GateView } from '../../links/gate';
import { GATE_DECISIONS, type DecisionSummary, type GateDecision } from '../../model/gate/decisions';
import { DECISION_COLORS } from './chart-colors';
import { decisionSessions } from './session-links';

/** One stacked segment; a clarify or handoff segment is a link to its week's sessions. */
function segment(view: GateView, decision: GateDecision) {
  return function DecisionSegment({ x, y, width, height, payload }: BarShapeProps) {
    const rect = <rect x={x} y={y} width={width} height={height} fill={DECISION_COLORS[decision]} />;
    const week = String(payload?.week);
    const count = Number(payload?.[decision] ?? 0);
    const sessions = count > 0 ? decisionSessions(view, decision, { week }) : null;
    if (!sessions) return rect;
    return (
      <Link href={sessions.href} className="gate-bar-link" aria-label={`${pluralize(count, `${decision} decision`)} in ${week}: ${sessions.title}`} data-metric={`gate.by_week.${week}.${decision}`} data-value={String(count)}>
        <title>{`${pluralize(count, `${decision} decision`)} in ${week}. ${sessions.title}.`}</title>
        {rect}
      </Link>
    );
  };
}

export function DecisionWeeksChart({ decisions, view }: { decisions: DecisionSummary; view: GateView }) {
  return (
    <figure className="gate-chart" aria-label="Gate decisions per ISO week">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={decisions.byWeek} margin={{ top: 8, right: 8, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={{ fontSize: 11 }} />
          <YAxis tick={{ fontSize: 11 }} width={40} allowDecimals={false} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {GATE_DECISIONS.map((d) => (
            <Bar key={d} dataKey={d} stackId="decisions" fill={DECISION_COLORS[d]} isAnimationActive={false} shape={segment(view, d)} />
          ))}
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="text-soft">Decisions per ISO week, stacked. Click a clarify or handoff segment for its sessions.</figcaption>
    </figure>
  );
}
