import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MetricValue } from '../../components/metric/MetricValue';
import { GATE_DECISIONS, type DecisionSummary } from '../../model/gate/decisions';
import type { MetricSettings } from '../../model/metrics/settings';
import { DECISION_COLORS } from './chart-colors';
import { GateNumber } from './GateNumber';
import { Panel } from '../../components/Panel';
import { HandoffTrend } from './HandoffTrend';

export function DecisionsPanel({ decisions, settings }: { decisions: DecisionSummary; settings: MetricSettings }) {
  const { overall } = decisions;
  return (
    <Panel id="gate.decisions" title="Gate decisions" question="How often did the gate answer, ask to clarify, or hand off to a human — overall, per category and per ISO week?">
      <div className="metric-row">
        {GATE_DECISIONS.map((decision) => (
          <MetricValue key={decision} path={`gate.decisions.${decision}`} value={overall[decision]} kind="count" settings={settings} />
        ))}
        {GATE_DECISIONS.map((decision) => (
          <div key={decision} className="metric-card">
            <div className="metric-number">
              <GateNumber path={`gate.rates.${decision}`} value={overall.rates[decision]} kind="rate" definition={`gate events with decision ${decision} / all gate events (${overall.total})`} />
            </div>
            <div className="metric-label">{decision} rate</div>
          </div>
        ))}
      </div>
      <div className="gate-two-columns">
        <table className="data" aria-label="Gate decisions per category">
          <thead>
            <tr><th>category</th><th className="num">gates</th>{GATE_DECISIONS.map((d) => <th key={d} className="num">{d}</th>)}</tr>
          </thead>
          <tbody>
            {Object.entries(decisions.byCategory).map(([category, counts]) => (
              <tr key={category}>
                <td>{category}</td>
                <td className="num"><GateNumber path={`gate.by_category.${category}.total`} value={counts.total} kind="count" definition="gate events of the category" /></td>
                {GATE_DECISIONS.map((d) => (
                  <td key={d} className="num">
                    {counts[d]} · <GateNumber path={`gate.by_category.${category}.${d}_rate`} value={counts.rates[d]} kind="rate" definition={`${d} decisions / gate events of the category`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <figure className="gate-chart" aria-label="Gate decisions per ISO week">
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={decisions.byWeek} margin={{ top: 8, right: 8, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="week" tick={{ fontSize: 11 }} />
              <YAxis tick={{ fontSize: 11 }} width={40} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {GATE_DECISIONS.map((d) => (
                <Bar key={d} dataKey={d} stackId="decisions" fill={DECISION_COLORS[d]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
          <figcaption className="text-soft">Decisions per ISO week (of the gate event's ts), stacked.</figcaption>
        </figure>
      </div>
      <HandoffTrend decisions={decisions} />
    </Panel>
  );
}
