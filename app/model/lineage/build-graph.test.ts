import { describe, expect, it } from 'vitest';
import { buildLineageGraph } from './build-graph';
import { nodeId, type LineageGraph } from './graph';
import { lineagePath } from './lineage-path';
import { listPositions } from './ranks';
import { actionRow, at, lineageInput, retrievalRow } from './test-rows';

const node = (graph: LineageGraph, id: string) => graph.nodes.find((n) => n.id === id);
const edgesOf = (graph: LineageGraph) => graph.edges.map((e) => [e.kind, e.source, e.target, e.label]);
const A = (retrievalId: string | null, assetId: string) => nodeId.asset(retrievalId, assetId);

describe('buildLineageGraph', () => {
  it('retrieval → acted-on asset (rank) → action (actor); the unused rest folds into one node', () => {
    const graph = buildLineageGraph(lineageInput(
      [retrievalRow('r1', ['a1', 'a2', 'a3'])],
      [actionRow('sel', 'user', 'select', { consumed_asset_id: 'a2', source_retrieval_id: 'r1' })],
    ));
    expect(graph.nodes.map((n) => [n.kind, n.id])).toEqual([
      ['retrieval', 'retrieval:r1'], ['asset', A('r1', 'a2')], ['fold', 'fold:r1'], ['action', 'action:sel'],
    ]);
    expect(edgesOf(graph)).toEqual([
      ['returned', 'retrieval:r1', A('r1', 'a2'), '#2'],
      ['folded', 'retrieval:r1', 'fold:r1', null],
      ['consumed', A('r1', 'a2'), 'action:sel', 'user'],
    ]);
    expect(node(graph, A('r1', 'a2'))!.subtitle).toBe('a2 · used #2 of 3');
    expect(node(graph, 'fold:r1')!.title).toBe('+2 not used');
  });

  it('an export in a later session inherits through the place: a dashed edge, a cross-session completion, links both ways', () => {
    const input = lineageInput(
      [retrievalRow('r1', ['a1', 'a2'], { session_id: 's1' })],
      [
        actionRow('p1', 'user', 'place', { consumed_asset_id: 'a1', source_retrieval_id: 'r1', session_id: 's1' }),
        actionRow('exp', 'user', 'export', {
          consumed_asset_id: 'a1', session_id: 's2', ts: at(2 * 24 * 60), effective_source_retrieval_id: 'r1', inherited: true, inherited_from_event_id: 'p1',
        }),
      ],
    );
    const fromFirst = buildLineageGraph(input, { focusSessionId: 's1' });
    expect(edgesOf(fromFirst)).toContainEqual(['consumed', A('r1', 'a1'), 'action:p1', 'user']);
    expect(edgesOf(fromFirst)).toContainEqual(['inherited', 'action:p1', 'action:exp', 'inherited']);
    expect(edgesOf(fromFirst)).not.toContainEqual(['consumed', A('r1', 'a1'), 'action:exp', 'user']);
    expect(node(fromFirst, 'action:exp')).toMatchObject({ kind: 'completion', external: true, badges: ['inherited', 'cross-session'] });
    expect(fromFirst.sessionLinks).toEqual([
      { sessionId: 's2', relation: 'continues', firstTs: at(2 * 24 * 60), nodeIds: ['action:exp'], what: ['user export'] },
    ]);
    const fromLater = buildLineageGraph(input, { focusSessionId: 's2' });
    expect(fromLater.sessionLinks).toEqual([
      { sessionId: 's1', relation: 'comes_from', firstTs: at(0), nodeIds: ['retrieval:r1', 'action:p1'], what: ['retrieval', 'user place'] },
    ]);
  });

  it('an asset repeated in a list counts at its first rank, and later entries move up', () => {
    const graph = buildLineageGraph(lineageInput(
      [retrievalRow('r1', ['a1', 'a2', 'a1', 'a3'])],
      [actionRow('u', 'agent', 'use', { consumed_asset_id: 'a3', source_retrieval_id: 'r1' }), actionRow('s', 'user', 'select', { consumed_asset_id: 'a1', source_retrieval_id: 'r1' })],
    ));
    expect(node(graph, A('r1', 'a3'))!.subtitle).toBe('a3 · used #3 of 3');
    expect(node(graph, A('r1', 'a1'))!.subtitle).toBe('a1 · used #1 of 3');
    expect(graph.nodes.filter((n) => n.assetId === 'a1' && n.kind === 'asset')).toHaveLength(1);
    expect(listPositions(['a1', 'a2', 'a1', 'a3'], null).map((p) => [p.position, p.rank, p.repeatOf])).toEqual([[1, 1, null], [2, 2, null], [3, null, 1], [4, 3, null]]);
  });

  it('an action whose source names no known retrieval hangs under an orphan node', () => {
    const graph = buildLineageGraph(lineageInput(
      [retrievalRow('r1', ['a1'])],
      [actionRow('x', 'user', 'select', { consumed_asset_id: 'a1', source_retrieval_id: 'r-missing' })],
    ));
    expect(node(graph, 'retrieval:r-missing')).toMatchObject({ title: 'Unknown retrieval', tone: 'bad', badges: ['orphan reference'] });
    expect(node(graph, A('r-missing', 'a1'))!.subtitle).toBe('a1 · source unknown');
    expect(node(graph, 'action:x')).toMatchObject({ tone: 'bad', badges: ['orphan source'] });
    expect(edgesOf(graph)).toContainEqual(['returned', 'retrieval:r-missing', A('r-missing', 'a1'), null]);
    expect(node(graph, 'fold:r1')!.title).toBe('+1 not used');
  });

  it('folding: an expanded retrieval shows every result; an incomplete one says "other results"; a traced asset is always shown', () => {
    const input = lineageInput([retrievalRow('r1', ['a1', 'a2', 'a3']), retrievalRow('r2', ['a3', 'a4'])], [], ['r2']);
    const expanded = buildLineageGraph(input, { expanded: new Set(['r1']) });
    expect(expanded.edges.filter((e) => e.source === 'retrieval:r1').map((e) => e.label)).toEqual(['#1', '#2', '#3']);
    expect(node(expanded, 'fold:r1')).toBeUndefined();
    expect(node(expanded, 'fold:r2')!.title).toBe('+2 other results');
    const traced = buildLineageGraph(input, { focusAssetId: 'a3' });
    expect(traced.edges.filter((e) => e.kind === 'returned').map((e) => [e.source, e.label])).toEqual([['retrieval:r1', '#3'], ['retrieval:r2', '#1']]);
    expect(node(traced, 'fold:r1')!.title).toBe('+2 not used');
  });

  it('re-searches and agent bypasses relate retrievals; a bypassed asset has no source', () => {
    const graph = buildLineageGraph(lineageInput(
      [retrievalRow('r1', ['a1']), retrievalRow('r2', ['a2'], { rewrite_of: 'r1', ts: at(3) })],
      [actionRow('b', 'agent', 'use', { consumed_asset_id: 'a9' })],
    ));
    expect(edgesOf(graph)).toContainEqual(['re_search', 'retrieval:r1', 'retrieval:r2', 're-search']);
    expect(edgesOf(graph)).toContainEqual(['bypass', 'retrieval:r1', A(null, 'a9'), 'bypassed']);
    expect(edgesOf(graph)).toContainEqual(['consumed', A(null, 'a9'), 'action:b', 'agent']);
    expect(node(graph, A(null, 'a9'))).toMatchObject({ subtitle: 'a9 · no retrieval supplied it', tone: 'muted' });
    expect(node(graph, 'action:b')!.badges).toEqual(['no source']);
  });

  it('masked failures and ORF signals mark the retrieval; a consumed asset graded 0 is marked not relevant', () => {
    const graph = buildLineageGraph({
      ...lineageInput([retrievalRow('r1', ['a1'], { matrix_cell: 'masked_consumed', orf_signals: 'none' }), retrievalRow('r2', ['a2'], { orf_signals: 'complaint,re_search' })],
        [actionRow('u', 'agent', 'use', { consumed_asset_id: 'a1', source_retrieval_id: 'r1' })]),
      relevance: [{ retrieval_id: 'r1', asset_id: 'a1', grade: 0 }],
      assets: [{ asset_id: 'a1', title: 'Birthday card', kind: 'template' }],
    });
    expect(node(graph, 'retrieval:r1')).toMatchObject({ tone: 'bad', badges: ['masked failure (consumed)'] });
    expect(node(graph, 'retrieval:r2')).toMatchObject({ tone: 'warn', badges: ['ORF: complaint', 'ORF: re-searched'] });
    expect(node(graph, A('r1', 'a1'))).toMatchObject({ title: 'Birthday card', subtitle: 'a1 · used #1 of 1 · grade 0', badges: ['not relevant'], tone: 'bad' });
  });
  it('a derived agent use is marked on its node; a failed retrieval says failed, not empty', () => {
    const graph = buildLineageGraph(lineageInput(
      [retrievalRow('r1', ['a1']), retrievalRow('r2', [], { error: 'index unavailable' })],
      [actionRow('use', 'agent', 'use', { consumed_asset_id: 'a1', source_retrieval_id: 'r1', derived: 'context-match' })],
    ));
    expect(node(graph, 'action:use')!.badges).toEqual(['derived · context match']);
    const failed = node(graph, 'retrieval:r2')!;
    expect([failed.subtitle, failed.tone, failed.badges]).toEqual(['r2 · find · failed', 'bad', ['failed: index unavailable']]);
    expect(node(graph, 'retrieval:r1')!.subtitle).toBe('r1 · find · 1 result');
  });
});

