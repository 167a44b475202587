import { describe, expect, it } from 'vitest';
import {
  anchorNode, fitTransform, MIN_LABEL_PX, PADDING, placeView, READABLE_SCALE, revealTransform, scrollArea, toGraph, toScreen, zoomAbout, zoomAnchor,
} from './viewport-math';

const view = { width: 700, height: 500 };

describe('zoomAbout', () => {
  it.each([
    [{ x: 0, y: 0, k: 1 }, 2, { x: 350, y: 250 }],
    [{ x: -120, y: 40, k: 0.5 }, 1.25, { x: 13, y: 487 }],
    [{ x: 300, y: -800, k: 2.2 }, 0.8, { x: 640, y: 10 }],
  ])('keeps the screen point under the zoom fixed (%o ×%d about %o)', (transform, factor, at) => {
    const before = toGraph(transform, at);
    const next = zoomAbout(transform, factor, at);
    expect(next.k).toBeCloseTo(transform.k * factor, 10);
    const after = toScreen(next, before);
    expect(after.x).toBeCloseTo(at.x, 9);
    expect(after.y).toBeCloseTo(at.y, 9);
  });

  it('stops at the scale limits and still keeps the point fixed', () => {
    const next = zoomAbout({ x: 10, y: 10, k: 2 }, 100, { x: 200, y: 100 });
    expect(next.k).toBe(3);
    // graph point under (200, 100) before: ((200 − 10) / 2, (100 − 10) / 2) = (95, 45); after: 95·3 + x = 200
    expect(next.x).toBeCloseTo(200 - 95 * 3);
    expect(next.y).toBeCloseTo(100 - 45 * 3);
  });
});

describe('fitTransform', () => {
  it('shows a small graph whole at 100%, centered', () => {
    expect(fitTransform({ width: 300, height: 100 }, view)).toEqual({ k: 1, x: 200, y: 200 });
  });

  it('shrinks a graph to the view while titles stay readable', () => {
    // the inner area is 668 × 468 (16 px padding): 720 wide fits at 668 / 720 ≈ 0.93, above the readable 11 / 12
    const fit = fitTransform({ width: 720, height: 300 }, view);
    expect(fit.k).toBeCloseTo(668 / 720);
    expect(fit.k).toBeGreaterThanOrEqual(READABLE_SCALE);
    expect(fit.x).toBeCloseTo(PADDING);
    expect(fit.y).toBeCloseTo((500 - 300 * fit.k) / 2);
  });

  it('never goes below the readable scale: a big graph shows its start, the rest is a scroll area', () => {
    const graph = { width: 1400, height: 2400 };
    const fit = fitTransform(graph, view);
    expect(fit).toEqual({ k: READABLE_SCALE, x: PADDING, y: PADDING });
    expect(12 * fit.k).toBeCloseTo(MIN_LABEL_PX);
    // the scroll area holds the whole graph at that scale, with padding on every side
    expect(scrollArea(graph, view, fit.k).size).toEqual({ width: Math.ceil(1400 * READABLE_SCALE + 32), height: Math.ceil(2400 * READABLE_SCALE + 32) });
  });

  it('centers a graph that is only too tall across, and starts it at the top', () => {
    const fit = fitTransform({ width: 600, height: 2400 }, view);
    expect(fit.k).toBe(READABLE_SCALE);
    expect(fit.x).toBeCloseTo((700 - 600 * READABLE_SCALE) / 2);
    expect(fit.y).toBe(PADDING);
    expect(scrollArea({ width: 600, height: 2400 }, view, fit.k).size.width).toBe(700);
  });
});

describe('placeView', () => {
  const graph = { width: 1000, height: 800 };

  it('scrolls to where the wanted transform puts the graph, inside a padded scroll area', () => {
    const placed = placeView({ k: 1, x: -120, y: -40 }, graph, view);
    expect(placed.area).toEqual({ width: 1032, height: 832 });
    // the graph starts 16 px into the area: scrolled 136 across and 56 down, it is at (−120, −40)
    expect(placed.scroll).toEqual({ x: 136, y: 56 });
    expect(placed.transform).toEqual({ k: 1, x: -120, y: -40 });
  });

  it('cannot go past the graph\'s edges', () => {
    expect(placeView({ k: 1, x: 5000, y: -5000 }, graph, view)).toMatchObject({ scroll: { x: 0, y: 832 - 500 }, transform: { x: PADDING, y: 500 - PADDING - 800 } });
  });

  it('keeps a graph that fits centered, whatever was wanted', () => {
    expect(placeView({ k: 0.5, x: 600, y: -300 }, graph, view)).toEqual({ area: { width: 700, height: 500 }, scroll: { x: 0, y: 0 }, transform: { k: 0.5, x: 100, y: 50 } });
  });

  it('keeps the point under a zoom fixed when the scroll area allows it', () => {
    const fit = placeView(fitTransform(graph, view), graph, view).transform;
    const at = { x: 400, y: 300 };
    const under = toGraph(fit, at);
    const zoomed = placeView(zoomAbout(fit, 1.5, at), graph, view).transform;
    expect(toScreen(zoomed, under).x).toBeCloseTo(at.x, 9);
    expect(toScreen(zoomed, under).y).toBeCloseTo(at.y, 9);
  });
});

describe('zoomAnchor', () => {
  const transform = { x: 10, y: 20, k: 1 };
  it('zooms about the selected node when it is in view, else about the center', () => {
    expect(zoomAnchor(transform, view, { x: 100, y: 100, width: 200, height: 50 })).toEqual({ x: 210, y: 145 });
    expect(zoomAnchor(transform, view, { x: 2000, y: 100, width: 200, height: 50 })).toEqual({ x: 350, y: 250 });
    expect(zoomAnchor(transform, view, null)).toEqual({ x: 350, y: 250 });
  });
});

describe('revealTransform', () => {
  const box = { x: 1000, y: 40, width: 230, height: 50 };
  it('centers a node out of view, zooming up to the readable scale', () => {
    const next = revealTransform({ x: 0, y: 0, k: 0.3 }, view, box)!;
    expect(next.k).toBe(READABLE_SCALE);
    const center = toScreen(next, { x: 1115, y: 65 });
    expect(center.x).toBeCloseTo(350);
    expect(center.y).toBeCloseTo(250);
  });

  it('leaves a node already in view and readable where it is', () => {
    expect(revealTransform({ x: -900, y: 0, k: 1 }, view, box)).toBeNull();
  });
});

describe('anchorNode', () => {
  const at = (x: number, y: number) => ({ x, y, width: 100, height: 40 });
  const before = { a: at(0, 0), b: at(400, 300), c: at(800, 0) };
  const after = { a: at(0, 0), b: at(0, 100), d: at(500, 500) };

  it('holds the first preferred node laid out both times (the opened fold\'s retrieval, then the selection)', () => {
    expect(anchorNode(before, after, [null, 'c', 'b'], { x: 0, y: 0 })).toBe('b');
  });

  it('else the node nearest the view center that is still there', () => {
    // b's center (450, 320) is nearest (460, 330); c, nearer than a to (850, 20), is gone
    expect(anchorNode(before, after, [], { x: 460, y: 330 })).toBe('b');
    expect(anchorNode(before, after, [null], { x: 850, y: 20 })).toBe('b');
    expect(anchorNode(before, { d: at(0, 0) }, [], { x: 0, y: 0 })).toBeNull();
  });
});
