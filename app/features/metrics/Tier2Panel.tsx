import { MetricValue } from '../../components/metric/MetricValue';
import type { Tier2Report } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import { Panel } from '../../components/Panel';
import { SectionFilters } from './SectionFilters';
import { RoleChart } from './RoleChart';
import { orderedRoles } from './url';
import { WhyHereLink } from './why-here/WhyHereLink';

const SIGNALS = [
  { key: 'gpr', label: 'GPR', color: '#1f8a4c' },
  { key: 'acr', label: 'ACR', color: '#2f5bd3' },
  { key: 'orf', label: 'ORF', color: '#c53030' },
  { key: 'uor', label: 'UOR', color: '#9aa3b2' },
] as const;

export function Tier2Panel({ tier2, settings, recomputing }: { tier2: Tier2Report; settings: MetricSettings; recomputing: boolean }) {
  const roles = orderedRoles(Object.keys(tier2.by_role));
  return (
    <Panel id="tier2" title="Tier 2 · Usage and failure signals" question="Were the results used, and is there a sign of a retrieval failure? GPR, ACR, ORF and UOR side by side: 1 − ORF is not satisfaction." recomputing={recomputing}
      scope={<SectionFilters section="tier2" settings={settings} />}
      actions={<span className="why-here-links">Why here? <WhyHereLink signal="orf" label="ORF" /> · <WhyHereLink signal="down" label="thumbs-down" /></span>}>
      <div className="metric-row">
        <MetricValue path="tier2.retrievals" value={tier2.retrievals} kind="count" settings={settings} />
        {SIGNALS.map((s) => (
          <MetricValue key={s.key} path={`tier2.${s.key}`} value={tier2[s.key]} kind="rate" settings={settings} denominatorSize={tier2.retrievals} />
        ))}
      </div>
      <div className="role-breakdown">
        <table className="data" aria-label="Tier 2 by role">
          <thead>
            <tr><th>role</th><th className="num">retrievals</th>{SIGNALS.map((s) => <th key={s.key} className="num">{s.label}</th>)}</tr>
          </thead>
          <tbody>
            {roles.map((role) => {
              const row = tier2.by_role[role];
              return (
                <tr key={role}>
                  <td>{role}{row.retrievals > 0 && <> <WhyHereLink signal="orf" label="why?" role={role} /></>}</td>
                  <td className="num"><MetricValue variant="cell" path={`tier2.by_role.${role}.retrievals`} value={row.retrievals} kind="count" settings={settings} /></td>
                  {SIGNALS.map((s) => (
                    <td key={s.key} className="num">
                      <MetricValue variant="cell" path={`tier2.by_role.${role}.${s.key}`} value={row[s.key]} kind="rate" settings={settings} denominatorSize={row.retrievals} />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        <RoleChart label="Tier 2 by role" rows={roles.map((role) => ({ role, ...tier2.by_role[role] }))} series={[...SIGNALS]} />
      </div>
    </Panel>
  );
}
