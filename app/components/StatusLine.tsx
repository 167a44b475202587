import { formatCount, pluralize } from '../lib/format';
import { useDataset } from '../queries/dataset';

export function StatusLine() {
  const { phase, summary, notice } = useDataset();
  let text: string;
  if (phase === 'starting') text = 'Starting the database engine…';
  else if (phase === 'loading') text = 'Loading…';
  else if (summary.files === 0) text = 'No logs loaded';
  else text = `Loaded ${formatCount(summary.events)} events from ${pluralize(summary.files, 'file')} (${formatCount(summary.rejected)} rejected)`;
  return (
    <div className="status-line">
      <span role="status">{text}</span>
      {phase === 'ready' && summary.warnings > 0 && <span className="text-warn"> · {pluralize(summary.warnings, 'reference warning')}</span>}
      {notice && <span className={notice.tone === 'error' ? 'notice error' : 'notice'} role={notice.tone === 'error' ? 'alert' : undefined}>{notice.text}</span>}
    </div>
  );
}
