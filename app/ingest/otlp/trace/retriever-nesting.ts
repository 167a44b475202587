import { isRetrievalSpan } from '../span-kind';
import type { TraceTree } from './trace-tree';
import type { CollectedSpan } from './trace-types';

export interface InnerRetriever {
  collected: CollectedSpan;
  /** How many levels below the retrieval (a child is 1), through spans of any kind. */
  depth: number;
}

/** A retrieval (a RETRIEVER span with no RETRIEVER ancestor) and the RETRIEVER spans below it, in start order. */
export interface NestedRetrievers {
  retrieval: CollectedSpan;
  inner: InnerRetriever[];
}

interface Visit {
  collected: CollectedSpan;
  depth: number;
  owner: NestedRetrievers | null;
  ownerDepth: number;
}

/** The trace's retrievals in start order, each with the retriever spans nested in it. */
export function findRetrievals(tree: TraceTree): NestedRetrievers[] {
  const retrievals: NestedRetrievers[] = [];
  const stack: Visit[] = tree.roots.map((collected) => ({ collected, depth: 0, owner: null, ownerDepth: 0 })).reverse();
  while (stack.length > 0) {
    const { collected, depth, owner: above, ownerDepth: aboveDepth } = stack.pop()!;
    let owner = above;
    let ownerDepth = aboveDepth;
    if (isRetrievalSpan(collected.span.attributes)) {
      if (owner === null) {
        owner = { retrieval: collected, inner: [] };
        ownerDepth = depth;
        retrievals.push(owner);
      } else {
        owner.inner.push({ collected, depth: depth - ownerDepth });
      }
    }
    const children = tree.childrenOf(collected.span.spanId);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ collected: children[i], depth: depth + 1, owner, ownerDepth });
  }
  const order = new Map(tree.spans.map((collected, index) => [collected, index]));
  const byStart = (a: CollectedSpan, b: CollectedSpan) => order.get(a)! - order.get(b)!;
  for (const nested of retrievals) nested.inner.sort((a, b) => byStart(a.collected, b.collected));
  return retrievals.sort((a, b) => byStart(a.retrieval, b.retrieval));
}
