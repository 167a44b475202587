import { formatBytes, formatCount } from '../../lib/format';
import type { LoadProgress } from '../../session/browser-loader';

export function LoadProgressPanel({ progress, onCancel }: { progress: LoadProgress | null; onCancel: () => void }) {
  const file = progress?.file;
  const fraction = file?.totalBytes ? Math.min(1, file.bytesRead / file.totalBytes) : undefined;
  const eventsPerSecond = file && file.elapsedMs > 0 ? (file.events / file.elapsedMs) * 1000 : 0;
  return (
    <div className="load-progress" aria-live="polite">
      <progress aria-label="Load progress" value={fraction} max={1} />
      <span className="load-progress-text">
        {file ? (
          <>
            <strong>{file.fileName}</strong> ({progress.fileIndex + 1}/{progress.fileCount}) · {formatBytes(file.bytesRead)}
            {file.totalBytes ? ` of ${formatBytes(file.totalBytes)}` : ''} · {formatCount(Math.round(eventsPerSecond))} events/s ·{' '}
            <span className={file.rejected ? 'text-bad' : undefined}>{formatCount(file.rejected)} rejected</span>
          </>
        ) : (
          'Starting…'
        )}
      </span>
      <button type="button" className="button subtle" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
