import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MetricValue } from '../../components/metric/MetricValue';
import { pluralize } from '../../lib/format';
import type { GateView } from '../../links/gate';
import { THUMBS_DOWN_ALARM, type FeedbackWeekPoint } from '../../model/gate/feedback';
import type { MetricSettings } from '../../model/metrics/settings';
import { percent } from './chart-colors';
import { GateCount } from './GateCount';
import { sessionsBehind } from './session-links';

const asPercent = (value: unknown) => (typeof value === 'number' ? percent(value) : '—');
const barColor = (week: FeedbackWeekPoint) => (week.alarm ? '#c53030' : week.tooFewVotes ? '#dde1e8' : '#9aa3b2');

/** Round-number ticks (5% steps, 10% above 50%) from 0 to just above the highest rate and the alarm line. */
function rateTicks(rates: (number | null)[]): number[] {
  const top = Math.max(THUMBS_DOWN_ALARM, ...rates.map((rate) => rate ?? 0));
  const step = top > 0.5 ? 0.1 : 0.05;
  return Array.from({ length: Math.ceil(top / step - 1e-9) + 1 }, (_, index) => Math.round(index * step * 100) / 100);
}

/** The thumbs-down rate per ISO week: a chart and a table whose down-vote counts open their sessions. */
export function FeedbackWeeks({ weeks, minVotes, view, settings }: { weeks: FeedbackWeekPoint[]; minVotes: number; view: GateView; settings: MetricSettings }) {
  const ticks = rateTicks(weeks.map((week) => week.rate));
  return (
    <div className="gate-two-columns">
      <figure className="gate-chart" aria-label="Thumbs-down rate per ISO week">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={weeks} margin={{ top: 16, right: 12, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="week" tick={{ fontSize: 11 }} />
            <YAxis ticks={ticks} domain={[0, ticks.at(-1) ?? 1]} tickFormatter={percent} tick={{ fontSize: 11 }} width={44} />
            <Tooltip formatter={asPercent} />
            <Bar dataKey="rate" name="thumbs-down rate" isAnimationActive={false}>
              {weeks.map((week) => <Cell key={week.week} fill={barColor(week)} stroke={week.tooFewVotes ? '#9aa3b2' : undefined} strokeDasharray="3 2" />)}
            </Bar>
            <ReferenceLine y={THUMBS_DOWN_ALARM} stroke="#c53030" strokeDasharray="5 3" label={{ value: `alarm ${percent(THUMBS_DOWN_ALARM)}`, position: 'insideTopRight', fontSize: 11, fill: '#c53030' }} />
          </BarChart>
        </ResponsiveContainer>
        <figcaption className="text-soft">Red: alarm. Pale, dashed: fewer than {pluralize(minVotes, 'vote')}, so no alarm whatever the rate.</figcaption>
      </figure>
      <table className="data" aria-label="Thumbs-down per ISO week">
        <thead><tr><th>ISO week</th><th className="num">feedback</th><th className="num">down</th><th className="num">rate</th></tr></thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week} className={week.alarm ? 'gate-alarm-row' : undefined} data-alarm={String(week.alarm)} data-too-few={String(week.tooFewVotes)} data-week={week.week}>
              <td>
                {week.week}
                {week.alarm && <span className="badge bad gate-alarm-badge">alarm</span>}
                {week.tooFewVotes && <span className="badge gate-alarm-badge" title={`${pluralize(week.total, 'vote')}; the alarm needs at least ${minVotes}`}>too few votes</span>}
              </td>
              <td className="num"><MetricValue variant="cell" path={`feedback.by_week.${week.week}.total`} value={week.total} kind="count" settings={settings} /></td>
              <td className="num">
                <GateCount path={`feedback.by_week.${week.week}.down`} value={week.down} definition="down-votes in the ISO week" sessions={sessionsBehind(view, 'down', { week: week.week })} />
              </td>
              <td className="num"><MetricValue variant="cell" path={`feedback.by_week.${week.week}.rate`} value={week.rate} kind="rate" settings={settings} denominatorSize={week.total} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
