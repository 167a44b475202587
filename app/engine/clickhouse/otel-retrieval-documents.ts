import { contentIdOf, finiteOrNull, jsNumberText, jsonStringOf } from './otel-text';
import { quote } from './otel-span-fields';

/*
 * A span's document lists in SQL, as the trace import reads them (app/ingest/otlp/trace/
 * span-documents.ts, document-identity.ts), over one row of `otel_traces` (attributes `a`).
 * Every document of a list, in rank order, as parallel arrays: `<alias>_ids` (the document's
 * identity), `<alias>_scores` (finite scores, else NULL), `<alias>_contents` (NULL where none),
 * `<alias>_metadata` (its JSON text, NULL where none); `<alias>_recorded`: whether the span records
 * the list at all (not recorded ≠ empty).
 *
 * Known differences, by construction (the exporter keeps every attribute as text, pcommon
 * `AsString`): a number or boolean `document.content` / `title` is text here, where the import
 * takes only strings; a boolean `document.id` (`true`) is an id here, and none there; a text score
 * (`"0.5"`) is a score here. JSON text is read by ClickHouse's parser: where a metadata object
 * repeats a key, the first counts here and the last in JavaScript; a number too large for a double
 * (`1e400`) reads as 0 here and is no id there. Indexes are read as written by every instrumentor
 * (`retrieval.documents.1.…`): one spelled with leading zeros (`.01.`) is a document without parts.
 */

export type DocumentList = 'retrieval.documents' | 'reranker.input_documents' | 'reranker.output_documents';

const escapeRegex = (text: string) => text.replaceAll('.', '\\.');

/**
 * `METADATA_ID_KEYS`: `id`, `doc_id`, `document_id`, `node_id`, in that order, of a metadata
 * object (JSON text, or NULL): the first that holds a non-empty string, or a finite number as
 * JavaScript writes it (`idText`); NULL when none does.
 */
export const metadataId = (metadata: string) => `arrayFirst(x -> x IS NOT NULL, arrayMap(k -> multiIf(
    JSONType(ifNull(${metadata}, ''), k) = 'String', nullIf(JSONExtractString(ifNull(${metadata}, ''), k), ''),
    has(['Int64', 'UInt64', 'Double'], toString(JSONType(ifNull(${metadata}, ''), k))) AND isFinite(JSONExtractFloat(ifNull(${metadata}, ''), k)), ${jsNumberText(`JSONExtractFloat(ifNull(${metadata}, ''), k)`)},
    NULL), ['id', 'doc_id', 'document_id', 'node_id']))`;

/**
 * OpenInference's flattened list `<list>.<i>.document.<part>` in the order of `i`. A metadata map
 * flattened further (`…document.metadata.title`) is put together as a JSON object of texts (the
 * import's order-dependent mix of both forms on one document is not followed: the flattened keys win).
 */
function flattenedList(list: DocumentList, alias: string): string {
  const indexPattern = quote(`^${escapeRegex(list)}\\.(\\d+)\\.document\\.(?:id|score|content|metadata)(?:\\..+)?$`);
  const subKeyPattern = quote(`^${escapeRegex(list)}\\.\\d+\\.document\\.metadata\\..+$`);
  const key = (part: string) => `concat('${list}.', toString(i), '.document.${part}')`;
  const value = (part: string) => `if(mapContains(a, ${key(part)}), a[${key(part)}], NULL)`;
  const subPrefix = `concat('${list}.', toString(i), '.document.metadata.')`;
  const subKeys = `arrayFilter(k -> startsWith(k, ${subPrefix}), mapKeys(a))`;
  const subObject = `concat('{', arrayStringConcat(arrayMap(k -> concat(${jsonStringOf(`substring(k, length(${subPrefix}) + 1)`)}, ':', ${jsonStringOf('a[k]')}), ${subKeys}), ','), '}')`;
  return `
  arraySort(arrayDistinct(arrayMap(k -> toUInt64(extract(k, ${indexPattern})), arrayFilter(k -> match(k, ${indexPattern}), mapKeys(a))))) AS ${alias}_indexes,
  arrayExists(k -> match(k, ${subKeyPattern}), mapKeys(a)) AS ${alias}_subkeyed,
  arrayMap(i -> nullIf(a[${key('id')}], ''), ${alias}_indexes) AS ${alias}_flat_given,
  arrayMap(i -> ${finiteOrNull(`toFloat64OrNull(a[${key('score')}])`)}, ${alias}_indexes) AS ${alias}_flat_scores,
  arrayMap(i -> ${value('content')}, ${alias}_indexes) AS ${alias}_flat_contents,
  arrayMap(i -> if(${alias}_subkeyed AND arrayExists(k -> startsWith(k, ${subPrefix}), mapKeys(a)), ${subObject}, ${value('metadata')}), ${alias}_indexes) AS ${alias}_flat_metadata`;
}

/** Whether a JSON item (raw text) is a number, and a finite one. JSONType gives an Enum8, which `has([…], …)` compares wrongly: it is read as text. */
const isJsonNumber = (item: string) => `(has(['Int64', 'UInt64', 'Double'], toString(JSONType(${item}))) AND isFinite(JSONExtractFloat(${item})))`;

