import { textAttribute } from '../any-value';
import type { DocumentsOf, ResolvedRetrieval } from './retrieval-lists';
import { toStage } from './stage-list';
import type { CollectedSpan } from './trace-types';

/** Every asset id a retrieval has offered so far: its list, its stages (a reranker may rerank another's output). */
function offeredIds(retrieval: ResolvedRetrieval): Set<string> {
  const ids = new Set((retrieval.documents ?? []).map((document) => document.id));
  for (const { documents } of retrieval.stages) for (const document of documents) ids.add(document.id);
  return ids;
}

/** Of the retrievals whose candidates hold every input, the latest that started before the reranker, else the first. */
function sourceOf(reranker: CollectedSpan, inputIds: string[], retrievals: ResolvedRetrieval[]): ResolvedRetrieval | undefined {
  const candidates = retrievals.filter((retrieval) => {
    const offered = offeredIds(retrieval);
    return inputIds.every((id) => offered.has(id));
  });
  const before = candidates.filter(({ collected }) => collected.span.startMs <= reranker.span.startMs);
  return before.at(-1) ?? candidates[0];
}

/**
 * A RERANKER span whose `reranker.input_documents` are all drawn from a retrieval's list or
 * stages is that retrieval's `rerank` stage: `reranker.output_documents` in order (none recorded
 * = it kept none), named by `reranker.model_name`, else the span name. Rerankers are taken in
 * start order, so a second reranker may rerank the first's output. A reranker that failed, that
 * records no input, or whose input no retrieval offered stays on the timeline.
 */
export function attachRerankers(retrievals: ResolvedRetrieval[], rerankers: CollectedSpan[], documentsOf: DocumentsOf): void {
  for (const reranker of rerankers) {
    const lists = documentsOf(reranker);
    const input = lists['reranker.input_documents'];
    if (reranker.span.status === 'ERROR' || input === undefined || input.length === 0) continue;
    const retrieval = sourceOf(reranker, input.map((document) => document.id), retrievals);
    if (retrieval === undefined) continue;
    const documents = lists['reranker.output_documents'] ?? [];
    const name = textAttribute(reranker.span.attributes, 'reranker.model_name') ?? (reranker.span.name || 'reranker');
    retrieval.stages.push({ stage: toStage(name, 'rerank', documents), collected: reranker, documents });
    retrieval.covered.add(reranker);
  }
}
