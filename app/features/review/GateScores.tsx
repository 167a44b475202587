import type { GateDecision } from '../../model/annotation/review-item';

const score = (value: number | null, digits = 3) => (value === null ? '—' : value.toFixed(digits));

/**
 * The gate's decision on the request and the signals it decided on (docs/log-format.md, `gate`).
 * `undefined` while the answer loads: the panel keeps its place, so the verdict form below it does not jump.
 */
export function GateScores({ gate }: { gate: GateDecision | null | undefined }) {
  return (
    <section className="panel review-gate" aria-label="Gate decision" data-testid="review.gate">
      <h3>Gate decision</h3>
      {gate === undefined && <p className="text-soft">Loading…</p>}
      {gate === null && <p className="text-soft">No gate event shares this response's request.</p>}
      {gate && (
        <>
          <p className="review-gate-decision">
            <span className={`badge decision-${gate.decision}`}>{gate.decision}</span>
            {gate.reason && <span> · {gate.reason}</span>}
            {gate.category && <span className="text-soft"> · {gate.category}</span>}
          </p>
          <dl className="review-gate-scores">
            <dt>dense_score</dt><dd>{score(gate.dense_score)}</dd>
            <dt>sparse_score</dt><dd>{score(gate.sparse_score)}</dd>
            <dt>top_gap</dt><dd>{score(gate.top_gap)}</dd>
            <dt>doc_count</dt><dd>{gate.doc_count ?? '—'}</dd>
          </dl>
          {gate.retrieval_id && <p className="text-soft review-gate-on">on retrieval <span className="mono">{gate.retrieval_id}</span></p>}
        </>
      )}
    </section>
  );
}
