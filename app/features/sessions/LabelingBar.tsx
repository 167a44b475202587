import { useState } from 'react';
import { AnnotatorGate } from '../../components/AnnotatorGate';
import { LabelingShortcuts } from '../../components/labeling-keys/LabelingShortcuts';
import { useLabelingKeys } from '../../components/labeling-keys/use-labeling-keys';
import { ReplacedLabels } from '../../components/ReplacedLabels';
import { UnsavedLabels } from '../../components/UnsavedLabels';
import { useLabeling } from '../../session/labeling';
import { useSessionLabels } from './session-labels-context';
import { useShortcutsHelp } from '../../components/labeling-keys/use-shortcuts-help';

const NO_VALUE_KEYS: ReadonlySet<string> = new Set();

/**
 * Above the timeline: who labels here, or a way to name oneself (labels carry a name); undo of
 * the last label given in this view (z, the key of every labeling screen); the error of the last
 * label that could not be saved.
 */
export function LabelingBar() {
  const { annotator } = useLabeling();
  const { error, undo, undoable } = useSessionLabels();
  const [naming, setNaming] = useState(false);
  const shortcutsHelp = useShortcutsHelp();
  useLabelingKeys(NO_VALUE_KEYS, {
    undo: () => void undo(),
    ...shortcutsHelp.keys,
  });
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
      {undoable > 0 && (
        <button type="button" className="label-link" onClick={() => void undo()} title="Take back the last label given in this session view (z)">
          Undo <kbd>z</kbd>
        </button>
      )}
      <button type="button" className="label-link" onClick={() => shortcutsHelp.show()} title="Keyboard shortcuts (?)"><kbd>?</kbd></button>
      {error && <span className="text-bad" role="alert">{error}</span>}
      <UnsavedLabels />
      <ReplacedLabels />
      {shortcutsHelp.open && <LabelingShortcuts kind={null} screen="session" onClose={() => shortcutsHelp.close()} />}
    </div>
  );
}
