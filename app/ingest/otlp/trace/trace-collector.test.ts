import { describe, expect, it } from 'vitest';
import { TraceCollector } from './trace-collector';
import { documents, traceSpan } from './trace-test-builders';
import type { CollectedSpan } from './trace-types';

const inFile = (collected: CollectedSpan, fileId: number): CollectedSpan => ({ ...collected, place: { ...collected.place, fileId, fileName: `f${fileId}` } });
const retriever = traceSpan({ id: 'r1', kind: 'RETRIEVER', attributes: documents([{ id: 'a' }]) });
const root = traceSpan({ id: 'root', kind: 'CHAIN', attributes: { 'input.value': 'q?' } });

describe('the trace collector', () => {
  it('resolves a trace whose spans came from two files as one', () => {
    const collector = new TraceCollector();
    collector.addSpan(inFile({ ...retriever, span: { ...retriever.span, parentSpanId: 'root' } }, 1));
    collector.addSpan(inFile(root, 2));
    const output = collector.resolve();
    expect(output.events.map(({ event, place }) => [event.type, place.fileId]).sort()).toEqual([['prompt', 2], ['retrieval', 1]]);
    expect(collector.isEmpty).toBe(true);
  });

  it('forgets the spans of a file that failed, and keeps the rest', () => {
    const collector = new TraceCollector();
    collector.addSpan(inFile(retriever, 1));
    collector.addSpan(inFile(root, 2));
    collector.forgetFile(2);
    expect(collector.resolve().events.map(({ event }) => event.type)).toEqual(['retrieval']);
  });

  it('turns a trace it cannot resolve into rejected rows, one a span, and goes on', () => {
    const collector = new TraceCollector();
    const broken = inFile({ ...retriever, span: { ...retriever.span } }, 1);
    Object.defineProperty(broken.span, 'attributes', { get: () => { throw new Error('boom'); } });
    collector.addSpan(broken);
    const other = traceSpan({ id: 'x1', kind: 'RETRIEVER', traceId: 'ffffffffffffffffffffffffffffffff', attributes: documents([{ id: 'b' }]) });
    collector.addSpan(other);
    const output = collector.resolve();
    expect(output.rejected).toMatchObject([{ reason: 'internal_error', message: expect.stringContaining('boom') }]);
    expect(output.events.filter(({ event }) => event.type === 'retrieval')).toHaveLength(1);
  });
});

describe('a collector past its budget', () => {
  const traceOf = (traceId: string, fileId = 1) => ({
    retriever: inFile({ ...retriever, span: { ...retriever.span, traceId, spanId: `${traceId}-r`, parentSpanId: `${traceId}-root` } }, fileId),
    root: inFile({ ...root, span: { ...root.span, traceId, spanId: `${traceId}-root` } }, fileId),
  });

  it('resolves the traces of the file being read whose root has come, and only those', () => {
    const collector = new TraceCollector(2);
    const a = traceOf('a');
    const b = traceOf('b');
    const c = traceOf('c', 2);
    collector.addSpan(a.retriever);
    collector.addSpan(b.retriever);
    expect(collector.overBudget).toBe(false);
    collector.addSpan(a.root);
    collector.addSpan(c.root);
    expect(collector.overBudget).toBe(true);
    // a: rooted, all in file 1; b: no root yet; c: another file's
    const early = collector.resolveRooted(1);
    expect(early.events.map(({ event }) => event.type).sort()).toEqual(['prompt', 'retrieval']);
    expect(collector.overBudget).toBe(false);
    collector.addSpan(b.root);
    expect(collector.overBudget).toBe(true);
    expect(collector.resolveRooted(1).events.map(({ event }) => event.retrieval_id ?? event.type).sort()).toEqual(['b-r', 'prompt']);
    expect(collector.overBudget).toBe(false);
    // c's root alone holds no retriever or model call: no turn, a kept span
    const rest = collector.resolve();
    expect(rest.events).toEqual([]);
    expect(rest.spans.map(({ span }) => span.span_id)).toEqual(['c-root']);
    expect(rest.lateSpansByFile.size).toBe(0);
  });

  it('once past its budget, resolves each trace as its root comes, however few spans wait', () => {
    const collector = new TraceCollector(2);
    const [a, b, c] = ['a', 'b', 'c'].map((traceId) => traceOf(traceId));
    for (const span of [a.retriever, b.retriever, a.root]) collector.addSpan(span);
    expect(collector.overBudget).toBe(true);
    collector.resolveRooted(1);
    collector.addSpan(c.retriever);
    expect(collector.overBudget).toBe(false);
    collector.addSpan(c.root);
    expect(collector.overBudget).toBe(true);
    expect(collector.resolveRooted(1).events.map(({ event }) => event.retrieval_id ?? event.type).sort()).toEqual(['c-r', 'prompt']);
  });

  it('counts a span that comes after its trace was resolved, and reads it apart', () => {
    const collector = new TraceCollector(1);
    const a = traceOf('a');
    collector.addSpan(a.root);
    collector.addSpan({ ...a.retriever, span: { ...a.retriever.span, spanId: 'a-other', parentSpanId: 'a-root' } });
    expect(collector.resolveRooted(1).events.map(({ event }) => event.type).sort()).toEqual(['prompt', 'retrieval']);
    collector.addSpan(a.retriever);
    const rest = collector.resolve();
    expect(rest.events.map(({ event }) => event.retrieval_id)).toEqual(['a-r']);
    expect([...rest.lateSpansByFile]).toEqual([[1, 1]]);
  });

  it('finds an early-resolved span\'s documents for an annotation at the end', () => {
    const collector = new TraceCollector(1);
    const a = traceOf('a');
    collector.addSpan(a.retriever);
    collector.addSpan(a.root);
    collector.resolveRooted(1);
    collector.addAnnotation({ spanId: 'a-r', documentPosition: 0, name: 'judge', label: 'relevant', score: null, explanation: null, annotatorKind: 'LLM', ts: null, place: a.root.place });
    expect(collector.resolve().events.map(({ event }) => [event.type, event.asset_id, event.grade])).toEqual([['label', 'a', 1]]);
  });
});
