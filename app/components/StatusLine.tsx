import { formatCount, pluralize } from '../lib/format';
import { useDataset, useKeeping, type Dataset } from '../session/dataset';
import { useLabeling } from '../session/labeling';
import { givenLabelsText } from '../model/annotation/labels-per-dataset';
import { unmappedSpansText } from '../model/session/unmapped-spans';
import { StartProgress } from './start-progress/StartProgress';

const loadedAtText = (ms: number | null) =>
  ms === null ? 'at an unknown time' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

function loadedText({ summary, origin }: Dataset): string {
  if (summary.files === 0) return 'No logs loaded';
  const counts = `${pluralize(summary.events, 'event')} from ${pluralize(summary.files, 'file')} (${formatCount(summary.rejected)} rejected)`;
  if (origin?.restored) {
    const names = origin.restored.names.length <= 2 ? ` (${origin.restored.names.join(', ')})` : '';
    return `Restored ${counts} kept in this browser${names} · loaded ${loadedAtText(origin.restored.loadedAt)}`;
  }
  return `Loaded ${counts}`;
}

/** Where the logs live, when that is not simply "kept in this browser". */
function storageText({ origin, summary }: Dataset): string | null {
  if (!origin) return null;
  if (origin.storageNote) return origin.storageNote;
  if (origin.storage.mode === 'copy') return 'A copy of the logs another tab keeps; files you load here are not kept (labels you give are).';
  if (origin.storage.mode === 'memory' && summary.files > 0) return 'Held in this tab only; a reload will not reopen them.';
  return null;
}

export function StatusLine() {
  const dataset = useDataset();
  const keeping = useKeeping();
  const { phase, summary, notice, start } = dataset;
  const storage = storageText(dataset);
  const { given } = useLabeling();
  const waitingLabels = phase === 'ready' && summary.files === 0 && given.length > 0;
  const unmappedSpans = unmappedSpansText(summary.unmappedSpans);
  // Labels given here are never counted as loaded events: they are reported apart.
  const labelsHere = phase === 'ready' && summary.files > 0 ? givenLabelsText(summary.given_here + summary.labelsInLoadedFiles, summary.labelsOtherLogs, summary.labelsInLoadedFiles) : null;
  return (
    <div className="status-line">
      <span role="status" data-testid="status-line" title={dataset.origin?.restored ? `Kept files: ${dataset.origin.restored.names.join(', ')}` : undefined}>
        {start && phase === 'starting' ? <StartProgress start={start} />
          : phase === 'clearing' ? 'Removing the logs from this tab and from the browser’s storage…'
          : phase === 'loading' ? 'Loading…'
          : phase === 'failed' ? 'The database engine is not running'
          : loadedText(dataset)}
      </span>
      {phase === 'ready' && summary.warnings > 0 && <span className="text-warn"> · {pluralize(summary.warnings, 'reference warning')}</span>}
      {phase === 'ready' && unmappedSpans && (
        <span data-testid="status.unmapped-spans" title="OpenTelemetry spans no event type covers (LLM calls, tools, chains): kept and shown on their session's timeline">
          {' '}· {unmappedSpans}
        </span>
      )}
      {keeping !== null && phase === 'ready' && (
        <span className="storage-note" data-testid="status.keeping" title="Every screen answers meanwhile; a reload before it ends reopens what was kept before">
          keeping in this browser… {Math.floor(keeping * 100)}%
        </span>
      )}
      {storage && phase === 'ready' && <span className="storage-note" data-storage={dataset.origin?.storage.mode}>{storage}</span>}
      {labelsHere && <span className="storage-note" data-testid="status.given-labels">{labelsHere}</span>}
      {waitingLabels && (
        <span className="storage-note" data-testid="status.waiting-labels">
          {pluralize(given.length, 'label')} you gave {given.length === 1 ? 'is kept in this browser and applies' : 'are kept in this browser and apply'} when logs are loaded.
        </span>
      )}
      {notice && <span className={notice.tone === 'error' ? 'notice error' : 'notice'} role={notice.tone === 'error' ? 'alert' : undefined}>{notice.text}</span>}
    </div>
  );
}
