import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Calibration } from '../../model/gate/calibration';
import { percent } from './chart-colors';

const asPercent = (value: unknown) => (typeof value === 'number' ? percent(value) : '—');

/** False-reject and false-answer rates over the observed thresholds, with both chosen thresholds marked. */
export function CalibrationChart({ calibration, label }: { calibration: Calibration; label: string }) {
  if (calibration.points.length === 0) return <p className="text-soft">No scored eval case{label ? ` in ${label}` : ''}: no curve.</p>;
  return (
    <figure className="gate-chart" aria-label={`Calibration curves ${label}`}>
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={calibration.points} margin={{ top: 34, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="threshold" type="number" domain={[0, 1]} tick={{ fontSize: 11 }} label={{ value: 'threshold t (answer when top-1 ≥ t)', position: 'insideBottom', offset: -2, fontSize: 11 }} height={36} />
          <YAxis domain={[0, 1]} tickFormatter={percent} tick={{ fontSize: 11 }} width={44} />
          <Tooltip formatter={asPercent} labelFormatter={(t) => `t = ${t}`} />
          <Legend wrapperStyle={{ fontSize: 12, paddingTop: 10 }} />
          <Line type="stepAfter" dataKey="false_reject_rate" name="false-reject rate" stroke="#c53030" strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
          <Line type="stepAfter" dataKey="false_answer_rate" name="false-answer rate" stroke="#2f5bd3" strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
          <Line type="stepAfter" dataKey="f1" name="F1" stroke="#9aa3b2" strokeDasharray="4 3" dot={false} connectNulls isAnimationActive={false} />
          {calibration.f1_threshold !== null && (
            <ReferenceLine x={calibration.f1_threshold} stroke="#1f8a4c" label={{ value: `F1-optimal ${calibration.f1_threshold}`, position: 'top', offset: 16, fontSize: 11, fill: '#1f8a4c' }} />
          )}
          {calibration.recommended_threshold !== null && (
            <ReferenceLine x={calibration.recommended_threshold} stroke="#b7791f" strokeDasharray="5 3" label={{ value: `recommended ${calibration.recommended_threshold}`, position: 'top', offset: 3, fontSize: 11, fill: '#b7791f' }} />
          )}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
