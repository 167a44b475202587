import { itemKeys, useSessionLabels } from './session-labels-context';
import { VoteLine } from './VoteLine';

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
      {resolved && <span className="text-soft">({resolved.resolved_by === 'adjudicated' ? 'adjudicated' : 'majority of reviewers'})</span>}
      <VoteLine summary={summary} label={`the review of ${responseId}`} />
    </div>
  );
}
