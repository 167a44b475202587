import { describe, expect, it } from 'vitest';
import { actionRow, retrievalRow } from './test-rows';
import { buildTrace, traceRowOfNode, traceTableRows, type TraceRows, type TraceTotals } from './trace';

const TOTALS: TraceTotals = { retrievals: 1, actions: 2, sessions: 2, completions: 1, crossSessionCompletions: 1, orphanActions: 0 };

/** A trace of retrieval r1: its export from another session and a select of an asset from a retrieval nobody loaded. */
const rows = (page: { index: number; size: number }, totals = TOTALS): TraceRows => ({
  target: { kind: 'retrieval', id: 'r1' },
  totals,
  page: { ...page, keys: [{ kind: 'retrieval', id: 'r1' }, { kind: 'action', id: 'exp' }, { kind: 'action', id: 'sel' }] },
  retrievals: [retrievalRow('r1', ['a1', 'a2', 'a3'])],
  actions: [
    actionRow('exp', 'user', 'export', { session_id: 's2', consumed_asset_id: 'a2', source_retrieval_id: 'r1' }),
    actionRow('sel', 'user', 'select', { consumed_asset_id: 'a9', source_retrieval_id: 'r-gone' }),
  ],
  assets: [{ asset_id: 'a2', title: 'Poster', kind: null }],
  relevance: [],
});

describe('traceRowOfNode', () => {
  it.each([
    ['retrieval:r-1', { kind: 'retrieval', id: 'r-1' }],
    ['action:e:9', { kind: 'action', id: 'e:9' }],
    ['asset:r%2F1/tpl-1', { kind: 'retrieval', id: 'r/1' }],
    ['fold:r-2', { kind: 'retrieval', id: 'r-2' }],
    ['asset:/tpl-1', { kind: 'retrieval', id: '' }],
    ['session:s1', null],
    [null, null],
  ] as const)('%s', (node, expected) => expect(traceRowOfNode(node)).toEqual(expected));
});

describe('buildTrace', () => {
  it('keeps the page order and marks each action by the retrievals loaded with the page', () => {
    const table = traceTableRows(rows({ index: 0, size: 500 }));
    expect(table.map((row) => [row.nodeId, row.rank, row.flags])).toEqual([
      ['retrieval:r1', null, []],
      ['action:exp', 2, ['cross-session']],
      ['action:sel', null, ['orphan source']],
    ]);
    expect(table[1]).toMatchObject({ what: 'user export', detail: 'Poster (a2)', completion: true });
  });

  it('the other results of the traced retrieval are "not used" only when the whole trace is on the page', () => {
    const fold = (trace: TraceRows) => buildTrace(trace).graph.nodes.find((node) => node.id === 'fold:r1')?.title;
    expect(fold(rows({ index: 0, size: 500 }))).toBe('+2 not used');
    expect(fold(rows({ index: 0, size: 500 }, { ...TOTALS, actions: 600 }))).toBe('+2 other results');
    expect(fold(rows({ index: 1, size: 2 }))).toBe('+2 other results');
  });
});
