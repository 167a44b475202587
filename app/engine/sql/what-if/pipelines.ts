import type { Pipeline } from '../../../model/what-if/pipeline';
import { DUCKDB, type SqlDialect } from '../dialect';
import { rawSql, sql, type SqlQuery } from '../metrics/sql-query';

/**
 * metrics.md, "What-if on logged candidates": per retrieval for which `pipeline` is defined, the
 * list it makes of the logged stages (`stages`: a table of `whatIfStagesSelect`), as
 * `(retrieval_id, asset_ids)`. A fused list is sorted by score (desc), ties by the asset's best
 * rank in any fused stage, then asset id; it is the whole fused list, not cut to the logged length.
 */
export function whatIfListsQuery(pipeline: Pipeline, stages: string, d: SqlDialect = DUCKDB): SqlQuery {
  const from = rawSql(stages);
  switch (pipeline.kind) {
    case 'stage':
      // the first stage of that name
      return sql`SELECT retrieval_id, ${rawSql(d.argMin('asset_ids', 'stage_index'))} AS asset_ids
FROM ${from} WHERE stage_name = ${pipeline.name} GROUP BY retrieval_id`;
    case 'cut':
      return sql`SELECT retrieval_id, ${mapped(d.listSlice(`coalesce(returned_asset_ids, ${d.emptyStringList()})`, '1', 'CAST(? AS INTEGER)'), pipeline.n)} AS asset_ids
FROM retrievals WHERE retrieval_id IN (SELECT retrieval_id FROM ${from})`;
    case 'norerank':
      return rawSql(noRerankSelect(stages, d));
    case 'rrf':
      return fusedLists(stages, `SELECT DISTINCT retrieval_id FROM ${stages} WHERE stage_kind = 'retriever'`, "stage_kind = 'retriever'",
        sql`1.0 / (CAST(${pipeline.k} AS DOUBLE) + stage_rank)`, d);
    case 'weighted': {
      // the first two retriever stages, both with scores
      const fused = "stage_kind = 'retriever' AND kind_index <= 2";
      const population = `SELECT retrieval_id FROM ${stages} WHERE ${fused} GROUP BY retrieval_id HAVING count(*) = 2 AND ${d.countWhere('has_scores')} = 2`;
      return fusedLists(stages, population, fused,
        sql`CASE WHEN kind_index = 1 THEN CAST(${pipeline.w} AS DOUBLE) * norm ELSE (1 - CAST(${pipeline.w} AS DOUBLE)) * norm END`, d);
    }
  }
}

/** A fragment whose every `?` stands for `value`. */
const mapped = (text: string, value: number): SqlQuery => ({ sql: text, params: Array.from(text.matchAll(/\?/g), () => value) });

/**
 * The list before the first `rerank` stage (the stage just above it), or the returned list when
 * there is no rerank stage; not defined when the rerank stage comes first.
 */
function noRerankSelect(stages: string, d: SqlDialect): string {
  return `
WITH first_rerank AS (
  SELECT retrieval_id, min(stage_index) AS rerank_index FROM ${stages} WHERE stage_kind = 'rerank' GROUP BY retrieval_id
),
staged AS (SELECT DISTINCT retrieval_id FROM ${stages})
SELECT ${d.column('staged', 'retrieval_id')},
       CASE WHEN fr.rerank_index IS NULL THEN coalesce(r.returned_asset_ids, ${d.emptyStringList()}) ELSE s.asset_ids END AS asset_ids
FROM staged
JOIN retrievals r ON r.retrieval_id = staged.retrieval_id
LEFT JOIN first_rerank fr ON fr.retrieval_id = staged.retrieval_id
LEFT JOIN ${stages} s ON s.retrieval_id = staged.retrieval_id AND s.stage_index = fr.rerank_index - 1
WHERE fr.rerank_index IS NULL OR fr.rerank_index > 1`;
}

/**
 * The fusion of the stages `fused` keeps, for the retrievals `population` selects: each asset's
 * score is the exact sum over those stages of `contribution` (over `stage_rank`, `kind_index`
 * and `norm`, its score min-max normalized within its stage, 1 when all are equal), an absent
 * asset adding nothing. A member of the population whose fused stages are empty gets [].
 */
function fusedLists(stages: string, population: string, fused: string, contribution: SqlQuery, d: SqlDialect): SqlQuery {
  const score: SqlQuery = { sql: d.exactSum(`(${contribution.sql})`), params: contribution.params };
  return sql`
WITH population AS (${rawSql(population)}),
entries AS (
  SELECT retrieval_id, kind_index, scores, ${rawSql(d.unnestWithPosition('asset_ids', 'asset_id', 'stage_rank'))}
  FROM ${rawSql(stages)} WHERE ${rawSql(fused)} AND retrieval_id IN (SELECT retrieval_id FROM population)
),
scored AS (
  SELECT retrieval_id, kind_index, asset_id, stage_rank, ${rawSql(d.listElement('scores', 'stage_rank'))} AS score FROM entries
),
normalized AS (
  SELECT retrieval_id, kind_index, asset_id, stage_rank, CASE WHEN hi = lo THEN 1.0 ELSE (score - lo) / (hi - lo) END AS norm
  FROM (
    SELECT retrieval_id, kind_index, asset_id, stage_rank, score,
           min(score) OVER (PARTITION BY retrieval_id, kind_index) AS lo, max(score) OVER (PARTITION BY retrieval_id, kind_index) AS hi
    FROM scored
  ) bounded
),
fused AS (
  SELECT retrieval_id, asset_id, ${score} AS score, min(stage_rank) AS best_rank FROM normalized GROUP BY retrieval_id, asset_id
),
fused_lists AS (
  SELECT retrieval_id, ${rawSql(d.listAggByKeys('asset_id', ['-score', 'best_rank', 'asset_id']))} AS asset_ids FROM fused GROUP BY retrieval_id
)
SELECT ${rawSql(d.column('population', 'retrieval_id'))}, ${rawSql(d.joinedListOr('f.retrieval_id', 'f.asset_ids', d.emptyStringList()))} AS asset_ids
FROM population LEFT JOIN fused_lists f ON f.retrieval_id = population.retrieval_id`;
}
