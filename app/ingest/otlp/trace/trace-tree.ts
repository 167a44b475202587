import type { CollectedSpan } from './trace-types';

/** The spans of one trace as a forest: each span's parent within the trace, cycles cut. */
export interface TraceTree {
  traceId: string;
  /** Every span once (the first of a repeated span id), by start time, ties in the order given. */
  spans: CollectedSpan[];
  /** Spans whose span id was already taken by an earlier one of the list given. */
  repeated: CollectedSpan[];
  /** Spans without a parent in the trace, by start time. */
  roots: CollectedSpan[];
  parentOf(spanId: string): CollectedSpan | null;
  childrenOf(spanId: string): CollectedSpan[];
}

const NOT_SEEN = 0;
const ON_PATH = 1;
const SETTLED = 2;

/**
 * A parent not in the trace makes a root. A `parentSpanId` chain that leads back into itself is
 * cut: walking up from each span in start order, the first span of a cycle the walk reaches
 * becomes a root. Each span is walked once (linear in the number of spans).
 */
function effectiveParents(spans: CollectedSpan[], byId: Map<string, CollectedSpan>): Map<string, CollectedSpan | null> {
  const parents = new Map<string, CollectedSpan | null>();
  for (const { span } of spans) {
    const parent = span.parentSpanId === null ? undefined : byId.get(span.parentSpanId);
    parents.set(span.spanId, parent === undefined || parent.span.spanId === span.spanId ? null : parent);
  }
  const state = new Map<string, number>();
  for (const start of spans) {
    const path: string[] = [];
    let current: CollectedSpan | null = start;
    while (current !== null && (state.get(current.span.spanId) ?? NOT_SEEN) === NOT_SEEN) {
      state.set(current.span.spanId, ON_PATH);
      path.push(current.span.spanId);
      current = parents.get(current.span.spanId) ?? null;
    }
    if (current !== null && state.get(current.span.spanId) === ON_PATH) parents.set(current.span.spanId, null);
    for (const id of path) state.set(id, SETTLED);
  }
  return parents;
}

export function buildTraceTree(collected: CollectedSpan[]): TraceTree {
  const byId = new Map<string, CollectedSpan>();
  const firsts: CollectedSpan[] = [];
  const repeated: CollectedSpan[] = [];
  for (const item of collected) {
    if (byId.has(item.span.spanId)) {
      repeated.push(item);
      continue;
    }
    byId.set(item.span.spanId, item);
    firsts.push(item);
  }
  const spans = firsts
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.span.startMs - b.item.span.startMs || a.index - b.index)
    .map(({ item }) => item);
  const parents = effectiveParents(spans, byId);
  const children = new Map<string, CollectedSpan[]>();
  const roots: CollectedSpan[] = [];
  for (const item of spans) {
    const parent = parents.get(item.span.spanId) ?? null;
    if (parent === null) {
      roots.push(item);
      continue;
    }
    const siblings = children.get(parent.span.spanId);
    if (siblings) siblings.push(item);
    else children.set(parent.span.spanId, [item]);
  }
  return {
    traceId: collected[0]?.span.traceId ?? '',
    spans,
    repeated,
    roots,
    parentOf: (spanId) => parents.get(spanId) ?? null,
    childrenOf: (spanId) => children.get(spanId) ?? [],
  };
}
