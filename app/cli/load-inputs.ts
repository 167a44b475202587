import { initDataset } from '../engine/dataset';
import type { Engine } from '../engine/engine';
import { loadFiles } from '../ingest/load-files';
import { LoadState } from '../ingest/load-state';
import { nodeInputFile } from '../ingest/node-files';
import { withChunkWorkers } from './chunk-workers';
import { createCliEngine, type EngineChoice } from './cli-engine';
import { expandInputPaths } from './input-paths';
import { unreadableReason, type CliIo } from './io';

/**
 * Loads the files into a fresh engine as the app does, runs `work` on it and closes it. A path
 * that cannot be read stops before loading (exit 1); a file that could not be loaded, or only in
 * part, is said on stderr and makes the exit code 1 after `work` ran on what could be read; a file
 * given twice is read once, with a note. A directory stands for every file below it.
 */
export async function withLoadedInputs(
  io: CliIo,
  command: string,
  givenPaths: readonly string[],
  work: (engine: Engine) => Promise<void>,
  engineChoice: EngineChoice = { kind: 'wasm' },
): Promise<number> {
  const paths = expandInputPaths(givenPaths);
  const missing = paths.map((file) => [file, unreadableReason(file)] as const).filter(([, reason]) => reason !== null);
  for (const [file, reason] of missing) io.err(`retrieval-inspector ${command}: cannot read ${file}: ${reason}`);
  if (missing.length > 0) return 1;

  const engine = await createCliEngine(engineChoice);
  try {
    await initDataset(engine);
    const results = await withChunkWorkers((pool) => loadFiles(engine, paths.map(nodeInputFile), new LoadState(), undefined, undefined, pool));
    const problems = results.filter((result, index) => {
      const path = paths[index];
      if (result.skippedAs !== undefined) {
        io.err(`retrieval-inspector ${command}: note: skipped ${path}: the same file was given before, and is read once`);
        return false;
      }
      if (!result.error) return false;
      const readSome = result.events + result.rejected + result.blankLines > 0;
      io.err(`retrieval-inspector ${command}: ${readSome ? 'read only in part' : 'cannot read'} ${path}: ${result.error}`);
      return true;
    });
    await work(engine);
    return problems.length > 0 ? 1 : 0;
  } finally {
    await engine.close();
  }
}
