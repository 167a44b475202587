import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MetricValue } from '../../components/metric/MetricValue';
import type { DownVotedQuery } from '../../engine/sql/gate/gate-screen';
import { feedbackWeeks, THUMBS_DOWN_ALARM } from '../../model/gate/feedback';
import type { FeedbackReport } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import { percent } from './chart-colors';
import { GateNumber } from './GateNumber';
import { Panel } from '../../components/Panel';

const asPercent = (value: unknown) => (typeof value === 'number' ? percent(value) : '—');

/** Round-number ticks (5% steps, 10% above 50%) from 0 to just above the highest rate and the alarm line. */
function rateTicks(rates: (number | null)[]): number[] {
  const top = Math.max(THUMBS_DOWN_ALARM, ...rates.map((rate) => rate ?? 0));
  const step = top > 0.5 ? 0.1 : 0.05;
  return Array.from({ length: Math.ceil(top / step - 1e-9) + 1 }, (_, index) => Math.round(index * step * 100) / 100);
}

export function FeedbackPanel({ feedback, downVoted, settings }: { feedback: FeedbackReport; downVoted: DownVotedQuery[]; settings: MetricSettings }) {
  const weeks = feedbackWeeks(feedback);
  const alarms = weeks.filter((week) => week.alarm).map((week) => week.week);
  const ticks = rateTicks(weeks.map((week) => week.rate));
  return (
    <Panel id="gate.feedback" title="Thumbs-down" question={`Is the share of down-votes rising? Above ${percent(THUMBS_DOWN_ALARM)} in an ISO week the alarm is raised.`}>
      <div className="metric-row">
        <MetricValue path="feedback.total" value={feedback.total} kind="count" settings={settings} />
        <MetricValue path="feedback.down" value={feedback.down} kind="count" settings={settings} />
        <MetricValue path="feedback.thumbs_down_rate" value={feedback.thumbs_down_rate} kind="rate" settings={settings} denominatorSize={feedback.total} />
      </div>
      {alarms.length > 0 ? (
        <p className="gate-alarm" role="alert">Alarm: thumbs-down above {percent(THUMBS_DOWN_ALARM)} in {alarms.join(', ')}.</p>
      ) : (
        <p className="text-soft">No week above the {percent(THUMBS_DOWN_ALARM)} alarm line.</p>
      )}
      <div className="gate-two-columns">
        <figure className="gate-chart" aria-label="Thumbs-down rate per ISO week">
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={weeks} margin={{ top: 16, right: 12, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="week" tick={{ fontSize: 11 }} />
              <YAxis ticks={ticks} domain={[0, ticks.at(-1) ?? 1]} tickFormatter={percent} tick={{ fontSize: 11 }} width={44} />
              <Tooltip formatter={asPercent} />
              <Bar dataKey="rate" name="thumbs-down rate" isAnimationActive={false}>
                {weeks.map((week) => <Cell key={week.week} fill={week.alarm ? '#c53030' : '#9aa3b2'} />)}
              </Bar>
              <ReferenceLine y={THUMBS_DOWN_ALARM} stroke="#c53030" strokeDasharray="5 3" label={{ value: `alarm ${percent(THUMBS_DOWN_ALARM)}`, position: 'insideTopRight', fontSize: 11, fill: '#c53030' }} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
        <table className="data" aria-label="Thumbs-down per ISO week">
          <thead><tr><th>ISO week</th><th className="num">feedback</th><th className="num">down</th><th className="num">rate</th></tr></thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week} className={week.alarm ? 'gate-alarm-row' : undefined} data-alarm={week.alarm ? 'true' : 'false'} data-week={week.week}>
                <td>{week.week}{week.alarm && <span className="badge bad gate-alarm-badge">alarm</span>}</td>
                <td className="num"><MetricValue variant="cell" path={`feedback.by_week.${week.week}.total`} value={week.total} kind="count" settings={settings} /></td>
                <td className="num"><MetricValue variant="cell" path={`feedback.by_week.${week.week}.down`} value={week.down} kind="count" settings={settings} /></td>
                <td className="num"><MetricValue variant="cell" path={`feedback.by_week.${week.week}.rate`} value={week.rate} kind="rate" settings={settings} denominatorSize={week.total} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="subhead">Top {downVoted.length} down-voted queries</h3>
      <p className="text-soft gate-note">The query of the feedback's retrieval_id, else of the first retrieval in the request of the response it rates.</p>
      {downVoted.length === 0 ? <p className="text-soft">No down-vote can be traced to a query.</p> : (
        <table className="data" aria-label="Top down-voted queries">
          <thead><tr><th>query</th><th className="num">down-votes</th></tr></thead>
          <tbody>
            {downVoted.map((row, index) => (
              <tr key={row.query}>
                <td>{row.query}</td>
                <td className="num"><GateNumber path={`gate.down_voted.${index}`} value={row.down} kind="count" definition="down feedback whose query (named retrieval, else the retrieval in the rated response's request) is this one" /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
