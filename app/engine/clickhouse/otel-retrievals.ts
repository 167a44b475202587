import { queryTextColumns } from './otel-llm-text';
import { completeScores, RERANKED_DOCUMENTS, RETRIEVED_DOCUMENTS } from './otel-retrieval-documents';
import { SPAN_DEFAULTS, text } from './otel-span-fields';
import type { Stage } from './otel-stages';
import { jsNumberText, jsonStringOf, jsTrim } from './otel-text';

/*
 * The retrievals of the traces in SQL, as the trace import resolves them (app/ingest/otlp/trace/
 * retriever-nesting.ts, retrieval-lists.ts, reranker.ts, retrieval-event.ts): stages over
 * `otel_trace_spans` (otel-span-fields.ts). A retrieval is a RETRIEVER span with no RETRIEVER ancestor;
 * its list is its own documents, else those of its nearest inner retriever span that records
 * documents; the other inner spans that record documents are `retriever` stages, a RERANKER span
 * whose input the retrieval offered is a `rerank` stage.
 */

/**
 * retriever-name.ts: LangChain's `metadata.ls_retriever_name`, else GenAI's
 * `gen_ai.data_source.id`, else the data source in a GenAI span's name (`retrieval kb` → `kb`; none
 * when nothing follows), else the class in the span name (`BM25Retriever.retrieve` →
 * `BM25Retriever`).
 */
const GEN_AI_OPERATION = "a['gen_ai.operation.name']";
export const RETRIEVER_NAME = `multiIf(
    JSONType(a['metadata'], 'ls_retriever_name') = 'String' AND JSONExtractString(a['metadata'], 'ls_retriever_name') != '', JSONExtractString(a['metadata'], 'ls_retriever_name'),
    ${text('a', 'gen_ai.data_source.id')} IS NOT NULL, ${text('a', 'gen_ai.data_source.id')},
    ${GEN_AI_OPERATION} != '' AND startsWith(SpanName, concat(${GEN_AI_OPERATION}, ' ')), nullIf(${jsTrim(`substringUTF8(SpanName, lengthUTF8(${GEN_AI_OPERATION}) + 2)`)}, ''),
    nullIf(${jsTrim("splitByChar('.', SpanName)[1]")}, ''))`;

/** reranker.ts: `reranker.model_name`, else the span name, else `reranker`. */
const RERANKER_NAME = `coalesce(${text('a', 'reranker.model_name')}, nullIf(SpanName, ''), 'reranker')`;

/**
 * - `otel_document_spans`: retriever and reranker spans with their document lists
 *   (otel-retrieval-documents.ts), query text and name.
 * - `otel_retriever_ancestry`: each retriever span's ancestors (WITH RECURSIVE up the parent
 *   ids), with their distance; a cycle of parent ids stops the walk where it would repeat a span.
 * - `otel_inner_retrievers`: retriever spans below another: the outermost (`owner`, the
 *   retrieval), the distance to it, and the nearest retriever above (`above`).
 * - `otel_inner_lists`: those that record documents, as tuples (distance, start, span, name, ids,
 *   scores, contents, metadata, content ids, query, repeats): an inner span that repeats the list
 *   of the retriever right above it under the same name is that call seen twice (LlamaIndex's
 *   `retrieve` and `_retrieve`), not a stage.
 * - `otel_retrievals`: one row per retrieval: its list (`list_*`, `has_list`: its own, else the
 *   nearest (then earliest) inner list), query and `retriever_stages` as (start, span, name, kind,
 *   ids, scores) tuples, in start order.
 * - `otel_rerank_stages`: per retrieval, the rerankers it fed, in start order. The import takes
 *   them one by one, so that a reranker whose input only an earlier reranker's output offered (an
 *   id no retrieval list or stage holds) is still attached there; here the input must come from
 *   the retrieval's list or its retriever stages. Of the retrievals that offered every input, the
 *   latest that started no later than the reranker, else the first.
 * - `otel_retrieval_rows`: the retrievals with `all_stages`.
 */
