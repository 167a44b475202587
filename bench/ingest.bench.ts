import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { initDataset } from '../app/engine/dataset';
import type { Engine } from '../app/engine/engine';
import { createNodeEngine } from '../app/engine/node-engine';
import { loadFiles } from '../app/ingest/load-files';
import { LoadState } from '../app/ingest/load-state';
import { nodeInputFile } from '../app/ingest/node-files';
import { time, type Measurement } from './measure';

/** The floor: reading the same file line by line and JSON.parse-ing each line, nothing else. */
async function bareParse(path: string): Promise<number> {
  let n = 0;
  const lines = createInterface({ input: createReadStream(path, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    JSON.parse(line);
    n++;
  }
  return n;
}

/** Loads the file (timed against the bare-parse floor) and returns the loaded engine for the next benchmarks. */
export async function benchIngest(path: string): Promise<{ measurements: Measurement[]; engine: Engine; state: LoadState }> {
  const mb = statSync(path).size / 1e6;
  readFileSync(path); // warm the page cache so both runs read from memory
  const floor = await time(() => bareParse(path));
  const engine = await createNodeEngine();
  await initDataset(engine);
  const before = process.memoryUsage().rss;
  const state = new LoadState();
  const ingest = await time(() => loadFiles(engine, [nodeInputFile(path)], state));
  const grown = (process.memoryUsage().rss - before) / 1e6;
  const events = ingest.value.reduce((sum, file) => sum + file.events, 0);
  return {
    engine,
    state,
    measurements: [
    {
      name: `ingest ${events.toLocaleString('en-US')} events (${mb.toFixed(0)} MB): parse, validate, Arrow, insert, derive`,
      ms: ingest.ms,
      baseline: 'bare JSON.parse of each line',
      baselineMs: floor.ms,
      note: `${(mb / (ingest.ms / 1000)).toFixed(0)} MB/s vs floor ${(mb / (floor.ms / 1000)).toFixed(0)} MB/s; RSS +${grown.toFixed(0)} MB`,
    },
    ],
  };
}
