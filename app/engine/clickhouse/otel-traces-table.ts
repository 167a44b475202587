import { chIdent } from './events-schema';

/**
 * The OpenTelemetry Collector ClickHouse exporter's traces table (exporter/clickhouseexporter,
 * internal/sql_templates/traces_table.sql, without its CODECs, TTL and the replicated-engine
 * choice). Every attribute is stored as text: pcommon's `AsString` (ints in decimal, doubles as
 * in JSON, booleans `true`/`false`, lists and maps as JSON).
 */
export const otelTracesTableSql = (table = 'otel_traces') => `CREATE TABLE IF NOT EXISTS ${chIdent(table)} (
  Timestamp DateTime64(9),
  TraceId String,
  SpanId String,
  ParentSpanId String,
  TraceState String,
  SpanName LowCardinality(String),
  SpanKind LowCardinality(String),
  ServiceName LowCardinality(String),
  ResourceAttributes Map(LowCardinality(String), String),
  ScopeName String,
  ScopeVersion String,
  SpanAttributes Map(LowCardinality(String), String),
  Duration UInt64,
  StatusCode LowCardinality(String),
  StatusMessage String,
  Events Nested (Timestamp DateTime64(9), Name LowCardinality(String), Attributes Map(LowCardinality(String), String)),
  Links Nested (TraceId String, SpanId String, TraceState String, Attributes Map(LowCardinality(String), String)),
  INDEX idx_trace_id TraceId TYPE bloom_filter(0.001) GRANULARITY 1
) ENGINE = MergeTree
PARTITION BY toDate(Timestamp)
ORDER BY (ServiceName, SpanName, toDateTime(Timestamp))`;
