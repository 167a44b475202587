// Bundles bench/traces-phases.ts (app code, TypeScript) for Node and runs it on each file given,
// one process per file (--expose-gc: the heap a read leaves is measured after a collection):
//   node scripts/bench-traces-phases.mjs .bench/bench-traces-1000000.otlp.jsonl .bench/bench-traces-1000000.events.jsonl
// BENCH_HEAP_MB (default 16384) is the Node heap limit of each run; BENCH_CPU_PROF=DIR also writes a CPU profile per file there.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { bundleForNode } from './build-cli.mjs';

mkdirSync('.bench', { recursive: true });
const bundle = await bundleForNode('bench/traces-phases.ts', '.bench/traces-phases.mjs');
let status = 0;
for (const file of process.argv.slice(2)) {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${path.basename(file)}.cpuprofile`] : [];
  const run = spawnSync(process.execPath, ['--expose-gc', `--max-old-space-size=${process.env.BENCH_HEAP_MB ?? 16384}`, ...profile, bundle, file], { stdio: 'inherit' });
  status ||= run.status ?? 1;
}
process.exit(status);
