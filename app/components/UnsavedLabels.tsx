import { downloadText } from '../lib/download';
import { pluralize } from '../lib/format';
import { useLabeling } from '../session/labeling';

/**
 * Shown where labels are given when the browser refused to store some (its storage is full):
 * what happened in plain words, that nothing saved before is lost, and a download of every label
 * given here, so closing the tab loses nothing either.
 */
export function UnsavedLabels() {
  const { unsaved, saveProblem, retrySaving, givenHereJsonl } = useLabeling();
  if (unsaved.length === 0) return null;
  const them = unsaved.length === 1 ? 'it' : 'them';
  return (
    <div className="query-error unsaved-labels" role="alert" data-testid="labels.unsaved">
      <p>
        <strong>{pluralize(unsaved.length, 'label')} not saved yet.</strong> {saveProblem} The labels saved before are safe.
        {' '}This page keeps the unsaved {unsaved.length === 1 ? 'label' : 'labels'} and tries to save {them} again every few seconds;
        {' '}download your labels now so that closing the tab cannot lose {them}, or free some space (other sites' data) and try again.
      </p>
      <button type="button" className="button" onClick={() => downloadText('labels-given-here.jsonl', givenHereJsonl())}>Download the labels given here ↓</button>
      {' '}
      <button type="button" className="button subtle" onClick={() => void retrySaving()}>Try saving again</button>
    </div>
  );
}
