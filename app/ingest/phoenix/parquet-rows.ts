import type { RejectionReason } from '../../schema/rejection';
import type { OtlpIngest } from '../otlp/ingest-otlp';
import { isPhoenixSpanEvaluations, phoenixAnnotationLayout, readAnnotationRow, type AnnotationLayout, type KeyValueMetadata } from './annotations';
import { isPhoenixSpansDataframe, readSpansDataframeRow } from './spans-dataframe';

/** A Parquet file Phoenix wrote, told once from its schema (and its key-value metadata). */
export type PhoenixParquetFile =
  | { kind: 'spans' }
  | { kind: 'annotations'; layout: AnnotationLayout }
  /** `SpanEvaluations.save()`: results per span, no document position: nothing to label. */
  | { kind: 'span-evaluations' };

export function phoenixParquetFile(columns: readonly string[], metadata?: readonly KeyValueMetadata[]): PhoenixParquetFile | null {
  if (isPhoenixSpansDataframe(columns)) return { kind: 'spans' };
  const layout = phoenixAnnotationLayout(columns, metadata);
  if (layout !== null) return { kind: 'annotations', layout };
  return isPhoenixSpanEvaluations(columns) ? { kind: 'span-evaluations' } : null;
}

export const SPAN_EVALUATIONS_ERROR =
  'Phoenix span evaluations (a span id and results, no document_position) label no document: only document annotations (context.span_id, document_position, label/score) become relevance labels';

/**
 * Timestamps to the microsecond Phoenix keeps (hyparquet's default Dates stop at the millisecond),
 * as epoch milliseconds, so that a span read from the dataframe has the times the REST export gives.
 */
export const PHOENIX_TIME_PARSERS = {
  timestampFromMicroseconds: (micros: bigint) => Number(micros) / 1000,
  timestampFromNanoseconds: (nanos: bigint) => Number(nanos / 1000n) / 1000,
};

export interface PhoenixRowTarget {
  otlp: Pick<OtlpIngest, 'collect' | 'annotate'>;
  reject(line: number, raw: string, reason: RejectionReason, field: string | null, message: string): void;
}

/** Row `line` (from 1) of the file, as hyparquet gives it, to the load's traces; what cannot be read is a rejected row. */
export function phoenixRowReader(file: Exclude<PhoenixParquetFile, { kind: 'span-evaluations' }>, target: PhoenixRowTarget): (row: Record<string, unknown>, line: number) => void {
  if (file.kind === 'spans') {
    return (row, line) => {
      const result = readSpansDataframeRow(row, line);
      if (result.ok) target.otlp.collect(result.read.span, result.read.resource, line, result.read.position);
      else target.reject(line, result.rejection.raw, result.rejection.reason, result.rejection.field, `${result.rejection.position}: ${result.rejection.message}`);
    };
  }
  return (row, line) => {
    const result = readAnnotationRow(row, file.layout, line);
    if (result.ok) target.otlp.annotate(result.annotation, line, `row ${line}`);
    else target.reject(line, result.rejection.raw, result.rejection.reason, result.rejection.field, `${result.rejection.position}: ${result.rejection.message}`);
  };
}
