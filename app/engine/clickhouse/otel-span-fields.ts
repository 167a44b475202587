/* SQL over one row of `otel_traces` (its span attributes aliased `a`): the fields the OTLP import reads from every span. */

/** A ClickHouse string literal of a constant of the code. */
export const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
/** An attribute as the import's `textAttribute` reads it: missing and empty are both absent. */
export const text = (map: string, key: string) => `nullIf(${map}[${quote(key)}], '')`;
/** Nanoseconds → epoch ms as the import's unixNanoToMs: whole ms, plus the rest as a fraction. */
export const nanosToMs = (nanos: string) => `(toFloat64(intDiv(${nanos}, 1000000)) + toFloat64(${nanos} % 1000000) / 1e6)`;

/** The fields every event mapped from a span starts from (span-defaults.ts), per span. */
export const SPAN_DEFAULTS = {
  session_id: `coalesce(${text('a', 'session.id')}, ${text('a', 'gen_ai.conversation.id')}, TraceId)`,
  request_id: 'TraceId',
  user_id: text('a', 'user.id'),
  turn_id: `coalesce(${text('a', 'rag.turn_id')}, ${text('ResourceAttributes', 'rag.turn_id')})`,
  surface: `coalesce(${text('a', 'rag.surface')}, ${text('ResourceAttributes', 'rag.surface')})`,
  run_id: `coalesce(${text('a', 'rag.run_id')}, ${text('ResourceAttributes', 'rag.run_id')})`,
} as const;
