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
import { given, optionsHelp, optionsNamed, parseCommandLine, type CommandLine, type OptionsTable } from '../../lib/command-options';
import { ENGINE_OPTIONS, parseEngineArgs } from '../cli-engine';
import { usageError, type CliIo } from '../io';
import { withLoadedInputs } from '../load-inputs';
import { DEFAULT_SAMPLE_SEED } from '../sample-seed';
import { metricSettingsOptions, SETTINGS_OPTIONS } from '../settings-options';
import { parseCompareArgs } from '../compare-args';

export const summary = 'load log files and write the dataset, its per-session summary or a sample of whole sessions as Parquet, or a comparison\'s pool as label tasks';

export const EXPORT_OPTIONS = {
  help: { short: 'h', help: 'print this help' },
  parquet: {
    value: 'OUT',
    help: [
      'the dataset into the directory OUT (made when missing):',
      `  ${EXPORT_FILE_NAMES.events}    every event, labels included, with the columns of the JSON Lines format`,
      `  ${EXPORT_FILE_NAMES.rejected}  every rejected line with its file, line, reason, message and raw text`,
      'Loading both back (`retrieval-inspector report OUT/*.parquet`) gives the same report.',
    ],
  },
  'sessions-summary': {
    value: 'OUT.parquet',
    help: ["one row per session: the Sessions list's counts and signals, first and last ts, surface,", 'category. The app shows it on the Overview.'],
  },
  'sample-sessions': {
    value: 'N OUT.parquet',
    help: [
      'every event of N whole sessions picked at random (the same N for the same logs and --seed),',
      'with the labels of what they hold, assets, questions and eval cases: an events file the app opens',
    ],
  },
  sessions: { value: 'ID,ID OUT.parquet', help: 'the same for the sessions given by id' },
  seed: { value: 'S', help: 'the seed of --sample-sessions', default: DEFAULT_SAMPLE_SEED },
  pool: {
    value: 'OUT.jsonl',
    help: [
      'with --a KEY=VALUE --b KEY=VALUE: the pool of comparing slice A with slice B (KEY=VALUE as for',
      "report): every unlabeled (query, asset) among the first K of the paired queries' judged",
      'retrievals, in priority order, one `relevance` label per line with the query, the asset,',
      '"grade": null and "annotator": null to fill in, and "task" (its place, priority, rank in A and',
      "in B, the asset's title and text). Loaded beside the logs, a graded line labels the asset for",
      'every retrieval of its query; a line left without a grade is rejected, never a label.',
      '--k, --tier1-threshold and --used-actions apply as for report.',
    ],
  },
  a: { value: 'KEY=VALUE', help: 'with --pool: slice A (repeatable)' },
  b: { value: 'KEY=VALUE', help: 'with --pool: slice B (repeatable)' },
  ...SETTINGS_OPTIONS,
  ...ENGINE_OPTIONS,
} satisfies OptionsTable;

const USAGE = [
  'Usage: retrieval-inspector export [outputs] [options] FILE|DIRECTORY...',
  '',
  'Loads the files as the app does and writes, for each output given (--parquet,',
  '--sessions-summary, --sample-sessions or --sessions, --pool):',
  '',
  'Options:',
  ...optionsHelp(EXPORT_OPTIONS),
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

const OUTPUTS = ['parquet', 'sessions-summary', 'seed', 'pool'];
const SAMPLES = ['sample-sessions', 'sessions'];

/** The outputs and input paths of the command line; `--sample-sessions N OUT` and `--sessions IDS OUT` take the argument after their value as OUT. */
function parseExportArgs(args: readonly string[], line: CommandLine): Parsed {
  const plan: ExportPlan = { dataset: null, pool: null, summary: null, sample: null };
  let sample: { count?: number; ids?: string[]; out: string } | null = null;
  let seed = DEFAULT_SAMPLE_SEED;
  const outIndexes = new Set<number>();
  const given = [...line.unknown.map((unknown) => ({ ...unknown, name: null, value: undefined })), ...optionsNamed(line, [...OUTPUTS, ...SAMPLES])].sort((a, b) => a.index - b.index);
  for (const { name, value, arg, index } of given) {
    if (name === null) return { error: `unknown option ${arg}` };
    if (OUTPUTS.includes(name)) {
      if (value === undefined || value === '') return { error: `--${name} needs a value` };
      if (name === 'parquet') plan.dataset = value;
      else if (name === 'pool') plan.pool = value;
      else if (name === 'sessions-summary') plan.summary = value;
      else seed = value;
      continue;
    }
    if (sample) return { error: 'give one of --sample-sessions and --sessions, once' };
    const outIndex = index + (arg.includes('=') ? 1 : 2);
    const out = args[outIndex];
    if (value === undefined || out === undefined || out.startsWith('-')) return { error: `--${name} needs ${name === 'sessions' ? 'ids' : 'a count'} and the output file: --${name} ${name === 'sessions' ? 'ID,ID' : 'N'} OUT.parquet` };
    outIndexes.add(outIndex);
    if (name === 'sessions') {
      // Not splitCommaList (lib/comma-list.ts): it trims, and a session id is any string, spaces included.
      const ids = value.split(',').filter((id) => id !== '');
      if (ids.length === 0) return { error: '--sessions needs at least one session id' };
      sample = { ids, out };
    } else {
      if (!/^[1-9]\d*$/.test(value)) return { error: `--sample-sessions takes a whole number of 1 or more, not "${value}"` };
      sample = { count: Number(value), out };
    }
  }
  const paths = line.positionals.filter(({ index }) => !outIndexes.has(index)).map(({ arg }) => arg);
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
  const line = parseCommandLine(args, EXPORT_OPTIONS);
  if (given(line, 'help')) {
    USAGE.forEach((text) => io.out(text));
    return 0;
  }
  const engineArg = parseEngineArgs(line);
  if ('error' in engineArg) return usageError(io, 'export', USAGE, engineArg.error);
  const settings = metricSettingsOptions(line);
  if (!settings.ok) return usageError(io, 'export', USAGE, settings.errors.map((error) => error.message).join('; '));
  const compare = parseCompareArgs(line, settings.settings);
  if ('error' in compare) return usageError(io, 'export', USAGE, compare.error);
  const parsed = parseExportArgs(args, line);
  if ('error' in parsed) return usageError(io, 'export', USAGE, parsed.error);
  if (parsed.plan.pool && !compare.slices) return usageError(io, 'export', USAGE, '--pool needs --a and --b: the pool belongs to a comparison');
  if (!parsed.plan.pool && compare.slices) return usageError(io, 'export', USAGE, '--a and --b go with --pool');
  const comparison = compare.slices && { settings: settings.settings, slices: compare.slices };
  return withLoadedInputs(io, 'export', parsed.paths, (engine) => writeOutputs(engine, parsed.plan, comparison, io), engineArg.engine);
}
