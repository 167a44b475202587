import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileWriter } from 'hyparquet-writer';
import { readComparisonPool } from '../../engine/compare-report';
import { ensureDerivedTables } from '../../engine/derived/metric-tables';
import type { Engine } from '../../engine/engine';
import { writeEventsParquet, writeRejectedParquet, writeSampledEventsParquet, writeSessionsSummaryParquet, type SessionSample } from '../../export/export-dataset';
import { EXPORT_FILE_NAMES } from '../../export/export-files';
import { pluralize } from '../../lib/format';
import { poolLabelTasks } from '../../model/compare/pool-tasks';
import { describeSlice, type SliceFilters } from '../../model/compare/slice';
import type { MetricSettings } from '../../model/metrics/settings';
import { parseMetricSettingsArgs } from '../../model/metrics/settings-codec';
import { ENGINE_USAGE, parseEngineArgs } from '../cli-engine';
import { usageError, type CliIo } from '../io';
import { withLoadedInputs } from '../load-inputs';
import { parseCompareArgs } from './report';

export const summary = 'load log files and write the dataset, its per-session summary or a sample of whole sessions as Parquet, or a comparison\'s pool as label tasks';

const USAGE = [
  'Usage: retrieval-inspector export [outputs] [options] FILE|DIRECTORY...',
  '',
  'Loads the files as the app does and writes, for each output given:',
  '  --parquet OUT                 the dataset into the directory OUT (made when missing):',
  `                                  ${EXPORT_FILE_NAMES.events}    every event, labels included, with the columns of the JSON Lines format`,
  `                                  ${EXPORT_FILE_NAMES.rejected}  every rejected line with its file, line, reason, message and raw text`,
  '                                Loading both back (`retrieval-inspector report OUT/*.parquet`) gives the same report.',
  '  --sessions-summary OUT.parquet  one row per session: the Sessions list\'s counts and signals, first and',
  '                                last ts, surface, category. The app shows it on the Overview.',
  '  --sample-sessions N OUT.parquet  every event of N whole sessions picked at random (the same N for the',
  '                                same logs and --seed), with the labels of what they hold, assets,',
  '                                questions and eval cases: an events file the app opens',
  '  --sessions ID,ID OUT.parquet  the same for the sessions given by id',
  '  --seed S                      the seed of --sample-sessions (default 1)',
  '  --pool OUT.jsonl --a KEY=VALUE --b KEY=VALUE',
  '                                the pool of comparing slice A with slice B (KEY=VALUE as for report):',
  '                                every unlabeled (query, asset) among the first K of the paired queries\'',
  '                                judged retrievals, in priority order, one `relevance` label per line with',
  '                                the query, the asset, "grade": null and "annotator": null to fill in, and',
  '                                "task" (its place, priority, rank in A and in B, the asset\'s title and text).',
  '                                Loaded beside the logs, a graded line labels the asset for every retrieval',
  '                                of its query; a line left without a grade is rejected, never a label.',
  '                                --k, --tier1-threshold and --used-actions apply as for report.',
  ...ENGINE_USAGE,
  '',
  'A directory stands for every file below it, in path order (e.g. day=2026-10-01/ partitions).',
  'Exits 1 when a file could not be read (what could be read is still written).',
];

interface ExportPlan {
  dataset: string | null;
  pool: string | null;
  summary: string | null;
  sample: { out: string; sessions: SessionSample } | null;
}

type Parsed = { plan: ExportPlan; paths: string[] } | { error: string };

/** The outputs and input paths of the arguments (the engine options taken out before). */
function parseExportArgs(args: readonly string[]): Parsed {
  const plan: ExportPlan = { dataset: null, pool: null, summary: null, sample: null };
  const paths: string[] = [];
  let sample: { count?: number; ids?: string[]; out: string } | null = null;
  let seed = '1';
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (optionsEnded || !arg.startsWith('-') || arg === '-') paths.push(arg);
    else if (arg === '--') optionsEnded = true;
    else if (name === '--parquet' || name === '--sessions-summary' || name === '--seed' || name === '--pool') {
      const given = value();
      if (given === undefined || given === '') return { error: `${name} needs a value` };
      if (name === '--parquet') plan.dataset = given;
      else if (name === '--pool') plan.pool = given;
      else if (name === '--sessions-summary') plan.summary = given;
      else seed = given;
    } else if (name === '--sample-sessions' || name === '--sessions') {
      if (sample) return { error: 'give one of --sample-sessions and --sessions, once' };
      const [choice, out] = inline === undefined ? [args[i + 1], args[i + 2]] : [inline, args[i + 1]];
      i += inline === undefined ? 2 : 1;
      if (choice === undefined || out === undefined || out.startsWith('-')) return { error: `${name} needs ${name === '--sessions' ? 'ids' : 'a count'} and the output file: ${name} ${name === '--sessions' ? 'ID,ID' : 'N'} OUT.parquet` };
      if (name === '--sessions') {
        const ids = choice.split(',').filter((id) => id !== '');
        if (ids.length === 0) return { error: '--sessions needs at least one session id' };
        sample = { ids, out };
      } else {
        if (!/^[1-9]\d*$/.test(choice)) return { error: `--sample-sessions takes a whole number of 1 or more, not "${choice}"` };
        sample = { count: Number(choice), out };
      }
    } else return { error: `unknown option ${arg}` };
  }
  if (sample) plan.sample = { out: sample.out, sessions: sample.ids ? { ids: sample.ids } : { count: sample.count ?? 0, seed } };
  if (!plan.dataset && !plan.summary && !plan.sample && !plan.pool) {
    return { error: 'no output given: --parquet OUT, --sessions-summary OUT.parquet, --sample-sessions N OUT.parquet or --pool OUT.jsonl' };
  }
  if (plan.dataset?.toLowerCase().endsWith('.parquet')) return { error: `--parquet OUT is a directory for ${EXPORT_FILE_NAMES.events} and ${EXPORT_FILE_NAMES.rejected}, not a file: ${plan.dataset}` };
  if (paths.length === 0) return { error: 'no files given' };
  return { plan, paths };
}