/**
 * GenAI's `gen_ai.retrieval.documents`: a JSON list of `{id, score, content, metadata}` objects or
 * of bare ids (strings, numbers); other items are skipped. Text that is not a JSON list records
 * no list (the import also writes a rejected row, which a table of spans has nowhere to put).
 */
const GEN_AI = "a['gen_ai.retrieval.documents']";
const GEN_AI_DOCUMENTS = `
  isValidJSON(${GEN_AI}) AND JSONType(${GEN_AI}) = 'Array' AS gen_ai_recorded,
  arrayFilter(x -> has(['String', 'Object'], toString(JSONType(x))) OR ${isJsonNumber('x')}, if(gen_ai_recorded, JSONExtractArrayRaw(${GEN_AI}), [])) AS gen_ai_items,
  arrayMap(x -> multiIf(JSONType(x) = 'String', nullIf(JSONExtractString(x), ''), JSONType(x) = 'Object', NULL, ${jsNumberText('JSONExtractFloat(x)')}), gen_ai_items) AS gen_ai_bare,
  arrayMap(x -> if(JSONType(x) = 'Object', multiIf(JSONType(x, 'id') = 'String', nullIf(JSONExtractString(x, 'id'), ''),
                                                    has(['Int64', 'UInt64', 'Double'], toString(JSONType(x, 'id'))) AND isFinite(JSONExtractFloat(x, 'id')), ${jsNumberText("JSONExtractFloat(x, 'id')")}, NULL), NULL), gen_ai_items) AS gen_ai_given,
  arrayMap(x -> if(has(['Int64', 'UInt64', 'Double'], toString(JSONType(x, 'score'))) AND isFinite(JSONExtractFloat(x, 'score')), JSONExtractFloat(x, 'score'), NULL), gen_ai_items) AS gen_ai_scores,
  arrayMap(x -> if(JSONType(x, 'content') = 'String', JSONExtractString(x, 'content'), NULL), gen_ai_items) AS gen_ai_contents,
  arrayMap(x -> multiIf(JSONType(x, 'metadata') = 'String', JSONExtractString(x, 'metadata'), has(['Null', ''], toString(JSONType(x, 'metadata'))), NULL, JSONExtractRaw(x, 'metadata')), gen_ai_items) AS gen_ai_metadata`;

/**
 * The columns of one list: its flattened form, else (the retrieved list only) GenAI's; each
 * document's identity (`identifyDocument`): the given id, else the metadata's, else the content
 * id (of the empty text when there is no content); `<alias>_content_ids` marks the last.
 */
function listColumns(alias: string, withGenAi: boolean): string {
  const flattened = `length(${alias}_indexes) > 0`;
  const pick = (part: string, genAi: string) => (withGenAi ? `if(${flattened}, ${alias}_flat_${part}, ${genAi})` : `${alias}_flat_${part}`);
  return `
  ${withGenAi ? `${flattened} OR gen_ai_recorded` : flattened} AS ${alias}_recorded,
  ${pick('scores', 'gen_ai_scores')} AS ${alias}_scores,
  ${pick('contents', 'gen_ai_contents')} AS ${alias}_contents,
  ${pick('metadata', 'gen_ai_metadata')} AS ${alias}_metadata,
  ${pick('given', 'arrayMap((b, g) -> coalesce(b, g), gen_ai_bare, gen_ai_given)')} AS ${alias}_given,
  arrayMap(m -> ${metadataId('m')}, ${alias}_metadata) AS ${alias}_metadata_ids,
  arrayMap((g, m, c) -> coalesce(g, m, ${contentIdOf("ifNull(c, '')")}), ${alias}_given, ${alias}_metadata_ids, ${alias}_contents) AS ${alias}_ids,
  arrayMap((g, m) -> g IS NULL AND m IS NULL, ${alias}_given, ${alias}_metadata_ids) AS ${alias}_content_ids`;
}

/** A retriever span's list (`retrieval.documents`, or GenAI's): columns `ret_*`. */
export const RETRIEVED_DOCUMENTS = `${flattenedList('retrieval.documents', 'ret')},${GEN_AI_DOCUMENTS},${listColumns('ret', true)}`;

/** A reranker span's lists: `rin_*` (`reranker.input_documents`), `rout_*` (`reranker.output_documents`). */
export const RERANKED_DOCUMENTS = `${flattenedList('reranker.input_documents', 'rin')},${listColumns('rin', false)},${flattenedList('reranker.output_documents', 'rout')},${listColumns('rout', false)}`;

/** Scores parallel to the ids when every document has one (and there is one), else [] (`completeScores`). */
export const completeScores = (scores: string) => `if(length(${scores}) > 0 AND NOT has(${scores}, NULL), arrayMap(s -> assumeNotNull(s), ${scores}), CAST([] AS Array(Float64)))`;

/** `title` or `kind` of a document's metadata (document-assets.ts): a JSON object's text field, else NULL. */
export const metadataText = (metadata: string, key: string) => `if(JSONType(ifNull(${metadata}, ''), ${quote(key)}) = 'String', JSONExtractString(ifNull(${metadata}, ''), ${quote(key)}), NULL)`;

/** A retriever span (span-kind.ts). */
export const IS_RETRIEVAL = `(upper(a['openinference.span.kind']) = 'RETRIEVER' OR a['gen_ai.operation.name'] = 'retrieval')`;
