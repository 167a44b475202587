import { useState } from 'react';
import { formatCount } from '../lib/format';
import { useDataset } from '../session/dataset';
import { useLabeling } from '../session/labeling';
import { AnnotatorNameForm } from './AnnotatorGate';

/** Who labels in this browser, in the header: the name, how many labels were given here, and a way to change it. */
export function AnnotatorChip() {
  const { annotator, given } = useLabeling();
  const { summary } = useDataset();
  // With logs loaded, the labels given on them; those of other logs apart (they are kept, not applied).
  const here = summary.files > 0 ? summary.given_here : given.length;
  const elsewhere = summary.files > 0 ? summary.labelsOtherLogs : 0;
  const [editing, setEditing] = useState(false);
  if (!annotator && !editing) return null;
  return (
    <div className="annotator-chip" data-testid="annotator.chip">
      <button type="button" className="button subtle" onClick={() => setEditing(!editing)} title="Change the name labels are given under">
        ✎ {annotator ?? 'unnamed'}
      </button>
      {given.length > 0 && (
        <span className="text-soft" title={elsewhere > 0 ? `${formatCount(elsewhere)} more given on other logs, kept in this browser` : undefined}>
          {' '}· {formatCount(here)} given here{elsewhere > 0 && ` (${formatCount(elsewhere)} on other logs)`}
        </span>
      )}
      {editing && (
        <div className="annotator-popover">
          <AnnotatorNameForm onDone={() => setEditing(false)} />
        </div>
      )}
    </div>
  );
}
