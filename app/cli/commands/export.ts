import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileWriter } from 'hyparquet-writer';
import { ensureDerivedTables } from '../../engine/derived/metric-tables';
import type { Engine } from '../../engine/engine';
import { writeEventsParquet, writeRejectedParquet, writeSampledEventsParquet, writeSessionsSummaryParquet, type SessionSample } from '../../ingest/parquet/export-dataset';
import { EXPORT_FILE_NAMES } from '../../ingest/parquet/export-files';
import { pluralize } from '../../lib/format';
import { ENGINE_USAGE, parseEngineArgs } from '../cli-engine';
import { usageError, type CliIo } from '../io';
import { withLoadedInputs } from '../load-inputs';

export const summary = 'load log files and write the dataset, its per-session summary or a sample of whole sessions as Parquet';

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
  ...ENGINE_USAGE,
  '',
  'A directory stands for every file below it, in path order (e.g. day=2026-10-01/ partitions).',
  'Exits 1 when a file could not be read (what could be read is still written).',
];

interface ExportPlan {
  dataset: string | null;
  summary: string | null;
  sample: { out: string; sessions: SessionSample } | null;
}

type Parsed = { plan: ExportPlan; paths: string[] } | { error: string };

/** The outputs and input paths of the arguments (the engine options taken out before). */
function parseExportArgs(args: readonly string[]): Parsed {
  const plan: ExportPlan = { dataset: null, summary: null, sample: null };
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
    else if (name === '--parquet' || name === '--sessions-summary' || name === '--seed') {
      const given = value();
      if (given === undefined || given === '') return { error: `${name} needs a value` };
      if (name === '--parquet') plan.dataset = given;
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
  if (!plan.dataset && !plan.summary && !plan.sample) return { error: 'no output given: --parquet OUT, --sessions-summary OUT.parquet or --sample-sessions N OUT.parquet' };
  if (plan.dataset?.toLowerCase().endsWith('.parquet')) return { error: `--parquet OUT is a directory for ${EXPORT_FILE_NAMES.events} and ${EXPORT_FILE_NAMES.rejected}, not a file: ${plan.dataset}` };
  if (paths.length === 0) return { error: 'no files given' };
  return { plan, paths };
}

const parentMade = (file: string) => {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return fileWriter(file);
};

async function writeOutputs(engine: Engine, plan: ExportPlan, io: CliIo): Promise<void> {
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
  if (plan.summary || plan.sample) await ensureDerivedTables(engine);
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
  const parsed = parseExportArgs(engineArg.rest);
  if ('error' in parsed) return usageError(io, 'export', USAGE, parsed.error);
  return withLoadedInputs(io, 'export', parsed.paths, (engine) => writeOutputs(engine, parsed.plan, io), engineArg.engine);
}
