import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface RoleSeries {
  key: string;
  label: string;
  color: string;
}

/** Grouped bars per role; values are rates or scores in [0, 1]. */
export function RoleChart({ rows, series, label }: { rows: Record<string, number | string | null>[]; series: RoleSeries[]; label: string }) {
  return (
    <figure className="role-chart" aria-label={label}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* every tick shown (a handful of roles, five rates): recharts then measures no label in the DOM */}
          <XAxis dataKey="role" tick={{ fontSize: 12 }} interval={0} />
          <YAxis domain={[0, 1]} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} tick={{ fontSize: 12 }} width={44} interval={0} />
          <Tooltip formatter={(value) => (typeof value === 'number' ? value.toFixed(3) : '—')} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s) => <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />)}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
