import { describe, expect, it } from 'vitest';
import { isPhoenixSpanEvaluations, phoenixAnnotationLayout, readAnnotationRow, type AnnotationLayout } from './annotations';

const SPAN = '2222222222222222';
/** `DocumentEvaluations.save()`: result columns first, then the index columns pyarrow appends; the name in the `arize` metadata. */
const EVALUATIONS_COLUMNS = ['score', 'label', 'explanation', 'context.span_id', 'document_position'];
const ARIZE = [{ key: 'arize', value: '{"eval_id": "8d3c5c1e-0f43-4b8e-9f0e-1d2a3b4c5d6e", "eval_name": "relevance", "eval_type": "DocumentEvaluations"}' }, { key: 'pandas', value: '{}' }];
/** A dataframe for `log_document_annotations_dataframe`. */
const DATAFRAME_COLUMNS = ['span_id', 'document_position', 'name', 'annotator_kind', 'label', 'score', 'explanation'];

function layoutOf(columns: string[], metadata?: { key: string; value?: string }[]): AnnotationLayout {
  const layout = phoenixAnnotationLayout(columns, metadata);
  if (!layout) throw new Error('not an annotations file');
  return layout;
}

describe('phoenixAnnotationLayout', () => {
  it('reads Evaluations.save(): the name from the arize metadata, annotator kind LLM', () => {
    expect(layoutOf(EVALUATIONS_COLUMNS, ARIZE)).toMatchObject({ spanId: 'context.span_id', position: 'document_position', name: null, nameOfFile: 'relevance', annotatorKind: null, annotatorKindOfFile: 'LLM' });
  });

  it.each<[string, string[], Partial<AnnotationLayout> | null]>([
    ['the annotations dataframe', DATAFRAME_COLUMNS, { spanId: 'span_id', name: 'name', annotatorKind: 'annotator_kind', annotatorKindOfFile: null }],
    ['the aliases `span_id` / `position`', ['span_id', 'position', 'label'], { spanId: 'span_id', position: 'position', label: 'label', score: null }],
    ['`annotation_name` and nested results', ['context.span_id', 'document_position', 'annotation_name', 'result.label', 'result.score', 'result.explanation', 'created_at'], { name: 'annotation_name', label: 'result.label', score: 'result.score', ts: 'created_at' }],
    ['no document position (span evaluations)', ['context.span_id', 'score'], null],
    ['no result column', ['context.span_id', 'document_position', 'name'], null],
    ['a log event file', ['type', 'span_id', 'document_position', 'label'], null],
  ])('%s', (_case, columns, expected) => {
    const layout = phoenixAnnotationLayout(columns);
    if (expected === null) expect(layout).toBeNull();
    else expect(layout).toMatchObject(expected);
  });

  it('tells span-level evaluations apart, which label no document', () => {
    expect(isPhoenixSpanEvaluations(['score', 'label', 'explanation', 'context.span_id'])).toBe(true);
    expect(isPhoenixSpanEvaluations(EVALUATIONS_COLUMNS)).toBe(false);
    expect(isPhoenixSpanEvaluations(['context.span_id', 'context.trace_id', 'start_time', 'attributes.label'])).toBe(false);
  });
});

describe('readAnnotationRow', () => {
  it('an Evaluations.save() row: BigInt position, the file\'s name and kind', () => {
    const row = { score: 1, label: 'relevant', explanation: 'mentions the refund window', 'context.span_id': SPAN, document_position: 0n };
    expect(readAnnotationRow(row, layoutOf(EVALUATIONS_COLUMNS, ARIZE), 1)).toEqual({
      ok: true,
      annotation: { spanId: SPAN, documentPosition: 0, name: 'relevance', label: 'relevant', score: 1, explanation: 'mentions the refund window', annotatorKind: 'LLM', ts: null },
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a HUMAN annotation, label only', { annotator_kind: 'HUMAN', name: 'support-lead', score: null }, { annotatorKind: 'HUMAN', name: 'support-lead', score: null, label: 'irrelevant' }],
    ['an upper-case span id', { span_id: SPAN.toUpperCase() }, { spanId: SPAN }],
    ['a score that is NaN (pandas\' missing value)', { score: NaN }, { score: null }],
    ['an empty explanation', { explanation: '' }, { explanation: null }],
    ['no annotator kind', { annotator_kind: null }, { annotatorKind: null }],
  ])('%s', (_case, fields, expected) => {
    const row = { span_id: SPAN, document_position: 2n, name: 'relevance', annotator_kind: 'LLM', label: 'irrelevant', score: 0, explanation: 'off topic', ...fields };
    expect(readAnnotationRow(row, layoutOf(DATAFRAME_COLUMNS), 3)).toMatchObject({ ok: true, annotation: expected });
  });

  it('reads the time of a fetched annotation', () => {
    const columns = ['span_id', 'document_position', 'annotation_name', 'annotator_kind', 'result.label', 'result.score', 'created_at'];
    const row = { span_id: SPAN, document_position: 1, annotation_name: 'relevance', annotator_kind: 'HUMAN', 'result.label': 'relevant', 'result.score': null, created_at: new Date('2025-06-04T08:00:00Z') };
    expect(readAnnotationRow(row, layoutOf(columns), 1)).toMatchObject({ ok: true, annotation: { ts: Date.parse('2025-06-04T08:00:00Z'), label: 'relevant' } });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no span id', { span_id: null }, 'span_id', 'missing_field'],
    ['a position that is not a whole number', { document_position: 1.5 }, 'document_position', 'wrong_type'],
    ['a negative position', { document_position: -1n }, 'document_position', 'wrong_type'],
    ['neither label nor score', { label: null, score: null }, 'score', 'missing_field'],
    ['an annotator kind Phoenix does not know', { annotator_kind: 'robot' }, 'annotator_kind', 'wrong_type'],
  ])('rejects a row with %s', (_case, fields, field, reason) => {
    const row = { span_id: SPAN, document_position: 2n, name: 'relevance', annotator_kind: 'LLM', label: 'relevant', score: 1, explanation: null, ...fields };
    const result = readAnnotationRow(row, layoutOf(DATAFRAME_COLUMNS), 6);
    expect(result).toMatchObject({ ok: false, rejection: { position: 'row 6', field, reason } });
  });
});
