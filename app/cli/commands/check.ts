import { checkFiles } from '../check-report';
import { checkReportJson } from '../check-json';
import { formatCheckReport } from '../format-check';
import { ENGINE_USAGE, parseEngineArgs } from '../cli-engine';
import { usageError, type CliIo } from '../io';

export const summary = 'load log files; list counts, rejected lines and reference warnings';

const USAGE = [
  'Usage: retrieval-inspector check [--json] [--engine wasm|native] FILE|DIRECTORY...',
  '',
  'Loads the files as the app does and prints event counts per type, per-file totals, every',
  'rejected line (file:line: reason (field): message, then the raw text) and every reference',
  'warning. Exits 1 when a line was rejected or a file could not be read; warnings alone pass.',
  '',
  'Options:',
  '  --json                  print one JSON object {files, counts_by_type, rejected, warnings}',
  ...ENGINE_USAGE,
  '',
  'A directory stands for every file below it, in path order (e.g. day=2026-10-01/ partitions).',
];

export async function run(args: string[], io: CliIo): Promise<number> {
  let json = false;
  const paths: string[] = [];
  let optionsEnded = false;
  const engineArg = parseEngineArgs(args);
  if ('error' in engineArg) return usageError(io, 'check', USAGE, engineArg.error);
  for (const arg of engineArg.rest) {
    if (optionsEnded || !arg.startsWith('-') || arg === '-') paths.push(arg);
    else if (arg === '--') optionsEnded = true;
    else if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') {
      USAGE.forEach((line) => io.out(line));
      return 0;
    } else {
      io.err(`retrieval-inspector check: unknown option ${arg}`);
      USAGE.forEach((line) => io.err(line));
      return 2;
    }
  }
  if (paths.length === 0) {
    io.err('retrieval-inspector check: no files given');
    USAGE.forEach((line) => io.err(line));
    return 2;
  }

  const report = await checkFiles(paths, engineArg.engine);
  for (const file of report.files) if (file.error) io.err(`retrieval-inspector check: cannot read ${file.path}: ${file.error}`);
  if (json) for (const piece of checkReportJson(report)) io.out(piece);
  else formatCheckReport(report).forEach((line) => io.out(line));
  const failed = report.rejected.length > 0 || report.files.some((file) => file.error !== null);
  return failed ? 1 : 0;
}
