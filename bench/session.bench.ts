import type { Engine } from '../app/engine/engine';
import { ensureDerivedTables } from '../app/engine/metrics-report';
import { run } from '../app/engine/sql/core/run';
import { lineageReads, type LineageReads } from '../app/engine/lineage-test-reads';
import { loadSessionInspector } from '../app/engine/sql/session-inspector';
import { loadTrace } from '../app/engine/sql/trace';
import { buildLineageGraph } from '../app/model/lineage/build-graph';
import { layoutGraph, type LayoutEdge, type LayoutNode } from '../app/model/lineage/layout';
import { NODE_SIZE } from '../app/model/lineage/node-size';
import { buildTimeline } from '../app/model/lineage/timeline';
import { buildTrace, traceRowCount } from '../app/model/lineage/trace';
import type { LineageGraph } from '../app/model/lineage/graph';
import type { GraphOptions } from '../app/model/lineage/build-graph';
import type { LineageActionRow, LineageInput, LineageRetrievalRow } from '../app/model/lineage/rows';
import { medianMs, time, type Measurement } from './measure';

const layoutInput = (graph: LineageGraph): [LayoutNode[], LayoutEdge[]] => [
  graph.nodes.map((node) => ({ id: node.id, ...NODE_SIZE[node.kind] })),
  graph.edges,
];

/** What opening a session costs: every query of the inspector (one job, as the app runs it), then the timeline and the graph. */
async function openSession(read: LineageReads, sessionId: string) {
  const rows = await read((facts) => loadSessionInspector(facts, sessionId));
  const timeline = buildTimeline(rows, sessionId);
  const completeRetrievals = new Set(rows.retrievals.filter((row) => row.session_id === sessionId).map((row) => row.retrieval_id));
  const graph = buildLineageGraph({ ...rows, completeRetrievals }, { focusSessionId: sessionId });
  return { timeline, graph };
}

/**
 * A rich session's graph with every list expanded: retrievals of 10–20 results, re-searched in
 * fours, each with an agent use, a user place and an export two days later that inherits through
 * the place, and every third also a select: about 20 nodes per retrieval. Sizes vary, so the
 * components have many shapes and each is laid out on its own (the layout reuses a shape's).
 */
function syntheticLineageInput(targetNodes: number): [LineageInput, GraphOptions] {
  const retrievals: LineageRetrievalRow[] = [];
  const actions: LineageActionRow[] = [];
  const action = (r: number, kind: string, actor: string, rank: number, extra: Partial<LineageActionRow> = {}): LineageActionRow => ({
    event_id: `${kind}-${r}`, seq: r * 10 + actions.length, ts: r * 60_000 + rank, session_id: 's', user_id: 'u', request_id: `q${r}`, turn_id: `t${r}`,
    actor, action: kind, consumed_asset_id: `a${r}-${rank}`, source_retrieval_id: `r${r}`, effective_source_retrieval_id: `r${r}`,
    inherited: false, inherited_from_event_id: null, ...extra,
  });
  let nodes = 0;
  for (let r = 0; nodes < targetNodes; r++) {
    const returned = Array.from({ length: 10 + ((r * 7) % 11) }, (_, i) => `a${r}-${i + 1}`);
    retrievals.push({
      retrieval_id: `r${r}`, event_id: `e${r}`, session_id: 's', request_id: `q${r}`, turn_id: `t${r}`, ts: r * 60_000, seq: r * 10, query: `query ${r}`,
      role: 'find', returned_asset_ids: returned, scores: null, rewrite_of: r % 4 ? `r${r - 1}` : null, judged: false, p_at_1: null, ndcg_at_k: null,
      tier1_bad: false, matrix_cell: null, orf_signals: 'none',
    });
    actions.push(action(r, 'use', 'agent', 1), action(r, 'place', 'user', 2));
    actions.push(action(r, 'export', 'user', 2, { session_id: 's-later', source_retrieval_id: null, inherited: true, inherited_from_event_id: `place-${r}` }));
    if (r % 3 === 0) actions.push(action(r, 'select', 'user', 5));
    nodes += 1 + returned.length + 3 + (r % 3 === 0 ? 1 : 0);
  }
  const input = { retrievals, actions, assets: [], relevance: [], completeRetrievals: new Set(retrievals.map((row) => row.retrieval_id)) };
  return [input, { focusSessionId: 's', expanded: new Set(input.completeRetrievals) }];
}

