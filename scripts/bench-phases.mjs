// Bundles bench/ingest-phases.ts (app code, TypeScript) for Node and runs it on one file:
//   node scripts/bench-phases.mjs [FILE]                  where a load's time goes, phase by phase
//   node scripts/bench-phases.mjs FILE --stages [ROUNDS]  the JavaScript half split finer
//                                                         (bench/ingest-stages.ts: parse, validate,
//                                                         write, columns, IPC; CPU time, median of ROUNDS)
// (default file .bench/events-100000.jsonl)
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { bundleForNode } from './build-cli.mjs';

mkdirSync('.bench', { recursive: true });
const [file = '.bench/events-100000.jsonl', flag, rounds = '3'] = process.argv.slice(2);
const stages = flag === '--stages';
const bundle = stages ? '.bench/ingest-stages.mjs' : '.bench/ingest-phases.mjs';
await bundleForNode(stages ? 'bench/ingest-stages.ts' : 'bench/ingest-phases.ts', bundle);
const run = spawnSync(process.execPath, ['--max-old-space-size=8192', bundle, file, ...(stages ? [rounds] : [])], { stdio: 'inherit' });
process.exit(run.status ?? 1);
