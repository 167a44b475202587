import type { DocumentAnnotation, DocumentList, PlacedEvent, PlacedRejection } from './trace-types';

/**
 * A Phoenix document annotation as the `relevance` label it is (docs/log-format.md, "Phoenix"): of
 * the asset at `document_position` of the annotated span's documents, for the retrieval that
 * list belongs to. `grade` = the score when it is an integer 0–3, else 1 for a score ≥ 0.5 or
 * the label `relevant` (any case), else 0. `annotator` = the annotation's name; `annotator_kind`
 * = Phoenix's `HUMAN` / `LLM` / `CODE` in lowercase; `note` = the explanation.
 */
export function relevanceGrade(score: number | null, label: string | null): number {
  if (score !== null && Number.isInteger(score) && score >= 0 && score <= 3) return score;
  if (score !== null && score >= 0.5) return 1;
  return label !== null && label.trim().toLowerCase() === 'relevant' ? 1 : 0;
}

const rawText = (annotation: DocumentAnnotation): string => {
  const { spanId, documentPosition, name, label, score, explanation, annotatorKind } = annotation;
  return JSON.stringify({ span_id: spanId, document_position: documentPosition, name, label, score, explanation, annotator_kind: annotatorKind });
};

/**
 * The label of one annotation, given the document list of the span it names (`listsBySpan` of
 * the load's resolved traces), or why it cannot be placed: no span of that id that records
 * documents was loaded, or the span has no document at that position.
 */
export function annotationLabel(annotation: DocumentAnnotation, list: DocumentList | undefined): PlacedEvent | PlacedRejection {
  const { place, spanId, documentPosition } = annotation;
  if (list === undefined) {
    return {
      place, reason: 'unknown_reference', field: 'context.span_id', raw: rawText(annotation),
      message: `the annotated span ${spanId} was not loaded (or records no documents): load the Phoenix spans it belongs to (the REST span export pages or the spans dataframe) together with this file`,
    };
  }
  const assetId = list.assetIds[documentPosition];
  if (assetId === undefined) {
    return {
      place, reason: 'unknown_reference', field: 'document_position', raw: rawText(annotation),
      message: `span ${spanId} returned ${list.assetIds.length} document${list.assetIds.length === 1 ? '' : 's'}: there is no document at position ${documentPosition}`,
    };
  }
  const event: Record<string, unknown> = {
    type: 'label',
    kind: 'relevance',
    retrieval_id: list.retrievalId,
    asset_id: assetId,
    grade: relevanceGrade(annotation.score, annotation.label),
  };
  if (annotation.name !== '') event.annotator = annotation.name;
  if (annotation.annotatorKind !== null) event.annotator_kind = annotation.annotatorKind.toLowerCase();
  if (annotation.explanation !== null) event.note = annotation.explanation;
  if (annotation.ts !== null) event.ts = annotation.ts;
  return { place, event };
}
