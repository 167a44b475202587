import { readCompareSlices } from '../../engine/compare-report';
import { computeExplain } from '../../engine/explain-report';
import { computeMetricsReport } from '../../engine/metrics-report';
import { readWhatIfSlices } from '../../engine/what-if-report';
import { given, optionsHelp, parseCommandLine, unknownOption, type OptionsTable } from '../../lib/command-options';
import { CLICKHOUSE_OPTIONS, ENGINE_OPTIONS, parseEngineArgs } from '../cli-engine';
import { CLICKHOUSE_REPORT_OPTIONS, parseClickHouseReportArgs, runClickHouseReport } from '../clickhouse-report';
import { EXPLAIN_OPTIONS, parseExplainArgs } from '../explain-args';
import { COMPARE_OPTIONS, parseCompareArgs } from '../compare-args';
import { formatExplainReport } from '../format-explain-report';
import { comparisonKeys, comparisonLines, computeComparisons, worseVerdicts } from '../report-comparisons';
import { formatMetricsReport } from '../format-metrics-report';
import { usageError, type CliIo } from '../io';
import { withLoadedInputs } from '../load-inputs';
import { metricSettingsOptions, SETTINGS_OPTIONS } from '../settings-options';

export const summary = 'compute the metrics (Tier 0–3, matrix, gate, feedback, agreement, answer review) over log files';

export const REPORT_OPTIONS = {
  help: { short: 'h', help: 'print this help' },
  json: { help: 'print the report as JSON (the object the metrics screen downloads)' },
  ...SETTINGS_OPTIONS,
  ...COMPARE_OPTIONS,
  ...EXPLAIN_OPTIONS,
  ...ENGINE_OPTIONS,
  engine: { value: 'wasm|native|clickhouse', help: [...ENGINE_OPTIONS.engine.help, 'clickhouse: compute the report on ClickHouse, where the data is (no FILE arguments)'], default: ENGINE_OPTIONS.engine.default },
  ...CLICKHOUSE_OPTIONS,
  ...CLICKHOUSE_REPORT_OPTIONS,
} satisfies OptionsTable;

const USAGE = [
  'Usage: retrieval-inspector report [options] FILE|DIRECTORY...',
  '       retrieval-inspector report --engine clickhouse --url URL [options]',
  '',
  'Loads the files as the app does and prints the numbers the metrics screen shows, computed',
  'by the same SQL: Tier 0 routing, Tier 1 relevance, Tier 2 use and failure, the Tier 1 × Tier 2',
  'matrix with its masked retrieval failures, Tier 3 completions, gate decisions, feedback,',
  'annotation agreement (Cohen\'s and Fleiss\' κ) and the weekly answer review; with labels of',
  'LLM or code judges, `judges`: each judge against the human consensus and its judge-corrected Tier 1.',
  '',
  'Options:',
  ...optionsHelp(REPORT_OPTIONS),
  '',
  'A directory stands for every file below it, in path order (e.g. day=2026-10-01/ partitions).',
];

export async function run(args: string[], io: CliIo): Promise<number> {
  const line = parseCommandLine(args, REPORT_OPTIONS);
  if (given(line, 'help')) {
    USAGE.forEach((text) => io.out(text));
    return 0;
  }
  const engineArg = parseEngineArgs(line, { clickhouse: true });
  if ('error' in engineArg) return usageError(io, 'report', USAGE, engineArg.error);
  const parsed = metricSettingsOptions(line);
  if (!parsed.ok) return usageError(io, 'report', USAGE, parsed.errors.map((error) => error.message).join('; '));
  const explainArgs = parseExplainArgs(line);
  if ('error' in explainArgs) return usageError(io, 'report', USAGE, explainArgs.error);
  const { explain } = explainArgs;
  const compare = parseCompareArgs(line, parsed.settings);
  if ('error' in compare) return usageError(io, 'report', USAGE, compare.error);
  if (engineArg.engine.kind === 'clickhouse') {
    const house = parseClickHouseReportArgs(line);
    if ('error' in house) return usageError(io, 'report', USAGE, house.error);
    return runClickHouseReport(engineArg.engine, parsed.settings, { ...house, explain, compare }, io);
  }
  const unknown = unknownOption(line, Object.keys(CLICKHOUSE_REPORT_OPTIONS));
  if (unknown) return usageError(io, 'report', USAGE, unknown);
  const json = given(line, 'json');
  const paths = line.positionals.map(({ arg }) => arg);
  if (paths.length === 0) return usageError(io, 'report', USAGE, 'no files given');
  let worse = false;
  const code = await withLoadedInputs(io, 'report', paths, async (engine) => {
    const report = await computeMetricsReport(engine, parsed.settings);
    const comparisons = await computeComparisons(compare, {
      compare: (a, b) => readCompareSlices(engine, parsed.settings, a, b),
      whatIf: (pipeline) => readWhatIfSlices(engine, parsed.settings, pipeline),
    });
    if (report.rejected > 0) io.err(`retrieval-inspector report: ${report.rejected === 1 ? '1 line was' : `${report.rejected} lines were`} rejected; \`retrieval-inspector check\` lists ${report.rejected === 1 ? 'it' : 'them'}`);
    const explained = explain && (await computeExplain(engine, parsed.settings, explain.signal, { minSupport: explain.minSupport, driftFlags: report.flags }));
    if (json) io.out(JSON.stringify({ ...report, ...comparisonKeys(comparisons), ...(explained ? { explain: explained.report } : {}) }, null, 2));
    else {
      formatMetricsReport(report, parsed.settings).forEach((line) => io.out(line));
      comparisonLines(comparisons, parsed.settings, compare).forEach((line) => io.out(line));
      if (explained) ['', ...formatExplainReport(explained)].forEach((line) => io.out(line));
    }
    const verdicts = worseVerdicts(comparisons, compare);
    verdicts.forEach((verdict) => io.err(`retrieval-inspector report: ${verdict}`));
    worse = verdicts.length > 0;
  }, engineArg.engine);
  return code === 0 && worse ? 1 : code;
}
