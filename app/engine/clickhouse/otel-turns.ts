import { ASSISTANT_ROLES, genAiMessages, lastMessageText, LLM_INPUT_TEXT, openInferenceMessageColumns, QUERY_KEYS, RESPONSE_KEYS, USER_ROLES, valueTextColumns } from './otel-llm-text';
import { metadataText } from './otel-retrieval-documents';
import { SPAN_DEFAULTS, text } from './otel-span-fields';
import type { Stage } from './otel-stages';
import { containsTermSql, normalizedWhitespace, utf16Prefix } from './otel-text';

/*
 * What a trace says about its turn, in SQL, as the trace import reads it (app/ingest/otlp/trace/
 * consumption.ts, prompt-response.ts, citations.ts, resolve-trace.ts `documentAssets`): stages over
 * `otel_trace_spans`, `otel_document_spans` and `otel_retrievals` (otel-retrievals.ts).
 */

/** The event defaults of `otel_trace_spans` (otel-span-fields.ts), from the reader `k`. */
const DEFAULT_COLUMNS = Object.values(SPAN_DEFAULTS).filter((column) => column !== 'TraceId').map((column) => `k.${column} AS ${column}`).join(', ');

/** A side of the turn (prompt-response.ts `Side`). */
const SIDES = {
  prompt: { value: 'input.value', mimeType: 'input.mime_type', keys: QUERY_KEYS, messages: 'llm.input_messages', genAi: 'gen_ai.input.messages', roles: USER_ROLES },
  response: { value: 'output.value', mimeType: 'output.mime_type', keys: RESPONSE_KEYS, messages: 'llm.output_messages', genAi: 'gen_ai.output.messages', roles: ASSISTANT_ROLES },
} as const;

/** A span's messages of one side: `<side>_gen_ai` (GenAI's last user / assistant text), `<side>_message` (`messageText`: OpenInference's, else GenAI's). */
function sideMessages(side: keyof typeof SIDES): string {
  const { messages, genAi, roles } = SIDES[side];
  return `${openInferenceMessageColumns(messages, `${side}_oi`)},
  ${lastMessageText(genAiMessages(`a['${genAi}']`), roles)} AS ${side}_gen_ai,
  coalesce(${lastMessageText(`${side}_oi`, roles)}, ${side}_gen_ai) AS ${side}_message`;
}

/**
 * `sideText`: the root's value (`input.value` / `output.value`; the string at one of the side's
 * keys when it is a JSON object); for a JSON object without one, the root's last user (assistant)
 * message, else the model call's nearest that end of the turn (`calls_<side>_message`), else the
 * JSON text whole; without the value, GenAI's messages on the root, else on a model call.
 */
function sideText(side: keyof typeof SIDES): string {
  const { value, mimeType, keys } = SIDES[side];
  return `${valueTextColumns(`ifNull(${text('a', value)}, '')`, text('a', mimeType), keys, `${side}_value`)},
  if(${text('a', value)} IS NULL, coalesce(${side}_gen_ai, c.calls_${side}_gen_ai),
     coalesce(${side}_value, ${side}_message, c.calls_${side}_message, ${text('a', value)})) AS ${side}_text`;
}

/**
 * - `otel_readers`: the model calls (a reranker's own included; not a RERANKER span, whose input
 *   is what it ranks), with everything they were given to read (`llm_input_text`, otel-llm-text.ts).
 * - `otel_returned_documents`: each retrieval's returned documents, each id once (its first
 *   place), with the prefix of its normalized content that consumption looks for (its first 64
 *   characters, UTF-16 units as JavaScript counts them: otel-text.ts `utf16Prefix`).
 * - `otel_use_actions`: a returned document found in a reader's input (the content prefix, or the
 *   id as a whole term unless the id is a content id) is used by the agent at the first such
 *   reader that starts no earlier than the retrieval; `n` numbers each reader's actions
 *   (retrievals in start order, then rank), for its event id.
 * - `otel_turns`: the earliest root of each trace that holds a retriever or a model call, unless
 *   it is itself a retriever, with its prompt and response texts (`otel_call_messages`: the
 *   first model call's prompt messages, the last's response messages), and whether the trace
 *   logs its own `rag.prompt` / `rag.response` (`app_prompt`, `app_response`).
 * - `otel_citations`: per trace, the returned documents (in the order returned, each once) whose
 *   id (not a content id) or `metadata.title` the response quotes as a whole term, compared
 *   whitespace-normalized.
 * - `otel_document_assets`: every document of every retriever and reranker span (any list) with
 *   content, a title or a kind, once per trace, from the first span in start order that
 *   describes it. The import takes a span's lists in the order its attributes first name them;
 *   here retrieved, reranker input, reranker output.
 */
