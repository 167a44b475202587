// Bundles bench/main.ts with esbuild (TypeScript, same app code) and runs it. BENCH_EVENTS sets the size.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

mkdirSync('.bench', { recursive: true });
await build({
  entryPoints: ['bench/main.ts'],
  outfile: '.bench/bench.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/bench.mjs'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
