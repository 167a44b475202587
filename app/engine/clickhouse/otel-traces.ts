import { TYPE_COLUMNS, type ColumnKind } from '../../schema/columns';
import { EVENT_TYPES, EVENT_TYPE_NAMES, type EventType } from '../../schema/event-types';
import { EXPORTED_EVENT_COLUMNS } from '../sql/dataset-export';
import { chIdent } from './events-schema';
import { DOCUMENTS, IS_RETRIEVAL, RETRIEVAL_ACCEPTED, metadataText } from './otel-retrieval-documents';
import { SPAN_DEFAULTS, nanosToMs, quote, text } from './otel-span-fields';

/** A retrieval span → the columns of its `retrieval` event (map-retrieval.ts). */
const RETRIEVAL_FIELDS: Record<string, string> = {
  type: "'retrieval'",
  event_id: "concat('span:', SpanId)",
  ts: 'start_ms',
  retrieval_id: 'SpanId',
  ...SPAN_DEFAULTS,
  query: `coalesce(${text('a', 'input.value')}, ${text('a', 'gen_ai.retrieval.query.text')})`,
  returned_asset_ids: 'doc_ids',
  scores: 'if(scored > 0, arrayMap(s -> assumeNotNull(s), doc_scores), CAST([] AS Array(Float64)))',
  role: text('a', 'retrieval.role'),
  question_id: text('a', 'rag.question_id'),
  subquestion_id: text('a', 'rag.subquestion_id'),
  rewrite_of: text('a', 'rag.rewrite_of'),
  // Duration is end − start in nanoseconds; an unset end makes it wrap past 2^63 (UInt64)
  latency_ms: `if(Duration < 9223372036854775808, ${nanosToMs('(start_ns + toInt64(Duration))')} - start_ms, NULL)`,
};

/** A retrieved document → its `asset` event (document-assets.ts). Its event_id is the import's `file:line#n`, which no table has. */
const ASSET_FIELDS: Record<string, string> = {
  type: "'asset'",
  event_id: "concat('asset:', TraceId, ':', d_id)",
  asset_id: 'd_id',
  text: 'd_content',
  title: 'd_title',
  kind: 'd_kind',
};

/** An app event attribute (text) read as its column's kind; the import's values are typed, these are `AsString`'s text. */
function attributeAs(kind: ColumnKind, value: string): string {
  switch (kind) {
    case 'string': return value;
    case 'number': return `toFloat64OrNull(${value})`;
    case 'int': return `toInt32OrNull(${value})`;
    case 'boolean': return `multiIf(${value} = 'true', true, ${value} = 'false', false, NULL)`;
    case 'strings': return `JSONExtract(${value}, 'Array(String)')`;
    case 'numbers': return `JSONExtract(${value}, 'Array(Float64)')`;
  }
}

const APP_TYPES = EVENT_TYPE_NAMES.filter((type) => type !== 'retrieval');
/** `has([...], e_type)` rather than `e_type IN (...)`: ClickHouse reads `IN 'name'` (one type) as a table a view depends on. */
const typeIn = (types: readonly EventType[]) => `has([${types.map(quote).join(', ')}], e_type)`;
const takesSessionDefaults = APP_TYPES.filter((type) => (EVENT_TYPES[type].required as readonly string[]).includes('session_id'));
const typesWithColumn = (column: string) => APP_TYPES.filter((type) => TYPE_COLUMNS[type].some((c) => c.name === column));

/** A `rag.<type>` span event → one column of its event (app-events.ts): its attribute, else the span's default, else the time. */
function appEventField(name: string, kind: ColumnKind): string {
  const given = `mapContains(e_attributes, ${quote(name)})`;
  const value = attributeAs(kind, `e_attributes[${quote(name)}]`);
  const empty = kind === 'strings' || kind === 'numbers' ? `CAST([] AS Array(${kind === 'strings' ? 'String' : 'Float64'}))` : 'NULL';
  if (name === 'type') return 'e_type';
  if (name === 'event_id') return `if(${given}, e_attributes['event_id'], concat('span:', SpanId, ':', toString(e_index - 1)))`;
  if (name === 'ts') {
    const attributeTs = `coalesce(toFloat64OrNull(e_attributes['ts']), toFloat64(toUnixTimestamp64Milli(parseDateTime64BestEffortOrNull(e_attributes['ts'], 3, 'UTC'))))`;
    return `if(${given}, ${attributeTs}, e_ms)`;
  }
  const fallback = name in SPAN_DEFAULTS ? `if(${typeIn(takesSessionDefaults)}, ${SPAN_DEFAULTS[name as keyof typeof SPAN_DEFAULTS]}, NULL)` : empty;
  const types = typesWithColumn(name);
  if (types.length === 0) return empty;
  return `if(${typeIn(types)}, if(${given}, ${value}, ${fallback}), ${empty})`;
}

