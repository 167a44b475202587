import type { Rejection } from '../../../schema/rejection';
import { documentAsset } from '../document-assets';
import { isRetrievalSpan } from '../span-kind';
import { readSpanDocuments, type SpanDocumentLists, type SpanDocumentsRead } from './span-documents';
import { isRerankerSpan } from './span-roles';
import type { TraceTree } from './trace-tree';
import type { CollectedSpan, PlacedRejection, TraceOutput } from './trace-types';

type ListsOf = (collected: CollectedSpan) => SpanDocumentLists;
export type Emit = (collected: CollectedSpan, event: Record<string, unknown>) => void;

/** Documents are read on the spans that record them, retrievers and rerankers, once each. */
export function documentReader(): (collected: CollectedSpan) => SpanDocumentsRead {
  const reads = new Map<CollectedSpan, SpanDocumentsRead>();
  return (collected) => {
    let read = reads.get(collected);
    if (read === undefined) {
      const { attributes } = collected.span;
      read = isRetrievalSpan(attributes) || isRerankerSpan(attributes) ? readSpanDocuments(attributes) : { lists: {}, problem: null };
      reads.set(collected, read);
    }
    return read;
  };
}

/** Each distinct document becomes an `asset` once per trace, from the first span (in start order) that describes it. */
export function documentAssets(tree: TraceTree, listsOf: ListsOf, emit: Emit): void {
  const described = new Set<string>();
  for (const collected of tree.spans) {
    for (const documents of Object.values(listsOf(collected))) {
      for (const document of documents) {
        if (described.has(document.id)) continue;
        const asset = documentAsset(document);
        if (asset === null) continue;
        described.add(document.id);
        emit(collected, asset);
      }
    }
  }
}

/** Distinct ids the trace derived, by source. */
export function derivedIdCounts(tree: TraceTree, listsOf: ListsOf): TraceOutput['derivedIds'] {
  const counts = { metadata: 0, content: 0 };
  const derived = new Set<string>();
  for (const collected of tree.spans) {
    for (const documents of Object.values(listsOf(collected))) {
      for (const { id, idSource } of documents) {
        if (idSource === 'id' || derived.has(id)) continue;
        derived.add(id);
        counts[idSource] += 1;
      }
    }
  }
  return counts;
}

/**
 * A GenAI list that could not be read: the attribute is a rejected row of its own, and the span is
 * mapped as one that records no documents (a document is never a reason to reject its span).
 */
export function documentsProblem(collected: CollectedSpan, problem: Rejection): PlacedRejection {
  const value = collected.span.attributes['gen_ai.retrieval.documents'];
  return { place: collected.place, ...problem, raw: typeof value === 'string' ? value : JSON.stringify(value) };
}
