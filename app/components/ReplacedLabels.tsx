import { replacedLabelText } from '../model/annotation/labels-replaced-elsewhere';
import { useLabeling } from '../session/labeling';

/** Shown where labels are given when another tab replaced one given here: which label counts now. */
export function ReplacedLabels() {
  const { replacedElsewhere, dismissReplaced } = useLabeling();
  if (replacedElsewhere.length === 0) return null;
  return (
    <div className="replaced-labels" role="status" data-testid="labels.replaced">
      <ul>
        {replacedElsewhere.map((entry) => <li key={entry.mine.event_id}>{replacedLabelText(entry)}</li>)}
      </ul>
      <button type="button" className="button subtle" onClick={dismissReplaced}>OK</button>
    </div>
  );
}
