import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../engine/sql/core/run';
import { clearDataset, initDataset } from '../../engine/dataset';
import type { Engine } from '../../engine/engine';
import { createNodeEngine } from '../../engine/node-engine';
import { loadFiles } from '../load-files';
import { LoadState } from '../load-state';
import { textInputFile } from '../text-input';
import { mutateDocument } from './otlp-fuzz';
import { readOtlpDocument } from './read-document';
import { buildSdkTraces, type SdkTraces } from './sdk-fixture';
import { TraceCollector } from './trace/trace-collector';

const SEEDS = Array.from({ length: 400 }, (_, i) => i + 1);

let traces: SdkTraces;
let engine: Engine;
beforeAll(async () => {
  traces = await buildSdkTraces();
  engine = await createNodeEngine();
  await initDataset(engine);
}, 60_000);
afterAll(() => engine.close());

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The places of the document's span slots (`resourceSpans[r].<list>[s].spans[i]`), worked out
 * from its shape alone; where a container is not what OTLP says, the place of that container.
 */
function expectedPlaces(document: unknown): { spans: string[]; containers: string[] } {
  const spans: string[] = [];
  const containers: string[] = [];
  if (!isRecord(document) || !Array.isArray(document.resourceSpans)) return { spans, containers: [isRecord(document) && 'resourceSpans' in document ? 'resourceSpans' : 'document'] };
  document.resourceSpans.forEach((resource, r) => {
    if (!isRecord(resource)) return containers.push(`resourceSpans[${r}]`);
    for (const list of ['scopeSpans', 'instrumentationLibrarySpans']) {
      const scopes = resource[list];
      if (scopes === undefined || scopes === null) continue;
      if (!Array.isArray(scopes)) {
        containers.push(`resourceSpans[${r}].${list}`);
        continue;
      }
      scopes.forEach((scope, s) => {
        if (!isRecord(scope)) return containers.push(`resourceSpans[${r}].${list}[${s}]`);
        if (scope.spans === undefined || scope.spans === null) return;
        if (!Array.isArray(scope.spans)) return containers.push(`resourceSpans[${r}].${list}[${s}].spans`);
        scope.spans.forEach((_span, i) => spans.push(`resourceSpans[${r}].${list}[${s}].spans[${i}]`));
      });
    }
  });
  return { spans, containers };
}

describe('OTLP fuzz: the SDK\'s output, mutated (400 seeds)', () => {
  it.each(SEEDS)('seed %i: no throw escapes, every span slot is read or rejected once, each trace resolves without an internal error', (seed) => {
    const document = mutateDocument(traces.document, seed);
    const read: string[] = [];
    const rejected: string[] = [];
    const collector = new TraceCollector();
    readOtlpDocument(document, {
      span: (span, resource, position) => {
        read.push(position);
        collector.addSpan({ span, resource, place: { fileId: 1, fileName: 'fuzz.otlp.jsonl', line: 1, position } });
      },
      rejected: (rejection) => rejected.push(rejection.position),
    });
    const expected = expectedPlaces(document);
    // each slot exactly once: read, or rejected at its place; each broken container rejected at its place
    expect([...read, ...rejected.filter((position) => expected.spans.includes(position))].sort()).toEqual([...expected.spans].sort());
    expect(rejected.filter((position) => !expected.spans.includes(position)).sort()).toEqual([...expected.containers].sort());

    const output = collector.resolve();
    expect(output.rejected.filter((rejection) => rejection.reason === 'internal_error')).toEqual([]);
    // a span read is stored as a span, covered by an event it became, or rejected as a repeat: never two of these
    const kept = output.spans.map(({ place }) => place.position);
    const repeats = output.rejected.filter((rejection) => rejection.reason === 'duplicate_event_id' && rejection.field === 'spanId').map(({ place }) => place.position);
    expect(new Set([...kept, ...repeats]).size).toBe(kept.length + repeats.length);
    for (const position of [...kept, ...repeats]) expect(read).toContain(position);
  });

  it('a sample of mutated documents loads through the real engine: every line read, nothing internal', async () => {
    const lines = SEEDS.slice(0, 60).map((seed) => JSON.stringify(mutateDocument(traces.document, seed)));
    await clearDataset(engine);
    const [result] = await loadFiles(engine, [textInputFile('fuzz.otlp.jsonl', `${lines.join('\n')}\n`, 4096)], new LoadState());
    expect(result.error).toBeNull();
    const reasons = await run(engine, 'SELECT DISTINCT reason FROM rejected', { reason: 'string' });
    expect(reasons.map((r) => r.reason)).not.toContain('internal_error');
    expect(result.events + result.rejected).toBeGreaterThan(0);
  }, 300_000);
});
