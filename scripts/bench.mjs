// Bundles bench/main.ts with esbuild (TypeScript, same app code) and runs it in Node; then the
// browser half (scripts/bench-browser.mjs) on the same file. BENCH_EVENTS sets the size;
// BENCH_BROWSER=0 skips the browser half.
import { bundleForNode } from './build-cli.mjs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

mkdirSync('.bench', { recursive: true });
await bundleForNode('bench/main.ts', '.bench/bench.mjs');
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/bench.mjs'], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);

if (process.env.BENCH_BROWSER !== '0') {
  const events = Number(process.env.BENCH_EVENTS ?? 1_000_000);
  const { benchBrowser } = await import('./bench-browser.mjs');
  const rows = await benchBrowser(path.resolve('.bench', `events-${events}.jsonl`));
  if (rows.length) {
    console.log('\nIn the browser (production build, headless Chromium):');
    console.table(rows.map((m) => ({
      benchmark: m.name, 'time (ms)': m.ms.toFixed(0), baseline: m.baseline, 'baseline (ms)': m.baselineMs.toFixed(0),
      ratio: (m.ms / m.baselineMs).toFixed(2), note: m.note ?? '',
    })));
  }
}
