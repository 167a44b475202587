const VERDICT_CLASS: Record<string, string> = { correct: 'verdict-correct', wrong: 'verdict-wrong', partial: 'verdict-partial', unsupported: 'verdict-unsupported' };

/** A verdict as a colored badge: correct green, wrong red, partial and unsupported amber. */
export function VerdictBadge({ verdict }: { verdict: string }) {
  return <span className={`badge verdict-badge ${VERDICT_CLASS[verdict] ?? ''}`}>{verdict}</span>;
}
