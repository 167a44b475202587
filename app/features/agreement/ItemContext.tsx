import type { AgreementItemContext } from '../../engine/sql/annotation/agreement-item';
import { formatTimestamp, pluralize } from '../../lib/format';
import { AnswerContext, AssetText, RankedTitles } from './ContextParts';

/** Enough of the item to decide on: what was asked and what came back (relevance, role), the prompt (intent), the question and answer (answer review). */
export function ItemContext({ context }: { context: AgreementItemContext }) {
  const { item, turn, retrieval } = context;
  if (item.kind === 'answer_review') return <AnswerContext context={context} />;
  const prompt = (
    <div className="agreement-block">
      <h3 className="subhead">{item.kind === 'intent' ? 'Prompt' : 'Prompt of the turn'}</h3>
      {turn ? (
        <>
          <blockquote className="agreement-quote">{turn.text ?? <span className="text-soft">(no text)</span>}</blockquote>
          <p className="text-soft agreement-facts">
            {[turn.category && `category ${turn.category}`, turn.surface && `on ${turn.surface}`, turn.route && `routed to ${turn.route}${turn.tool ? ` (${turn.tool})` : ''}`,
              formatTimestamp(turn.ts)].filter(Boolean).join(' · ')}
          </p>
        </>
      ) : <p className="text-soft">{item.kind === 'intent' ? `No prompt with turn id ${item.id} is loaded.` : 'No prompt shares this retrieval\'s turn.'}</p>}
    </div>
  );
  if (item.kind === 'intent') {
    return (
      <section className="agreement-context" aria-label="Context">
        {turn?.previous_prompt != null && (
          <div className="agreement-block">
            <h3 className="subhead">The turn before</h3>
            <p className="agreement-previous">{turn.previous_prompt}</p>
            {turn.previous_response && <p className="agreement-previous text-soft">↳ {turn.previous_response}</p>}
          </div>
        )}
        {prompt}
        <div className="agreement-block">
          <h3 className="subhead">What the agent did</h3>
          {context.turnRetrievals.length === 0 ? <p className="text-soft">No retrieval in this turn.</p> : (
            <ul className="agreement-plain-list">
              {context.turnRetrievals.map((row) => <li key={row.retrieval_id}>“{row.query ?? '—'}” <span className="text-soft">({row.role ?? 'no role'}, {pluralize(row.result_count, 'result')})</span></li>)}
            </ul>
          )}
        </div>
      </section>
    );
  }
  if (item.kind === 'relevance' && item.query !== undefined) {
    return (
      <section className="agreement-context" aria-label="Context">
        <div className="agreement-block">
          <h3 className="subhead">Query (labeled by query, for every retrieval with exactly this text)</h3>
          <blockquote className="agreement-quote">{item.query}</blockquote>
        </div>
        <AssetText context={context} />
        <div className="agreement-block">
          <h3 className="subhead">Retrievals with this query</h3>
          {context.queryRetrievals.length === 0 ? <p className="text-soft">No loaded retrieval ran this query.</p> : (
            <ul className="agreement-plain-list">
              {context.queryRetrievals.map((row) => (
                <li key={row.retrieval_id}><span className="mono">{row.retrieval_id}</span> <span className="text-soft">· {row.rank === null ? 'did not return the asset' : `returned it at rank ${row.rank}`} · {formatTimestamp(row.ts)}</span></li>
              ))}
            </ul>
          )}
        </div>
      </section>
    );
  }
  return (
    <section className="agreement-context" aria-label="Context">
      <div className="agreement-block">
        <h3 className="subhead">Query</h3>
        {retrieval ? (
          <>
            <blockquote className="agreement-quote">{retrieval.query ?? <span className="text-soft">(no query)</span>}</blockquote>
            <p className="text-soft agreement-facts">
              {[`logged role ${retrieval.role ?? 'none'}`, retrieval.retriever, pluralize(retrieval.result_count, 'result'), retrieval.surface && `on ${retrieval.surface}`, formatTimestamp(retrieval.ts)].filter(Boolean).join(' · ')}
            </p>
          </>
        ) : <p className="text-soft">No retrieval with this id is loaded.</p>}
      </div>
      {prompt}
      {item.kind === 'relevance' && <AssetText context={context} />}
      {retrieval && <RankedTitles ranked={context.ranked} judged={item.kind === 'relevance' ? item.asset_id : null} />}
    </section>
  );
}
