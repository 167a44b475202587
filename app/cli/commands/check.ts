import { runCheck, type CheckedFile } from '../check-report';
import { checkReportJson } from '../check-json';
import { DEFAULT_ISSUES_PER_FILE, formatCheckReport, readNote } from '../format-check';
import { given, optionsHelp, parseCommandLine, unknownOption, type OptionsTable } from '../../lib/command-options';
import { ENGINE_OPTIONS, parseEngineArgs } from '../cli-engine';
import { usageError, type CliIo } from '../io';

export const summary = 'load log files; list counts, rejected lines and reference warnings';

export const CHECK_OPTIONS = {
  help: { short: 'h', help: 'print this help' },
  all: { help: 'list every rejected line and every warning', default: `the first ${DEFAULT_ISSUES_PER_FILE} of each, per file` },
  json: {
    help: [
      'print one JSON object {files, counts_by_type, unmapped_spans, rejected, warnings} with every',
      'rejected line and warning; each file says how much of it was read: "read": "whole", "part",',
      '"none" or "skipped"',
    ],
  },
  ...ENGINE_OPTIONS,
} satisfies OptionsTable;

const USAGE = [
  'Usage: retrieval-inspector check [--json] [--all] [--engine wasm|native] FILE|DIRECTORY...',
  '',
  'Loads the files as the app does and prints event counts per type, per-file totals and how',
  'much of each file was read; then, for each file, its first rejected lines (file:line: reason',
  `(field): message, then the raw text) and its first reference warnings, ${DEFAULT_ISSUES_PER_FILE} of each, with`,
  'how many more there are.',
  '',
  'Exits 1 when a line was rejected, a file could not be read, or a file was read only in part',
  '(a gzip file that stops part-way: its earlier lines are loaded). Warnings alone pass, and so',
  'does a file skipped because the same file was already loaded (given twice, or under two paths).',
  '',
  'Options:',
  ...optionsHelp(CHECK_OPTIONS),
  '',
  'A directory stands for every file below it, in path order (e.g. day=2026-10-01/ partitions).',
  'Rejected lines are read and printed a page at a time, so a million of them fit in memory.',
];

/** A file not read whole, said on stderr: an error, or (skipped) a notice. */
function fileMessage(file: CheckedFile): string | null {
  if (file.read === 'none') return `cannot read ${file.path}: ${file.error}`;
  if (file.read === 'part') return `${file.path}: ${readNote(file)}`;
  if (file.read === 'skipped') return `note: ${file.path}: ${readNote(file)}`;
  return null;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(args, CHECK_OPTIONS);
  if (given(line, 'help')) {
    USAGE.forEach((text) => io.out(text));
    return 0;
  }
  const engineArg = parseEngineArgs(line);
  if ('error' in engineArg) return usageError(io, 'check', USAGE, engineArg.error);
  const unknown = unknownOption(line);
  if (unknown) return usageError(io, 'check', USAGE, unknown);
  const json = given(line, 'json');
  const all = given(line, 'all');
  const paths = line.positionals.map(({ arg }) => arg);
  if (paths.length === 0) return usageError(io, 'check', USAGE, 'no files given');

  return runCheck(paths, engineArg.engine, async (report) => {
    for (const file of report.files) {
      const message = fileMessage(file);
      if (message) io.err(`retrieval-inspector check: ${message}`);
    }
    const lines = json ? checkReportJson(report) : formatCheckReport(report, all ? null : DEFAULT_ISSUES_PER_FILE);
    for await (const text of lines) io.out(text);
    const failed = report.totals.rejected > 0 || report.files.some((file) => file.read === 'none' || file.read === 'part');
    return failed ? 1 : 0;
  });
}
