import type { Stage } from '../../../schema/stages';
import { isRetrievalSpan } from '../span-kind';
import type { TraceDocument } from './document-identity';
import { retrieverName } from './retriever-name';
import type { NestedRetrievers } from './retriever-nesting';
import type { SpanDocumentLists } from './span-documents';
import { toStage } from './stage-list';
import type { TraceTree } from './trace-tree';
import type { CollectedSpan } from './trace-types';

/** A stage and the span whose documents it lists. */
export interface SpanStage {
  stage: Stage;
  collected: CollectedSpan;
  documents: TraceDocument[];
}

/** A retrieval with its returned list and its stages settled. */
export interface ResolvedRetrieval {
  collected: CollectedSpan;
  retriever: string | undefined;
  /** The span whose documents are the returned list (the retrieval's own, or the nearest inner retriever's); null when none records any. */
  listSpan: CollectedSpan | null;
  documents: TraceDocument[] | null;
  stages: SpanStage[];
  /** Inner spans that repeat the list of the retriever span right above them: no stage, but a list annotations may name. */
  repeats: { collected: CollectedSpan; documents: TraceDocument[] }[];
  /** Spans the retrieval event stands for: itself, its list's span, its stages' spans (rerankers added later). */
  covered: Set<CollectedSpan>;
}

export type DocumentsOf = (collected: CollectedSpan) => SpanDocumentLists;

const retrieved = (documentsOf: DocumentsOf, collected: CollectedSpan) => documentsOf(collected)['retrieval.documents'];

const sameIds = (a: TraceDocument[], b: TraceDocument[]) => a.length === b.length && a.every((document, i) => document.id === b[i].id);

/** The inner span's nearest RETRIEVER ancestor: at the latest, the retrieval itself. */
function nearestRetrieverAbove(tree: TraceTree, collected: CollectedSpan): CollectedSpan | null {
  for (let parent = tree.parentOf(collected.span.spanId); parent !== null; parent = tree.parentOf(parent.span.spanId)) {
    if (isRetrievalSpan(parent.span.attributes)) return parent;
  }
  return null;
}

/**
 * An inner span that repeats the documents of the retriever span right above it, under the same
 * retriever name, is that call seen twice (LlamaIndex's `retrieve` wrapping `_retrieve`, should
 * both record the list), not a stage.
 */
function repeatsCallAbove(tree: TraceTree, documentsOf: DocumentsOf, collected: CollectedSpan): boolean {
  const above = nearestRetrieverAbove(tree, collected);
  const aboveDocuments = above === null ? undefined : retrieved(documentsOf, above);
  return above !== null && aboveDocuments !== undefined && retrieverName(above.span) === retrieverName(collected.span) && sameIds(aboveDocuments, retrieved(documentsOf, collected)!);
}

/**
 * The returned list is the retrieval's own documents, else the nearest (then earliest) inner
 * retriever span's that records documents; every other inner retriever span that records
 * documents is a `retriever` stage, in start order (docs/log-format.md, "Traces from real
 * instrumentation"). Inner spans that record none are left to the timeline.
 */
export function resolveRetrieval(tree: TraceTree, nested: NestedRetrievers, documentsOf: DocumentsOf): ResolvedRetrieval {
  const { retrieval, inner } = nested;
  const recording = inner.filter(({ collected }) => retrieved(documentsOf, collected) !== undefined);
  const own = retrieved(documentsOf, retrieval);
  const nearest = own !== undefined ? null : [...recording].sort((a, b) => a.depth - b.depth)[0]?.collected ?? null;
  const listSpan = own !== undefined ? retrieval : nearest;
  const covered = new Set<CollectedSpan>([retrieval]);
  if (listSpan !== null) covered.add(listSpan);
  const stages: SpanStage[] = [];
  const repeats: ResolvedRetrieval['repeats'] = [];
  for (const { collected } of recording) {
    if (collected === listSpan) continue;
    covered.add(collected);
    const documents = retrieved(documentsOf, collected)!;
    if (repeatsCallAbove(tree, documentsOf, collected)) {
      repeats.push({ collected, documents });
      continue;
    }
    stages.push({ stage: toStage(retrieverName(collected.span) ?? 'retriever', 'retriever', documents), collected, documents });
  }
  return {
    collected: retrieval,
    retriever: retrieverName(retrieval.span),
    listSpan,
    documents: listSpan === null ? null : retrieved(documentsOf, listSpan)!,
    stages,
    repeats,
    covered,
  };
}
