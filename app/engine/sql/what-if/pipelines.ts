import type { Pipeline } from '../../../model/what-if/pipeline';
import { DUCKDB, type SqlDialect } from '../dialect';
import { rawSql, sql, type SqlQuery } from '../core/sql-query';

/**
 * docs/metrics.md, "What-if on logged candidates": per retrieval for which `pipeline` is defined, the
 * list it makes of the logged stages (`stages`: a table of `whatIfStagesSelect`), as
 * `(retrieval_id, asset_ids)`. A fused list is sorted by score (desc), ties by the asset's best
 * rank in any fused stage, then asset id; it is the whole fused list, not cut to the logged length.
 * `withScores` adds `asset_scores`, each fused asset's score (parallel to `asset_ids`; empty for a
 * pipeline that only picks a logged list, whose scores its own column shows): for a few lists on
 * screen, not the whole table.
 */
export function whatIfListsQuery(pipeline: Pipeline, stages: string, d: SqlDialect = DUCKDB, withScores = false): SqlQuery {
  const lists = pickedOrFused(pipeline, stages, d, withScores);
  if (!withScores || pipeline.kind === 'rrf' || pipeline.kind === 'weighted') return lists;
  return sql`SELECT retrieval_id, asset_ids, ${rawSql(d.emptyDoubleList())} AS asset_scores FROM (${lists}) picked`;
}

function pickedOrFused(pipeline: Pipeline, stages: string, d: SqlDialect, withScores: boolean): SqlQuery {
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
      return fusedLists(stages, "stage_kind = 'retriever'", null, (pos) => `1.0 / (CAST(? AS DOUBLE) + ${pos})`, pipeline.k, d, withScores);
    case 'weighted':
      // the first two retriever stages, both with a score for every entry
      return fusedLists(stages, "stage_kind = 'retriever' AND kind_index <= 2", `count(*) = 2 AND ${d.countWhere('has_scores')} = 2`,
        (pos, stage) => {
          const scores = d.listElement('score_lists', stage);
          const [low, high] = [d.listMin(scores), d.listMax(scores)];
          const norm = `CASE WHEN ${high} = ${low} THEN 1.0 ELSE (${d.listElement(scores, pos)} - ${low}) / (${high} - ${low}) END`;
          return `(CASE WHEN ${stage} = 1 THEN CAST(? AS DOUBLE) ELSE 1 - CAST(? AS DOUBLE) END) * ${norm}`;
        }, pipeline.w, d, withScores);
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
 * The fusion of the stages `fused` keeps, per retrieval that has some (and meets `having`): each
 * candidate's score is the sum over those stages of `contribution` (of its rank `pos` there and the
 * stage's place `stage` among them; `?` is `parameter`), an absent asset adding nothing; scores are
 * rounded to 12 decimals so that sums of the same terms in another order tie. Computed list by list
 * (no row per entry): at 1M events a row per entry did not fit DuckDB-wasm's memory.
 */
function fusedLists(stages: string, fused: string, having: string | null, contribution: (pos: string, stage: string) => string, parameter: number, d: SqlDialect, withScores: boolean): SqlQuery {
  const pos = d.listPosition('s', 'c');
  const score = `round(coalesce(${d.listSum(d.listTransformWithIndex('lists', 's', 'i', `CASE WHEN ${pos} > 0 THEN ${contribution(pos, 'i')} ELSE 0 END`))}, 0), 12)`;
  const bestRank = d.listMin(d.listFilter(d.listTransformWithIndex('lists', 's', 'i', pos), 'r', 'r > 0'));
  const sorted = mapped(d.listSortByKeys('ids', 'c', [`-${score}`, bestRank, 'c']), parameter);
  const fusedSelect = sql`
WITH kept AS (
  SELECT retrieval_id, ${rawSql(d.listAgg('asset_ids', 'stage_index'))} AS lists, ${rawSql(d.listAgg(`coalesce(scores, ${d.emptyDoubleList()})`, 'stage_index'))} AS score_lists
  FROM ${rawSql(stages)} WHERE ${rawSql(fused)} GROUP BY retrieval_id${rawSql(having ? ` HAVING ${having}` : '')}
),
candidates AS (SELECT retrieval_id, lists, score_lists, ${rawSql(d.listFlattenDistinct('lists'))} AS ids FROM kept)`;
  if (!withScores) return sql`${fusedSelect}
SELECT retrieval_id, ${sorted} AS asset_ids FROM candidates`;
  const scores = mapped(d.listTransformWithIndex('asset_ids', 'c', 'n', score), parameter);
  return sql`${fusedSelect},
sorted AS (SELECT retrieval_id, lists, score_lists, ${sorted} AS asset_ids FROM candidates)
SELECT retrieval_id, asset_ids, ${scores} AS asset_scores FROM sorted`;
}
