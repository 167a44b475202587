import { useEffect, useState } from 'react';
import { useDataset } from '../../session/dataset';
import { openLogs } from './open-choice';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** The whole window accepts dropped log files; an overlay shows while files are dragged over it. */
export function DropZone() {
  const dataset = useDataset();
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth++;
      setDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      if (dataset.phase !== 'loading' && dataset.phase !== 'clearing' && dataset.phase !== 'failed') void openLogs(dataset, { kind: 'files', files: Array.from(event.dataTransfer?.files ?? []) });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [dataset]);
  if (!dragging) return null;
  return (
    <div className="drop-overlay" aria-hidden>
      <div>{dataset.summary.files > 0 ? 'Drop log files: you choose to add them to the loaded logs or to replace those' : 'Drop log files to load them'}</div>
    </div>
  );
}
