import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryErrorReason } from '../../components/QueryState';
import { downloadText } from '../../lib/download';
import type { ScreenReport } from '../../model/metrics/report';
import { withAnnotationSections } from '../../model/metrics/shape-report';
import { annotationSectionsOptions } from '../../queries/metrics';
import { useDataset } from '../../session/dataset';

type Saving = { state: 'idle' } | { state: 'preparing' } | { state: 'failed'; reason: string };

/**
 * The report as `retrieval-inspector report --json` prints it for the same logs and settings
 * (labels given in this browser included): the same object, computed by the same code. The
 * screen draws neither its agreement nor its review section, so they are read only when the
 * pointer or the focus reaches the button, or on the click (at 1M events about a second, much of
 * it on the page's thread, which would otherwise follow every load and label).
 */
export function ReportDownload({ report, filtered, disabled }: { report: ScreenReport; filtered: boolean; disabled: boolean }) {
  const queryClient = useQueryClient();
  const options = annotationSectionsOptions(useDataset());
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const readAhead = () => void queryClient.ensureQueryData(options).catch(() => undefined);
  const save = async () => {
    setSaving({ state: 'preparing' });
    try {
      const sections = await queryClient.ensureQueryData(options);
      downloadText('retrieval-inspector-report.json', `${JSON.stringify(withAnnotationSections(report, sections), null, 2)}\n`, 'application/json');
      setSaving({ state: 'idle' });
    } catch (error) {
      setSaving({ state: 'failed', reason: queryErrorReason(error) });
    }
  };
  return (
    <div className="report-download">
      <button type="button" className="button subtle" onPointerEnter={readAhead} onFocus={readAhead} onClick={() => void save()}
        disabled={disabled || saving.state === 'preparing'} data-testid="metrics.download-report">
        ↓ Report (JSON)
      </button>
      {saving.state === 'preparing' && <span className="text-soft" data-testid="metrics.download-preparing" title="The agreement and review sections, which the screen does not show">preparing…</span>}
      {saving.state === 'failed' && <span className="query-error" role="alert"> Could not compute the report's agreement and review sections: {saving.reason}</span>}
      {filtered && <span className="text-soft"> filtered as above</span>}
    </div>
  );
}
