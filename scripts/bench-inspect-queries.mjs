// Bundles bench/inspect-queries.ts (app code, TypeScript) for Node and runs it on one file:
//   node scripts/bench-inspect-queries.mjs [FILE] [SESSIONS]   (default .bench/events-100000.jsonl, 50)
import { spawnSync } from 'node:child_process';
import { bundleForNode } from './build-cli.mjs';

await bundleForNode('bench/inspect-queries.ts', '.bench/inspect-queries.mjs');
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/inspect-queries.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
