/** A span no event type covers (LLM, tool, chain, agent, …): kept, shown on the session's timeline. */
export interface SpanRecord {
  trace_id: string;
  span_id: string;
  parent_span_id: string | null;
  /** `session.id` or `gen_ai.conversation.id`, else the trace id (as for retrievals). */
  session_id: string;
  user_id: string | null;
  name: string;
  /** `openinference.span.kind` upper-cased (LLM, TOOL, CHAIN, AGENT, EMBEDDING, RERANKER, …), else `gen_ai.operation.name`, else the OTLP span kind name (INTERNAL, CLIENT, …). */
  kind: string;
  /** Start and end, epoch milliseconds (fractional: OTLP times are nanoseconds). */
  ts: number;
  end_ts: number | null;
  /** `OK`, `ERROR` or null when unset. */
  status: string | null;
  /** Every attribute as a flat JSON object (`JSON.stringify`), for the span's details. */
  attributes: string;
}
