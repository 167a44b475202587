import { Link } from '../../components/Link';
import { formatTimestamp } from '../../lib/format';
import { agreementUrl } from '../../links/agreement';
import { itemVotes, type ItemLabelRow } from '../../model/annotation/item-labels';
import { VerdictBadge } from './VerdictBadge';

/**
 * Every verdict on the answer, newest first: who gave it, when, where it came from and its note;
 * the resolved verdict (what the weekly numbers count) and whether annotators disagree.
 */
export function ItemVerdicts({ labels, resolved, responseId }: { labels: ItemLabelRow[]; resolved: string | null; responseId: string }) {
  const votes = itemVotes(labels.filter((label) => label.kind === 'answer_review'));
  const counted = new Set([...votes.byAnnotator, ...(votes.adjudication ? [votes.adjudication] : [])].map((label) => label.event_id));
  return (
    <section className="panel review-verdicts" aria-label="Verdicts so far" data-testid="review.verdicts">
      <h3>Verdicts so far</h3>
      <p className="review-resolved">
        Resolved: {resolved ? <VerdictBadge verdict={resolved} /> : <span className="text-soft">{votes.labels.length ? 'see below' : 'not reviewed yet'}</span>}
        {votes.adjudication && <span className="badge soft" title="An adjudicated verdict settles the answer">adjudicated</span>}
      </p>
      {votes.disagreement && (
        <p className="review-disagreement" role="note">
          Annotators disagree: {votes.byAnnotator.map((label) => `${label.annotator} ${label.verdict}`).join(', ')}.{' '}
          <Link href={agreementUrl.href({ kind: 'answer_review', item: responseId })}>Open in Agreement</Link>
        </p>
      )}
      {votes.labels.length === 0 ? <p className="text-soft">No verdict yet.</p> : (
        <ul className="review-verdict-list">
          {[...votes.labels].reverse().map((label) => (
            <li key={label.event_id} className={counted.has(label.event_id) || label.annotator === null ? undefined : 'replaced'}>
              <div>
                <VerdictBadge verdict={label.verdict ?? '—'} />{' '}
                <strong>{label.annotator ?? 'no annotator'}</strong>
                {label.adjudicated && <span className="badge soft">adjudicated</span>}
                {!counted.has(label.event_id) && label.annotator !== null && <span className="text-soft"> (replaced by a later verdict)</span>}
              </div>
              <div className="text-soft review-verdict-when">
                {label.ts === null ? 'no time' : formatTimestamp(label.ts)} · {label.given_here ? 'given in this browser' : label.file ?? 'a file'}
              </div>
              {label.note && <div className="review-verdict-note">“{label.note}”</div>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
