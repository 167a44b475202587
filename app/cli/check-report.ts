import { accessSync, constants, statSync } from 'node:fs';
import type { Engine } from '../engine/engine';
import { initDataset } from '../engine/dataset';
import { createNodeEngine } from '../engine/node-engine';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';

export interface CheckedFile {
  /** The path as given on the command line. */
  path: string;
  events: number | null;
  rejected: number | null;
  blank_lines: number | null;
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
  rejected: LineIssue[];
  warnings: LineIssue[];
}

function unreadableReason(path: string): string | null {
  try {
    if (statSync(path).isDirectory()) return 'is a directory';
    accessSync(path, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
  }
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
    Object.assign(file, { events: result.events, rejected: result.rejected, blank_lines: result.blankLines, error: result.error });
  });
  const located = ({ file_id, ...row }: IssueRow): LineIssue => ({ file: pathByFileId.get(file_id) ?? `file #${file_id}`, ...row });

  const counts = await engine.query<{ type: string; n: number }>(
    'SELECT type, count(*)::INTEGER AS n FROM events GROUP BY type ORDER BY n DESC, type',
  );
  const rejected = await engine.query<IssueRow>('SELECT file_id, line, reason, field, message, raw FROM rejected ORDER BY file_id, line');
  const warnings = await engine.query<IssueRow>(
    'SELECT file_id, line, reason, field, message FROM reference_warnings ORDER BY file_id, line, seq',
  );
  return {
    counts_by_type: Object.fromEntries(counts.map(({ type, n }) => [type, n])),
    rejected: rejected.map(located),
    warnings: warnings.map(located),
  };
}

/** Loads the files with the app's own ingest into an in-process DuckDB and gathers what went wrong. */
export async function checkFiles(paths: string[]): Promise<CheckReport> {
  const files: CheckedFile[] = paths.map((path) => ({ path, events: null, rejected: null, blank_lines: null, error: unreadableReason(path) }));
  const readable = files.filter((file) => file.error === null);
  if (readable.length === 0) return { files, counts_by_type: {}, rejected: [], warnings: [] };

  const engine = await createNodeEngine();
  try {
    return { files, ...(await loadAndCollect(engine, readable)) };
  } finally {
    await engine.close();
  }
}
