/* SQL over the rows of `otel_traces`: the spans as the trace import reads them (read-span.ts, trace-tree.ts, trace-turn.ts). */
import { chIdent } from './events-schema';
import type { Stage } from './otel-stages';

/** A ClickHouse string literal of a constant of the code. */
export const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
/** An attribute as the import's `textAttribute` reads it: missing and empty are both absent. */
export const text = (map: string, key: string) => `nullIf(${map}[${quote(key)}], '')`;
/** Nanoseconds → epoch ms as the import's unixNanoToMs: whole ms, plus the rest as a fraction. */
export const nanosToMs = (nanos: string) => `(toFloat64(intDiv(${nanos}, 1000000)) + toFloat64(${nanos} % 1000000) / 1e6)`;

/** The common fields a span's own attributes (or its resource's, for `rag.*`) set (span-defaults.ts). */
const OWN_DEFAULTS = {
  session_id: `coalesce(${text('a', 'session.id')}, ${text('a', 'gen_ai.conversation.id')})`,
  user_id: text('a', 'user.id'),
  turn_id: `coalesce(${text('a', 'rag.turn_id')}, ${text('resource', 'rag.turn_id')})`,
  surface: `coalesce(${text('a', 'rag.surface')}, ${text('resource', 'rag.surface')})`,
  run_id: `coalesce(${text('a', 'rag.run_id')}, ${text('resource', 'rag.run_id')})`,
} as const;
type Inherited = keyof typeof OWN_DEFAULTS;
const INHERITED = Object.keys(OWN_DEFAULTS) as Inherited[];

/**
 * The fields every event mapped from a span starts from (trace-turn.ts `traceDefaults`), as the
 * columns of `otel_trace_spans`: the span's own, else the trace's (the first span that has it, roots
 * first, each in start order); `session_id` and `turn_id` fall back to the trace id, `request_id`
 * is it.
 */
export const SPAN_DEFAULTS = {
  session_id: 'd_session_id',
  request_id: 'TraceId',
  user_id: 'd_user_id',
  turn_id: 'd_turn_id',
  surface: 'd_surface',
  run_id: 'd_run_id',
} as const;

/**
 * JavaScript's start order of a trace's spans (trace-tree.ts): by start time (in ms, as the
 * import compares them), ties in the order the spans were read, which a table does not keep:
 * here by span id.
 */
export const START_ORDER = '(start_ms, SpanId)';

/**
 * The stages every part of the mapping reads:
 * - `otel_span_rows`: the spans the import can read (trace and span id, a start time), one row per
 *   (trace, span id): the import maps the first copy of a repeated span and rejects the others;
 *   here the copy with the earliest start is kept. `a`, `resource`: span and resource attributes
 *   (never the name of a table in these queries: a column of that name would take its place);
 *   `end_ms` NULL when the span has no end (the exporter's Duration is end − start in Go's int64,
 *   stored as UInt64: an unset end, or one before the start, wraps; read back as Int64).
 * - `otel_spans`: with `is_root` (no parent, its own parent, or a parent not in the trace:
 *   trace-tree.ts; a longer cycle of parent ids, which the import cuts, is not cut here),
 *   `parent` (its parent in the trace, '' for a root) and its role: retriever, reranker, model
 *   call (span-roles.ts).
 * - `otel_trace_defaults`, `otel_trace_spans`: every span with its event defaults (`SPAN_DEFAULTS`).
 */
export function spanStages(table: string): Stage[] {
  const own = INHERITED.map((field) => `${OWN_DEFAULTS[field]} AS own_${field}`).join(', ');
  const inherited = INHERITED.map((field) => `argMin(own_${field}, (NOT is_root, start_ms, SpanId)) AS t_${field}`).join(', ');
  const defaults = INHERITED.map((field) => `coalesce(s.own_${field}, d.t_${field}${field === 'session_id' || field === 'turn_id' ? ', s.TraceId' : ''}) AS d_${field}`).join(', ');
  return [
    {
      name: 'otel_span_rows',
      select: `SELECT TraceId, SpanId, ParentSpanId, SpanName, StatusCode, StatusMessage, SpanAttributes AS a, ResourceAttributes AS resource,
       \`Events.Name\` AS event_names, \`Events.Attributes\` AS event_attributes, \`Events.Timestamp\` AS event_times,
       toUnixTimestamp64Nano(Timestamp) AS start_ns, ${nanosToMs('start_ns')} AS start_ms,
       start_ns + reinterpretAsInt64(Duration) AS end_ns, if(end_ns > 0, ${nanosToMs('end_ns')}, NULL) AS end_ms
FROM ${chIdent(table)}
WHERE TraceId != '' AND SpanId != '' AND NOT match(TraceId, '^0+$') AND NOT match(SpanId, '^0+$') AND start_ns > 0
ORDER BY TraceId, SpanId, start_ns
LIMIT 1 BY TraceId, SpanId`,
    },
    {
      name: 'otel_spans',
      select: `SELECT *,
       ParentSpanId = '' OR ParentSpanId = SpanId OR (TraceId, ParentSpanId) NOT IN (SELECT TraceId, SpanId FROM otel_span_rows) AS is_root,
       if(is_root, '', ParentSpanId) AS parent,
       upper(a['openinference.span.kind']) AS oi_kind,
       oi_kind = 'RETRIEVER' OR a['gen_ai.operation.name'] = 'retrieval' AS is_retriever,
       oi_kind = 'RERANKER' AS is_reranker,
       oi_kind = 'LLM' OR has(['chat', 'text_completion', 'generate_content'], a['gen_ai.operation.name']) AS is_llm,
       ${own}
FROM otel_span_rows`,
    },
    { name: 'otel_trace_defaults', select: `SELECT TraceId, ${inherited} FROM otel_spans GROUP BY TraceId` },
    {
      name: 'otel_trace_spans',
      select: `SELECT s.*, ${defaults}
FROM otel_spans AS s LEFT JOIN otel_trace_defaults AS d ON d.TraceId = s.TraceId`,
    },
  ];
}
