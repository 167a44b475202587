import type { ClickHouseEngine } from '../engine/clickhouse/clickhouse-engine';
import { prepareClickHouseSource } from '../engine/clickhouse/cli-source';
import { clickhouseExplain, clickhouseReport } from '../engine/clickhouse/report';
import { takeOptions } from '../lib/command-options';
import { pluralize } from '../lib/format';
import type { MetricSettings } from '../model/metrics/settings';
import type { ClickHouseChoice } from './cli-engine';
import type { ExplainArgs } from './explain-args';
import { formatExplainReport } from './format-explain-report';
import { openClickHouse } from './clickhouse-connection';
import { writeClickHouseParquet } from './clickhouse-parquet';
import { formatMetricsReport } from './format-metrics-report';
import type { CliIo } from './io';

export interface ClickHouseReportArgs {
  json: boolean;
  /** `--explain SIGNAL [--min-support N]`, taken out before (explain-args.ts). */
  explain?: ExplainArgs['explain'];
  writeParquet: { dir: string; count: number; seed: string } | null;
}

type Parsed = ClickHouseReportArgs | { error: string };

/** What is left of `report`'s arguments once the engine and metric options are taken: `--json`, `--write-parquet DIR`, `--sample-sessions N`, `--seed S`. */
export function parseClickHouseReportArgs(args: readonly string[]): Parsed {
  let dir: string | undefined;
  let count = 100;
  let seed: string | undefined;
  let countGiven = false;
  const { options, flags, rest } = takeOptions(args, (name) => name === '--write-parquet' || name === '--sample-sessions' || name === '--seed', ['--json']);
  for (const { name, value } of options) {
    if (value === undefined || value === '') return { error: `${name} needs a value` };
    if (name === '--write-parquet') dir = value;
    else if (name === '--seed') seed = value;
    else if (!/^[1-9]\d*$/.test(value)) return { error: `--sample-sessions takes a whole number of 1 or more, not "${value}"` };
    else {
      count = Number(value);
      countGiven = true;
    }
  }
  const [extra] = rest;
  if (extra !== undefined) return { error: extra.startsWith('-') ? `unknown option ${extra} (with --engine clickhouse)` : `--engine clickhouse reads the table, not files: ${extra}` };
  const json = flags.has('--json');
  if (dir === undefined && (countGiven || seed !== undefined)) return { error: '--sample-sessions and --seed need --write-parquet DIR' };
  return { json, writeParquet: dir === undefined ? null : { dir, count, seed: seed ?? '1' } };
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
    io.err(`retrieval-inspector report: ${(error as Error).message}`);
    return 1;
  }
  try {
    await prepareClickHouseSource(engine, choice);
    const report = await clickhouseReport(engine, settings);
    if (report.rejected > 0) io.err(`retrieval-inspector report: ${report.rejected === 1 ? '1 line was' : `${report.rejected} lines were`} rejected when the logs were loaded`);
    const explained = args.explain && (await clickhouseExplain(engine, settings, args.explain.signal, report.flags, args.explain.minSupport));
    if (args.json) io.out(JSON.stringify(explained ? { ...report, explain: explained.report } : report, null, 2));
    else {
      formatMetricsReport(report, settings).forEach((line) => io.out(line));
      if (explained) ['', ...formatExplainReport(explained)].forEach((line) => io.out(line));
    }
    if (args.writeParquet) {
      const { dir, count, seed } = args.writeParquet;
      const written = await writeClickHouseParquet(engine, dir, count, seed);
      io.err(`retrieval-inspector report: ${written.samplePath}: ${pluralize(written.events, 'event')} of ${pluralize(written.sessions, 'session')}`);
      io.err(`retrieval-inspector report: ${written.summaryPath}: ${pluralize(written.summarized, 'session')}`);
    }
    return 0;
  } catch (error) {
    io.err(`retrieval-inspector report: ${(error as Error).message}`);
    return 1;
  } finally {
    await engine.close();
  }
}
