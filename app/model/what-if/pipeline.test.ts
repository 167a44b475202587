import { describe, expect, it } from 'vitest';
import { parsePipeline, parseSweep, pipelineText, sweepPoints } from './pipeline';

describe('pipelines as written', () => {
  it.each([
    ['rrf:20', { kind: 'rrf', k: 20 }], ['rrf', { kind: 'rrf', k: 60 }], ['weighted:0.25', { kind: 'weighted', w: 0.25 }],
    ['stage:bm25', { kind: 'stage', name: 'bm25' }], ['stage:a:b', { kind: 'stage', name: 'a:b' }], ['norerank', { kind: 'norerank' }], ['cut:5', { kind: 'cut', n: 5 }],
  ])('%s reads and writes back', (text, pipeline) => {
    expect(parsePipeline(text)).toEqual({ ok: true, pipeline });
    if (text !== 'rrf') expect(pipelineText(pipeline as never)).toBe(text);
  });

  it.each(['rrf:-1', 'rrf:x', 'weighted:1.5', 'weighted', 'cut:0', 'cut:2.5', 'stage:', 'norerank:1', 'bm25'])('%s is refused in words', (text) => {
    const parsed = parsePipeline(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(`"${text}"`);
  });

  it('a sweep gives evenly spaced points, both ends included', () => {
    const sweep = parseSweep('rrf:10:100:10');
    expect(sweep.ok && sweepPoints(sweep.sweep).map((point) => pipelineText(point.pipeline))).toEqual(
      ['rrf:10', 'rrf:20', 'rrf:30', 'rrf:40', 'rrf:50', 'rrf:60', 'rrf:70', 'rrf:80', 'rrf:90', 'rrf:100'],
    );
    const weighted = parseSweep('weighted:0:1:5');
    expect(weighted.ok && sweepPoints(weighted.sweep).map((point) => point.value)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(parseSweep('rrf:10:5:3').ok).toBe(false);
    expect(parseSweep('weighted:0:2:3').ok).toBe(false);
  });
});
