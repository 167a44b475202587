import { describe, expect, it } from 'vitest';
import { annotationLabel, relevanceGrade } from './annotation-label';
import type { DocumentAnnotation, DocumentList } from './trace-types';

const place = { fileId: 2, fileName: 'document-annotations.parquet', line: 4, position: 'row 4' };
const LIST: DocumentList = { retrievalId: '2222222222222222', assetIds: ['kb-refunds', 'kb-returns', 'kb-shipping'] };

const makeAnnotation = (fields: Partial<DocumentAnnotation> = {}): DocumentAnnotation => ({
  spanId: '2222222222222222', documentPosition: 1, name: 'relevance', label: 'relevant', score: 1, explanation: 'answers the question', annotatorKind: 'LLM', ts: null, place, ...fields,
});

describe('relevanceGrade', () => {
  it.each<[string, number | null, string | null, number]>([
    ['an integer score 0–3 is the grade', 2, null, 2],
    ['an integer score wins over the label', 0, 'relevant', 0],
    ['score 3', 3, 'irrelevant', 3],
    ['a float that is a whole number (1.0)', 1.0, null, 1],
    ['a fractional score ≥ 0.5', 0.5, null, 1],
    ['a fractional score < 0.5', 0.49, 'relevant', 1],
    ['a fractional score < 0.5 and another label', 0.2, 'irrelevant', 0],
    ['a score above 3 is ≥ 0.5', 7, null, 1],
    ['a negative score', -1, null, 0],
    ['no score, label relevant (any case)', null, ' Relevant ', 1],
    ['no score, label irrelevant', null, 'irrelevant', 0],
    ['no score, other label', null, 'partially relevant', 0],
    ['nothing', null, null, 0],
  ])('%s', (_case, score, label, grade) => {
    expect(relevanceGrade(score, label)).toBe(grade);
  });
});

describe('annotationLabel', () => {
  it('labels the asset at the annotated position of the retrieval the list belongs to', () => {
    expect(annotationLabel(makeAnnotation({ ts: 1748942200000 }), LIST)).toEqual({
      place,
      event: {
        type: 'label', kind: 'relevance', retrieval_id: '2222222222222222', asset_id: 'kb-returns', grade: 1,
        annotator: 'relevance', annotator_kind: 'llm', note: 'answers the question', ts: 1748942200000,
      },
    });
  });

  it.each<[string, Partial<DocumentAnnotation>, Record<string, unknown>]>([
    ['HUMAN in lowercase', { annotatorKind: 'HUMAN', name: 'reviewer-ana' }, { annotator_kind: 'human', annotator: 'reviewer-ana' }],
    ['CODE', { annotatorKind: 'CODE' }, { annotator_kind: 'code' }],
    ['a label without a score', { score: null, label: 'irrelevant' }, { grade: 0 }],
  ])('%s', (_case, fields, expected) => {
    expect(annotationLabel(makeAnnotation(fields), LIST)).toMatchObject({ event: expected });
  });

  it('leaves out what the annotation does not say (annotator kind, name, explanation, time)', () => {
    const placed = annotationLabel(makeAnnotation({ annotatorKind: null, name: '', explanation: null, documentPosition: 0 }), LIST);
    expect(placed).toEqual({ place, event: { type: 'label', kind: 'relevance', retrieval_id: '2222222222222222', asset_id: 'kb-refunds', grade: 1 } });
  });

  it('an annotation of a span that was not loaded says what to load with it', () => {
    const placed = annotationLabel(makeAnnotation(), undefined);
    expect(placed).toMatchObject({ place, reason: 'unknown_reference', field: 'context.span_id' });
    expect('message' in placed && placed.message).toMatch(/span 2222222222222222 was not loaded.*load the Phoenix spans/);
    expect('raw' in placed && JSON.parse(placed.raw)).toMatchObject({ span_id: '2222222222222222', document_position: 1, name: 'relevance' });
  });

  it('a position past the span\'s documents is rejected', () => {
    const placed = annotationLabel(makeAnnotation({ documentPosition: 3 }), LIST);
    expect(placed).toMatchObject({ reason: 'unknown_reference', field: 'document_position', message: 'span 2222222222222222 returned 3 documents: there is no document at position 3' });
  });
});
