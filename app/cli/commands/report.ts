import { computeCompareResult } from '../../engine/compare-report';
import { computeExplain } from '../../engine/explain-report';
import { computeMetricsReport } from '../../engine/metrics-report';
import { computeWhatIf } from '../../engine/what-if-report';
import { DEFAULT_RRF_K, parsePipeline, type Pipeline } from '../../model/what-if/pipeline';
import { given, optionsHelp, optionsNamed, parseCommandLine, unknownOption, type CommandLine, type OptionsTable } from '../../lib/command-options';
import { isPairedMetric, significantlyWorse } from '../../model/compare/regression-check';
import { parseSlicePairs, sliceSettings, type SliceFilters } from '../../model/compare/slice';
import { PAIRED_METRICS, type PairedMetric } from '../../model/compare/types';
import type { MetricSettings } from '../../model/metrics/settings';
import { CLICKHOUSE_OPTIONS, ENGINE_OPTIONS, parseEngineArgs } from '../cli-engine';
import { CLICKHOUSE_REPORT_OPTIONS, parseClickHouseReportArgs, runClickHouseReport } from '../clickhouse-report';
import { EXPLAIN_OPTIONS, parseExplainArgs } from '../explain-args';
import { formatCompareReport } from '../format-compare-report';
import { formatExplainReport } from '../format-explain-report';
import { formatWhatIfReport } from '../format-what-if-report';
import { withStatisticsThreads } from '../statistics-threads';
import { formatMetricsReport } from '../format-metrics-report';
import { usageError, type CliIo } from '../io';
import { withLoadedInputs } from '../load-inputs';
import { metricSettingsOptions, SETTINGS_OPTIONS } from '../settings-options';

export const summary = 'compute the metrics (Tier 0–3, matrix, gate, feedback, agreement, answer review) over log files';

export const COMPARE_OPTIONS = {
  a: {
    value: 'KEY=VALUE',
    help: [
      'compare slice A with slice B (both needed; each repeatable): KEY is retriever, run_id,',
      'surface, role, category, from or to; the report gains `compare`: Tier 1 and Tier 2 side by',
      'side, and paired by query the mean delta, 95% bootstrap interval and randomization-test p of',
      'each Tier 1 metric (--k, --tier1-threshold and --used-actions apply to both slices; the other',
      'filters only to the rest of the report)',
    ],
  },
  b: { value: 'KEY=VALUE', help: 'slice B of the comparison, as --a' },
  'what-if': {
    value: 'PIPELINE',
    help: [
      're-rank the logged candidates of the retrievals that logged `stages` and compare with the',
      'logged lists, paired by retrieval (Tier 1 only: nobody saw the what-if lists); PIPELINE is',
      `stage:NAME, rrf:K (K ${DEFAULT_RRF_K} when not given), weighted:W (0–1), norerank or cut:N; the report gains \`what_if\``,
    ],
  },
  'fail-if-worse': {
    value: 'METRIC',
    help: [
      'with --a/--b or --what-if: exit 1 when B (the pipeline) is significantly worse than A (the',
      `logged lists) on METRIC (p < 0.05 and the interval below 0); METRIC is ${PAIRED_METRICS.join(', ')}`,
    ],
  },
} satisfies OptionsTable;

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

interface CompareArgs {
  slices: { a: SliceFilters; b: SliceFilters } | null;
  whatIf: Pipeline | null;
  failIfWorse?: PairedMetric;
}

