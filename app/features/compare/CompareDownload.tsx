import { downloadText } from '../../lib/download';
import type { CompareReport } from '../../model/compare/types';

/** The comparison as `retrieval-inspector report --a … --b … --json` prints its `compare` key, for the same logs and settings. */
export function CompareDownload({ report, disabled }: { report: CompareReport; disabled: boolean }) {
  const save = () => downloadText('retrieval-inspector-compare.json', `${JSON.stringify(report, null, 2)}\n`, 'application/json');
  return (
    <button type="button" className="button subtle" onClick={save} disabled={disabled} data-testid="compare.download">
      ↓ Comparison (JSON)
    </button>
  );
}
