import { DUCKDB, type SqlDialect } from '../dialect';
import type { GoldReturnRow, PassageRow } from '../../../model/drift/rows';
import { specOf } from '../core/row-spec';

/** The retrieval's columns of a gold return. */
const RETURN_COLUMNS = ['retrieval_id', 'session_id', 'run_id', 'question_id', 'subquestion_id', 'query', 'ts'];

/**
 * Where each gold passage (any question's `gold_evidence_ids`) was returned, by ANY retrieval in
 * the loaded logs — the proof that it is reachable. One row per (passage, retrieval), at the
 * passage's first rank in that retrieval's list (1-based). Only (seq, id, rank) are unnested, and
 * the few hits joined back: every retrieval's list is unnested, so this is the costly drift query.
 */
export const goldReturnsSql = (dialect: SqlDialect = DUCKDB) => `
WITH gold AS (
  SELECT DISTINCT ${dialect.unnest('gold_evidence_ids')} AS asset_id FROM questions
),
returned AS (
  SELECT seq, ${dialect.unnestWithPosition('returned_asset_ids', 'asset_id', 'rank')} FROM retrievals
),
hits AS (
  SELECT seq, asset_id, min(rank)::INTEGER AS rank
  FROM returned
  WHERE asset_id IN (SELECT asset_id FROM gold)
  GROUP BY seq, asset_id
)
SELECT ${dialect.column('h', 'asset_id')}, ${RETURN_COLUMNS.map((column) => dialect.column('r', column)).join(', ')}, ${dialect.column('h', 'rank')}
FROM hits h JOIN retrievals r USING (seq)
ORDER BY h.asset_id, r.ts, r.retrieval_id`;

/** Catalog passages (asset-catalog.ts) behind gold and sub-question evidence, for titles and text. */
export const DRIFT_PASSAGES_SQL = `
WITH wanted AS (
  SELECT unnest(gold_evidence_ids) AS asset_id FROM questions
  UNION SELECT unnest(evidence_ids) FROM subquestions
)
SELECT asset_id, title, text
FROM asset_catalog
WHERE asset_id IN (SELECT asset_id FROM wanted)
ORDER BY asset_id`;

export const GOLD_RETURN_ROW = specOf<GoldReturnRow>()({
  asset_id: 'string', retrieval_id: 'string', session_id: 'string|null', run_id: 'string|null', question_id: 'string|null', subquestion_id: 'string|null',
  query: 'string|null', ts: 'number', rank: 'number',
});

export const PASSAGE_ROW = specOf<PassageRow>()({ asset_id: 'string', title: 'string|null', text: 'string|null' });
