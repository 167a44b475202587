// Per-query timings of what the session inspector runs when a session opens and what the Metrics
// screen runs on first render and after a K change, on the wasm engine in Node (the browser's
// engine, the app's own load path and query code):
//   node scripts/bench-inspect-queries.mjs [FILE] [SESSIONS]
import { finalizeLoad, initDataset, recordFile } from '../app/engine/dataset';
import type { Engine } from '../app/engine/engine';
import { StatementTimes } from './statement-times';
import { ensureDerivedTables, metricPanelsIn } from '../app/engine/metrics-report';
import { computeDriftAnalysis } from '../app/engine/drift-report';
import { QueryCoordinator } from '../app/engine/coordinator/query-coordinator';
import { withLineageFacts } from '../app/engine/lineage-facts-table';
import { createNodeEngine } from '../app/engine/node-engine';
import { run } from '../app/engine/sql/core/run';
import { loadSessionInspector } from '../app/engine/sql/session-inspector';
import { SESSION_SUMMARY_ROW_SQL } from '../app/engine/sql/sessions';
import { labelTargets } from '../app/features/sessions/label-targets';
import { loadSessionLabels } from '../app/queries/session-labels';
import { ingestFile } from '../app/ingest/ingest-file';
import { nodeInputFile } from '../app/ingest/node-files';
import { DEFAULT_METRIC_SETTINGS } from '../app/model/metrics/settings';

const file = process.argv[2] ?? '.bench/events-100000.jsonl';
const sessionCount = Number(process.argv[3] ?? 50);

/** Every statement's time, by a name read from its text. */
const times = new StatementTimes();
let current: string[] | null = null;

const NAMES: [RegExp, string][] = [
  [/SELECT \* FROM session_summary WHERE session_id = \?/, 'summary row'],
  [/SELECT event_type_bits, events/, 'session event types + seq range'],
  [/UNION ALL BY NAME|SELECT e\.\*, f\.name AS file FROM/, 'session events'],
  [/seed AS \(/, 'lineage: actions'],
  [/AS given_here/, 'labels: item labels'],
  [/SELECT retrieval_id, role, judged, p_at_1/, "lineage: facts of the page's retrievals"],
  [/picked AS \(/, "lineage: other sessions' retrievals + facts"],
  [/l\.grade::INTEGER AS grade, l\.resolved_by/, 'labels: labeled, not returned'],
  [/FROM resolved_intents WHERE/, 'labels: resolved intents'],
  [/SELECT target_event_id, verdict, resolved_by/, 'labels: resolved verdicts'],
  [/is_asset/, 'asset info + relevance grades'],
  [/FROM asset_catalog WHERE asset_id IN/, 'asset info'],
  [/FROM resolved_relevance WHERE retrieval_id IN/, 'relevance grades'],
  [/FROM reference_warnings/, 'reference warnings'],
  [/FROM spans s LEFT JOIN files/, 'session spans'],
  [/CREATE OR REPLACE TEMP TABLE "lineage_retrieval_facts/, 'lineage facts table (once per settings)'],
  [/CREATE OR REPLACE TEMP TABLE "retrieval_facts/, 'retrieval facts table (once per settings)'],
];

function nameOf(sql: string): string {
  for (const [pattern, name] of NAMES) if (pattern.test(sql)) return name;
  return sql.replace(/\s+/g, ' ').trim().slice(0, 90);
}

const timed = (engine: Engine) => times.timed(engine, (sql) => (current ? `${current.join('/')}: ` : '') + nameOf(sql));

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const before = current;
  current = [...(before ?? []), name];
  const started = performance.now();
  try {
    return await work();
  } finally {
    const ms = performance.now() - started;
    times.add(`${current.join('/')}: TOTAL`, ms);
    current = before;
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};

function report(title: string) {
  console.log(`\n## ${title}`);
  console.log('| query | n | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|---|');
  for (const [name, values] of times.byName) {
    console.log(`| ${name} | ${values.length} | ${quantile(values, 0.5).toFixed(1)} | ${quantile(values, 0.95).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`);
  }
  times.byName.clear();
}

const raw = await createNodeEngine();
await initDataset(raw);
const input = nodeInputFile(file);
let started = performance.now();
const result = await ingestFile({
  fileId: 1, fileName: input.name, stream: input.stream(), totalBytes: input.size, seqStart: 0, seenRetrievalIds: new Set(),
  target: { insert: (table, ipc) => raw.insertArrowIPC(table, ipc) },
});
await recordFile(raw, result);
console.log(`loaded ${result.events} events in ${Math.round(performance.now() - started)} ms`);
const engine = timed(raw);
started = performance.now();
await phase('post-load', async () => {
  await finalizeLoad(engine);
  await ensureDerivedTables(engine);
});
// one coordinator, as the browser's: the settings' tables are built once and kept, and reads
// carry the dataset version, so a K change answers the statements no setting changes from the cache
const coordinator = new QueryCoordinator(engine);
const AS_THE_APP = { datasetVersion: 1 };
report('post-load (counts toward ingest)');

// the sessions: a seeded shuffle, as the page bench
const ids = (await run(raw, 'SELECT session_id FROM session_summary ORDER BY session_id', { session_id: 'string' })).map((row) => row.session_id);
let seed = 12345;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const picked = Array.from({ length: sessionCount + 1 }, () => ids[Math.floor(random() * ids.length)]);

await phase('metrics first', () => coordinator.read((job) => metricPanelsIn(job, DEFAULT_METRIC_SETTINGS), AS_THE_APP));
report('Metrics, first render (K = 10)');
await phase('metrics K=3', () => coordinator.read((job) => metricPanelsIn(job, { ...DEFAULT_METRIC_SETTINGS, k: 3 }), AS_THE_APP));
report('Metrics, after K 10 → 3');

await phase('drift analysis (once per dataset)', () => computeDriftAnalysis(engine));
await phase('lineage facts (once per settings)', () => coordinator.read((job) => withLineageFacts(job, DEFAULT_METRIC_SETTINGS), AS_THE_APP));
report('session inspector, once per dataset/settings');

// the three jobs of an open, as the screen runs them: the header's row, the page, its labels
for (const [index, sessionId] of picked.entries()) {
  await phase('open', async () => {
    await phase('summary job', () => coordinator.read((job) => job.engine.query(SESSION_SUMMARY_ROW_SQL, [sessionId]), AS_THE_APP));
    const rows = await phase('inspector job', () =>
      coordinator.read(async (job) => loadSessionInspector(await withLineageFacts(job, DEFAULT_METRIC_SETTINGS), sessionId), AS_THE_APP));
    await phase('labels job', () => coordinator.read((job) => loadSessionLabels(job.engine, labelTargets(rows.events)), AS_THE_APP));
  });
  if (index === 0) times.byName.clear();
}
report(`session open, ${sessionCount} random sessions (first not counted)`);
await raw.close();
