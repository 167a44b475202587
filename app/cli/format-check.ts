import type { CheckedFile, CheckRun, LineIssue } from './check-report';
import type { IssueKind } from './check-pages';
import { terminalText } from './terminal-text';
import { formatTable } from './text-table';
import { formatCount, pluralize } from '../lib/format';
import { unmappedSpansText } from '../model/session/unmapped-spans';

export const RAW_PREVIEW_CHARS = 200;

/** How many rejected lines, and how many warnings, the text output lists per file unless `--all`. */
export const DEFAULT_ISSUES_PER_FILE = 20;

const cell = (value: number | null) => (value === null ? '-' : formatCount(value));

/** `file:line: reason (field): message`, with an optional label before the reason. */
export function issueLine(issue: LineIssue, label?: string): string {
  const field = issue.field ? ` (${issue.field})` : '';
  return terminalText(`${issue.file}:${issue.line}: ${label ? `${label}: ` : ''}${issue.reason}${field}: ${issue.message}`);
}

/** One line of input, shown on one output line and cut to a readable length. */
export function rawPreview(raw: string): string {
  const flat = raw.replace(/\r?\n/g, '\\n');
  return terminalText(flat.length > RAW_PREVIEW_CHARS ? `${flat.slice(0, RAW_PREVIEW_CHARS)}…` : flat);
}

/** What the Files table says of how a file was read: nothing when whole. */
export function readNote(file: CheckedFile): string {
  if (file.read === 'skipped') return file.notice ?? 'skipped';
  if (file.read === 'part') return `read up to line ${formatCount(file.read_up_to_line)}: ${file.error}`;
  if (file.read === 'none') return `cannot read: ${file.error}`;
  return '';
}

const ISSUE_WORDS: Record<IssueKind, [heading: string, one: string, label?: string]> = {
  rejected: ['Rejected lines', 'rejected line'],
  warnings: ['Reference warnings', 'warning', 'warning'],
};

async function* issueLines(run: CheckRun, kind: IssueKind, perFile: number | null): AsyncGenerator<string> {
  const [heading, one, label] = ISSUE_WORDS[kind];
  yield '';
  yield `${heading}: ${run.totals[kind] ? formatCount(run.totals[kind]) : 'none'}`;
  for (const file of run.files) {
    const count = run.issueCount(kind, file);
    if (count === 0) continue;
    for await (const page of run.issues(kind, { file, limit: perFile })) {
      for (const issue of page) {
        yield issueLine(issue, label);
        if (kind === 'rejected') yield `    ${rawPreview(issue.raw ?? '')}`;
      }
    }
    if (perFile !== null && count > perFile) {
      yield terminalText(`  … and ${pluralize(count - perFile, `more ${one}`)} in ${file.path}: \`check --all\` lists every one, \`check --json\` writes them all`);
    }
  }
}

/**
 * The text report, a line at a time as its rejected lines and warnings are read: counts per type,
 * the files, then the first `perFile` rejected lines and warnings of each file (null: all).
 */
export async function* formatCheckReport(run: CheckRun, perFile: number | null = DEFAULT_ISSUES_PER_FILE): AsyncGenerator<string> {
  const counts = Object.entries(run.counts_by_type);
  const totalEvents = counts.reduce((sum, [, n]) => sum + n, 0);
  yield 'Events by type';
  yield* formatTable(['type', 'events'], [...counts.map(([type, n]) => [type, formatCount(n)]), ['total', formatCount(totalEvents)]], ['left', 'right']);
  const spans = unmappedSpansText(Object.entries(run.unmapped_spans).map(([kind, n]) => ({ kind, spans: n })));
  if (spans) yield `${spans} (OpenTelemetry spans kept for the session timeline, not events)`;

  yield '';
  yield 'Files';
  // the spans column only when a file held OpenTelemetry spans no event covers
  const withSpans = run.files.some((f) => (f.unmapped_spans ?? 0) > 0);
  const fileRows = run.files.map((f) => [f.path, cell(f.events), cell(f.rejected), cell(f.blank_lines), ...(withSpans ? [cell(f.unmapped_spans)] : []), readNote(f)]);
  const fileHeader = ['file', 'events', 'rejected', 'blank lines', ...(withSpans ? ['spans not mapped'] : []), 'read'];
  yield* formatTable(fileHeader, fileRows, ['left', 'right', 'right', 'right', ...(withSpans ? (['right'] as const) : []), 'left']);
  for (const f of run.files) {
    const derived = f.derived_ids;
    if (derived && derived.metadata + derived.content > 0) {
      yield `${f.path}: ${pluralize(derived.metadata + derived.content, 'trace document')} had no id: ${formatCount(derived.metadata)} took one from their metadata, ${formatCount(derived.content)} from their content (content:<sha-256>)`;
    }
    if (f.late_spans) yield `${f.path}: ${pluralize(f.late_spans, 'span')} came after the rest of their trace had been read (a large file is read trace by trace): read apart from it`;
  }

  yield* issueLines(run, 'rejected', perFile);
  yield* issueLines(run, 'warnings', perFile);

  const count = (read: CheckedFile['read']) => run.files.filter((f) => f.read === read).length;
  const notWhole = [[count('none'), 'unreadable'], [count('part'), 'read in part'], [count('skipped'), 'skipped']] as const;
  yield '';
  yield `${pluralize(totalEvents, 'event')}, ${formatCount(run.totals.rejected)} rejected, ${pluralize(run.totals.warnings, 'warning')}` +
    ` in ${pluralize(run.files.length, 'file')}${notWhole.filter(([n]) => n > 0).map(([n, what]) => `, ${n} ${what}`).join('')}`;
}
