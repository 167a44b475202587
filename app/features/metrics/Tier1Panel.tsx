import { MetricValue } from '../../components/metric/MetricValue';
import type { Rate, Tier1Report } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import { Panel } from '../../components/Panel';
import { BoundsTable } from './BoundsTable';
import { SectionFilters } from './SectionFilters';
import { RoleChart } from './RoleChart';
import { orderedRoles } from './url';
import { WhyHereLink } from './why-here/WhyHereLink';

const SCORES = ['p_at_1', 'p_at_k', 'recall_at_k', 'ndcg_at_k', 'mrr'] as const;
const SCORE_LABEL = (k: number): Record<(typeof SCORES)[number], string> => ({ p_at_1: 'P@1', p_at_k: `P@${k}`, recall_at_k: `R@${k}`, ndcg_at_k: `nDCG@${k}`, mrr: 'MRR' });

export function Tier1Panel({ tier1, judgedAtKByRole, settings, recomputing }: {
  tier1: Tier1Report; judgedAtKByRole: Record<string, Rate>; settings: MetricSettings; recomputing: boolean;
}) {
  const roles = orderedRoles(Object.keys(tier1.by_role));
  const labels = SCORE_LABEL(tier1.k);
  return (
    <Panel id="tier1" title="Tier 1 · Retriever quality" question="Did the retriever return the right assets in the right order? (offline relevance labels, trec_eval conventions)" recomputing={recomputing}
      scope={<SectionFilters section="tier1" settings={settings} />}
      actions={<span className="why-here-links">Why here? <WhyHereLink signal="tier1_bad" label="Tier 1 bad" /> · <WhyHereLink signal="empty" label="empty results" /></span>}>
      <div className="metric-row">
        <MetricValue path="tier1.retrievals" value={tier1.retrievals} kind="count" settings={settings} />
        <MetricValue path="tier1.empty_result_rate" value={tier1.empty_result_rate} kind="rate" settings={settings} denominatorSize={tier1.retrievals} />
        <MetricValue path="tier1.failed" value={tier1.failed} kind="count" settings={settings} />
        <MetricValue path="tier1.judged" value={tier1.judged} kind="count" settings={settings} />
        {SCORES.map((key) => (
          <MetricValue key={key} path={`tier1.${key}`} value={tier1[key]} kind="score" settings={settings} denominatorSize={tier1.judged} label={labels[key]} />
        ))}
        <MetricValue path="tier1.judged_at_k" value={tier1.judged_at_k} kind="rate" settings={settings} />
      </div>
      <BoundsTable tier1={tier1} settings={settings} labels={labels} />
      <div className="role-breakdown">
        <table className="data" aria-label="Tier 1 by role">
          <thead>
            <tr><th>role</th><th className="num">retrievals</th><th className="num">judged</th>{SCORES.map((key) => <th key={key} className="num">{labels[key]}</th>)}<th className="num">Judged@{tier1.k}</th></tr>
          </thead>
          <tbody>
            {roles.map((role) => {
              const row = tier1.by_role[role];
              return (
                <tr key={role}>
                  <td>{role}{row.judged > 0 && <> <WhyHereLink signal="tier1_bad" label="why?" role={role} /></>}</td>
                  <td className="num"><MetricValue variant="cell" path={`tier1.by_role.${role}.retrievals`} value={row.retrievals} kind="count" settings={settings} /></td>
                  <td className="num"><MetricValue variant="cell" path={`tier1.by_role.${role}.judged`} value={row.judged} kind="count" settings={settings} /></td>
                  {SCORES.map((key) => (
                    <td key={key} className="num">
                      <MetricValue variant="cell" path={`tier1.by_role.${role}.${key}`} value={row[key]} kind="score" settings={settings} denominatorSize={row.judged} />
                    </td>
                  ))}
                  <td className="num">
                    <MetricValue variant="cell" path={`tier1.by_role.${role}.judged_at_k`} value={Object.hasOwn(judgedAtKByRole, role) ? judgedAtKByRole[role] : null} kind="rate" settings={settings} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <RoleChart
          label="Tier 1 by role"
          rows={roles.map((role) => ({ role, p_at_1: tier1.by_role[role].p_at_1, ndcg_at_k: tier1.by_role[role].ndcg_at_k, mrr: tier1.by_role[role].mrr }))}
          series={[{ key: 'p_at_1', label: 'P@1', color: '#2f5bd3' }, { key: 'ndcg_at_k', label: labels.ndcg_at_k, color: '#7aa0f0' }, { key: 'mrr', label: 'MRR', color: '#b7c9f5' }]}
        />
      </div>
    </Panel>
  );
}
