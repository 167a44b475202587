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
    const broken = inFile(retriever, 1);
    Object.defineProperty(broken.span, 'attributes', { get: () => { throw new Error('boom'); } });
    collector.addSpan(broken);
    const other = traceSpan({ id: 'x1', kind: 'RETRIEVER', traceId: 'ffffffffffffffffffffffffffffffff', attributes: documents([{ id: 'b' }]) });
    collector.addSpan(other);
    const output = collector.resolve();
    expect(output.rejected).toMatchObject([{ reason: 'internal_error', message: expect.stringContaining('boom') }]);
    expect(output.events.filter(({ event }) => event.type === 'retrieval')).toHaveLength(1);
  });
});
