import { useState } from 'react';
import { AnnotatorGate } from '../../components/AnnotatorGate';
import { UnsavedLabels } from '../../components/UnsavedLabels';
import { useLabeling } from '../../queries/labeling';
import { useSessionLabels } from './session-labels-context';

/**
 * Above the timeline: who labels here, or a way to name oneself (labels carry a name); and the
 * error of the last label that could not be saved.
 */
export function LabelingBar() {
  const { annotator } = useLabeling();
  const { error } = useSessionLabels();
  const [naming, setNaming] = useState(false);
  return (
    <div className="labeling-bar" data-testid="labels.bar">
      {annotator ? (
        <span className="text-soft">Labeling as <strong>{annotator}</strong>: grade results 0–3, set roles and intents; each label is saved in this browser.</span>
      ) : naming ? (
        <AnnotatorGate what="label in this session">{null}</AnnotatorGate>
      ) : (
        <span className="text-soft">
          <button type="button" className="label-link" onClick={() => setNaming(true)}>Name yourself to label</button> — grade results, mark missed assets, set roles and intents.
        </span>
      )}
      {error && <span className="text-bad" role="alert">{error}</span>}
      <UnsavedLabels />
    </div>
  );
}