/** A 2,000-node tree with fan-out 4: the simplest graph of that size dagre lays out in one piece. */
function treeOf(size: number): [LayoutNode[], LayoutEdge[]] {
  const nodes = Array.from({ length: size }, (_, i) => ({ id: `n${i}`, width: 200, height: 44 }));
  const edges = nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: `n${Math.floor(i / 4)}`, target: node.id }));
  return [nodes, edges];
}

/**
 * Issue 4's measures on the loaded bench file: opening the richest session and tracing the
 * most-returned asset, against count(*) over the events; laying out 2,000 nodes, against a tree
 * of the same size through the same layout.
 */
export async function benchSession(engine: Engine): Promise<Measurement[]> {
  const derive = await time(() => ensureDerivedTables(engine));
  const read = lineageReads(engine);
  const prepare = await time(() => read(async () => undefined));
  const [rich] = await run(engine,
    'SELECT session_id, retrievals, events FROM session_summary ORDER BY retrievals DESC, actions DESC, session_id LIMIT 1',
    { session_id: 'string', retrievals: 'number', events: 'number' });
  const countMs = await medianMs(5, () => engine.query('SELECT count(*) FROM events'));
  const opened = await openSession(read, rich.session_id);
  const openMs = await medianMs(5, () => openSession(read, rich.session_id));

  const [popular] = await run(engine,
    'SELECT asset_id, count(*)::INTEGER AS n FROM (SELECT unnest(returned_asset_ids) AS asset_id FROM retrievals) GROUP BY asset_id ORDER BY n DESC, asset_id LIMIT 1',
    { asset_id: 'string', n: 'number' });
  const trace = await time(async () => {
    const view = buildTrace(await read((facts) => loadTrace(facts, { kind: 'asset', id: popular.asset_id })));
    return { view, layout: layoutGraph(...layoutInput(view.graph)) };
  });

  const lineage = buildLineageGraph(...syntheticLineageInput(2_000));
  const [treeNodes, treeEdges] = treeOf(lineage.nodes.length);
  layoutGraph(treeNodes, treeEdges);
  const treeMs = await medianMs(3, () => layoutGraph(treeNodes, treeEdges));
  const lineageMs = await medianMs(3, () => layoutGraph(...layoutInput(buildLineageGraph(...syntheticLineageInput(2_000)))));

  const nodes = (graph: LineageGraph) => `${graph.nodes.length.toLocaleString('en-US')} nodes`;
  return [
    {
      name: `open the richest session (${rich.retrievals} retrievals, ${rich.events} events): SQL + timeline + graph`,
      ms: openMs,
      baseline: 'SELECT count(*) FROM events',
      baselineMs: countMs,
      note: `graph ${nodes(opened.graph)}; once per load and settings: lineage facts ${prepare.ms.toFixed(0)} ms (derived tables check ${derive.ms.toFixed(0)} ms)`,
    },
    {
      name: `trace the most-returned asset (${popular.n} retrievals): SQL + model + layout`,
      ms: trace.ms,
      baseline: 'SELECT count(*) FROM events',
      baselineMs: countMs,
      note: `${nodes(trace.value.view.graph)} for the first page (${trace.value.view.table.length} of ${traceRowCount(trace.value.view.totals)} rows)`,
    },
    {
      name: `lay out a ${nodes(lineage)} lineage graph (build + dagre per component + packing)`,
      ms: lineageMs,
      baseline: `dagre on a ${nodes(lineage)} tree (one component)`,
      baselineMs: treeMs,
    },
  ];
}
