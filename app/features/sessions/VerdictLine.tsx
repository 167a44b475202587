import { itemKeys, useSessionLabels } from './session-labels-context';
import { VoteLine } from './VoteLine';

const resolvedBy = (how: 'adjudicated' | 'majority', reviewers: number) =>
  how === 'adjudicated' ? 'adjudicated' : reviewers <= 1 ? 'one reviewer' : `majority of ${reviewers} reviewers`;

/** The response's answer review: the resolved verdict (what the weekly review counts) and who gave which. */
export function VerdictLine({ responseId }: { responseId: string }) {
  const { verdict, votes } = useSessionLabels();
  const resolved = verdict(responseId);
  const summary = votes(itemKeys.review(responseId));
  if (!resolved && !summary) return null;
  return (
    <div className="label-row verdict-line">
      <span className="text-soft">answer review</span>
      {resolved && <strong className={`verdict verdict-${resolved.verdict}`}>{resolved.verdict}</strong>}
      {resolved && <span className="text-soft">({resolvedBy(resolved.resolved_by, summary?.votes.length ?? 0)})</span>}
      <VoteLine summary={summary} label={`the review of ${responseId}`} />
    </div>
  );
}
