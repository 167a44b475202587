// Bundles bench/ingest-phases.ts (app code, TypeScript) for Node and runs it on one file:
//   node scripts/bench-phases.mjs [FILE]   (default .bench/events-100000.jsonl)
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { bundleForNode } from './build-cli.mjs';

mkdirSync('.bench', { recursive: true });
await bundleForNode('bench/ingest-phases.ts', '.bench/ingest-phases.mjs');
const file = process.argv[2] ?? '.bench/events-100000.jsonl';
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/ingest-phases.mjs', file], { stdio: 'inherit' });
process.exit(run.status ?? 1);
