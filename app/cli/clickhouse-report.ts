import type { ClickHouseEngine } from '../engine/clickhouse/clickhouse-engine';
import { prepareClickHouseSource } from '../engine/clickhouse/cli-source';
import { clickhouseCompareSlices, clickhouseWhatIfSlices } from '../engine/clickhouse/comparisons';
import { clickhouseExplain, clickhouseReport } from '../engine/clickhouse/report';
import { given, optionsNamed, type CommandLine, type OptionsTable } from '../lib/command-options';
import { pluralize } from '../lib/format';
import type { MetricSettings } from '../model/metrics/settings';
import type { ClickHouseChoice } from './cli-engine';
import { NO_COMPARISON, type CompareArgs } from './compare-args';
import type { ExplainArgs } from './explain-args';
import { formatExplainReport } from './format-explain-report';
import { openClickHouse } from './clickhouse-connection';
import { writeClickHouseParquet } from './clickhouse-parquet';
import { DEFAULT_SAMPLE_SEED } from './sample-seed';
import { formatMetricsReport } from './format-metrics-report';
import type { CliIo } from './io';
import { comparisonKeys, comparisonLines, computeComparisons, worseVerdicts } from './report-comparisons';
import { errorMessage } from '../lib/error-message';

export interface ClickHouseReportArgs {
  json: boolean;
  /** `--explain SIGNAL [--min-support N]`, read before (explain-args.ts). */
  explain?: ExplainArgs;
  /** `--a/--b`, `--what-if` and `--fail-if-worse`, read before (compare-args.ts). */
  compare?: CompareArgs;
  writeParquet: { dir: string; count: number; seed: string } | null;
}

/** How many whole sessions `--write-parquet` brings back when `--sample-sessions` does not say. */
export const DEFAULT_WRITTEN_SESSIONS = 100;

/** `report`'s options that only `--engine clickhouse` takes. */
export const CLICKHOUSE_REPORT_OPTIONS = {
  'write-parquet': {
    value: 'DIR',
    help: ['with --engine clickhouse, also bring back whole sessions: DIR/sample-sessions.parquet', '(as `export --sample-sessions` writes it) and DIR/sessions-summary.parquet'],
  },
  'sample-sessions': { value: 'N', help: 'with --write-parquet: how many sessions', default: DEFAULT_WRITTEN_SESSIONS },
  seed: { value: 'S', help: 'with --write-parquet: the seed that picks them', default: DEFAULT_SAMPLE_SEED },
} satisfies OptionsTable;

type Parsed = ClickHouseReportArgs | { error: string };

/**
 * `report --engine clickhouse`'s own options, once the engine, metric, explain and compare options
 * are read: `--json`, `--write-parquet DIR`, `--sample-sessions N`, `--seed S`; any other option,
 * or a file, is an error.
 */
export function parseClickHouseReportArgs(line: CommandLine): Parsed {
  let dir: string | undefined;
  let count = DEFAULT_WRITTEN_SESSIONS;
  let seed: string | undefined;
  let countGiven = false;
  for (const { name, value } of optionsNamed(line, Object.keys(CLICKHOUSE_REPORT_OPTIONS))) {
    if (value === undefined || value === '') return { error: `--${name} needs a value` };
    if (name === 'write-parquet') dir = value;
    else if (name === 'seed') seed = value;
    else if (!/^[1-9]\d*$/.test(value)) return { error: `--sample-sessions takes a whole number of 1 or more, not "${value}"` };
    else {
      count = Number(value);
      countGiven = true;
    }
  }
  const [extra] = [...line.unknown.map((unknown) => ({ ...unknown, option: true })), ...line.positionals.map((positional) => ({ ...positional, option: false }))].sort((a, b) => a.index - b.index);
  if (extra !== undefined) return { error: extra.option ? `unknown option ${extra.arg} (with --engine clickhouse)` : `--engine clickhouse reads the table, not files: ${extra.arg}` };
  const json = given(line, 'json');
  if (dir === undefined && (countGiven || seed !== undefined)) return { error: '--sample-sessions and --seed need --write-parquet DIR' };
  return { json, writeParquet: dir === undefined ? null : { dir, count, seed: seed ?? DEFAULT_SAMPLE_SEED } };
}

/**
 * `report --engine clickhouse`: the report computed where the data is, over the source the
 * options name, every section by the DuckDB report's builders in the ClickHouse dialect
 * (../engine/clickhouse/report.ts); only aggregates (and with --write-parquet, the sampled
 * sessions) come back.
 */
export async function runClickHouseReport(choice: ClickHouseChoice, settings: MetricSettings, args: ClickHouseReportArgs, io: CliIo): Promise<number> {
  let engine: ClickHouseEngine;
  try {
    engine = await openClickHouse(choice, io);
  } catch (error) {
    io.err(`retrieval-inspector report: ${errorMessage(error)}`);
    return 1;
  }
  try {
    await prepareClickHouseSource(engine, choice);
    const report = await clickhouseReport(engine, settings);
    if (report.rejected > 0) io.err(`retrieval-inspector report: ${report.rejected === 1 ? '1 line was' : `${report.rejected} lines were`} rejected when the logs were loaded`);
    const explained = args.explain && (await clickhouseExplain(engine, settings, args.explain.signal, report.flags, args.explain.minSupport));
    // after the report and its explanation: each slice replaces the connection's facts table
    const compare = args.compare ?? NO_COMPARISON;
    const comparisons = await computeComparisons(compare, {
      compare: (a, b) => clickhouseCompareSlices(engine, settings, a, b),
      whatIf: (pipeline) => clickhouseWhatIfSlices(engine, settings, pipeline),
    });
    if (args.json) io.out(JSON.stringify({ ...report, ...comparisonKeys(comparisons), ...(explained ? { explain: explained.report } : {}) }, null, 2));
    else {
      formatMetricsReport(report, settings).forEach((line) => io.out(line));
      comparisonLines(comparisons, settings, compare).forEach((line) => io.out(line));
      if (explained) ['', ...formatExplainReport(explained)].forEach((line) => io.out(line));
    }
    if (args.writeParquet) {
      const { dir, count, seed } = args.writeParquet;
      const written = await writeClickHouseParquet(engine, dir, count, seed);
      io.err(`retrieval-inspector report: ${written.samplePath}: ${pluralize(written.events, 'event')} of ${pluralize(written.sessions, 'session')}`);
      io.err(`retrieval-inspector report: ${written.summaryPath}: ${pluralize(written.summarized, 'session')}`);
    }
    const verdicts = worseVerdicts(comparisons, compare);
    verdicts.forEach((verdict) => io.err(`retrieval-inspector report: ${verdict}`));
    return verdicts.length > 0 ? 1 : 0;
  } catch (error) {
    io.err(`retrieval-inspector report: ${errorMessage(error)}`);
    return 1;
  } finally {
    await engine.close();
  }
}
