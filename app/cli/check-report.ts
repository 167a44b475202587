import { basename } from 'node:path';
import { unreadableReason } from './io';
import type { Engine } from '../engine/engine';
import { initDataset, unmappedSpanCount } from '../engine/dataset';
import { createCliEngine, type EngineChoice } from './cli-engine';
import { expandInputPaths } from './input-paths';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { SPANS_BY_KIND_SQL } from '../engine/sql/spans';
import type { SpanKindCount } from '../model/session/unmapped-spans';

export interface CheckedFile {
  /** The path as given on the command line. */
  path: string;
  events: number | null;
  rejected: number | null;
  blank_lines: number | null;
  /** OpenTelemetry spans of the file that no event type covers (kept, not events). */
  unmapped_spans: number | null;
  /** Why the file could not be read, or null. */
  error: string | null;
}

/** A rejected line or a reference warning, located by the path as given. */
export interface LineIssue {
  file: string;
  line: number;
  reason: string;
  field: string | null;
  message: string;
  /** The input text; rejected lines only (a warned event is stored, not its raw line). */
  raw?: string;
}

export interface CheckReport {
  files: CheckedFile[];
  counts_by_type: Record<string, number>;
  /** OpenTelemetry spans no event type covers, per kind (LLM, TOOL, …). */
  unmapped_spans: Record<string, number>;
  rejected: LineIssue[];
  warnings: LineIssue[];
}

interface IssueRow {
  file_id: number;
  line: number;
  reason: string;
  field: string | null;
  message: string;
  raw?: string;
}

async function loadAndCollect(engine: Engine, readable: CheckedFile[]): Promise<Omit<CheckReport, 'files'>> {
  await initDataset(engine);
  const results = await loadFiles(engine, readable.map((file) => nodeInputFile(file.path)), new LoadState());
  const pathByFileId = new Map<number, string>();
  results.forEach((result, index) => {
    const file = readable[index];
    pathByFileId.set(result.fileId, file.path);
    const unmappedSpans = unmappedSpanCount(result);
    Object.assign(file, { events: result.events, rejected: result.rejected, blank_lines: result.blankLines, unmapped_spans: unmappedSpans, error: result.error });
  });
  const located = ({ file_id, ...row }: IssueRow): LineIssue => ({ file: pathByFileId.get(file_id) ?? `file #${file_id}`, ...row });

  const counts = await engine.query<{ type: string; n: number }>(
    'SELECT type, count(*)::INTEGER AS n FROM events GROUP BY type ORDER BY n DESC, type',
  );
  const spans = await engine.query<SpanKindCount>(SPANS_BY_KIND_SQL);
  const rejected = await engine.query<IssueRow & { file: string }>('SELECT file_id, file, line, reason, field, message, raw FROM rejected ORDER BY file_id, file, line');
  // A rejected row loaded back from a Parquet export of rejected rows names the file it was first rejected from.
  const locatedRejected = ({ file, ...row }: IssueRow & { file: string }): LineIssue => {
    const issue = located(row);
    return file === basename(issue.file) ? issue : { ...issue, file };
  };
  const warnings = await engine.query<IssueRow>(
    'SELECT file_id, line, reason, field, message FROM reference_warnings ORDER BY file_id, line, seq',
  );
  return {
    counts_by_type: Object.fromEntries(counts.map(({ type, n }) => [type, n])),
    unmapped_spans: Object.fromEntries(spans.map(({ kind, spans }) => [kind, spans])),
    rejected: rejected.map(locatedRejected),
    warnings: warnings.map(located),
  };
}

/**
 * Loads the files with the app's own ingest into an in-process DuckDB and gathers what went wrong.
 * A directory stands for every file below it.
 */
export async function checkFiles(givenPaths: readonly string[], engineChoice: EngineChoice = { kind: 'wasm' }): Promise<CheckReport> {
  const paths = expandInputPaths(givenPaths);
  const files: CheckedFile[] = paths.map((path) => ({ path, events: null, rejected: null, blank_lines: null, unmapped_spans: null, error: unreadableReason(path) }));
  const readable = files.filter((file) => file.error === null);
  if (readable.length === 0) return { files, counts_by_type: {}, unmapped_spans: {}, rejected: [], warnings: [] };

  const engine = await createCliEngine(engineChoice);
  try {
    return { files, ...(await loadAndCollect(engine, readable)) };
  } finally {
    await engine.close();
  }
}
