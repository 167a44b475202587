import { useState } from 'react';
import { useLabeling } from '../queries/labeling';
import { AnnotatorNameForm } from './AnnotatorGate';

/** Who labels in this browser, in the header: the name, how many labels were given here, and a way to change it. */
export function AnnotatorChip() {
  const { annotator, given } = useLabeling();
  const [editing, setEditing] = useState(false);
  if (!annotator && !editing) return null;
  return (
    <div className="annotator-chip" data-testid="annotator.chip">
      <button type="button" className="button subtle" onClick={() => setEditing(!editing)} title="Change the name labels are given under">
        ✎ {annotator ?? 'unnamed'}
      </button>
      {given.length > 0 && <span className="text-soft"> · {given.length} given here</span>}
      {editing && (
        <div className="annotator-popover">
          <AnnotatorNameForm onDone={() => setEditing(false)} />
        </div>
      )}
    </div>
  );
}
