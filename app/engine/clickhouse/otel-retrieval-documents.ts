import { quote } from './otel-span-fields';

const FLATTENED_PART = String.raw`'^retrieval\\.documents\\.(\\d+)\\.document\\.(id|score|content|metadata)$'`;
const GEN_AI_DOCUMENTS = "a['gen_ai.retrieval.documents']";

/**
 * A retrieval span's documents (retrieval-documents.ts): OpenInference's flattened
 * `retrieval.documents.<i>.document.*` in the order of `i`, else GenAI's JSON list. Per document,
 * in rank order: `doc_ids`, `doc_scores` (NULL where none), `doc_contents`, `doc_metadata`;
 * `scored` counts the scores. A span that records no documents has none ([]).
 */
export const DOCUMENTS = `
  arraySort(arrayDistinct(arrayMap(k -> toUInt32(extract(k, ${FLATTENED_PART})), arrayFilter(k -> match(k, ${FLATTENED_PART}), mapKeys(a))))) AS doc_indexes,
  length(doc_indexes) > 0 AS flattened,
  JSONExtractArrayRaw(${GEN_AI_DOCUMENTS}) AS gen_ai_items,
  if(flattened,
     arrayMap(i -> a[concat('retrieval.documents.', toString(i), '.document.id')], doc_indexes),
     arrayMap(x -> if(JSONType(x, 'id') = 'String', JSONExtractString(x, 'id'), if(JSONType(x, 'id') IN ('Int64', 'UInt64', 'Double'), JSONExtractRaw(x, 'id'), '')), gen_ai_items)) AS doc_ids,
  if(flattened,
     arrayMap(i -> toFloat64OrNull(a[concat('retrieval.documents.', toString(i), '.document.score')]), doc_indexes),
     arrayMap(x -> JSONExtract(x, 'score', 'Nullable(Float64)'), gen_ai_items)) AS doc_scores,
  if(flattened,
     arrayMap(i -> if(mapContains(a, concat('retrieval.documents.', toString(i), '.document.content')), a[concat('retrieval.documents.', toString(i), '.document.content')], NULL), doc_indexes),
     arrayMap(x -> if(JSONType(x, 'content') = 'String', JSONExtractString(x, 'content'), NULL), gen_ai_items)) AS doc_contents,
  if(flattened,
     arrayMap(i -> a[concat('retrieval.documents.', toString(i), '.document.metadata')], doc_indexes),
     arrayMap(x -> if(JSONType(x, 'metadata') = 'String', JSONExtractString(x, 'metadata'), JSONExtractRaw(x, 'metadata')), gen_ai_items)) AS doc_metadata,
  countEqual(arrayMap(s -> s IS NULL, doc_scores), 0) AS scored`;

/** `title` or `kind` of a document's metadata (document-assets.ts): a JSON object's text field, else NULL. */
export const metadataText = (metadata: string, key: string) => `if(JSONType(${metadata}, ${quote(key)}) = 'String', JSONExtractString(${metadata}, ${quote(key)}), NULL)`;

/**
 * Where the import rejects the span instead (map-retrieval.ts): a document without an id, some
 * documents scored and others not, a GenAI value that is not a JSON list of objects, or a score
 * given but not a number.
 */
export const RETRIEVAL_ACCEPTED = `
  NOT has(doc_ids, '')
  AND (scored = 0 OR scored = length(doc_ids))
  AND (flattened OR NOT mapContains(a, 'gen_ai.retrieval.documents') OR (isValidJSON(${GEN_AI_DOCUMENTS}) AND JSONType(${GEN_AI_DOCUMENTS}) = 'Array'
       AND arrayAll(x -> JSONType(x) = 'Object' AND JSONType(x, 'score') IN ('Int64', 'UInt64', 'Double', 'Null', ''), gen_ai_items)))
  AND (NOT flattened OR arrayAll(i -> a[concat('retrieval.documents.', toString(i), '.document.score')] = '' OR toFloat64OrNull(a[concat('retrieval.documents.', toString(i), '.document.score')]) IS NOT NULL, doc_indexes))`;

/** A retriever span (span-kind.ts). */
export const IS_RETRIEVAL = `(upper(a['openinference.span.kind']) = 'RETRIEVER' OR a['gen_ai.operation.name'] = 'retrieval')`;
