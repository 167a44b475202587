import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileWriter } from 'hyparquet-writer';
import { writeEventsParquet, writeRejectedParquet } from '../../ingest/parquet/export-dataset';
import { EXPORT_FILE_NAMES } from '../../ingest/parquet/export-files';
import { pluralize } from '../../lib/format';
import { usageError, type CliIo } from '../io';
import { withLoadedInputs } from '../load-inputs';

export const summary = 'load log files and write the loaded dataset (events, labels, rejected rows) as Parquet';

const USAGE = [
  'Usage: retrieval-inspector export --parquet OUT FILE...',
  '',
  'Loads the files as the app does and writes the dataset into the directory OUT (made when missing):',
  `  ${EXPORT_FILE_NAMES.events}    every event, labels included, with the columns of the JSON Lines format`,
  `  ${EXPORT_FILE_NAMES.rejected}  every rejected line with its file, line, reason, message and raw text`,
  'Loading both back (`retrieval-inspector report OUT/*.parquet`) gives the same report. Exits 1',
  'when a file could not be read (what could be read is still written).',
];

export async function run(args: string[], io: CliIo): Promise<number> {
  let outDir: string | null = null;
  const paths: string[] = [];
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (optionsEnded || !arg.startsWith('-') || arg === '-') paths.push(arg);
    else if (arg === '--') optionsEnded = true;
    else if (arg === '--help' || arg === '-h') {
      USAGE.forEach((line) => io.out(line));
      return 0;
    } else if (arg === '--parquet') {
      outDir = args[++i] ?? null;
      if (outDir === null) return usageError(io, 'export', USAGE, '--parquet needs the output directory');
    } else if (arg.startsWith('--parquet=')) outDir = arg.slice('--parquet='.length);
    else return usageError(io, 'export', USAGE, `unknown option ${arg}`);
  }
  if (!outDir) return usageError(io, 'export', USAGE, 'no output given: --parquet OUT');
  if (paths.length === 0) return usageError(io, 'export', USAGE, 'no files given');
  if (outDir.toLowerCase().endsWith('.parquet')) return usageError(io, 'export', USAGE, `OUT is a directory for ${EXPORT_FILE_NAMES.events} and ${EXPORT_FILE_NAMES.rejected}, not a file: ${outDir}`);
  const out = outDir;
  return withLoadedInputs(io, 'export', paths, async (engine) => {
    mkdirSync(out, { recursive: true });
    const eventsPath = path.join(out, EXPORT_FILE_NAMES.events);
    const rejectedPath = path.join(out, EXPORT_FILE_NAMES.rejected);
    const events = await writeEventsParquet(engine, fileWriter(eventsPath));
    // Written even when empty, so that an older export's rejected rows never linger beside new events.
    const rejected = await writeRejectedParquet(engine, fileWriter(rejectedPath));
    io.out(`${eventsPath}: ${pluralize(events, 'event')}`);
    io.out(`${rejectedPath}: ${pluralize(rejected, 'rejected row')}`);
  });
}
