import { basename } from 'node:path';
import { unreadableReason } from './io';
import type { Engine } from '../engine/engine';
import { initDataset, unmappedSpanCount } from '../engine/dataset';
import { withChunkWorkers } from './chunk-workers';
import { createCliEngine, type EngineChoice } from './cli-engine';
import { expandInputPaths } from './input-paths';
import { issueCountsByFile, issuePages, lastLineRead, type IssueKind, type IssueRow } from './check-pages';
import { loadFiles } from '../ingest/load-files';
import type { FileIngestResult } from '../ingest/ingest-file';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { SPAN_KIND_COUNT_ROW, SPANS_BY_KIND_SQL } from '../engine/sql/spans';
import { run } from '../engine/sql/core/run';

/**
 * How much of a file was read: all of it; its lines up to `read_up_to_line` (a gzip file that
 * stopped part-way); none (missing, not text, broken); or none because the same file was
 * already loaded (given twice, or under two paths).
 */
export type ReadExtent = 'whole' | 'part' | 'none' | 'skipped';

export interface CheckedFile {
  /** The path as given on the command line. */
  path: string;
  read: ReadExtent;
  events: number | null;
  rejected: number | null;
  blank_lines: number | null;
  /** OpenTelemetry spans of the file that no event type covers (kept, not events). */
  unmapped_spans: number | null;
  /** Trace documents without an id, given one from their metadata or their content (docs/log-format.md, "Document identity"). */
  derived_ids: { metadata: number; content: number } | null;
  /** Spans of a large trace file that came after the rest of their trace had been read, read apart from it. */
  late_spans?: number;
  /** The last line stored or rejected of a file read in part. */
  read_up_to_line: number | null;
  /** Why the file was not read whole ('part', 'none'), or null. */
  error: string | null;
  /** Why a file was skipped ('skipped'), or null: not a problem. */
  notice: string | null;
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

export interface CheckSummary {
  files: CheckedFile[];
  counts_by_type: Record<string, number>;
  /** OpenTelemetry spans no event type covers, per kind (LLM, TOOL, …). */
  unmapped_spans: Record<string, number>;
  totals: Record<IssueKind, number>;
}

/** A loaded check: its summary, and its rejected lines and warnings read a page at a time. */
export interface CheckRun extends CheckSummary {
  /** Pages of every rejected line (or warning), or of one file's first `limit`. */
  issues(kind: IssueKind, options?: { file?: CheckedFile; limit?: number | null }): AsyncGenerator<LineIssue[]>;
  /** How many rejected lines (or warnings) a file has. */
  issueCount(kind: IssueKind, file: CheckedFile): number;
}

/** The whole report in memory: for tests and small inputs (the command prints a `CheckRun` as it reads it). */
export interface CheckReport extends Omit<CheckSummary, 'totals'> {
  rejected: LineIssue[];
  warnings: LineIssue[];
}

const emptyFile = (path: string, error: string | null): CheckedFile => ({
  path, read: error ? 'none' : 'whole', events: null, rejected: null, blank_lines: null, unmapped_spans: null, derived_ids: null, read_up_to_line: null, error, notice: null,
});

/** A file's row once loaded: whole, in part (lines were read before the error), not at all, or skipped. */
async function describeLoaded(engine: Engine, file: CheckedFile, result: FileIngestResult, earlier: readonly { path: string; result: FileIngestResult }[]) {
  Object.assign(file, { events: result.events, rejected: result.rejected, blank_lines: result.blankLines, unmapped_spans: unmappedSpanCount(result), derived_ids: result.derivedIds ?? null, ...(result.lateSpans ? { late_spans: result.lateSpans } : {}) });
  if (result.skippedAs !== undefined) {
    const first = earlier.find((entry) => entry.result.fileName === result.skippedAs && entry.result.error === null)?.path ?? result.skippedAs;
    const why = first === file.path ? 'given more than once, read once' : `the same file as ${first}, already loaded`;
    Object.assign(file, { read: 'skipped', notice: `skipped: ${why} (its events are not stored twice)` });
  } else if (result.error !== null) {
    const lastLine = result.events + result.rejected + result.blankLines > 0 ? await lastLineRead(engine, result.fileId) : null;
    Object.assign(file, { read: lastLine === null ? 'none' : 'part', read_up_to_line: lastLine, error: result.error });
  }
}

/**
 * Loads the files with the app's own ingest into an in-process DuckDB and runs `work` on what
 * went wrong, then closes the engine. A directory stands for every file below it.
 */
export async function runCheck<T>(
  givenPaths: readonly string[],
  engineChoice: EngineChoice,
  work: (run: CheckRun) => Promise<T>,
  options: { pageRows?: number; wrapEngine?: (engine: Engine) => Engine } = {},
): Promise<T> {
  const files = expandInputPaths(givenPaths).map((path) => emptyFile(path, unreadableReason(path)));
  const readable = files.filter((file) => file.error === null);
  const engine = (options.wrapEngine ?? ((e: Engine) => e))(await createCliEngine(engineChoice));
  try {
    await initDataset(engine);
    const results = readable.length > 0 ? await withChunkWorkers((pool) => loadFiles(engine, readable.map((file) => nodeInputFile(file.path)), new LoadState(), undefined, undefined, pool)) : [];
    const loaded = readable.map((file, index) => ({ path: file.path, file, result: results[index] }));
    for (const [index, { file, result }] of loaded.entries()) await describeLoaded(engine, file, result, loaded.slice(0, index));
    const fileIds = new Map(loaded.map(({ file, result }) => [file, result.fileId]));
    const pathByFileId = new Map(loaded.map(({ path, result }) => [result.fileId, path]));
    const counts = await run(engine, 'SELECT type, count(*)::INTEGER AS n FROM events GROUP BY type ORDER BY n DESC, type', { type: 'string', n: 'number' });
    const spans = await run(engine, SPANS_BY_KIND_SQL, SPAN_KIND_COUNT_ROW);
    const countsByFile = { rejected: await issueCountsByFile(engine, 'rejected'), warnings: await issueCountsByFile(engine, 'warnings') };
    const total = (kind: IssueKind) => [...countsByFile[kind].values()].reduce((sum, n) => sum + n, 0);

    const located = ({ file_id, file, raw, ...row }: IssueRow): LineIssue => {
      const path = pathByFileId.get(file_id) ?? `file #${file_id}`;
      // A rejected row loaded back from a Parquet export of rejected rows names the file it was first rejected from.
      const named = file === undefined || file === basename(path) ? path : file;
      return raw === undefined ? { file: named, ...row } : { file: named, ...row, raw: raw ?? '' };
    };
    return await work({
      files,
      counts_by_type: Object.fromEntries(counts.map(({ type, n }) => [type, n])),
      unmapped_spans: Object.fromEntries(spans.map(({ kind, spans }) => [kind, spans])),
      totals: { rejected: total('rejected'), warnings: total('warnings') },
      async *issues(kind, { file, limit = null } = {}) {
        const fileId = file ? fileIds.get(file) : null;
        if (fileId === undefined) return;
        for await (const page of issuePages(engine, kind, { fileId, limit, pageRows: options.pageRows })) yield page.map(located);
      },
      issueCount: (kind, file) => countsByFile[kind].get(fileIds.get(file) ?? -1) ?? 0,
    });
  } finally {
    await engine.close();
  }
}

async function collect(pages: AsyncIterable<LineIssue[]>): Promise<LineIssue[]> {
  const all: LineIssue[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

/** The whole report at once (every rejected line in memory): for tests and small inputs. */
export function checkFiles(givenPaths: readonly string[], engineChoice: EngineChoice = { kind: 'wasm' }): Promise<CheckReport> {
  return runCheck(givenPaths, engineChoice, async ({ files, counts_by_type, unmapped_spans, issues }) => ({
    files, counts_by_type, unmapped_spans, rejected: await collect(issues('rejected')), warnings: await collect(issues('warnings')),
  }));
}
