// Bundles bench/annotate-queries.ts (app code, TypeScript) for Node and runs it on one file:
//   node scripts/bench-annotate-queries.mjs FILE [ITEMS]
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { bundleForNode } from './build-cli.mjs';

mkdirSync('.bench', { recursive: true });
await bundleForNode('bench/annotate-queries.ts', '.bench/annotate-queries.mjs');
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', '.bench/annotate-queries.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
