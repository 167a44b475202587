import type { VoteSummary } from '../../model/annotation/vote-summary';
import { formatTimestamp } from '../../lib/format';

/** Month-day hour:minute, UTC: enough to tell labels apart on a line; the tooltip has the full time. */
const shortTime = (ts: number | null) => (ts === null ? 'no time' : formatTimestamp(ts).slice(5, 16));

/**
 * Who labeled an item, with what and when, on one compact line ("li: 3 · zhou: 1 · adjudicated:
 * 2 by lead"); a badge when annotators disagree and when an adjudication settled it. Every
 * label, with its source, is in the tooltip.
 */
export function VoteLine({ summary, label }: { summary: VoteSummary | null; label: string }) {
  if (!summary) return null;
  const { votes, adjudication, disagreement, history } = summary;
  return (
    <span className="vote-line" title={history} aria-label={`Labels of ${label}`} data-testid="labels.votes">
      {votes.map((vote, index) => (
        <span key={index} className={`vote${vote.mine ? ' mine' : ''}`}>
          {vote.who}: <strong>{vote.value}</strong> <time className="vote-time">{shortTime(vote.ts)}</time>
        </span>
      ))}
      {adjudication && (
        <span className="vote adjudication">
          adjudicated: <strong>{adjudication.value}</strong> by {adjudication.who} <time className="vote-time">{shortTime(adjudication.ts)}</time>
        </span>
      )}
      {disagreement && <span className={`vote-badge ${adjudication ? 'settled' : 'open'}`}>{adjudication ? 'disagreement settled' : 'disagree'}</span>}
      {adjudication && !disagreement && <span className="vote-badge settled">adjudicated</span>}
    </span>
  );
}
