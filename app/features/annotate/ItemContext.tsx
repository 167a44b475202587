import type { QueueGateRow, QueueItemContext } from '../../engine/sql/annotation/queue-item-context';
import { formatTimestamp, pluralize } from '../../lib/format';

const score = (value: number | null, digits = 3) => (value === null ? '—' : value.toFixed(digits));

/**
 * What an annotator reads before judging: the turn before (the user's prompt and the reply), the
 * prompt, the query the retriever got, and the gate's decision with the scores it decided on.
 */
export function ItemContext({ item }: { item: QueueItemContext }) {
  const { turn, retrieval } = item;
  return (
    <section className="annotate-context" aria-label="Context">
      {turn?.previous_prompt != null && (
        <div className="annotate-previous">
          <h3 className="subhead">The turn before</h3>
          <p><span className="event-type type-prompt">user</span> {turn.previous_prompt}</p>
          {turn.previous_response && <p><span className="event-type type-response">reply</span> {turn.previous_response}</p>}
        </div>
      )}
      <div>
        <h3 className="subhead">Prompt</h3>
        {turn ? (
          <>
            <blockquote className="annotate-prompt">{turn.text ?? <span className="text-soft">(no text)</span>}</blockquote>
            <p className="annotate-facts text-soft">
              {[turn.category && `category ${turn.category}`, turn.surface && `on ${turn.surface}`, turn.route && `routed to ${turn.route}${turn.tool ? ` (${turn.tool})` : ''}`,
                formatTimestamp(turn.ts)].filter(Boolean).join(' · ')}
            </p>
          </>
        ) : <p className="text-soft">No prompt shares this retrieval's turn{retrieval?.turn_id ? '' : ' (it has no turn id)'}.</p>}
      </div>
      {retrieval && (
        <div>
          <h3 className="subhead">Query</h3>
          <p className="annotate-query">{retrieval.query ?? <span className="text-soft">(no query)</span>}</p>
          <p className="annotate-facts text-soft">
            {[`logged role ${retrieval.role ?? 'none'}`, retrieval.retriever, pluralize(retrieval.result_count, 'result'),
              retrieval.dense_score !== null && `dense ${score(retrieval.dense_score)}`, retrieval.sparse_score !== null && `sparse ${score(retrieval.sparse_score)}`,
              formatTimestamp(retrieval.ts)].filter(Boolean).join(' · ')}
          </p>
        </div>
      )}
      <GateEvents gates={item.gates} />
    </section>
  );
}

function GateEvents({ gates }: { gates: readonly QueueGateRow[] }) {
  if (gates.length === 0) return <p className="text-soft annotate-facts">No gate event for this request or turn.</p>;
  return (
    <div>
      <h3 className="subhead">Gate</h3>
      <table className="data annotate-gates" aria-label="Gate decisions">
        <thead><tr><th>decision</th><th className="num">dense_score</th><th className="num">sparse_score</th><th className="num">top_gap</th><th className="num">doc_count</th><th>reason</th></tr></thead>
        <tbody>
          {gates.map((gate) => (
            <tr key={gate.event_id}>
              <td><span className={`badge decision-${gate.decision}`}>{gate.decision ?? '—'}</span></td>
              <td className="num">{score(gate.dense_score)}</td>
              <td className="num">{score(gate.sparse_score)}</td>
              <td className="num">{score(gate.top_gap)}</td>
              <td className="num">{gate.doc_count ?? '—'}</td>
              <td>{gate.reason ?? '—'}{gate.category && <span className="text-soft"> · {gate.category}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