export const TURN_STAGES: Stage[] = [
  {
    name: 'otel_readers',
    select: `SELECT TraceId, SpanId, start_ms, ${LLM_INPUT_TEXT}
FROM otel_trace_spans WHERE is_llm`,
  },
  {
    name: 'otel_returned_documents',
    select: `SELECT TraceId, SpanId AS retrieval_id, start_ms AS retrieval_ms, rank, id, metadata, from_content,
       ${utf16Prefix(normalizedWhitespace("ifNull(content, '')"))} AS prefix
FROM otel_retrievals
ARRAY JOIN list_ids AS id, list_contents AS content, list_metadata AS metadata, list_content_ids AS from_content, arrayEnumerate(list_ids) AS rank
ORDER BY TraceId, retrieval_id, rank
LIMIT 1 BY TraceId, retrieval_id, id`,
  },
  {
    name: 'otel_use_actions',
    select: `SELECT u.*, k.start_ms AS start_ms, ${DEFAULT_COLUMNS}, row_number() OVER (PARTITION BY u.TraceId, u.reader ORDER BY u.retrieval_ms, u.retrieval_id, u.rank) - 1 AS n
FROM (
  SELECT d.TraceId AS TraceId, d.retrieval_id AS retrieval_id, d.retrieval_ms AS retrieval_ms, d.rank AS rank, d.id AS id,
         argMin(k.SpanId, (k.start_ms, k.SpanId)) AS reader
  FROM otel_returned_documents AS d JOIN otel_readers AS k ON k.TraceId = d.TraceId
  WHERE k.start_ms >= d.retrieval_ms
    AND ((d.prefix != '' AND position(k.llm_input_text, d.prefix) > 0) OR (NOT d.from_content AND ${containsTermSql('k.llm_input_text', 'd.id')}))
  GROUP BY d.TraceId, d.retrieval_id, d.retrieval_ms, d.rank, d.id
) AS u
JOIN otel_trace_spans AS k ON k.TraceId = u.TraceId AND k.SpanId = u.reader`,
  },
  {
    name: 'otel_span_messages',
    select: `SELECT TraceId, SpanId, start_ms, end_ms, a, is_llm, is_retriever, ${Object.values(SPAN_DEFAULTS).filter((column) => column !== 'TraceId').join(', ')},
       ${sideMessages('prompt')}, ${sideMessages('response')}
FROM otel_trace_spans WHERE is_llm OR is_root`,
  },
  {
    name: 'otel_call_messages',
    select: `SELECT TraceId,
       argMin(prompt_gen_ai, (start_ms, SpanId)) AS calls_prompt_gen_ai, argMin(prompt_message, (start_ms, SpanId)) AS calls_prompt_message,
       argMax(response_gen_ai, (start_ms, SpanId)) AS calls_response_gen_ai, argMax(response_message, (start_ms, SpanId)) AS calls_response_message
FROM otel_span_messages WHERE is_llm GROUP BY TraceId`,
  },
  {
    name: 'otel_turns',
    select: `SELECT s.*, ${sideText('prompt')}, ${sideText('response')},
       s.TraceId IN (SELECT TraceId FROM otel_app_events WHERE e_type = 'prompt') AS app_prompt,
       s.TraceId IN (SELECT TraceId FROM otel_app_events WHERE e_type = 'response') AS app_response
FROM otel_span_messages AS s LEFT JOIN otel_call_messages AS c ON c.TraceId = s.TraceId
WHERE (s.TraceId, s.SpanId) IN (SELECT TraceId, argMin(SpanId, (start_ms, SpanId)) FROM otel_spans WHERE is_root GROUP BY TraceId)
  AND NOT s.is_retriever AND s.TraceId IN (SELECT TraceId FROM otel_spans WHERE is_llm OR is_retriever)`,
  },
  {
    name: 'otel_citations',
    select: `SELECT t.TraceId AS TraceId, arrayMap(x -> x.2, arraySort(x -> x.1, groupArray(((d.retrieval_ms, d.retrieval_id, d.rank), d.id)))) AS cited
FROM otel_turns AS t
JOIN (SELECT * FROM otel_returned_documents ORDER BY TraceId, retrieval_ms, retrieval_id, rank LIMIT 1 BY TraceId, id) AS d ON d.TraceId = t.TraceId
WHERE t.response_text IS NOT NULL AND (
  (NOT d.from_content AND ${containsTermSql(normalizedWhitespace('t.response_text'), normalizedWhitespace('d.id'))})
  OR ${containsTermSql(normalizedWhitespace('t.response_text'), normalizedWhitespace(`ifNull(${metadataText('d.metadata', 'title')}, '')`))})
GROUP BY t.TraceId`,
  },
  {
    name: 'otel_document_assets',
    select: `SELECT * FROM (
  SELECT TraceId, SpanId, start_ms, 0 AS list, rank, id, content, metadata
  FROM otel_document_spans ARRAY JOIN ret_ids AS id, ret_contents AS content, ret_metadata AS metadata, arrayEnumerate(ret_ids) AS rank
  UNION ALL
  SELECT TraceId, SpanId, start_ms, 1 AS list, rank, id, content, metadata
  FROM otel_document_spans ARRAY JOIN rin_ids AS id, rin_contents AS content, rin_metadata AS metadata, arrayEnumerate(rin_ids) AS rank
  UNION ALL
  SELECT TraceId, SpanId, start_ms, 2 AS list, rank, id, content, metadata
  FROM otel_document_spans ARRAY JOIN rout_ids AS id, rout_contents AS content, rout_metadata AS metadata, arrayEnumerate(rout_ids) AS rank
)
WHERE content IS NOT NULL OR ${metadataText('metadata', 'title')} IS NOT NULL OR ${metadataText('metadata', 'kind')} IS NOT NULL
ORDER BY TraceId, start_ms, SpanId, list, rank
LIMIT 1 BY TraceId, id`,
  },
];

