import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DecisionSummary } from '../../model/gate/decisions';
import { categoryColor, percent } from './chart-colors';

const asPercent = (value: unknown) => (typeof value === 'number' ? percent(value) : '—');

export function HandoffTrend({ decisions }: { decisions: DecisionSummary }) {
  return (
    <figure className="gate-chart" aria-label="Handoff rate per category over ISO weeks">
      <h3 className="subhead">Handoff rate per category, by ISO week</h3>
      <p className="text-soft gate-note">
        A jump in one category's handoff rate usually means its knowledge base or its chunking changed (pages re-indexed or
        re-split): the gate's scores for that category moved, not the users. Check what was re-indexed that week.
      </p>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={decisions.handoffRateByWeek} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={{ fontSize: 11 }} />
          <YAxis domain={[0, 1]} tickFormatter={percent} tick={{ fontSize: 11 }} width={44} />
          <Tooltip formatter={asPercent} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {decisions.categories.map((category, index) => (
            <Line key={category} type="linear" dataKey={category} stroke={categoryColor(index)} strokeWidth={2} dot={{ r: 2 }} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
