// Per-statement timings of what the Annotate screen runs (issue 24, point 4), on the wasm engine
// in Node (the browser's engine, the app's own load path and query code):
//   node scripts/bench-annotate-queries.mjs FILE [ITEMS]
//   EXPLAIN=1: also the relevance queue's items statement analyzed; COMPARE=1: an item's context in
//   one statement against the separate statements it replaced, alternated
// the queue's candidates and labels per kind, one item's context, and the write a label given in
// the browser costs (the labels synced into the dataset, the derived tables brought up to date).
import { finalizeLoad, initDataset, recordFile } from '../app/engine/dataset';
import type { Engine } from '../app/engine/engine';
import { StatementTimes } from './statement-times';
import { syncGivenLabels } from '../app/engine/given-labels';
import { ensureDerivedTables } from '../app/engine/metrics-report';
import { createNodeEngine } from '../app/engine/node-engine';
import { loadQueueItem } from '../app/engine/sql/annotation/queue-item-context';
import { loadQueueCandidates } from '../app/engine/sql/annotation/queue-items';
import { run } from '../app/engine/sql/core/run';
import { ingestFile } from '../app/ingest/ingest-file';
import { nodeInputFile } from '../app/ingest/node-files';
import type { QueueKind } from '../app/model/annotation/queue';
import { GIVEN_LABEL_VERSION, type GivenLabel } from '../app/schema/given-label';

const file = process.argv[2];
const itemCount = Number(process.argv[3] ?? 10);
const times = new StatementTimes();
let current = '';
const nameOf = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 80);

const timed = (engine: Engine) => times.timed(engine, (sql) => `${current}: ${nameOf(sql)}`);

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  current = name;
  const started = performance.now();
  try {
    return await work();
  } finally {
    times.add(`${name}: TOTAL`, performance.now() - started);
  }
}

function report(title: string) {
  console.log(`\n## ${title}\n| statement | n | p50 ms | max ms |\n|---|---|---|---|`);
  for (const [name, values] of times.byName) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`| ${name} | ${values.length} | ${sorted[Math.floor((sorted.length - 1) / 2)].toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`);
  }
  times.byName.clear();
}

const raw = await createNodeEngine();
await initDataset(raw);
const input = nodeInputFile(file);
const result = await ingestFile({
  fileId: 1, fileName: input.name, stream: input.stream(), totalBytes: input.size, seqStart: 0, seenRetrievalIds: new Set(),
  target: { insert: (table, ipc) => raw.insertArrowIPC(table, ipc) },
});
await recordFile(raw, result);
await finalizeLoad(raw);
await ensureDerivedTables(raw);
console.log(`loaded ${result.events} events`);
const engine = timed(raw);
const firstIds: Record<string, string[]> = {};
for (const kind of (process.env.SKIP_CANDIDATES ? [] : ['relevance', 'role', 'intent']) as QueueKind[]) {
  const queue = await phase(`candidates ${kind}`, () => loadQueueCandidates(engine, kind));
  firstIds[kind] = queue.candidates.slice(0, itemCount).map((c) => c.item_id);
  console.log(`${kind}: ${queue.candidates.length} candidates, ${queue.labels.length} labels`);
}
report('queue candidates');
// the queue picked in SQL: its first page of ids and its progress, as the screen opens it
const { loadQueueWindow } = await import('../app/engine/sql/annotation/queue-pick');
for (const [kind, pick] of [['relevance', 'unlabeled'], ['relevance', 'sample'], ['relevance', 'single'], ['relevance', 'disagreement'], ['role', 'unlabeled'], ['intent', 'unlabeled']] as const) {
  const params = { kind, pick, by: 'role', seed: 'bench', size: 200, annotator: 'ann-ada', frozenAt: Date.now(), linked: null } as const;
  for (let round = 0; round < 2; round++) {
    await phase(`open ${kind} ${pick}`, async () => {
      const window = await loadQueueWindow(engine, params, null, 8, 100);
      if (round === 0) console.log(`${kind} ${pick}: ${JSON.stringify(window.head)}, ${window.rows.length} rows, ${window.labels.length} labels`);
    });
  }
}
report('queue picked in SQL: the window the screen opens with (its progress, 108 items and their labels; two rounds)');
// SKIP_CANDIDATES=1: the window only (no JavaScript pick's reads, no items, no labels given)
if (process.env.SKIP_CANDIDATES) process.exit(0);
for (const kind of ['relevance', 'intent'] as QueueKind[]) for (const id of firstIds[kind]) await phase(`item ${kind}`, () => loadQueueItem(engine, kind, id));
report('item context');
const given: GivenLabel[] = [];
for (let i = 0; i < 3; i++) {
  given.push({ kind: 'relevance', retrieval_id: firstIds.relevance[i], asset_id: 'tpl-1', grade: 2, version: GIVEN_LABEL_VERSION, annotator: 'bench', ts: Date.now() + i, event_id: `label-bench-${i}` } as GivenLabel);
  await phase('give a label', async () => {
    await syncGivenLabels(engine, given);
    await finalizeLoad(engine);
    await ensureDerivedTables(engine);
  });
}
report('a label given (the write before any query sees it)');

