import type { ContextAsset, ReviewItem } from '../../model/annotation/review-item';

function AssetEntry({ asset }: { asset: ContextAsset }) {
  return (
    <li className={asset.cited ? 'review-asset cited' : 'review-asset'} data-asset={asset.asset_id}>
      <div className="review-asset-head">
        {asset.rank !== null && <span className="review-asset-rank">{asset.rank}</span>}
        {asset.title ? <strong>{asset.title}</strong> : <strong className="mono" title="The asset catalog does not list this asset">{asset.asset_id}</strong>}
        {asset.title && <span className="mono text-soft">{asset.asset_id}</span>}
        {asset.score !== null && <span className="text-soft">score {asset.score.toFixed(3)}</span>}
        {asset.cited && <span className="badge soft">cited</span>}
      </div>
      {asset.text && (
        <details className="review-asset-text">
          <summary>{asset.text}</summary>
          <p>{asset.text}</p>
        </details>
      )}
    </li>
  );
}

/** The retrievals of the answer's request, each ranked list as returned, with the catalog's title and text and the cited assets marked. */
export function RetrievedContext({ item }: { item: ReviewItem }) {
  const cited = item.citedReturned + item.citedNotReturned.length;
  return (
    <section className="review-block" aria-label="Retrieved context">
      <h3>Retrieved context</h3>
      <p className="text-soft">
        {item.retrievals.length === 0 ? 'No retrieval of this request was logged.' : `${item.retrievals.length} retrieval${item.retrievals.length === 1 ? '' : 's'} of this request.`}{' '}
        {cited === 0 ? 'The answer cites no asset.' : `The answer cites ${cited} asset${cited === 1 ? '' : 's'}: ${item.citedReturned} retrieved, ${item.citedNotReturned.length} not retrieved.`}
      </p>
      {item.retrievals.map((retrieval) => (
        <div key={retrieval.retrieval_id} className="review-retrieval" data-retrieval={retrieval.retrieval_id}>
          <div className="review-retrieval-head">
            <span className="mono">{retrieval.retrieval_id}</span>
            {retrieval.role && <span className="badge">{retrieval.role}</span>}
            {retrieval.gatedOn && <span className="badge soft" title="The gate decided on this retrieval's scores">gate</span>}
            {retrieval.query && <span className="review-query">“{retrieval.query}”</span>}
          </div>
          {retrieval.assets.length === 0 ? <p className="text-soft">Returned nothing.</p> : (
            <ol className="review-assets">{retrieval.assets.map((asset) => <AssetEntry key={`${asset.rank}:${asset.asset_id}`} asset={asset} />)}</ol>
          )}
        </div>
      ))}
      {item.citedNotReturned.length > 0 && (
        <div className="review-retrieval">
          <div className="review-retrieval-head"><strong className="text-warn">Cited, but no retrieval of this request returned it</strong></div>
          <ul className="review-assets">{item.citedNotReturned.map((asset) => <AssetEntry key={asset.asset_id} asset={asset} />)}</ul>
        </div>
      )}
    </section>
  );
}
