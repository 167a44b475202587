// Bundles bench/main.ts with esbuild (TypeScript, same app code) and runs it. BENCH_EVENTS sets the size.
import { bundleForNode } from './build-cli.mjs';
import { mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

mkdirSync('.bench', { recursive: true });
await bundleForNode('bench/main.ts', '.bench/bench.mjs');
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/bench.mjs'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
