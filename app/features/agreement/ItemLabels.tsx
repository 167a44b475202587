import { formatTimestamp } from '../../lib/format';
import { labelValue, type ItemVotes } from '../../model/annotation/item-labels';
import type { LabelKind } from '../../schema/given-label';
import { shortValue, valueName } from './agreement-view';

/** Every label on the item, newest first: value, who, when, from where, the note; what no longer counts is dimmed. */
export function ItemLabels({ kind, votes }: { kind: LabelKind; votes: ItemVotes }) {
  const counted = new Set([...votes.byAnnotator, ...(votes.adjudication ? [votes.adjudication] : [])].map((label) => label.event_id));
  return (
    <section className="agreement-labels" aria-label="Labels on this item" data-testid="agreement.labels">
      <h3 className="subhead">Labels ({votes.labels.length})</h3>
      {votes.labels.length === 0 ? <p className="text-soft">No label judges this item.</p> : (
        <ul>
          {[...votes.labels].reverse().map((label) => {
            const value = labelValue(label);
            const replaced = !counted.has(label.event_id) && label.annotator !== null;
            return (
              <li key={label.event_id} className={replaced ? 'replaced' : undefined} data-annotator={label.annotator ?? ''}>
                <div>
                  <span className={`agreement-value${label.adjudicated ? ' adjudicated' : ''}`} title={value === null ? undefined : valueName(kind, value)}>
                    {value === null ? '—' : shortValue(kind, value)}
                  </span>{' '}
                  <strong>{label.annotator ?? 'no annotator'}</strong>
                  {label.adjudicated && <span className="badge soft">adjudicated</span>}
                  {label.annotator === null && !label.adjudicated && <span className="text-soft"> (no name: not an agreement vote)</span>}
                  {replaced && <span className="text-soft"> (replaced by a later label)</span>}
                </div>
                <div className="text-soft agreement-label-when">
                  {label.ts === null ? 'no time' : formatTimestamp(label.ts)} · {label.given_here ? 'given in this browser' : label.file ?? 'a file'}
                  {kind === 'intent' && label.intents && label.intents.length > 0 && <> · intents {label.intents.join(', ')}</>}
                </div>
                {label.note && <div className="agreement-label-note">“{label.note}”</div>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
