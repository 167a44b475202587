// Summarizes a V8 .cpuprofile (node --cpu-prof): self time of the top functions, and the total
// (inclusive) time under named functions, each counted once per sample (a function that calls
// itself, or is reached twice on one stack, counts once).
//   node bench/cpuprofile-summary.mjs FILE.cpuprofile [TOP] [fn,fn,…]
import { readFileSync } from 'node:fs';

const [file, top = '25', names = ''] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (node) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`;
const dt = new Map();
profile.samples.forEach((id, i) => dt.set(i, profile.timeDeltas[i] ?? 0));
const self = new Map();
const inclusive = new Map();
const wanted = names ? names.split(',') : [];
let total = 0;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
  total += ms;
  const node = byId.get(id);
  const key = label(node);
  self.set(key, (self.get(key) ?? 0) + ms);
  const seen = new Set();
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const name = byId.get(n).callFrame.functionName;
    if (wanted.includes(name) && !seen.has(name)) {
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  }
});
console.log(`total sampled ${(total / 1000).toFixed(1)} s`);
for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${(ms / 1000).toFixed(2).padStart(8)} s ${(100 * ms / total).toFixed(1).padStart(5)} %  ${key}`);
if (wanted.length) {
  console.log('inclusive:');
  for (const name of wanted) console.log(`${((inclusive.get(name) ?? 0) / 1000).toFixed(2).padStart(8)} s ${(100 * (inclusive.get(name) ?? 0) / total).toFixed(1).padStart(5)} %  ${name}`);
}