/** An agent `use` action (consumption.ts), over `otel_use_actions`. */
export const USE_FIELDS: Record<string, string> = {
  type: "'action'",
  event_id: "concat('span:', reader, ':use:', toString(n))",
  ts: 'start_ms',
  ...SPAN_DEFAULTS,
  actor: "'agent'",
  action: "'use'",
  consumed_asset_id: 'id',
  source_retrieval_id: 'retrieval_id',
  derived: "'context-match'",
};

/** The turn's `prompt` (prompt-response.ts), over `otel_turns`. */
export const PROMPT_FIELDS: Record<string, string> = {
  type: "'prompt'",
  event_id: "concat('span:', SpanId, ':prompt')",
  ts: 'start_ms',
  ...SPAN_DEFAULTS,
  text: 'prompt_text',
};

/** The turn's `response`, at the root's end, with the documents it cites, over `otel_turns` joined with `otel_citations` (`cited`). */
export const RESPONSE_FIELDS: Record<string, string> = {
  type: "'response'",
  event_id: "concat('span:', SpanId, ':response')",
  ts: 'coalesce(end_ms, start_ms)',
  ...SPAN_DEFAULTS,
  text: 'response_text',
  cited_asset_ids: 'cited',
};

/** A document's `asset` event (document-assets.ts), over `otel_document_assets`. Its event_id is the import's `file:line#n`, which no table has. */
export const ASSET_FIELDS: Record<string, string> = {
  type: "'asset'",
  event_id: "concat('asset:', TraceId, ':', id)",
  asset_id: 'id',
  text: 'content',
  title: metadataText('metadata', 'title'),
  kind: metadataText('metadata', 'kind'),
};
