import { MetricValue } from '../../components/metric/MetricValue';
import type { Tier0Report } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import { Panel } from '../../components/Panel';
import { SectionFilters } from './SectionFilters';

export function Tier0Panel({ tier0, settings, recomputing }: { tier0: Tier0Report; settings: MetricSettings; recomputing: boolean }) {
  const m = (key: keyof Tier0Report, kind: 'rate' | 'count', size?: number) => (
    <MetricValue path={`tier0.${key}`} value={tier0[key]} kind={kind} settings={settings} denominatorSize={size} />
  );
  return (
    <Panel id="tier0" title="Tier 0 · Routing" question="Was retrieval called when it should have been?" recomputing={recomputing}
      scope={<SectionFilters section="tier0" settings={settings} />}>
      <div className="metric-row">
        {m('prompts', 'count')}
        {m('retrieval_invoked_rate', 'rate', tier0.prompts)}
        {m('misroute_rate', 'rate')}
        {m('missed_retrieval_rate', 'rate')}
        {m('multi_intent_share', 'rate')}
      </div>
      <h3 className="subhead">Rewrites, split by what they rephrase (never one mixed rate)</h3>
      <div className="metric-row">
        {m('search_rewrites', 'count')}
        {m('downstream_corrections', 'count')}
        {m('downstream_edits', 'count')}
      </div>
    </Panel>
  );
}