export const RETRIEVAL_STAGES: Stage[] = [
  {
    name: 'otel_document_spans',
    select: `SELECT *, ${RETRIEVED_DOCUMENTS}, ${RERANKED_DOCUMENTS}, ${queryTextColumns('query_text')},
       ${RETRIEVER_NAME} AS retriever_name, ${RERANKER_NAME} AS reranker_name
FROM otel_trace_spans WHERE is_retriever OR is_reranker`,
  },
  {
    name: 'otel_retriever_ancestry',
    recursive: {
      name: 'otel_ancestry_walk',
      select: `SELECT TraceId, SpanId, parent AS ancestor, 1 AS depth, [SpanId, parent] AS path FROM otel_spans WHERE is_retriever AND parent != ''
UNION ALL
SELECT w.TraceId, w.SpanId, p.parent, w.depth + 1, arrayPushBack(w.path, p.parent)
FROM otel_ancestry_walk AS w JOIN otel_spans AS p ON p.TraceId = w.TraceId AND p.SpanId = w.ancestor
WHERE p.parent != '' AND NOT has(w.path, p.parent)`,
    },
    select: 'SELECT TraceId, SpanId, ancestor, depth FROM otel_ancestry_walk',
  },
  {
    name: 'otel_inner_retrievers',
    select: `SELECT w.TraceId AS TraceId, w.SpanId AS SpanId, argMax(w.ancestor, w.depth) AS owner, max(w.depth) AS depth, argMin(w.ancestor, w.depth) AS above
FROM otel_retriever_ancestry AS w JOIN otel_spans AS s ON s.TraceId = w.TraceId AND s.SpanId = w.ancestor
WHERE s.is_retriever
GROUP BY w.TraceId, w.SpanId`,
  },
  {
    name: 'otel_inner_lists',
    select: `SELECT i.TraceId AS TraceId, i.owner AS owner,
       (i.depth, d.start_ms, d.SpanId, d.retriever_name, d.ret_ids, d.ret_scores, d.ret_contents, d.ret_metadata, d.ret_content_ids, d.query_text,
        v.ret_recorded AND (v.retriever_name = d.retriever_name OR (v.retriever_name IS NULL AND d.retriever_name IS NULL)) AND v.ret_ids = d.ret_ids) AS item
FROM otel_inner_retrievers AS i
JOIN otel_document_spans AS d ON d.TraceId = i.TraceId AND d.SpanId = i.SpanId
JOIN otel_document_spans AS v ON v.TraceId = i.TraceId AND v.SpanId = i.above
WHERE d.ret_recorded`,
  },
  {
    name: 'otel_retrievals',
    select: `SELECT t.*, ib.recording AS recording,
       arraySort(x -> (x.1, x.2, x.3), recording)[1] AS nearest,
       t.ret_recorded OR length(recording) > 0 AS has_list,
       multiIf(t.ret_recorded, t.SpanId, length(recording) > 0, nearest.3, '') AS list_span,
       if(t.ret_recorded, t.ret_ids, nearest.5) AS list_ids,
       if(t.ret_recorded, t.ret_scores, nearest.6) AS list_scores,
       if(t.ret_recorded, t.ret_contents, nearest.7) AS list_contents,
       if(t.ret_recorded, t.ret_metadata, nearest.8) AS list_metadata,
       if(t.ret_recorded, t.ret_content_ids, nearest.9) AS list_content_ids,
       coalesce(t.query_text, if(NOT t.ret_recorded AND length(recording) > 0, nearest.10, NULL)) AS query,
       arrayMap(x -> (x.2, x.3, coalesce(x.4, 'retriever'), 'retriever', x.5, x.6),
                arraySort(x -> (x.2, x.3), arrayFilter(x -> x.3 != list_span AND NOT x.11, recording))) AS retriever_stages
FROM otel_document_spans AS t
LEFT JOIN (SELECT TraceId, owner, groupArray(item) AS recording FROM otel_inner_lists GROUP BY TraceId, owner) AS ib ON ib.TraceId = t.TraceId AND ib.owner = t.SpanId
WHERE t.is_retriever AND (t.TraceId, t.SpanId) NOT IN (SELECT TraceId, SpanId FROM otel_inner_retrievers)`,
  },
  {
    name: 'otel_rerank_stages',
    select: `SELECT TraceId, retrieval_id, arrayMap(x -> x.2, arraySort(x -> x.1, groupArray(((start_ms, reranker), (start_ms, reranker, name, 'rerank', ids, scores))))) AS stages
FROM (
  SELECT k.TraceId AS TraceId, k.SpanId AS reranker, k.start_ms AS start_ms, k.reranker_name AS name, k.rout_ids AS ids, k.rout_scores AS scores,
         argMax(rt.SpanId, (rt.start_ms <= k.start_ms, if(rt.start_ms <= k.start_ms, rt.start_ms, -rt.start_ms), rt.SpanId)) AS retrieval_id
  FROM otel_document_spans AS k JOIN otel_retrievals AS rt ON rt.TraceId = k.TraceId
  WHERE k.is_reranker AND k.StatusCode != 'Error' AND length(k.rin_ids) > 0
    AND hasAll(arrayConcat(rt.list_ids, arrayFlatten(arrayMap(s -> s.5, rt.retriever_stages))), k.rin_ids)
  GROUP BY k.TraceId, k.SpanId, k.start_ms, k.reranker_name, k.rout_ids, k.rout_scores
)
GROUP BY TraceId, retrieval_id`,
  },
  {
    name: 'otel_retrieval_rows',
    select: `SELECT rt.*, arrayConcat(rt.retriever_stages, rs.stages) AS all_stages
FROM otel_retrievals AS rt LEFT JOIN otel_rerank_stages AS rs ON rs.TraceId = rt.TraceId AND rs.retrieval_id = rt.SpanId`,
  },
];

