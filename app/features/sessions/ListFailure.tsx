import type { UseQueryResult } from '@tanstack/react-query';
import { queryErrorReason } from '../../components/QueryState';

export interface ListSource {
  query: UseQueryResult<unknown>;
  /** What the query reads, in words ("the session list"). */
  label: string;
}

/** The sources whose query failed: the list cannot be shown, whatever else it would say. */
export const failedSources = (sources: readonly ListSource[]) => sources.filter(({ query }) => query.isError);


/** In place of the list: what could not be read and why, and a way to ask again. */
export function ListFailure({ failed }: { failed: readonly ListSource[] }) {
  const retrying = failed.some(({ query }) => query.isFetching);
  return (
    <div className="empty-state" role="alert" data-testid="sessions.failure">
      <h2>The sessions could not be listed</h2>
      {failed.map(({ query, label }) => (
        <p key={label} className="query-error">Could not read {label}: {queryErrorReason(query.error)}</p>
      ))}
      <div className="actions">
        <button type="button" className="button" disabled={retrying} onClick={() => failed.forEach(({ query }) => void query.refetch())}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    </div>
  );
}