const parentMade = (file: string) => {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return fileWriter(file);
};

/** The comparison whose pool `--pool` writes, with the settings of both slices. */
interface PoolComparison {
  settings: MetricSettings;
  slices: { a: SliceFilters; b: SliceFilters };
}

async function writeOutputs(engine: Engine, plan: ExportPlan, comparison: PoolComparison | null, io: CliIo): Promise<void> {
  if (plan.dataset) {
    mkdirSync(plan.dataset, { recursive: true });
    const eventsPath = path.join(plan.dataset, EXPORT_FILE_NAMES.events);
    const rejectedPath = path.join(plan.dataset, EXPORT_FILE_NAMES.rejected);
    const events = await writeEventsParquet(engine, fileWriter(eventsPath));
    // Written even when empty, so that an older export's rejected rows never linger beside new events.
    const rejected = await writeRejectedParquet(engine, fileWriter(rejectedPath));
    io.out(`${eventsPath}: ${pluralize(events, 'event')}`);
    io.out(`${rejectedPath}: ${pluralize(rejected, 'rejected row')}`);
  }
  if (plan.summary || plan.sample || plan.pool) await ensureDerivedTables(engine);
  if (plan.pool && comparison) {
    const { items } = await readComparisonPool(engine, comparison.settings, comparison.slices.a, comparison.slices.b);
    mkdirSync(path.dirname(path.resolve(plan.pool)), { recursive: true });
    writeFileSync(plan.pool, poolLabelTasks(items));
    io.out(`${plan.pool}: ${pluralize(items.length, 'label task')}, the pool of A (${describeSlice(comparison.slices.a)}) vs B (${describeSlice(comparison.slices.b)}) at K = ${comparison.settings.k}`);
  }
  if (plan.summary) {
    const sessions = await writeSessionsSummaryParquet(engine, parentMade(plan.summary));
    io.out(`${plan.summary}: ${pluralize(sessions, 'session')}`);
  }
  if (plan.sample) {
    const { sessions, events } = await writeSampledEventsParquet(engine, parentMade(plan.sample.out), plan.sample.sessions);
    io.out(`${plan.sample.out}: ${pluralize(events, 'event')} of ${pluralize(sessions, 'session')}`);
    if ('ids' in plan.sample.sessions && sessions < plan.sample.sessions.ids.length) {
      io.err(`retrieval-inspector export: ${pluralize(plan.sample.sessions.ids.length - sessions, 'session id')} given to --sessions not found in the logs`);
    }
  }
}

export async function run(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    USAGE.forEach((line) => io.out(line));
    return 0;
  }
  const engineArg = parseEngineArgs(args);
  if ('error' in engineArg) return usageError(io, 'export', USAGE, engineArg.error);
  const settings = parseMetricSettingsArgs(engineArg.rest);
  if (!settings.ok) return usageError(io, 'export', USAGE, settings.errors.map((error) => error.message).join('; '));
  const compare = parseCompareArgs(settings.rest, settings.settings);
  if ('error' in compare) return usageError(io, 'export', USAGE, compare.error);
  const parsed = parseExportArgs(compare.rest);
  if ('error' in parsed) return usageError(io, 'export', USAGE, parsed.error);
  if (compare.failIfWorse) return usageError(io, 'export', USAGE, '--fail-if-worse is an option of report');
  if (parsed.plan.pool && !compare.slices) return usageError(io, 'export', USAGE, '--pool needs --a and --b: the pool belongs to a comparison');
  if (!parsed.plan.pool && compare.slices) return usageError(io, 'export', USAGE, '--a and --b go with --pool');
  const comparison = compare.slices && { settings: settings.settings, slices: compare.slices };
  return withLoadedInputs(io, 'export', parsed.paths, (engine) => writeOutputs(engine, parsed.plan, comparison, io), engineArg.engine);
}
