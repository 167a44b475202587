import type { CheckReport, LineIssue } from './check-report';
import { terminalText } from './terminal-text';
import { formatTable } from './text-table';
import { unmappedSpansText } from '../model/session/unmapped-spans';

export const RAW_PREVIEW_CHARS = 200;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const cell = (value: number | null) => (value === null ? '-' : String(value));

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

export function formatCheckReport(report: CheckReport): string[] {
  const counts = Object.entries(report.counts_by_type);
  const totalEvents = counts.reduce((sum, [, n]) => sum + n, 0);
  const lines = ['Events by type'];
  lines.push(...formatTable(['type', 'events'], [...counts.map(([type, n]) => [type, String(n)]), ['total', String(totalEvents)]], ['left', 'right']));
  const spans = unmappedSpansText(Object.entries(report.unmapped_spans).map(([kind, n]) => ({ kind, spans: n })));
  if (spans) lines.push(`${spans} (OpenTelemetry spans kept for the session timeline, not events)`);

  lines.push('', 'Files');
  // the spans column only when a file held OpenTelemetry spans no event covers
  const withSpans = report.files.some((f) => (f.unmapped_spans ?? 0) > 0);
  const fileRows = report.files.map((f) => [f.path, cell(f.events), cell(f.rejected), cell(f.blank_lines), ...(withSpans ? [cell(f.unmapped_spans)] : []), f.error ?? '']);
  const fileHeader = ['file', 'events', 'rejected', 'blank lines', ...(withSpans ? ['spans not mapped'] : []), 'error'];
  lines.push(...formatTable(fileHeader, fileRows, ['left', 'right', 'right', 'right', ...(withSpans ? (['right'] as const) : []), 'left']));

  lines.push('', `Rejected lines: ${report.rejected.length || 'none'}`);
  for (const issue of report.rejected) lines.push(issueLine(issue), `    ${rawPreview(issue.raw ?? '')}`);

  lines.push('', `Reference warnings: ${report.warnings.length || 'none'}`);
  for (const issue of report.warnings) lines.push(issueLine(issue, 'warning'));

  const unreadable = report.files.filter((f) => f.error !== null).length;
  lines.push(
    '',
    `${plural(totalEvents, 'event')}, ${report.rejected.length} rejected, ${plural(report.warnings.length, 'warning')}` +
      ` in ${plural(report.files.length, 'file')}${unreadable ? `, ${unreadable} unreadable` : ''}`,
  );
  return lines;
}