describe('lineagePath', () => {
  const graph = buildLineageGraph(lineageInput(
    [retrievalRow('r1', ['a1', 'a2', 'a3']), retrievalRow('r2', ['a1'], { rewrite_of: 'r1' })],
    [
      actionRow('p1', 'user', 'place', { consumed_asset_id: 'a1', source_retrieval_id: 'r1' }),
      actionRow('s2', 'user', 'select', { consumed_asset_id: 'a2', source_retrieval_id: 'r1' }),
      actionRow('exp', 'user', 'export', { consumed_asset_id: 'a1', effective_source_retrieval_id: 'r1', inherited: true, inherited_from_event_id: 'p1', ts: at(9) }),
    ],
  ));

  it('from a completion: back through the place and the asset to its retrieval, nothing else', () => {
    expect([...lineagePath(graph, 'action:exp').nodes].sort()).toEqual(['action:exp', 'action:p1', A('r1', 'a1'), 'retrieval:r1']);
  });

  it('from a retrieval: forward to every result, action and completion, not across the re-search', () => {
    const path = lineagePath(graph, 'retrieval:r1');
    expect([...path.nodes].sort()).toEqual(['action:exp', 'action:p1', 'action:s2', A('r1', 'a1'), A('r1', 'a2'), 'fold:r1', 'retrieval:r1']);
    expect([...path.edges].some((id) => id.startsWith('re_search'))).toBe(false);
  });
});
