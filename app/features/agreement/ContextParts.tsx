import type { AgreementItemContext } from '../../engine/sql/annotation/agreement-item';
import type { RankedAssetRow } from '../../engine/sql/annotation/queue-item-context';

const SHOWN_RANKS = 10;

/** The judged asset of a relevance item, from the catalog, and where the retrieval returned it. */
export function AssetText({ context }: { context: AgreementItemContext }) {
  if (context.item.kind !== 'relevance') return null;
  const assetId = context.item.asset_id;
  const { asset } = context;
  const ranks = context.ranked.filter((row) => row.asset_id === assetId).map((row) => row.rank);
  return (
    <div className="agreement-block agreement-asset" data-testid="agreement.asset">
      <h3 className="subhead">Judged asset</h3>
      <p className="agreement-asset-head">
        <strong>{asset?.title ?? <span className="mono">{assetId}</span>}</strong>
        {asset?.title && <span className="mono text-soft">{assetId}</span>}
        {asset?.kind && <span className="badge">{asset.kind}</span>}
        {context.retrieval && (
          <span className="text-soft">{ranks.length > 0 ? `returned at rank ${ranks.join(', ')} of ${context.ranked.length}` : 'not returned by this retrieval (labeled as missed)'}</span>
        )}
      </p>
      {asset?.text ? <p className="agreement-asset-text">{asset.text}</p> : <p className="text-soft">{asset ? 'The catalog has no text for it.' : 'The asset catalog does not list this asset.'}</p>}
    </div>
  );
}

/** The retrieval's ranked list with the catalog's titles; the judged asset marked. */
export function RankedTitles({ ranked, judged }: { ranked: readonly RankedAssetRow[]; judged: string | null }) {
  const rows = ranked.slice(0, SHOWN_RANKS);
  return (
    <div className="agreement-block">
      <h3 className="subhead">Returned{ranked.length > SHOWN_RANKS ? ` (first ${SHOWN_RANKS} of ${ranked.length})` : ''}</h3>
      {ranked.length === 0 ? <p className="text-soft">The retrieval returned nothing.</p> : (
        <ol className="agreement-ranked">
          {rows.map((row) => (
            <li key={row.rank} className={row.asset_id === judged ? 'judged' : undefined}>
              <span className="agreement-rank">{row.rank}</span>
              <span className="agreement-ranked-title">{row.title ?? <span className="mono">{row.asset_id}</span>}</span>
              {row.score !== null && <span className="text-soft">{row.score.toFixed(3)}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** An answer under review: the user's question, the answer, what was retrieved for it, and the gate's decision. */
export function AnswerContext({ context }: { context: AgreementItemContext }) {
  const review = context.review;
  if (!review) return <p className="text-soft">No response with this event id is loaded.</p>;
  return (
    <section className="agreement-context" aria-label="Context">
      <div className="agreement-block">
        <h3 className="subhead">Question</h3>
        {review.question ? <blockquote className="agreement-quote">{review.question}</blockquote> : <p className="text-soft">No prompt of the same turn or request was logged.</p>}
      </div>
      <div className="agreement-block">
        <h3 className="subhead">Answer</h3>
        <p className="agreement-answer">{review.response.text ?? <span className="text-soft">The response has no text.</span>}</p>
        {review.gate && <p className="text-soft agreement-facts">gate: {review.gate.decision}{review.gate.reason ? ` (${review.gate.reason})` : ''}</p>}
      </div>
      <div className="agreement-block">
        <h3 className="subhead">Retrieved context</h3>
        {review.retrievals.length === 0 ? <p className="text-soft">No retrieval of this request was logged.</p> : review.retrievals.map((retrieval) => (
          <div key={retrieval.retrieval_id} className="agreement-retrieval">
            <p className="agreement-facts">“{retrieval.query ?? '—'}” <span className="text-soft">· {retrieval.assets.length} returned</span></p>
            <ol className="agreement-ranked">
              {retrieval.assets.slice(0, SHOWN_RANKS).map((asset) => (
                <li key={`${asset.rank}:${asset.asset_id}`} className={asset.cited ? 'judged' : undefined} title={asset.text ?? undefined}>
                  <span className="agreement-rank">{asset.rank}</span>
                  <span className="agreement-ranked-title">{asset.title ?? <span className="mono">{asset.asset_id}</span>}</span>
                  {asset.cited && <span className="badge soft">cited</span>}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </section>
  );
}
