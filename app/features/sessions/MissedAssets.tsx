import type { NotReturnedRow } from '../../queries/session-labels';
import { GradeButtons } from './GradeButtons';
import { MarkMissedAsset } from './MarkMissedAsset';
import { itemKeys, useSessionLabels } from './session-labels-context';
import { VoteLine } from './VoteLine';

function NotReturnedItem({ row }: { row: NotReturnedRow }) {
  const { votes } = useSessionLabels();
  return (
    <li>
      <span className="missed-name">
        <span className="mono">{row.asset_id}</span> — {row.title ?? <span className="text-soft">not in the catalog</span>} — grade {row.grade}
      </span>
      <span className={`ranked-grade grade-${row.grade}`} title={`resolved relevance grade ${row.grade} (${row.resolved_by}), what the metrics use`}>g{row.grade}</span>
      <GradeButtons retrievalId={row.retrieval_id} assetId={row.asset_id} />
      <VoteLine summary={votes(itemKeys.relevance(row.retrieval_id, row.asset_id))} label={row.asset_id} />
    </li>
  );
}

/**
 * The assets labeled for a retrieval that it did not return: the relevant ones (grade ≥ 1, as
 * the metrics count them: they raise the ideal DCG and recall's denominator), then, folded, those
 * labeled 0; and a search of the catalog to mark another asset it missed.
 */
export function MissedAssets({ retrievalId, returned }: { retrievalId: string; returned: readonly string[] }) {
  const { notReturned } = useSessionLabels();
  const rows = notReturned(retrievalId);
  const relevant = rows.filter((row) => row.grade >= 1);
  const notRelevant = rows.filter((row) => row.grade < 1);
  return (
    <div className="missed">
      {relevant.length > 0 && (
        <section aria-label={`Labeled relevant, not returned by ${retrievalId}`}>
          <h4 className="missed-head">Labeled relevant, not returned</h4>
          <ul className="missed-list">{relevant.map((row) => <NotReturnedItem key={row.asset_id} row={row} />)}</ul>
        </section>
      )}
      {notRelevant.length > 0 && (
        <details className="missed-zero">
          <summary className="text-soft">{notRelevant.length} more labeled 0 (not relevant), not returned</summary>
          <ul className="missed-list">{notRelevant.map((row) => <NotReturnedItem key={row.asset_id} row={row} />)}</ul>
        </details>
      )}
      <MarkMissedAsset retrievalId={retrievalId} returned={returned} labeled={rows.map((row) => row.asset_id)} />
    </div>
  );
}
