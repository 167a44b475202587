import { normalizeId } from '../otlp/otlp-ids';
import type { OtlpRejection } from '../otlp/otlp-mapping';
import type { DocumentAnnotation } from '../otlp/trace/trace-types';
import { phoenixTimeMs } from './phoenix-span';
import { cellText } from './spans-dataframe';

/**
 * Phoenix document annotations saved as Parquet, in the two layouts Phoenix reads and writes:
 * - `DocumentEvaluations(...).save()` (src/phoenix/trace/span_evaluations.py): the index
 *   columns `context.span_id` (or `span_id`) and `document_position` (or `position`), the result
 *   columns `score`, `label`, `explanation`; the evaluation's name is not a column but the
 *   `eval_name` of the file's `arize` key-value metadata, and Phoenix records such evaluations
 *   as annotator kind `LLM` (`evaluations_to_precursors`, src/phoenix/trace/fixtures.py);
 * - a document annotations dataframe as `client.spans.log_document_annotations_dataframe`
 *   takes it (packages/phoenix-client/src/phoenix/client/utils/annotation_helpers.py):
 *   `span_id` (or `context.span_id`), `document_position`, `name` (or `annotation_name`),
 *   `annotator_kind` (`HUMAN`, `LLM`, `CODE`), `label`, `score`, `explanation`; the nested
 *   `result.label` / `result.score` / `result.explanation` of a fetched annotations frame too.
 */
export interface AnnotationLayout {
  spanId: string;
  position: string;
  /** The column of the annotation's name, or null when the name is the file's (`nameOfFile`). */
  name: string | null;
  nameOfFile: string;
  annotatorKind: string | null;
  annotatorKindOfFile: string | null;
  label: string | null;
  score: string | null;
  explanation: string | null;
  ts: string | null;
}

export interface KeyValueMetadata {
  key: string;
  value?: string;
}

const first = (columns: readonly string[], names: string[]): string | null => names.find((name) => columns.includes(name)) ?? null;

/** The `arize` metadata `Evaluations.to_pyarrow_table` writes: `{eval_id, eval_name, eval_type}`. */
function arizeMetadata(metadata: readonly KeyValueMetadata[] | undefined): { evalName?: unknown; evalType?: unknown } {
  const entry = metadata?.find((kv) => kv.key === 'arize');
  if (!entry?.value) return {};
  try {
    const parsed: unknown = JSON.parse(entry.value);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { eval_name: evalName, eval_type: evalType } = parsed as Record<string, unknown>;
    return { evalName, evalType };
  } catch {
    return {};
  }
}

/** Span-level evaluations (`SpanEvaluations.save()`): a span id and results but no document position, which label no document. */
export function isPhoenixSpanEvaluations(columns: readonly string[]): boolean {
  return !columns.includes('type') && first(columns, ['context.span_id', 'span_id']) !== null && first(columns, ['document_position', 'position']) === null
    && first(columns, ['score', 'label', 'result.score', 'result.label']) !== null && !columns.includes('context.trace_id');
}

/** The layout of a document annotations file, told by its columns (and its `arize` metadata); null for any other file. */
export function phoenixAnnotationLayout(columns: readonly string[], metadata?: readonly KeyValueMetadata[]): AnnotationLayout | null {
  if (columns.includes('type')) return null;
  const spanId = first(columns, ['context.span_id', 'span_id']);
  const position = first(columns, ['document_position', 'position']);
  const label = first(columns, ['label', 'result.label']);
  const score = first(columns, ['score', 'result.score']);
  const explanation = first(columns, ['explanation', 'result.explanation']);
  if (spanId === null || position === null || (label === null && score === null && explanation === null)) return null;
  const arize = arizeMetadata(metadata);
  const isEvaluations = arize.evalType === 'DocumentEvaluations';
  return {
    spanId,
    position,
    name: first(columns, ['name', 'annotation_name']),
    nameOfFile: typeof arize.evalName === 'string' ? arize.evalName : '',
    annotatorKind: first(columns, ['annotator_kind']),
    annotatorKindOfFile: isEvaluations ? 'LLM' : null,
    label,
    score,
    explanation,
    ts: first(columns, ['updated_at', 'created_at']),
  };
}

const ANNOTATOR_KINDS = ['HUMAN', 'LLM', 'CODE'];

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function number(value: unknown): number | null {
  if (typeof value === 'bigint') return Number(value);
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export type AnnotationRead = { ok: true; annotation: Omit<DocumentAnnotation, 'place'> } | { ok: false; rejection: OtlpRejection };

/** Row `rowNumber` (from 1) of a document annotations file. */
export function readAnnotationRow(row: Record<string, unknown>, layout: AnnotationLayout, rowNumber: number): AnnotationRead {
  const position = `row ${rowNumber}`;
  const fail = (reason: OtlpRejection['reason'], field: string, message: string): AnnotationRead => ({ ok: false, rejection: { position, reason, field, message, raw: cellText(row) } });
  const spanId = normalizeId(text(row[layout.spanId]), 'span');
  if (spanId === null) return fail('missing_field', layout.spanId, `the annotation has no ${layout.spanId}`);
  const documentPosition = number(row[layout.position]);
  if (documentPosition === null || !Number.isInteger(documentPosition) || documentPosition < 0) {
    return fail('wrong_type', layout.position, `"${layout.position}" must be a document's position (0, 1, …), got ${cellText(row[layout.position])}`);
  }
  const score = layout.score === null ? null : number(row[layout.score]);
  const label = layout.label === null ? null : text(row[layout.label]);
  if (score === null && label === null) return fail('missing_field', layout.score ?? layout.label ?? 'score', 'the annotation has neither a label nor a score to grade the document by');
  const givenKind = layout.annotatorKind === null ? null : text(row[layout.annotatorKind]);
  if (givenKind !== null && !ANNOTATOR_KINDS.includes(givenKind.toUpperCase())) {
    return fail('wrong_type', layout.annotatorKind!, `"annotator_kind" must be HUMAN, LLM or CODE, got ${JSON.stringify(givenKind)}`);
  }
  return {
    ok: true,
    annotation: {
      spanId,
      documentPosition,
      name: (layout.name === null ? null : text(row[layout.name])) ?? layout.nameOfFile,
      label,
      score,
      explanation: layout.explanation === null ? null : text(row[layout.explanation]),
      annotatorKind: givenKind ?? layout.annotatorKindOfFile,
      ts: layout.ts === null ? null : phoenixTimeMs(row[layout.ts]),
    },
  };
}
