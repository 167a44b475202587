#!/usr/bin/env node
// Deterministic sample logs for Retrieval Inspector.
//   node sample-logs/generate.mjs                                   all sample files, then the self-check
//   node sample-logs/generate.mjs --events 1000000 --out big.jsonl  one large file for benchmarks [--sessions N]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBigFile } from './gen/big.mjs';
import { buildCreativeWorld } from './gen/creative-world.mjs';
import { generateCreativeAssistant } from './gen/creative-assistant.mjs';
import { LABEL_COLUMNS, generateCreativeLabels } from './gen/creative-labels.mjs';
import { knowledgeAssets } from './gen/cs-knowledge.mjs';
import { customerServiceLabels, evalSet } from './gen/cs-labels.mjs';
import { generateCustomerService } from './gen/customer-service.mjs';
import { generateMalformed } from './gen/malformed.mjs';
import { generateMultihop, passageAssets } from './gen/multihop.mjs';
import { generateRetrievalTrial } from './gen/retrieval-trial.mjs';
import { writeCsv, writeGzipJsonLines, writeJsonLines, writePrettyJson, writeRawLines } from './gen/write.mjs';
import { runChecks } from './check-samples.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

// One seed per file, so changing one scenario leaves the other files byte-identical.
const SEEDS = {
  creativeWorld: 1000, creativeSessions: 1001, creativeLabels: 1002, multihop: 1101,
  supportSessions: 7, supportEval: 2102, supportLabels: 2103, retrievalTrial: 2201,
};

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') options.help = true;
    else if (['--events', '--sessions', '--out'].includes(flag) && i + 1 < argv.length) options[flag.slice(2)] = argv[++i];
    else throw new UsageError(`unknown argument: ${flag} (try --help)`);
  }
  for (const key of ['events', 'sessions']) {
    if (options[key] !== undefined && !(Number.isInteger(Number(options[key])) && Number(options[key]) > 0)) throw new UsageError(`--${key} needs a positive integer`);
  }
  return options;
}

class UsageError extends Error {}

function countByType(events) {
  const counts = {};
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return counts;
}

function writeSamples() {
  const out = (name) => join(HERE, name);
  const written = [];
  const record = (name, bytes, events) => written.push({ name, bytes, counts: events ? countByType(events) : null });

  const world = buildCreativeWorld(SEEDS.creativeWorld);
  const creative = generateCreativeAssistant(world, SEEDS.creativeSessions);
  record('creative-assistant.jsonl', writeJsonLines(out('creative-assistant.jsonl'), creative.events), creative.events);

  const { rows: labelRows } = generateCreativeLabels(world, creative, SEEDS.creativeLabels);
  record('creative-labels.csv', writeCsv(out('creative-labels.csv'), LABEL_COLUMNS, labelRows), labelRows);

  const catalog = world.catalog.concat(passageAssets(), knowledgeAssets());
  record('asset-catalog.jsonl.gz', writeGzipJsonLines(out('asset-catalog.jsonl.gz'), catalog), catalog);

  const multihop = generateMultihop(SEEDS.multihop);
  record('multihop-qa.json', writePrettyJson(out('multihop-qa.json'), multihop), multihop.events);

  const support = generateCustomerService(SEEDS.supportSessions);
  const supportEvents = evalSet(SEEDS.supportEval).concat(support.events, customerServiceLabels(support.served, SEEDS.supportLabels));
  record('customer-service.jsonl', writeJsonLines(out('customer-service.jsonl'), supportEvents), supportEvents);

  const trial = generateRetrievalTrial(SEEDS.retrievalTrial);
  record('retrieval-trial.jsonl', writeJsonLines(out('retrieval-trial.jsonl'), trial.events), trial.events);

  const malformed = generateMalformed();
  record('malformed.jsonl', writeRawLines(out('malformed.jsonl'), malformed.lines), null);
  record('malformed.expected.json', writePrettyJson(out('malformed.expected.json'), malformed.expected), null);
  return written;
}

function printSummary(written) {
  let total = 0;
  for (const { name, bytes, counts } of written) {
    total += bytes;
    const detail = counts ? Object.entries(counts).map(([type, n]) => `${type} ${n}`).join(', ') : '';
    console.log(`${name.padEnd(26)} ${String(bytes).padStart(9)} bytes  ${detail}`);
  }
  console.log(`${'total'.padEnd(26)} ${String(total).padStart(9)} bytes`);
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log('usage: node sample-logs/generate.mjs [--events N --out FILE [--sessions N]]');
    return;
  }
  if (options.events || options.out || options.sessions) {
    if (!options.out) throw new UsageError('--out FILE is required for a large file');
    const path = resolve(options.out);
    const started = process.hrtime.bigint();
    const result = writeBigFile(path, { targetEvents: Number(options.events ?? 1_000_000), sessions: options.sessions && Number(options.sessions) });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(`wrote ${path}: ${result.events} events, ${result.bytes} bytes, ${result.sessions} sessions in ${seconds.toFixed(1)} s`);
    return;
  }
  printSummary(writeSamples());
  if (!runChecks(HERE)) process.exitCode = 1;
}

try {
  main();
} catch (error) {
  console.error(error instanceof UsageError ? error.message : error.stack);
  process.exitCode = 1;
}
