import { Link } from '../../components/Link';
import type { VoteSummary } from '../../model/annotation/vote-summary';

/** Everybody else's latest values on the item, the adjudication, and a link to the disagreement. */
export function VoteLine({ votes, agreement }: { votes: VoteSummary; agreement: string }) {
  const others = votes.votes.filter((vote) => !vote.mine);
  if (others.length === 0 && !votes.adjudication) return null;
  return (
    <p className={`annotate-votes${votes.disagreement ? ' disagree' : ''}`} title={votes.history}>
      Others: {others.map((vote) => `${vote.who}: ${vote.value}`).join(' · ') || 'none'}
      {votes.adjudication && ` · adjudicated: ${votes.adjudication.value} by ${votes.adjudication.who}`}
      {votes.disagreement && <> · <Link href={agreement}>disagreement</Link></>}
    </p>
  );
}
