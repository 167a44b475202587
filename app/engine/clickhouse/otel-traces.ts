import { TYPE_COLUMNS, type ColumnKind } from '../../schema/columns';
import { EVENT_TYPES, EVENT_TYPE_NAMES, type EventType } from '../../schema/event-types';
import { EXPORTED_EVENT_COLUMNS } from '../sql/dataset-export';
import { chIdent } from './events-schema';
import { RETRIEVAL_FIELDS, RETRIEVAL_STAGES } from './otel-retrievals';
import { SPAN_DEFAULTS, nanosToMs, quote, spanStages } from './otel-span-fields';
import { dropStageStatements, stageStatements, withStages, type Stage } from './otel-stages';
import { ASSET_FIELDS, PROMPT_FIELDS, RESPONSE_FIELDS, TURN_STAGES, USE_FIELDS } from './otel-turns';

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
 * Where each event stands in load order, as the import stores a trace's events: grouped by the
 * span they come from (spans in start order), and within a span: prompt, retrieval, assets, use
 * actions, app events, response (resolve-trace.ts). The import stores traces one after another;
 * here the spans of all traces are in one start order (ties of equal times between traces may
 * number differently).
 */
const ORDER = { prompt: 0, retrieval: 1, asset: 2, use: 3, app: 4, response: 5 } as const;
const orderColumns = (kind: keyof typeof ORDER, index = '0', ms = 'start_ms', span = 'SpanId') =>
  `${ms} AS order_ms, ${span} AS order_span, ${ORDER[kind]} AS order_kind, toUInt64(${index}) AS order_index`;

/**
 * `otel_app_events`: the span events named `rag.<type>` the import maps (app-events.ts: a type
 * other than `retrieval`, with a time or a `ts` attribute), one row each.
 */
const APP_EVENT_STAGE: Stage = {
  name: 'otel_app_events',
  select: `SELECT TraceId, SpanId, start_ms, ${Object.values(SPAN_DEFAULTS).filter((column) => column !== 'TraceId').join(', ')},
       e_index, event_names[e_index] AS e_name, event_attributes[e_index] AS e_attributes,
       toUnixTimestamp64Nano(event_times[e_index]) AS e_ns, ${nanosToMs('e_ns')} AS e_ms, substring(e_name, 5) AS e_type
FROM otel_trace_spans ARRAY JOIN arrayEnumerate(event_names) AS e_index
WHERE startsWith(e_name, 'rag.') AND ${typeIn(APP_TYPES)} AND (e_ns > 0 OR mapContains(e_attributes, 'ts'))`,
};

/** The stages of the mapping, in order (otel-stages.ts). */
const otelStages = (table: string): Stage[] => [...spanStages(table), APP_EVENT_STAGE, ...RETRIEVAL_STAGES, ...TURN_STAGES];

/** The events, over the stages. */
function eventsSelect(): string {
  const retrievals = `SELECT ${orderColumns('retrieval')},
  ${eventColumns((name) => RETRIEVAL_FIELDS[name])}
FROM otel_retrieval_rows`;
  const assets = `SELECT ${orderColumns('asset', 'list * 4294967296 + rank')},
  ${eventColumns((name) => ASSET_FIELDS[name])}
FROM otel_document_assets`;
  const uses = `SELECT ${orderColumns('use', 'n', 'start_ms', 'reader')},
  ${eventColumns((name) => USE_FIELDS[name])}
FROM otel_use_actions`;
  // the app's own `rag.prompt` / `rag.response` say the turn's words: none is derived beside them (resolve-trace.ts)
  const prompts = `SELECT ${orderColumns('prompt')},
  ${eventColumns((name) => PROMPT_FIELDS[name])}
FROM otel_turns WHERE prompt_text IS NOT NULL AND NOT app_prompt`;
  const responses = `SELECT ${orderColumns('response')},
  ${eventColumns((name) => RESPONSE_FIELDS[name])}
FROM (SELECT t.*, c.cited AS cited FROM otel_turns AS t LEFT JOIN otel_citations AS c ON c.TraceId = t.TraceId) WHERE response_text IS NOT NULL AND NOT app_response`;
  const appEvents = `SELECT ${orderColumns('app', 'e_index')},
  ${eventColumns(appEventField)}
FROM otel_app_events`;
  return `SELECT toInt64(row_number() OVER (ORDER BY order_ms, order_span, order_kind, order_index)) AS seq, * EXCEPT (order_ms, order_span, order_kind, order_index), CAST(NULL AS Nullable(String)) AS extra
FROM (${[retrievals, assets, uses, prompts, responses, appEvents].join('\nUNION ALL\n')})`;
}

/**
 * The spans of an `otel_traces` table as this product's events, mapped as the OpenTelemetry import
 * resolves a trace (app/ingest/otlp/trace/resolve-trace.ts; docs/log-format.md, "Traces from real
 * instrumentation"): each retrieval (a RETRIEVER span with no RETRIEVER ancestor) a `retrieval`
 * event with its list, stages and error, the documents of every list `asset`s, the documents a
 * later model call read agent `use` actions, the turn's root its `prompt` and `response`, each
 * `rag.<type>` span event an event of that type. Columns as the events table
 * (`events-schema.ts`); `seq` numbers them in load order (`ORDER`). Not mapped (README.md):
 * `extra` (unknown attributes, and the span fields a retrieval keeps there: metadata, tags,
 * model name, token counts), the spans no event covers, the rejections.
 *
 * One statement: its analysis alone takes seconds (otel-stages.ts); to map a table once, run
 * `otelTracesEventsStatements` instead.
 */
export const otelTracesEventsSql = (table = 'otel_traces'): string => withStages(otelStages(table), eventsSelect());

/**
 * The same mapping as statements: `stages` make the `otel_*` temporary tables one after another,
 * `select` reads the events from them, `drop` removes them.
 */
export function otelTracesEventsStatements(table = 'otel_traces'): { stages: string[]; select: string; drop: string[] } {
  const stages = otelStages(table);
  return { stages: stageStatements(stages), select: eventsSelect(), drop: dropStageStatements(stages) };
}

/**
 * `events` as a view over an `otel_traces` table: what the metric SQL reads. Every query of it
 * runs the whole mapping, its seconds of analysis included; `report --engine clickhouse
 * --otel-traces` maps the table once into a temporary table instead (cli-source.ts).
 */
export const otelTracesEventsViewSql = (table = 'otel_traces', view = 'events') => `CREATE OR REPLACE VIEW ${chIdent(view)} AS ${otelTracesEventsSql(table)}`;
