import type { IdSet } from '../../lib/id-set';
import type { LoadState } from '../load-state';
import { RecordAcceptor, type AcceptedCounts } from '../record-acceptor';
import type { FileIngestResult, IngestTarget } from '../ingest-file';
import type { ResolvedTraces } from './trace/trace-collector';
import type { TraceOutput } from './trace/trace-types';

/** What the resolved traces added to one file of the load: its events, rejected rows and kept spans. */
export interface TraceFileCounts extends AcceptedCounts {
  fileId: number;
  /** Kept spans per kind (LLM, TOOL, …). */
  spans: Record<string, number>;
  /** Document ids derived from metadata or content (docs/log-format.md, "Document identity"). */
  derivedIds: { metadata: number; content: number };
  /** Spans that came after their trace had been resolved early, read apart from it (trace-collector.ts). */
  lateSpans: number;
}

interface FileOutput {
  fileName: string;
  events: TraceOutput['events'];
  spans: TraceOutput['spans'];
  rejected: TraceOutput['rejected'];
}

function byFile(output: ResolvedTraces): Map<number, FileOutput> {
  const files = new Map<number, FileOutput>();
  const of = (place: { fileId: number; fileName: string }) => {
    let file = files.get(place.fileId);
    if (!file) files.set(place.fileId, (file = { fileName: place.fileName, events: [], spans: [], rejected: [] }));
    return file;
  };
  for (const event of output.events) of(event.place).events.push(event);
  for (const span of output.spans) of(span.place).spans.push(span);
  for (const rejection of output.rejected) of(rejection.place).rejected.push(rejection);
  for (const fileId of [...output.derivedIdsByFile.keys(), ...output.lateSpansByFile.keys()]) {
    if (!files.has(fileId)) files.set(fileId, { fileName: '', events: [], spans: [], rejected: [] });
  }
  return files;
}

/**
 * Resolves the traces the load's files left in `state.traces` and stores what they come to, each
 * row under the file and line of the span it came from, validated as any event is. Rows are
 * numbered after the load's files (`state.nextSeq` moves on). Returns what each file gained.
 */
export async function storeResolvedTraces(state: LoadState, target: IngestTarget, batchRows = 20_000): Promise<TraceFileCounts[]> {
  if (state.traces.isEmpty) return [];
  const output = state.traces.resolve();
  const counts: TraceFileCounts[] = [];
  for (const [fileId, file] of byFile(output)) {
    const records = new RecordAcceptor({ fileId, fileName: file.fileName, seqStart: state.nextSeq, seenRetrievalIds: state.seenRetrievalIds as IdSet, batchRows });
    for (const { place, event } of file.events) records.otlp.acceptEvent(place.line, event);
    for (const { place, span } of file.spans) records.otlp.keepSpan(place.line, span);
    for (const { place, reason, field, message, raw } of file.rejected) records.reject(place.line, raw, reason, field, `${place.position}: ${message}`);
    for (const { table, builder } of records.ready(true)) await target.insert(table, builder.flush());
    state.nextSeq += records.counts.events;
    counts.push({ fileId, ...records.counts, spans: { ...records.otlp.spansByKind }, derivedIds: output.derivedIdsByFile.get(fileId) ?? { metadata: 0, content: 0 }, lateSpans: output.lateSpansByFile.get(fileId) ?? 0 });
  }
  return counts;
}

/** A file's result once its traces are resolved: their rows counted with its own. */
export function withTraceCounts(result: FileIngestResult, counts: TraceFileCounts): FileIngestResult {
  const countsByType = { ...result.countsByType };
  for (const [type, n] of Object.entries(counts.countsByType)) countsByType[type] = (countsByType[type] ?? 0) + n;
  const spans = { ...result.spans };
  for (const [kind, n] of Object.entries(counts.spans)) spans[kind] = (spans[kind] ?? 0) + n;
  const before = result.derivedIds ?? { metadata: 0, content: 0 };
  return {
    ...result,
    lateSpans: (result.lateSpans ?? 0) + counts.lateSpans,
    events: result.events + counts.events,
    rejected: result.rejected + counts.rejected,
    countsByType,
    spans,
    derivedIds: { metadata: before.metadata + counts.derivedIds.metadata, content: before.content + counts.derivedIds.content },
  };
}
