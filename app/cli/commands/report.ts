import { computeMetricsReport } from '../../engine/metrics-report';
import { parseMetricSettingsArgs } from '../../model/metrics/settings-codec';
import { ENGINE_USAGE, parseEngineArgs } from '../cli-engine';
import { formatMetricsReport } from '../format-metrics-report';
import { usageError, type CliIo } from '../io';
import { withLoadedInputs } from '../load-inputs';

export const summary = 'compute the metrics (Tier 0–3, matrix, gate, feedback, agreement, answer review) over log files';

const USAGE = [
  'Usage: retrieval-inspector report [options] FILE|DIRECTORY...',
  '',
  'Loads the files as the app does and prints the numbers the metrics screen shows, computed',
  'by the same SQL: Tier 0 routing, Tier 1 relevance, Tier 2 use and failure, the Tier 1 × Tier 2',
  'matrix with its masked retrieval failures, Tier 3 completions, gate decisions, feedback,',
  'annotation agreement (Cohen\'s and Fleiss\' κ) and the weekly answer review.',
  '',
  'Options:',
  '  --json                  print the report as JSON (the object the metrics screen downloads)',
  '  --k N                   rank cutoff of P@k, recall@k, nDCG@k, 1–100 (default 10)',
  '  --tier1-threshold X     nDCG@k below X makes a judged retrieval Tier 1 bad (default 0.5)',
  '  --used-actions a,b,c    user actions that count as used (default select,edit,place,follow_up,export,share,download)',
  '  --surface a,b           only these surfaces         --role a,b   only these effective roles',
  '  --from DATE --to DATE   only events with from <= ts < to (ISO-8601 or epoch ms)',
  ...ENGINE_USAGE,
  '',
  'A directory stands for every file below it, in path order (e.g. day=2026-10-01/ partitions).',
];

export async function run(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    USAGE.forEach((line) => io.out(line));
    return 0;
  }
  const engineArg = parseEngineArgs(args);
  if ('error' in engineArg) return usageError(io, 'report', USAGE, engineArg.error);
  const parsed = parseMetricSettingsArgs(engineArg.rest);
  if (!parsed.ok) return usageError(io, 'report', USAGE, parsed.errors.map((error) => error.message).join('; '));
  let json = false;
  let optionsEnded = false;
  const paths: string[] = [];
  for (const arg of parsed.rest) {
    if (optionsEnded || !arg.startsWith('-') || arg === '-') paths.push(arg);
    else if (arg === '--') optionsEnded = true;
    else if (arg === '--json') json = true;
    else return usageError(io, 'report', USAGE, `unknown option ${arg}`);
  }
  if (paths.length === 0) return usageError(io, 'report', USAGE, 'no files given');
  return withLoadedInputs(io, 'report', paths, async (engine) => {
    const report = await computeMetricsReport(engine, parsed.settings);
    if (report.rejected > 0) io.err(`retrieval-inspector report: ${report.rejected === 1 ? '1 line was' : `${report.rejected} lines were`} rejected; \`retrieval-inspector check\` lists ${report.rejected === 1 ? 'it' : 'them'}`);
    if (json) io.out(JSON.stringify(report, null, 2));
    else formatMetricsReport(report, parsed.settings).forEach((line) => io.out(line));
  }, engineArg.engine);
}
