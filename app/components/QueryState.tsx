import type { UseQueryResult } from '@tanstack/react-query';

/** Shows a query's failure (never a silent blank) or its first load. */
export function QueryState({ query, label }: { query: UseQueryResult<unknown>; label: string }) {
  if (query.isError) return <div className="query-error" role="alert">Could not compute {label}: {(query.error as Error).message}</div>;
  if (query.isPending && query.fetchStatus === 'fetching') return <div className="text-soft">Computing {label}…</div>;
  return null;
}