/** A retrieval's stages as their stored text: `JSON.stringify` of `{name, kind, asset_ids, scores?}` (schema/stages.ts), NULL when none. */
export function stagesJson(stages: string): string {
  const scores = `if(length(s.5) > 0 AND NOT has(s.6, NULL), concat(',"scores":[', arrayStringConcat(arrayMap(x -> ${jsNumberText('assumeNotNull(x)')}, s.6), ','), ']'), '')`;
  const stage = `concat('{"name":', ${jsonStringOf('s.3')}, ',"kind":"', s.4, '","asset_ids":[', arrayStringConcat(arrayMap(id -> ${jsonStringOf('id')}, s.5), ','), ']', ${scores}, '}')`;
  return `if(length(${stages}) = 0, NULL, concat('[', arrayStringConcat(arrayMap(s -> ${stage}, ${stages}), ','), ']'))`;
}

/** The columns of a `retrieval` event (retrieval-event.ts), over `otel_retrieval_rows`. */
export const RETRIEVAL_FIELDS: Record<string, string> = {
  type: "'retrieval'",
  event_id: "concat('span:', SpanId)",
  ts: 'start_ms',
  retrieval_id: 'SpanId',
  ...SPAN_DEFAULTS,
  query: 'query',
  // no list recorded: a failed retrieval (status ERROR) has no list, an empty one has [] (or, GenAI, none: [] in ClickHouse)
  returned_asset_ids: 'list_ids',
  scores: completeScores('list_scores'),
  retriever: 'retriever_name',
  stages: stagesJson('all_stages'),
  error: "if(NOT has_list AND StatusCode = 'Error', coalesce(nullIf(StatusMessage, ''), 'ERROR'), NULL)",
  role: text('a', 'retrieval.role'),
  question_id: text('a', 'rag.question_id'),
  subquestion_id: text('a', 'rag.subquestion_id'),
  rewrite_of: text('a', 'rag.rewrite_of'),
  latency_ms: 'if(end_ms >= start_ms, end_ms - start_ms, NULL)',
};
