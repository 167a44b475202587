import { mapAppEvent } from '../app-events';
import type { SpanDefaults } from '../span-defaults';
import { toUnmappedSpan } from '../unmapped-span';
import { toReader, agentUseActions } from './consumption';
import type { TraceDocument } from './document-identity';
import { turnEvents } from './prompt-response';
import { attachRerankers } from './reranker';
import { retrievalEvent } from './retrieval-event';
import { resolveRetrieval, type ResolvedRetrieval } from './retrieval-lists';
import { findRetrievals } from './retriever-nesting';
import { isLlmSpan, isRerankerSpan } from './span-roles';
import { buildTraceTree, type TraceTree } from './trace-tree';
import { derivedIdCounts, documentAssets, documentReader, documentsProblem, type Emit } from './trace-documents';
import { traceDefaults } from './trace-turn';
import type { CollectedSpan, PlacedEvent, PlacedRejection, TraceOutput } from './trace-types';

type DefaultsOf = (collected: CollectedSpan) => SpanDefaults;

function repeatedSpanRejection(tree: TraceTree, collected: CollectedSpan): PlacedRejection {
  return {
    place: collected.place,
    reason: 'duplicate_event_id',
    field: 'spanId',
    message: `span ${collected.span.spanId} appears again in trace ${tree.traceId}: only its first copy is mapped`,
    raw: JSON.stringify(collected.span),
  };
}

/** Span events named `rag.<type>`, with the trace's defaults; one that cannot be mapped is rejected where it stands. */
function appEvents(tree: TraceTree, defaultsOf: DefaultsOf, output: TraceOutput): { collected: CollectedSpan; event: Record<string, unknown> }[] {
  const events: { collected: CollectedSpan; event: Record<string, unknown> }[] = [];
  for (const collected of tree.spans) {
    const { span, place } = collected;
    span.events.forEach((rawEvent, index) => {
      const mapped = mapAppEvent(rawEvent, index, span, defaultsOf(collected));
      if (mapped === null) return;
      if (mapped.ok) events.push({ collected, event: mapped.event });
      else output.rejected.push({ place: { ...place, position: `${place.position}.events[${index}]` }, ...mapped.rejection, raw: JSON.stringify(rawEvent) });
    });
  }
  return events;
}

function recordLists(retrieval: ResolvedRetrieval, output: TraceOutput): void {
  const retrievalId = retrieval.collected.span.spanId;
  const record = (collected: CollectedSpan, documents: TraceDocument[]) =>
    output.listsBySpan.set(collected.span.spanId, { retrievalId, assetIds: documents.map((document) => document.id) });
  if (retrieval.listSpan !== null && retrieval.documents !== null) record(retrieval.listSpan, retrieval.documents);
  for (const { collected, documents } of [...retrieval.stages, ...retrieval.repeats]) record(collected, documents);
}

/**
 * Resolves one trace (every span given has the same trace id) into log events, timeline spans
 * and rejections (docs/log-format.md, "Traces from real instrumentation"). Events come grouped by the
 * span they came from, spans in start order; within a span: prompt, retrieval, assets, use
 * actions, app events, response.
 */
export function resolveTrace(spans: CollectedSpan[]): TraceOutput {
  const output: TraceOutput = { events: [], spans: [], rejected: [], derivedIds: { metadata: 0, content: 0 }, listsBySpan: new Map() };
  if (spans.length === 0) return output;
  const tree = buildTraceTree(spans);
  const defaultsOf = traceDefaults(tree);
  const readDocuments = documentReader();
  const listsOf = (collected: CollectedSpan) => readDocuments(collected).lists;
  const byOrigin = new Map<CollectedSpan, PlacedEvent[]>();
  const emit: Emit = (collected, event) => {
    const placed = { place: collected.place, event };
    const list = byOrigin.get(collected);
    if (list) list.push(placed);
    else byOrigin.set(collected, [placed]);
  };

  const retrievals = findRetrievals(tree).map((nested) => resolveRetrieval(tree, nested, listsOf));
  attachRerankers(retrievals, tree.spans.filter(({ span }) => isRerankerSpan(span.attributes)), listsOf);
  const returned = retrievals.flatMap(({ documents }) => documents ?? []);
  const turn = turnEvents(tree, defaultsOf, returned);
  const app = appEvents(tree, defaultsOf, output);
  // The app's own `rag.prompt` / `rag.response` (README, "App namespace") say the turn's words: none is derived beside them.
  const appTypes = new Set(app.map(({ event }) => event.type));
  if (turn?.prompt && !appTypes.has('prompt')) emit(turn.root, turn.prompt);
  for (const retrieval of retrievals) {
    emit(retrieval.collected, retrievalEvent(retrieval, defaultsOf(retrieval.collected)));
    recordLists(retrieval, output);
  }
  documentAssets(tree, listsOf, emit);
  output.derivedIds = derivedIdCounts(tree, listsOf);
  // Model calls only (a reranker's own LLM call included): a RERANKER span's input is the candidates it ranks,
  // not what the agent read (docs/log-format.md: "the input messages / prompt of any LLM span").
  const readers = tree.spans.filter(({ span }) => isLlmSpan(span.attributes)).map(toReader);
  const lists = retrievals.flatMap(({ collected, documents }) => (documents && documents.length > 0 ? [{ retrieval: collected, documents }] : []));
  for (const { reader, event } of agentUseActions(lists, readers, defaultsOf)) emit(reader, event);
  for (const { collected, event } of app) emit(collected, event);
  if (turn?.response && !appTypes.has('response')) emit(turn.root, turn.response);

  const covered = new Set(retrievals.flatMap((retrieval) => [...retrieval.covered]));
  for (const collected of tree.spans) {
    output.events.push(...(byOrigin.get(collected) ?? []));
    if (!covered.has(collected)) output.spans.push({ place: collected.place, span: toUnmappedSpan(collected.span, defaultsOf(collected)) });
    const { problem } = readDocuments(collected);
    if (problem !== null) output.rejected.push(documentsProblem(collected, problem));
  }
  for (const collected of tree.repeated) output.rejected.push(repeatedSpanRejection(tree, collected));
  return output;
}