/** The exported columns, in order, from one field expression each (NULL or [] where none). */
function eventColumns(fields: (name: string, kind: ColumnKind) => string | undefined): string {
  return EXPORTED_EVENT_COLUMNS.filter((column) => column.name !== 'extra')
    .map((column) => {
      const empty = column.kind === 'strings' ? 'CAST([] AS Array(String))' : column.kind === 'numbers' ? 'CAST([] AS Array(Float64))' : 'NULL';
      return `${fields(column.name, column.kind) ?? empty} AS ${chIdent(column.name)}`;
    })
    .join(',\n  ');
}

/**
 * The spans of an `otel_traces` table as this product's events, mapped as the OpenTelemetry import
 * maps them (app/ingest/otlp/): each retriever span a `retrieval` event, each `rag.<type>` span
 * event an event of that type, each document with content or metadata an `asset`. Columns as the events table (`events-schema.ts`): `seq` orders
 * by span start, span, then event. Not mapped (README.md): `extra` (unknown attributes), the
 * unmapped spans, the rejections; assets are given once per trace, not per OTLP document.
 */
export function otelTracesEventsSql(table = 'otel_traces'): string {
  const spans = `SELECT *, SpanAttributes AS a, toUnixTimestamp64Nano(Timestamp) AS start_ns, ${nanosToMs('start_ns')} AS start_ms
  FROM ${chIdent(table)} WHERE TraceId != '' AND SpanId != '' AND start_ns > 0`;
  const retrievals = `SELECT start_ns AS order_ns, SpanId AS order_span, 0 AS order_event,
  ${eventColumns((name) => RETRIEVAL_FIELDS[name])}
FROM (SELECT *, ${DOCUMENTS} FROM spans WHERE ${IS_RETRIEVAL})
WHERE ${RETRIEVAL_ACCEPTED}`;
  const appEvents = `SELECT start_ns AS order_ns, SpanId AS order_span, e_index AS order_event,
  ${eventColumns(appEventField)}
FROM (
  SELECT *, e_index, \`Events.Name\`[e_index] AS e_name, \`Events.Attributes\`[e_index] AS e_attributes,
         toUnixTimestamp64Nano(\`Events.Timestamp\`[e_index]) AS e_ns, ${nanosToMs('e_ns')} AS e_ms, substring(e_name, 5) AS e_type
  FROM spans ARRAY JOIN arrayEnumerate(\`Events.Name\`) AS e_index
)
WHERE startsWith(e_name, 'rag.') AND ${typeIn(APP_TYPES)} AND (e_ns > 0 OR mapContains(e_attributes, 'ts'))`;
  // One asset per document that carries content, a title or a kind; the import gives each asset id
  // once per OTLP document, which a table no longer knows: here once per trace.
  const assets = `SELECT start_ns AS order_ns, SpanId AS order_span, d_index AS order_event,
  ${eventColumns((name) => ASSET_FIELDS[name])}
FROM (
  SELECT *, d_index, doc_ids[d_index] AS d_id, doc_contents[d_index] AS d_content,
         ${metadataText('doc_metadata[d_index]', 'title')} AS d_title, ${metadataText('doc_metadata[d_index]', 'kind')} AS d_kind
  FROM (SELECT *, ${DOCUMENTS} FROM spans WHERE ${IS_RETRIEVAL}) ARRAY JOIN arrayEnumerate(doc_ids) AS d_index
  WHERE ${RETRIEVAL_ACCEPTED}
)
WHERE d_content IS NOT NULL OR d_title IS NOT NULL OR d_kind IS NOT NULL
ORDER BY start_ns, SpanId, d_index
LIMIT 1 BY TraceId, d_id`;
  return `WITH spans AS (${spans})
SELECT toInt64(row_number() OVER (ORDER BY order_ns, order_span, order_event)) AS seq, * EXCEPT (order_ns, order_span, order_event), CAST(NULL AS Nullable(String)) AS extra
FROM (${retrievals}
UNION ALL
${assets}
UNION ALL
${appEvents})`;
}

/** `events` as a view over an `otel_traces` table: what the metric SQL reads. */
export const otelTracesEventsViewSql = (table = 'otel_traces', view = 'events') => `CREATE OR REPLACE VIEW ${chIdent(view)} AS ${otelTracesEventsSql(table)}`;
