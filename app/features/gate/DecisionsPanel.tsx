import { LogText } from '../../components/LogText';
import { Panel } from '../../components/Panel';
import { pluralize } from '../../lib/format';
import type { GateView } from '../../links/gate';
import { GATE_DECISIONS, type DecisionSummary } from '../../model/gate/decisions';
import { DecisionWeeksChart } from './DecisionWeeksChart';
import { GateCount } from './GateCount';
import { GateNumber } from './GateNumber';
import { HandoffTrend } from './HandoffTrend';
import { decisionSessions } from './session-links';

const QUESTION = 'How often did the gate answer, ask to clarify, or hand off to a person — overall, per category and per ISO week? A clarify or handoff count opens its sessions.';

export function DecisionsPanel({ decisions, view }: { decisions: DecisionSummary; view: GateView }) {
  const { overall } = decisions;
  if (overall.total === 0) {
    return (
      <Panel id="gate.decisions" title="Gate decisions" question={QUESTION}>
        <p className="text-soft">No gate event matches the filters.</p>
      </Panel>
    );
  }
  return (
    <Panel id="gate.decisions" title="Gate decisions" question={QUESTION}>
      <div className="metric-row">
        {GATE_DECISIONS.map((decision) => (
          <div key={decision} className="metric-card">
            <div className="metric-number">
              <GateCount path={`gate.decisions.${decision}`} value={overall[decision]} definition={`gate events with decision ${decision}`} sessions={decisionSessions(view, decision)} />
            </div>
            <div className="metric-label">{decision}</div>
            <div className="metric-denominator">
              <GateNumber path={`gate.rates.${decision}`} value={overall.rates[decision]} kind="rate" definition={`gate events with decision ${decision} / all gate events`} />
              {' '}of {pluralize(overall.total, 'gate decision')}
            </div>
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
                <td><LogText text={category} /></td>
                <td className="num"><GateNumber path={`gate.by_category.${category}.total`} value={counts.total} kind="count" definition="gate events of the category" /></td>
                {GATE_DECISIONS.map((d) => (
                  <td key={d} className="num">
                    <GateCount path={`gate.by_category.${category}.${d}`} value={counts[d]} definition={`${d} decisions in the category`} sessions={decisionSessions(view, d, { category })} />
                    {' · '}
                    <GateNumber path={`gate.by_category.${category}.${d}_rate`} value={counts.rates[d]} kind="rate" definition={`${d} decisions / gate events of the category`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <DecisionWeeksChart decisions={decisions} view={view} />
      </div>
      <HandoffTrend decisions={decisions} view={view} />
    </Panel>
  );
}
