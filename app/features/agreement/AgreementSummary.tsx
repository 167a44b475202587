import { MetricValue } from '../../components/metric/MetricValue';
import type { KindAgreement } from '../../model/annotation/agreement';
import { DEFAULT_METRIC_SETTINGS } from '../../model/metrics/settings';
import type { LabelKind } from '../../schema/given-label';
import { fleissNullReason, KappaValue } from './KappaValue';

const COUNTS = [
  ['items', 'Items'],
  ['annotators', 'Annotators'],
  ['multi', 'Multi-annotated'],
  ['disagreements', 'Disagreements'],
  ['unresolved', 'Unresolved'],
] as const;

/** The kind's agreement numbers as the report gives them (docs/metrics.md), each with its definition on hover. */
export function AgreementSummary({ kind, agreement }: { kind: LabelKind; agreement: KindAgreement }) {
  return (
    <div className="metric-row agreement-summary" data-testid="agreement.summary">
      {COUNTS.map(([key, label]) => (
        <MetricValue key={key} path={`agreement.${kind}.${key}`} value={agreement[key]} kind="count" settings={DEFAULT_METRIC_SETTINGS} label={label} />
      ))}
      <div className="metric-card">
        <div className="metric-number">
          <KappaValue path={`agreement.${kind}.fleiss_kappa`} value={agreement.fleiss_kappa} nullReason={fleissNullReason(agreement.annotators, agreement.multi)} />
        </div>
        <div className="metric-label">Fleiss&apos; κ{agreement.annotators < 3 && ' (3+ annotators)'}</div>
      </div>
    </div>
  );
}