/** `--a k=v`, `--b k=v` (each repeatable, `--a=k=v` too), `--what-if PIPELINE` and `--fail-if-worse METRIC` of the command line. */
export function parseCompareArgs(line: CommandLine, base: MetricSettings): CompareArgs | { error: string } {
  const pairs: Record<'a' | 'b', string[]> = { a: [], b: [] };
  let failIfWorse: PairedMetric | undefined;
  let whatIf: Pipeline | null = null;
  for (const { name, value } of optionsNamed(line, Object.keys(COMPARE_OPTIONS))) {
    if (value === undefined || value === '') return { error: `--${name} needs a value` };
    if (name === 'fail-if-worse') {
      if (!isPairedMetric(value)) return { error: `--fail-if-worse takes one of ${PAIRED_METRICS.join(', ')}, not "${value}"` };
      failIfWorse = value;
    } else if (name === 'what-if') {
      if (whatIf) return { error: '--what-if is given twice: one pipeline a report' };
      const parsed = parsePipeline(value);
      if (!parsed.ok) return { error: `--what-if ${parsed.error}` };
      whatIf = parsed.pipeline;
    } else pairs[name as 'a' | 'b'].push(value);
  }
  const given = (['a', 'b'] as const).filter((side) => pairs[side].length > 0);
  if (given.length === 1) return { error: `--${given[0]} needs --${given[0] === 'a' ? 'b' : 'a'}: a comparison has two slices` };
  if (given.length === 0) return failIfWorse && !whatIf ? { error: '--fail-if-worse needs --a and --b, or --what-if' } : { slices: null, whatIf, failIfWorse };
  const slices: Partial<Record<'a' | 'b', SliceFilters>> = {};
  for (const side of ['a', 'b'] as const) {
    const slice = parseSlicePairs(pairs[side]);
    if (!slice.ok) return { error: `--${side} ${slice.errors.join('; ')}` };
    const settings = sliceSettings(base, slice.slice);
    if (!settings.ok) return { error: `--${side} ${settings.errors.map((error) => error.message).join('; ')}` };
    slices[side] = slice.slice;
  }
  return { slices: { a: slices.a!, b: slices.b! }, whatIf, failIfWorse };
}

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
  if (engineArg.engine.kind === 'clickhouse') {
    const house = parseClickHouseReportArgs(line, Object.keys(COMPARE_OPTIONS));
    if ('error' in house) return usageError(io, 'report', USAGE, house.error);
    return runClickHouseReport(engineArg.engine, parsed.settings, { ...house, explain }, io);
  }
  const compare = parseCompareArgs(line, parsed.settings);
  if ('error' in compare) return usageError(io, 'report', USAGE, compare.error);
  const unknown = unknownOption(line, Object.keys(CLICKHOUSE_REPORT_OPTIONS));
  if (unknown) return usageError(io, 'report', USAGE, unknown);
  const json = given(line, 'json');
  const paths = line.positionals.map(({ arg }) => arg);
  if (paths.length === 0) return usageError(io, 'report', USAGE, 'no files given');
  let worse = false;
  const code = await withLoadedInputs(io, 'report', paths, async (engine) => {
    const report = await computeMetricsReport(engine, parsed.settings);
    const slices = compare.slices;
    const { compared, whatIf } = await withStatisticsThreads(async (statistics) => ({
      compared: slices && (await computeCompareResult(engine, parsed.settings, slices.a, slices.b, statistics)),
      whatIf: compare.whatIf && (await computeWhatIf(engine, parsed.settings, compare.whatIf, statistics)),
    }));
    if (report.rejected > 0) io.err(`retrieval-inspector report: ${report.rejected === 1 ? '1 line was' : `${report.rejected} lines were`} rejected; \`retrieval-inspector check\` lists ${report.rejected === 1 ? 'it' : 'them'}`);
    const explained = explain && (await computeExplain(engine, parsed.settings, explain.signal, { minSupport: explain.minSupport, driftFlags: report.flags }));
    if (json) {
      io.out(JSON.stringify({
        ...report,
        ...(compared ? { compare: compared.report } : {}),
        ...(whatIf ? { what_if: whatIf.report } : {}),
        ...(explained ? { explain: explained.report } : {}),
      }, null, 2));
    } else {
      formatMetricsReport(report, parsed.settings).forEach((line) => io.out(line));
      if (compared) ['', ...formatCompareReport(compared, parsed.settings, compare.failIfWorse)].forEach((line) => io.out(line));
      if (whatIf) ['', ...formatWhatIfReport(whatIf, parsed.settings, compare.failIfWorse)].forEach((line) => io.out(line));
      if (explained) ['', ...formatExplainReport(explained)].forEach((line) => io.out(line));
    }
    if (compare.failIfWorse) {
      const verdicts = [
        compared && significantlyWorse(compared.report, compare.failIfWorse),
        whatIf && significantlyWorse(whatIf.report, compare.failIfWorse, { a: 'the logged lists', b: whatIf.report.pipeline, unit: 'retrieval' }),
      ].filter((verdict) => typeof verdict === 'string');
      verdicts.forEach((verdict) => io.err(`retrieval-inspector report: ${verdict}`));
      worse = verdicts.length > 0;
    }
  }, engineArg.engine);
  return code === 0 && worse ? 1 : code;
}