if (process.env.EXPLAIN) {
  const { QUEUE_ITEM_ROW, queueItemsQuery } = await import('../app/engine/sql/annotation/queue-items');
  const q = queueItemsQuery('relevance');
  await run(raw, q, QUEUE_ITEM_ROW);
  let t = performance.now();
  await run(raw, q, QUEUE_ITEM_ROW);
  console.log(`relevance items again: ${(performance.now() - t).toFixed(0)} ms`);
  const plan = await raw.query(`EXPLAIN ANALYZE ${q.sql}`, q.params);
  console.log(Object.values(plan[0]).join('\n'));
  t = performance.now();
  await raw.query(`SELECT retrieval_id AS item_id, session_id, ts, query, role, surface, list_distinct(returned_asset_ids) AS asset_ids FROM events_retrieval WHERE len(returned_asset_ids) > 0`);
  console.log(`bare scan with lists: ${(performance.now() - t).toFixed(0)} ms`);
  t = performance.now();
  await raw.query(`SELECT retrieval_id AS item_id, session_id, ts, query, role, surface, len(list_distinct(returned_asset_ids)) AS n FROM events_retrieval WHERE len(returned_asset_ids) > 0`);
  console.log(`bare scan without lists: ${(performance.now() - t).toFixed(0)} ms`);
}

if (process.env.COMPARE) {
  // the one statement against the six it replaced, alternated, on the same items (warm)
  const ctx = await import('../app/engine/sql/annotation/queue-item-context');
  const { ITEM_LABEL_ROW, itemLabelsQuery } = await import('../app/engine/sql/annotation/item-labels');
  const separate = async (id: string) => {
    const [r] = await run(raw, ctx.queueRetrievalQuery(id), ctx.QUEUE_RETRIEVAL_ROW);
    if (r.turn_id) await run(raw, ctx.queueTurnQuery(r.turn_id, r.session_id), ctx.QUEUE_TURN_ROW);
    await run(raw, ctx.rankedAssetsQuery(id), ctx.RANKED_ASSET_ROW);
    await run(raw, ctx.queueGatesQuery(r.session_id, { retrievalId: id, requestId: r.request_id, turnId: r.turn_id }), ctx.QUEUE_GATE_ROW);
    await run(raw, itemLabelsQuery({ retrievalIds: [id] }), ITEM_LABEL_ROW);
  };
  const one = (id: string) => ctx.loadQueueItem(raw, 'relevance', id);
  const ids = firstIds.relevance;
  for (const id of ids) { await separate(id); await one(id); }
  const t = { separate: [] as number[], one: [] as number[] };
  for (let round = 0; round < 3; round++) {
    for (const id of ids) {
      let s = performance.now(); await separate(id); t.separate.push(performance.now() - s);
      s = performance.now(); await one(id); t.one.push(performance.now() - s);
    }
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)].toFixed(1);
  console.log(`item context, relevance, ${t.one.length} reads each, alternated: separate statements median ${med(t.separate)} ms, one statement median ${med(t.one)} ms`);
}
