import { formatTimestamp } from '../../lib/format';
import type { ItemLabelRow } from '../../model/annotation/item-labels';
import { shownValue } from '../../model/annotation/vote-summary';
import type { QueueKind } from '../../model/annotation/queue';
import { useLabeling } from '../../session/labeling';

/** Every label of the queue's kind on the item, newest first: who gave it, when, where from, its note; one given here can be taken back. */
export function ItemLabels({ kind, labels, onProblem }: { kind: QueueKind; labels: readonly ItemLabelRow[]; onProblem(text: string): void }) {
  const labeling = useLabeling();
  const shown = labels.filter((label) => label.kind === kind).reverse();
  const givenHere = new Set(labeling.given.map((label) => label.event_id));
  const takeBack = (eventId: string) => labeling.retract(eventId).catch((error: Error) => onProblem(`Could not take the label back: ${error.message}`));
  return (
    <section className="panel annotate-labels" aria-label="Labels on this item" data-testid="annotate.labels">
      <h3>Labels on this item ({shown.length})</h3>
      {shown.length === 0 ? <p className="text-soft">None yet.</p> : (
        <table className="data">
          <thead><tr><th>who</th>{kind === 'relevance' && <th>asset</th>}<th>value</th><th>when</th><th>from</th><th /></tr></thead>
          <tbody>
            {shown.map((label) => (
              <tr key={label.event_id} data-event={label.event_id}>
                <td>{label.annotator ?? <span className="text-soft">unnamed</span>}{label.adjudicated && <span className="badge soft"> adjudicated</span>}</td>
                {kind === 'relevance' && <td className="mono">{label.asset_id}</td>}
                <td>{shownValue(label)}{label.note && <div className="text-soft annotate-note-text">“{label.note}”</div>}</td>
                <td className="text-soft">{label.ts === null ? 'no time' : formatTimestamp(label.ts)}</td>
                <td className="text-soft">{label.given_here ? 'given here' : label.file ?? 'a file'}</td>
                <td>{givenHere.has(label.event_id) && (
                  <button type="button" className="link-button" onClick={() => void takeBack(label.event_id)} aria-label={`Take back ${shownValue(label)}${label.asset_id ? ` on ${label.asset_id}` : ''}`}>take back</button>
                )}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
