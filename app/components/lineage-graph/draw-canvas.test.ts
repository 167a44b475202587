import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineageGraph, LineageNode } from '../../model/lineage/graph';
import type { GraphLayout } from '../../model/lineage/layout';
import { drawGraph } from './draw-canvas';
import { MAX_SCALE, MIN_LABEL_PX, MIN_SCALE, READABLE_SCALE, screenTextPx, TEXT_SCALE } from './viewport-math';

const node = (id: string, kind: LineageNode['kind'], badges: string[] = []): LineageNode => ({
  id, kind, title: `${kind} ${id}`, subtitle: 'subtitle', tone: 'normal', badges, sessionId: 's', external: false,
  ts: null, retrievalId: null, assetId: null, eventId: null,
});

const GRAPH: LineageGraph = {
  nodes: [node('r', 'retrieval', ['masked failure']), node('a', 'asset'), node('f', 'fold'), node('c', 'completion')],
  edges: [{ id: 'e', source: 'r', target: 'a', kind: 'returned', label: 'masked failure (silent)' } as LineageGraph['edges'][number]],
  sessionLinks: [],
};
const LAYOUT: GraphLayout = {
  nodes: {
    r: { x: 0, y: 0, width: 230, height: 62 }, a: { x: 280, y: 0, width: 210, height: 50 },
    f: { x: 280, y: 80, width: 150, height: 34 }, c: { x: 540, y: 0, width: 160, height: 50 },
  },
  edges: { e: [{ x: 230, y: 31 }, { x: 280, y: 25 }] },
  width: 700, height: 120,
};

/** A 2D context that records, for each text drawn, its font size times the scale it was drawn at. */
function recordingContext() {
  const drawn: number[] = [];
  let scale = 1;
  const state: Record<string, unknown> = { font: '10px sans-serif' };
  const context = new Proxy(state, {
    get(target, key) {
      if (key === 'setTransform') return (a: number) => { scale = a; };
      if (key === 'fillText') return () => drawn.push(parseFloat(/(\d+(?:\.\d+)?)px/.exec(String(target.font))![1]) * scale);
      if (key === 'measureText') return (text: string) => ({ width: text.length * 6 });
      return key in target ? target[key as string] : () => undefined;
    },
    set(target, key, value) {
      target[key as string] = value;
      return true;
    },
  });
  return { context: context as unknown as CanvasRenderingContext2D, drawn };
}

describe('graph text on screen', () => {
  // Node has neither: a path the fake context ignores, and text measured at 6 px a character (label-fit.ts)
  const globals = globalThis as { Path2D?: unknown; OffscreenCanvas?: unknown };
  const saved = { Path2D: globals.Path2D, OffscreenCanvas: globals.OffscreenCanvas };
  beforeAll(() => {
    globals.Path2D = class {};
    globals.OffscreenCanvas = class { getContext() { return { font: '', measureText: (text: string) => ({ width: text.length * 6 }) }; } };
  });
  afterAll(() => Object.assign(globals, saved));

  it('is never drawn under 11 px on the canvas, at any zoom the UI allows', () => {
    const scales = [MIN_SCALE, 0.3, 0.45, 0.8, READABLE_SCALE * (1 - 1e-12), READABLE_SCALE, 0.95, 1, 1.25, 2, MAX_SCALE];
    let texts = 0;
    for (const k of scales) {
      const { context, drawn } = recordingContext();
      drawGraph(context, { graph: GRAPH, layout: LAYOUT, selectedId: null, path: null }, { x: 0, y: 0, k }, 4000, 2000, 1);
      for (const px of drawn) expect(px).toBeGreaterThanOrEqual(MIN_LABEL_PX - 1e-6);
      texts += drawn.length;
      // at and above the readable scale every title, subtitle, badge row and edge label is drawn
      if (k >= READABLE_SCALE) expect(drawn.length).toBe(4 + 4 + 1 + 1);
    }
    expect(texts).toBeGreaterThan(0);
  });

  it('shows text from the scale where the smallest font is 11 px', () => {
    expect(TEXT_SCALE).toBe(READABLE_SCALE);
    expect(screenTextPx(12, READABLE_SCALE)).toBeCloseTo(11);
    expect(screenTextPx(12, 0.9)).toBeNull();
    expect(screenTextPx(12, 1)).toBe(12);
  });
});
