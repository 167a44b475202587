import { describe, expect, it } from 'vitest';
import { buildTraceTree } from './trace-tree';
import { traceSpans, type TraceSpanSpec } from './trace-test-builders';

const shape = (specs: TraceSpanSpec[]) => {
  const tree = buildTraceTree(traceSpans(specs));
  return {
    roots: tree.roots.map(({ span }) => span.spanId),
    parents: Object.fromEntries(tree.spans.map(({ span }) => [span.spanId, tree.parentOf(span.spanId)?.span.spanId ?? null])),
  };
};

describe('the spans of a trace as a tree', () => {
  it.each<[string, TraceSpanSpec[], { roots: string[]; parents: Record<string, string | null> }]>([
    [
      'parents within the trace',
      [{ id: 'root' }, { id: 'a', parent: 'root', start: 1 }, { id: 'b', parent: 'a', start: 2 }],
      { roots: ['root'], parents: { root: null, a: 'root', b: 'a' } },
    ],
    [
      'a parent not in the trace makes a root',
      [{ id: 'a', parent: 'elsewhere' }, { id: 'b', parent: 'a', start: 1 }],
      { roots: ['a'], parents: { a: null, b: 'a' } },
    ],
    ['a span that is its own parent is a root', [{ id: 'a', parent: 'a' }], { roots: ['a'], parents: { a: null } }],
    [
      'a cycle is cut at the first of its spans the walk reaches: the earliest',
      [{ id: 'a', parent: 'b', start: 0 }, { id: 'b', parent: 'a', start: 5 }],
      { roots: ['a'], parents: { a: null, b: 'a' } },
    ],
    [
      'a cycle above a span is cut where the walk from that span enters it',
      [{ id: 'c', parent: 'a', start: 0 }, { id: 'a', parent: 'b', start: 1 }, { id: 'b', parent: 'a', start: 2 }],
      { roots: ['a'], parents: { c: 'a', a: null, b: 'a' } },
    ],
    [
      'roots and children in start order',
      [{ id: 'late', start: 9 }, { id: 'early', start: 1 }],
      { roots: ['early', 'late'], parents: { early: null, late: null } },
    ],
  ])('%s', (_rule, specs, expected) => {
    expect(shape(specs)).toEqual(expected);
  });

  it('keeps the first copy of a repeated span id and sets the others apart', () => {
    const tree = buildTraceTree(traceSpans([{ id: 'a', start: 5, name: 'first' }, { id: 'a', start: 1, name: 'second' }]));
    expect(tree.spans.map(({ span }) => span.name)).toEqual(['first']);
    expect(tree.repeated.map(({ span }) => span.name)).toEqual(['second']);
  });

  it('walks a long chain without recursion', () => {
    const specs = Array.from({ length: 5_000 }, (_, i) => ({ id: `s${i}`, parent: i === 0 ? 's4999' : `s${i - 1}`, start: i }));
    const tree = buildTraceTree(traceSpans(specs));
    expect(tree.roots.map(({ span }) => span.spanId)).toEqual(['s0']);
  });
});
