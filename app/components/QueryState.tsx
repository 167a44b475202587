import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../lib/error-message';

/** A query's failure in words: the engine's message without the statement text it quotes after it (`LINE 1: SELECT …`). */
export const queryErrorReason = (error: unknown) => errorMessage(error).split(/\n\s*LINE \d+:/)[0].trim();

/** Shows a query's failure (never a silent blank) or its first load. */
export function QueryState({ query, label }: { query: UseQueryResult<unknown>; label: string }) {
  if (query.isError) return <div className="query-error" role="alert">Could not compute {label}: {queryErrorReason(query.error)}</div>;
  if (query.isPending && query.fetchStatus === 'fetching') return <div className="text-soft">Computing {label}…</div>;
  return null;
}
