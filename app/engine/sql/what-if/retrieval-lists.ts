import { specOf } from '../core/row-spec';
import { sql, type SqlQuery } from '../core/sql-query';

/** One retrieval as a what-if opens it: where it was logged, its returned list and the resolved grade of each labeled asset. */
export interface WhatIfRetrievalRow {
  retrieval_id: string;
  session_id: string;
  query: string | null;
  returned_asset_ids: string[] | null;
  labeled_assets: string[] | null;
  labeled_grades: number[] | null;
}

export const WHAT_IF_RETRIEVAL_ROW = specOf<WhatIfRetrievalRow>()({
  retrieval_id: 'string', session_id: 'string', query: 'string|null', returned_asset_ids: 'string[]|null', labeled_assets: 'string[]|null', labeled_grades: 'number[]|null',
});

export function whatIfRetrievalQuery(retrievalId: string): SqlQuery {
  return sql`
SELECT r.retrieval_id, r.session_id, r.query, r.returned_asset_ids,
       (SELECT list(asset_id ORDER BY asset_id) FROM resolved_relevance l WHERE l.retrieval_id = r.retrieval_id) AS labeled_assets,
       (SELECT list(grade ORDER BY asset_id) FROM resolved_relevance l WHERE l.retrieval_id = r.retrieval_id) AS labeled_grades
FROM retrievals r WHERE r.retrieval_id = ${retrievalId}`;
}
