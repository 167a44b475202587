// The derived tables a load builds, CPU time:
//   node scripts/derived-bench.mjs [FILE] [ROUNDS] [TABLE,…]
//     bench/derived-tables.ts: one load, then each table built whole, ROUNDS times
//   node scripts/derived-bench.mjs --pass [FILE] [PAIRS] [COMMIT]
//     the pass a load runs after its last insert, as the app at COMMIT runs it (default 0199cc1,
//     the last before the rewrite; read with `git archive`) and as the working tree does, each in a fresh process (the first run
//     of each query pays for the engine's code warming up, as in the browser), PAIRS alternated pairs
// (default file .bench/events-1000000.jsonl)
import { execSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { bundleForNode } from './build-cli.mjs';

const args = process.argv.slice(2);
const passMode = args[0] === '--pass';
const [file = '.bench/events-1000000.jsonl', count = '3', third] = passMode ? args.slice(1) : args;
mkdirSync('.bench', { recursive: true });
const after = await bundleForNode('bench/derived-tables.ts', '.bench/derived-tables.mjs');
const run = (bundle, rest) => spawnSync(process.execPath, ['--max-old-space-size=8192', bundle, file, ...rest], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

if (!passMode) {
  const result = run(after, [count, ...(third ? [third] : [])]);
  process.stdout.write(result.stdout);
  process.exit(result.status ?? 1);
}

// The app as it was at the commit, with this bench beside it.
const commit = third ?? '0199cc1';
const tree = '.bench/derived-before-tree';
rmSync(tree, { recursive: true, force: true });
mkdirSync(`${tree}/bench`, { recursive: true });
execSync(`git archive ${commit} app | tar -x -C ${tree}`);
copyFileSync('bench/derived-tables.ts', `${tree}/bench/derived-tables.ts`);
const before = await bundleForNode(`${tree}/bench/derived-tables.ts`, '.bench/derived-tables-before.mjs');

const passOf = (bundle) => {
  const result = run(bundle, ['0']);
  const line = result.stdout.split('\n').find((text) => text.startsWith('load-pass-json '));
  if (!line) throw new Error(`no pass result:\n${result.stdout}`);
  return JSON.parse(line.slice('load-pass-json '.length));
};
const loads = [loadavg()[0]];
const runs = { before: [], after: [] };
for (let pair = 0; pair < Number(count); pair++) {
  for (const which of pair % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
    runs[which].push(passOf(which === 'before' ? before : after));
    loads.push(loadavg()[0]);
    console.log(`${which} ${JSON.stringify(runs[which].at(-1))}`);
  }
}
const sum = (pass) => Object.values(pass).reduce((total, ms) => total + ms, 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const tables = [...Object.keys(runs.before[0]), 'total'];
const valueOf = (pass, table) => (table === 'total' ? sum(pass) : pass[table]);
console.log(`\nthe load pass, CPU ms, ${commit} against the working tree, ${count} alternated pairs of fresh processes; load average ${loads.map((n) => n.toFixed(1)).join(' ')}`);
console.table(Object.fromEntries(tables.map((table) => {
  const b = runs.before.map((pass) => valueOf(pass, table));
  const a = runs.after.map((pass) => valueOf(pass, table));
  return [table, { before: b.join(' / '), after: a.join(' / '), 'ratios after/before': a.map((ms, i) => (ms / b[i]).toFixed(2)).join(' / '), 'median ratio': (median(a) / median(b)).toFixed(2) }];
})));
rmSync(tree, { recursive: true, force: true });
