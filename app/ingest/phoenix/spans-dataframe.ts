import type { Attributes } from '../otlp/any-value';
import type { OtlpRejection } from '../otlp/otlp-mapping';
import { flattenNested } from './phoenix-attributes';
import { phoenixSpan, rowPhoenixParts } from './phoenix-span';
import type { PhoenixPageSpan } from './rest-page';

/**
 * Phoenix's spans dataframe saved as Parquet (`px.Client().get_spans_dataframe()` or
 * `Client().spans.get_spans_dataframe()`, then `.to_parquet()`): one span a row, the columns of
 * `_get_spans_dataframe` (src/phoenix/trace/dsl/query.py) — `name`, `span_kind`, `parent_id`,
 * `start_time`, `end_time`, `status_code`, `status_message`, `events`, `context.span_id`,
 * `context.trace_id` — then one `attributes.<key>` column per attribute, semantic-convention
 * keys whole (`attributes.retrieval.documents`: a list of `{"document.id", "document.content",
 * "document.score", "document.metadata"}`), other keys nested (`attributes.rag` = `{turn_id}`).
 * The dataframe's index (the span id again) is saved as `__index_level_0__`, and not read.
 */

const ATTRIBUTES_PREFIX = 'attributes.';

/** Told by its columns: the span and trace ids and the start time, and no `type` (a log event file). */
export const isPhoenixSpansDataframe = (columns: readonly string[]): boolean =>
  !columns.includes('type') && ['context.span_id', 'context.trace_id', 'start_time'].every((name) => columns.includes(name));

/** A cell's (or a row's) JSON text, for messages and rejected rows: 64-bit integers as numbers, times as ISO text. */
export const cellText = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, item: unknown) => (typeof item === 'bigint' ? Number(item) : item)) ?? String(value);

const rowText = (row: Record<string, unknown>): string => cellText(row);

export type DataframeSpanRead = { ok: true; read: PhoenixPageSpan } | { ok: false; rejection: OtlpRejection };

/** Row `rowNumber` (from 1) of a spans dataframe; the flattened `attributes.*` columns become the span's attributes again. */
export function readSpansDataframeRow(row: Record<string, unknown>, rowNumber: number): DataframeSpanRead {
  const position = `row ${rowNumber}`;
  const attributeColumns: [string, unknown][] = [];
  for (const column in row) {
    if (column.startsWith(ATTRIBUTES_PREFIX)) attributeColumns.push([column.slice(ATTRIBUTES_PREFIX.length), row[column]]);
  }
  const read = phoenixSpan({
    traceId: ['context.trace_id', row['context.trace_id']],
    spanId: ['context.span_id', row['context.span_id']],
    ...rowPhoenixParts(row),
    attributes: flattenNested(attributeColumns),
  });
  if (!read.ok) return { ok: false, rejection: { position, ...read.rejection, raw: rowText(row) } };
  return { ok: true, read: { span: read.span, resource: Object.create(null) as Attributes, position } };
}
