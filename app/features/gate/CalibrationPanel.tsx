import { LogText } from '../../components/LogText';
import { MetricValue } from '../../components/metric/MetricValue';
import { navigate } from '../../lib/url-state';
import { gateUrl } from '../../links/gate';
import { useScreenView } from '../../links/use-screen-view';
import type { Calibration } from '../../model/gate/calibration';
import { gateConfigYaml } from '../../model/gate/gate-config-yaml';
import type { GateReport } from '../../model/metrics/report';
import type { MetricSettings } from '../../model/metrics/settings';
import { CalibrationChart } from './CalibrationChart';
import { downloadText } from '../../lib/download';
import { Panel } from '../../components/Panel';

interface CalibrationPanelProps {
  calibration: { overall: Calibration; byCategory: Record<string, Calibration> };
  report: GateReport['calibration'];
  settings: MetricSettings;
}

export function CalibrationPanel({ calibration, report, settings }: CalibrationPanelProps) {
  const view = useScreenView(gateUrl);
  const selected = view.calibration;
  const notApplied = [view.surface !== null && 'surface', view.system !== null && 'system'].filter(Boolean).join(' and ');
  const shown = (selected && calibration.byCategory[selected]) || calibration.overall;
  const download = () => downloadText('gate-config.yaml', gateConfigYaml(calibration.overall, calibration.byCategory), 'application/yaml');
  const m = (path: string, value: number | null, kind: 'count' | 'score') => <MetricValue variant="cell" path={path} value={value} kind={kind} settings={settings} />;
  return (
    <Panel id="gate.calibration" title="Gate calibration"
      question="On the eval set, where should the gate's top-1 score threshold sit? Each eval_case is matched to the latest retrieval with exactly its query; top-1 = scores[0], else its gate's dense_score; an empty result scores 0."
      actions={<button type="button" className="button primary" onClick={download}>Download gate config (YAML)</button>}>
      {(view.category !== null || notApplied) && (
        <p className="text-soft gate-note" data-testid="gate.calibration.scope">
          {view.category !== null && <>Eval cases of the category <LogText text={view.category} /> only. </>}
          {notApplied && `Eval cases have no surface or system: the ${notApplied} filter does not apply here.`}
        </p>
      )}
      <div className="metric-row">
        <MetricValue path="gate.calibration.cases" value={report.cases} kind="count" settings={settings} />
        <MetricValue path="gate.calibration.f1_threshold" value={report.f1_threshold} kind="score" settings={settings} />
        <MetricValue path="gate.calibration.recommended_threshold" value={report.recommended_threshold} kind="score" settings={settings} />
      </div>
      <p className="text-soft gate-note">
        False-reject rate = cases that should answer with top-1 &lt; t / cases that should answer ({calibration.overall.should_answer});
        false-answer rate = cases that should refuse with top-1 ≥ t / cases that should refuse ({calibration.overall.should_refuse}).
        F1 with answer as the positive class; ties go to the higher t; recommended = F1-optimal + 0.05 (conservative).
      </p>
      <div className="gate-two-columns">
        <table className="data" aria-label="Calibration per category">
          <thead>
            <tr><th>category</th><th className="num">cases</th><th className="num">F1-optimal</th><th className="num">recommended</th><th /></tr>
          </thead>
          <tbody>
            {Object.entries(report.by_category).map(([category, row]) => (
              <tr key={category} aria-selected={selected === category}>
                <td><LogText text={category} /></td>
                <td className="num">{m(`gate.calibration.by_category.${category}.cases`, row.cases, 'count')}</td>
                <td className="num">{m(`gate.calibration.by_category.${category}.f1_threshold`, row.f1_threshold, 'score')}</td>
                <td className="num">{m(`gate.calibration.by_category.${category}.recommended_threshold`, row.recommended_threshold, 'score')}</td>
                <td>
                  <button type="button" className="link-button" aria-pressed={selected === category} onClick={() => navigate(gateUrl.changed({ calibration: selected === category ? null : category }))}>
                    {selected === category ? 'show overall' : 'show curve'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          <h3 className="subhead">Curves: {selected && calibration.byCategory[selected] ? selected : 'all categories'}</h3>
          <CalibrationChart calibration={shown} label={selected ?? ''} />
        </div>
      </div>
    </Panel>
  );
}
