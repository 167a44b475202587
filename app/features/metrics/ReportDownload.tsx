import { downloadText } from '../../lib/download';
import type { MetricsReport } from '../../model/metrics/report';

/**
 * The report as `retrieval-inspector report --json` prints it for the same logs and settings
 * (labels given in this browser included): the same object, computed by the same code.
 */
export function ReportDownload({ report, filtered, disabled }: { report: MetricsReport; filtered: boolean; disabled: boolean }) {
  const save = () => downloadText('retrieval-inspector-report.json', `${JSON.stringify(report, null, 2)}\n`, 'application/json');
  return (
    <div className="report-download">
      <button type="button" className="button subtle" onClick={save} disabled={disabled} data-testid="metrics.download-report">
        ↓ Report (JSON)
      </button>
      {filtered && <span className="text-soft"> filtered as above</span>}
    </div>
  );
}
